//! Views of a document for people: a plain-text summary, Graphviz DOT and a
//! self-contained HTML page.

mod dot;
mod html;
mod index;
mod text;

pub use dot::{to_dot, write_dot};
pub use html::{to_html, write_html};
pub use text::SnapshotSummary;
