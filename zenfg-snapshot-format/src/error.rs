//! Error types of the decoder and the encoder.

use thiserror::Error;

use crate::SnapshotIssue;

/// A document that could not be decoded. `issues` holds every error found, never empty,
/// up to [`crate::FRAME_GRAPH_SNAPSHOT_MAX_ISSUES`] and then one `too-many-issues` error.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{}", summary("FrameGraph Snapshot could not be decoded", issues))]
pub struct SnapshotDecodeError {
    /// Every issue found, up to the cap; order carries no meaning, except that a
    /// `too-many-issues` error comes last.
    pub issues: Vec<SnapshotIssue>,
}

/// A typed snapshot that could not be written as JSON.
#[derive(Debug, Error)]
pub enum SnapshotJsonError {
    /// The snapshot is not valid; nothing was written.
    #[error("{}", summary("FrameGraph Snapshot is not valid", issues))]
    Validation {
        /// Every issue found, never empty, up to
        /// [`crate::FRAME_GRAPH_SNAPSHOT_MAX_ISSUES`] and then one `too-many-issues` error.
        issues: Vec<SnapshotIssue>,
    },
    /// serde_json could not serialize the snapshot.
    #[error("FrameGraph Snapshot could not be serialized: {source}")]
    Serialization {
        /// The serializer's error.
        #[from]
        source: serde_json::Error,
    },
}

impl SnapshotJsonError {
    /// The validation issues; empty for a serialization failure.
    pub fn issues(&self) -> &[SnapshotIssue] {
        match self {
            Self::Validation { issues } => issues,
            Self::Serialization { .. } => &[],
        }
    }
}

fn summary(what: &str, issues: &[SnapshotIssue]) -> String {
    match issues {
        [] => format!("{what}."),
        [only] => format!("{what}: {only}"),
        [first, rest @ ..] => format!("{what}: {first} (and {} more)", rest.len()),
    }
}
