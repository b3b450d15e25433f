//! Snapshot export of compiled frames (feature `snapshot`): its tables, its
//! failures, and producer conformance against the shared corpus.

#![cfg(feature = "snapshot")]

mod errors;
mod export;
mod producers;
