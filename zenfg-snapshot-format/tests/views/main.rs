//! The views of a Snapshot for people: DOT, text and HTML, on the conformance corpus
//! and on generated documents of many passes.

#[path = "../common/mod.rs"]
mod common;

mod documents;
mod dot;
mod html;
mod text;
