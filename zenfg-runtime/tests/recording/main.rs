//! CPU-only integration tests of recording and compilation, with the builder
//! API and with derived passes: no device is created.

mod common;

mod aliasing;
mod attachments;
mod bindings;
mod content;
mod copies;
mod derive;
mod derive_equivalence;
mod differences;
mod errors;
mod groups;
mod layouts;
mod plan_reuse;
mod recording;
mod report;
mod roots;
mod storage_access;
mod usage;
mod views;
