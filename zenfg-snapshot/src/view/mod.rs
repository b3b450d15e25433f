//! Views of a document for people: a plain-text summary and Graphviz DOT.

mod dot;
mod index;
mod text;

pub use dot::{to_dot, write_dot};
pub use text::SnapshotSummary;
