//! Validation and decoding issues.

use std::fmt::{self, Write};

use serde::{Deserialize, Serialize};

use crate::FRAME_GRAPH_SNAPSHOT_MAX_ISSUES;

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
/// Issue order carries no meaning, except that the `too-many-issues` error of a list cut
/// short at [`crate::FRAME_GRAPH_SNAPSHOT_MAX_ISSUES`] comes last.
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

/// Code of the issue that ends a list cut short at [`FRAME_GRAPH_SNAPSHOT_MAX_ISSUES`].
const TOO_MANY_ISSUES: &str = "too-many-issues";

/// The issues of one validation or decoding call, shared by all of its phases.
///
/// The first [`FRAME_GRAPH_SNAPSHOT_MAX_ISSUES`] issues are kept; later ones are only
/// counted, so a hostile document cannot make the list outgrow a fixed size, and
/// [`Issues::into_vec`] ends the list with one `too-many-issues` error that says how many
/// were left out.
#[derive(Debug, Default)]
pub(crate) struct Issues {
    kept: Vec<SnapshotIssue>,
    /// Issues found once `kept` was full.
    dropped: usize,
}

impl Issues {
    /// An empty collection.
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Whether no issue has been found, kept or not.
    pub(crate) fn is_empty(&self) -> bool {
        self.kept.is_empty() && self.dropped == 0
    }

    /// Records an error issue, or only counts it once the cap is reached; `path` and
    /// `message` are only built for an issue that is kept.
    pub(crate) fn error(&mut self, code: &str, path: impl IssueText, message: impl IssueText) {
        if self.kept.len() < FRAME_GRAPH_SNAPSHOT_MAX_ISSUES {
            self.kept.push(SnapshotIssue::error(code, path.into_text(), message.into_text()));
        } else {
            self.dropped += 1;
        }
    }

    /// The kept issues, followed by one `too-many-issues` error at path `""` when any
    /// were left out.
    pub(crate) fn into_vec(mut self) -> Vec<SnapshotIssue> {
        if self.dropped > 0 {
            let message = format!(
                "Validation stopped reporting after {FRAME_GRAPH_SNAPSHOT_MAX_ISSUES} issues; it found {} more.",
                self.dropped
            );
            self.kept.push(SnapshotIssue::error(TOO_MANY_ISSUES, "", message));
        }
        self.kept
    }
}

/// The path or message of an issue: fixed text, or a closure that builds the text only
/// for an issue that is kept.
pub(crate) trait IssueText {
    /// The text.
    fn into_text(self) -> String;
}

impl IssueText for &str {
    fn into_text(self) -> String {
        self.to_owned()
    }
}

impl<F: FnOnce() -> String> IssueText for F {
    fn into_text(self) -> String {
        self()
    }
}

/// `before`, then `text` quoted as a JSON string (as issue messages print names and ids),
/// then `after`; allocated once, at its exact length, as names may be as long as the
/// document.
pub(crate) fn quoted_in(before: &str, text: &str, after: &str) -> String {
    let mut out = String::with_capacity(before.len() + quoted_len(text) + after.len());
    out.push_str(before);
    push_quoted(&mut out, text);
    out.push_str(after);
    out
}

/// Appends `text` quoted as a JSON string, reserving its exact length first.
pub(crate) fn push_quoted(out: &mut String, text: &str) {
    out.reserve(quoted_len(text));
    out.push('"');
    let mut rest = text;
    while let Some((at, c, escaped)) = rest.char_indices().find_map(|(at, c)| Some((at, c, escape(c)?))) {
        out.push_str(&rest[..at]);
        match escaped {
            Escape::Short(short) => out.push_str(short),
            Escape::Unicode => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
        }
        rest = &rest[at + c.len_utf8()..];
    }
    out.push_str(rest);
    out.push('"');
}

/// How a character is escaped in a JSON string.
enum Escape {
    /// A two-character escape such as `\n`.
    Short(&'static str),
    /// A `\u00XX` escape.
    Unicode,
}

fn escape(c: char) -> Option<Escape> {
    let short = match c {
        '"' => "\\\"",
        '\\' => "\\\\",
        '\n' => "\\n",
        '\r' => "\\r",
        '\t' => "\\t",
        '\u{8}' => "\\b",
        '\u{c}' => "\\f",
        c if u32::from(c) < 0x20 => return Some(Escape::Unicode),
        _ => return None,
    };
    Some(Escape::Short(short))
}

/// The length of `text` quoted as a JSON string.
fn quoted_len(text: &str) -> usize {
    let escaped: usize = text
        .chars()
        .map(|c| match escape(c) {
            Some(Escape::Short(short)) => short.len() - 1,
            Some(Escape::Unicode) => 5,
            None => 0,
        })
        .sum();
    text.len() + escaped + 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_escapes_like_json_at_the_exact_length() {
        let text = "a\"b\\c\nd\re\tf\u{8}g\u{c}h\u{1}i\u{1f}é\u{2028}";
        let quoted = quoted_in("<", text, ">");
        assert_eq!(quoted, format!("<{}>", serde_json::to_string(text).unwrap_or_default()));
        assert_eq!(quoted.len(), 2 + quoted_len(text));
        assert_eq!(quoted_in("", "", ""), "\"\"");
        let mut out = String::from("x");
        push_quoted(&mut out, "\u{0}");
        assert_eq!(out, "x\"\\u0000\"");
    }

    fn found(count: usize) -> Vec<SnapshotIssue> {
        let mut issues = Issues::new();
        assert!(issues.is_empty());
        for position in 0..count {
            issues.error("invalid-type", || format!("/{position}"), "Expected an object.");
        }
        assert_eq!(issues.is_empty(), count == 0);
        issues.into_vec()
    }

    #[test]
    fn issues_up_to_the_cap_are_all_kept() {
        assert_eq!(found(0), vec![]);
        let issues = found(FRAME_GRAPH_SNAPSHOT_MAX_ISSUES);
        assert_eq!(issues.len(), FRAME_GRAPH_SNAPSHOT_MAX_ISSUES);
        assert!(issues.iter().enumerate().all(|(position, issue)| issue.path == format!("/{position}")));
    }

    #[test]
    fn issues_beyond_the_cap_are_counted_in_one_final_error() {
        let max = FRAME_GRAPH_SNAPSHOT_MAX_ISSUES;
        for (extra, more) in [(1, "1"), (12_345, "12345")] {
            let issues = found(max + extra);
            assert_eq!(issues.len(), max + 1);
            assert_eq!(issues[max - 1].path, format!("/{}", max - 1));
            let message = format!("Validation stopped reporting after {max} issues; it found {more} more.");
            assert_eq!(issues[max], SnapshotIssue::error("too-many-issues", "", message));
        }
    }

    #[test]
    fn text_of_issues_beyond_the_cap_is_never_built() {
        let built = std::cell::Cell::new(0);
        let mut issues = Issues::new();
        for _ in 0..FRAME_GRAPH_SNAPSHOT_MAX_ISSUES + 5 {
            let path = || {
                built.set(built.get() + 1);
                "/a".to_owned()
            };
            let message = || {
                built.set(built.get() + 1);
                "Expected an object.".to_owned()
            };
            issues.error("invalid-type", path, message);
        }
        assert_eq!(built.get(), 2 * FRAME_GRAPH_SNAPSHOT_MAX_ISSUES);
        assert_eq!(issues.into_vec().len(), FRAME_GRAPH_SNAPSHOT_MAX_ISSUES + 1);
    }
}
