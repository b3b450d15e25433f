//! Validation and decoding issues.

use std::fmt;

use serde::{Deserialize, Serialize};

/// How serious an issue is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SnapshotIssueSeverity {
    /// The document was accepted; the issue reports something done to it (e.g. a migration).
    Warning,
    /// The document is not a valid snapshot.
    Error,
}

/// One problem or notice about a document.
///
/// `code` is a stable kebab-case token, `path` an RFC 6901 JSON Pointer into the input
/// document (`""` is the whole document) and `message` an exact, stable English sentence.
/// Issue order carries no meaning.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SnapshotIssue {
    /// Whether the issue rejects the document.
    pub severity: SnapshotIssueSeverity,
    /// Stable issue code, e.g. `missing-reference`.
    pub code: String,
    /// JSON Pointer to the offending value.
    pub path: String,
    /// Exact human-readable description.
    pub message: String,
}

impl SnapshotIssue {
    /// An error issue.
    pub fn error(code: &str, path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            severity: SnapshotIssueSeverity::Error,
            code: code.to_owned(),
            path: path.into(),
            message: message.into(),
        }
    }

    /// A warning issue.
    pub fn warning(code: &str, path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            severity: SnapshotIssueSeverity::Warning,
            code: code.to_owned(),
            path: path.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for SnapshotIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = if self.path.is_empty() { "the document root" } else { &self.path };
        write!(f, "{} at {}: {}", self.code, path, self.message)
    }
}

/// Quotes `text` as a JSON string, as issue messages print names and ids.
pub(crate) fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
