//! Views of a document for people: Graphviz DOT.

mod dot;
mod index;

pub use dot::{to_dot, write_dot};
