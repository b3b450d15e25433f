//! Reading documents of any supported version: recognize, migrate, validate.

use serde_json::{Number, Value};

use crate::canonical::integral;
use crate::issue::Issues;
use crate::migrate::{candidate_v1, legacy_v0, v1_1};
use crate::parse::{discard, parse_json};
use crate::validate::{Profile, safe_integer, validate_owned};
use crate::wire::FrameGraphSnapshotV1;
use crate::{
    FRAME_GRAPH_SNAPSHOT_FORMAT, LEGACY_CANDIDATE_FRAME_GRAPH_SNAPSHOT_FORMAT, SnapshotDecodeError, SnapshotIssue,
};

/// The format a decoded document was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SnapshotDecodeSource {
    /// Canonical Snapshot 1.2; nothing was migrated.
    V1,
    /// Snapshot 1.1, migrated to 1.2.
    SnapshotV1_1,
    /// The unversioned Legacy V0 debug capture, migrated to 1.2.
    LegacyV0,
    /// The pre-release Legacy Candidate V1 format, migrated to 1.2.
    LegacyCandidateV1,
}

/// A successfully decoded document.
#[derive(Debug, Clone, PartialEq)]
pub struct SnapshotDecodeResult {
    /// The valid Snapshot 1.2 document.
    pub snapshot: FrameGraphSnapshotV1,
    /// What the input was.
    pub source: SnapshotDecodeSource,
    /// Whether the input was historical and has been migrated; `source != V1`.
    pub migrated: bool,
    /// Warnings, e.g. the migration notice; empty for canonical 1.2 input.
    pub issues: Vec<SnapshotIssue>,
}

/// Parses JSON text and decodes it like [`decode_frame_graph_snapshot`].
///
/// Text that is not JSON yields one `invalid-json` issue at path `""`. Nesting depth is
/// unbounded: an extension nested too deeply is reported as `extension-depth-exceeded`,
/// whatever its depth. Numbers beyond the `f64` range are not representable and are
/// reported as `invalid-json`. Duplicate object keys keep their last value, as in
/// `JSON.parse`.
pub fn parse_frame_graph_snapshot(text: &str) -> Result<SnapshotDecodeResult, SnapshotDecodeError> {
    let value = parse_json(text).map_err(|_| invalid_json())?;
    decode_frame_graph_snapshot(value)
}

/// Like [`parse_frame_graph_snapshot`], for bytes: input that is not UTF-8 is `invalid-json`.
pub fn parse_frame_graph_snapshot_bytes(bytes: &[u8]) -> Result<SnapshotDecodeResult, SnapshotDecodeError> {
    let text = std::str::from_utf8(bytes).map_err(|_| invalid_json())?;
    parse_frame_graph_snapshot(text)
}

/// Decodes a parsed document of any supported version into a valid Snapshot 1.2.
///
/// Snapshot 1.2 is validated as it is. Snapshot 1.1, Legacy Candidate V1 and Legacy V0
/// are validated in their own terms and migrated (see the crate documentation). Any other
/// `format` is `unsupported-format`, any other version `unsupported-version`. On failure
/// every issue found is returned, up to [`crate::FRAME_GRAPH_SNAPSHOT_MAX_ISSUES`] and
/// then one `too-many-issues` error that counts the rest. Never panics, and drops even
/// arbitrarily deep input without recursion.
pub fn decode_frame_graph_snapshot(mut value: Value) -> Result<SnapshotDecodeResult, SnapshotDecodeError> {
    let mut issues = Issues::new();
    let outcome = decode_value(&mut value, &mut issues);
    discard(&mut value);
    outcome.ok_or_else(|| SnapshotDecodeError { issues: issues.into_vec() })
}

/// The decoded document, or `None` with the issues in `issues`.
fn decode_value(value: &mut Value, issues: &mut Issues) -> Option<SnapshotDecodeResult> {
    let Some(document) = value.as_object() else {
        issues.error("invalid-type", "", "Expected an object.");
        return None;
    };
    if legacy_v0::is_legacy_v0(document) {
        let snapshot = legacy_v0::migrate(value, issues)?;
        return Some(migrated(snapshot, SnapshotDecodeSource::LegacyV0, legacy_v0::warning()));
    }
    let format = document.get("format").and_then(Value::as_str);
    let version = Version::of(document.get("version"));
    match format {
        Some(FRAME_GRAPH_SNAPSHOT_FORMAT) => match version {
            Version::Known(1, 2) | Version::Malformed => {
                let snapshot = validate_owned(std::mem::take(value), Profile::V1_2, issues)?;
                Some(SnapshotDecodeResult {
                    snapshot,
                    source: SnapshotDecodeSource::V1,
                    migrated: false,
                    issues: Vec::new(),
                })
            }
            Version::Known(1, 1) => {
                let snapshot = v1_1::migrate(std::mem::take(value), issues)?;
                Some(migrated(snapshot, SnapshotDecodeSource::SnapshotV1_1, v1_1::warning()))
            }
            other => other.unsupported(issues),
        },
        Some(LEGACY_CANDIDATE_FRAME_GRAPH_SNAPSHOT_FORMAT) => match version {
            Version::Known(1, 0) => {
                let snapshot = candidate_v1::migrate(std::mem::take(value), issues)?;
                Some(migrated(snapshot, SnapshotDecodeSource::LegacyCandidateV1, candidate_v1::warning()))
            }
            other => other.unsupported(issues),
        },
        _ => {
            let message = || format!("Expected FrameGraph Snapshot format \"{FRAME_GRAPH_SNAPSHOT_FORMAT}\".");
            issues.error("unsupported-format", "/format", message);
            None
        }
    }
}

fn migrated(
    snapshot: FrameGraphSnapshotV1,
    source: SnapshotDecodeSource,
    warning: SnapshotIssue,
) -> SnapshotDecodeResult {
    SnapshotDecodeResult { snapshot, source, migrated: true, issues: vec![warning] }
}

fn invalid_json() -> SnapshotDecodeError {
    SnapshotDecodeError { issues: vec![SnapshotIssue::error("invalid-json", "", "Invalid JSON.")] }
}

/// The `version` of a document, as far as it can be read.
enum Version {
    /// Two safe integers.
    Known(u64, u64),
    /// Two numbers, printed as JavaScript prints them.
    Other(String),
    /// Not an object with numeric `major` and `minor`.
    Malformed,
}

impl Version {
    fn of(version: Option<&Value>) -> Self {
        let part = |key: &str| version?.get(key)?.as_number();
        let (Some(major), Some(minor)) = (part("major"), part("minor")) else {
            return Self::Malformed;
        };
        let as_integer = |number: &Number| safe_integer(&Value::Number(number.clone()));
        match (as_integer(major), as_integer(minor)) {
            (Some(major), Some(minor)) => Self::Known(major, minor),
            _ => Self::Other(format!("{}.{}", js_number(major), js_number(minor))),
        }
    }

    /// Reports the version as `unsupported-version`; never decodes.
    fn unsupported<T>(&self, issues: &mut Issues) -> Option<T> {
        let message = || match self {
            Self::Known(major, minor) => {
                format!("Snapshot version {major}.{minor} is not supported; this Viewer supports 1.2.")
            }
            Self::Other(text) => {
                format!("Snapshot version {text} is not supported; this Viewer supports 1.2.")
            }
            Self::Malformed => "Snapshot version is not supported; this Viewer supports 1.2.".to_owned(),
        };
        issues.error("unsupported-version", "/version", message);
        None
    }
}

fn js_number(number: &Number) -> String {
    integral(number).unwrap_or_else(|| number.clone()).to_string()
}
