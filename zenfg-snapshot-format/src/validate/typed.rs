//! Validation of typed snapshots, as producers build them.

use serde_json::Value;

use super::extensions::{DEPTH_EXCEEDED_MESSAGE, exceeds_depth};
use super::validate_value;
use crate::SnapshotJsonError;
use crate::issue::Issues;
use crate::pointer::field;
use crate::wire::{FrameGraphSnapshotV1, SnapshotCpuTimings, SnapshotGpuTimings};

/// Runs the complete validator on a typed snapshot, exactly as on its JSON form.
///
/// Values that JSON cannot carry are rejected first: a non-finite timing number is an
/// `invalid-json-value` issue, and an extension nested beyond
/// [`crate::FRAME_GRAPH_SNAPSHOT_MAX_EXTENSION_DEPTH`] is `extension-depth-exceeded`
/// (checked without recursion, before anything is serialized). Otherwise the snapshot is
/// serialized and validated structurally and semantically; `Ok` means
/// [`crate::to_json`] will accept it. Issues are capped at
/// [`crate::FRAME_GRAPH_SNAPSHOT_MAX_ISSUES`] across all of these checks, as in
/// [`crate::validate_frame_graph_snapshot`].
pub fn validate_typed_frame_graph_snapshot(snapshot: &FrameGraphSnapshotV1) -> Result<(), SnapshotJsonError> {
    validated_value(snapshot).map(drop)
}

/// The JSON form of `snapshot`, once the complete validator accepts it.
pub(crate) fn validated_value(snapshot: &FrameGraphSnapshotV1) -> Result<Value, SnapshotJsonError> {
    let mut issues = Issues::new();
    if let Some(value) = json_value(snapshot, &mut issues)? {
        validate_value(&value, &mut issues);
        if issues.is_empty() {
            return Ok(value);
        }
    }
    Err(SnapshotJsonError::Validation { issues: issues.into_vec() })
}

/// The JSON form of `snapshot`, still to be validated, or `None` with the issues in
/// `issues` when it holds values that JSON cannot carry.
pub(crate) fn json_value(snapshot: &FrameGraphSnapshotV1, issues: &mut Issues) -> serde_json::Result<Option<Value>> {
    non_finite_numbers(snapshot, issues);
    for (name, value) in &snapshot.extensions {
        if exceeds_depth(value) {
            issues.error("extension-depth-exceeded", || field("/extensions", name), DEPTH_EXCEEDED_MESSAGE);
        }
    }
    if !issues.is_empty() {
        return Ok(None);
    }
    serde_json::to_value(snapshot).map(Some)
}

/// Reports every timing number that JSON cannot carry.
fn non_finite_numbers(snapshot: &FrameGraphSnapshotV1, issues: &mut Issues) {
    let mut finite = |number: f64, path: &dyn Fn() -> String| {
        if !number.is_finite() {
            issues.error("invalid-json-value", path, "Expected a finite JSON number.");
        }
    };
    if let SnapshotCpuTimings::Available { execution_duration_micros, nodes } = &snapshot.timings.cpu {
        finite(*execution_duration_micros, &|| "/timings/cpu/executionDurationMicros".to_owned());
        for (position, node) in nodes.iter().enumerate() {
            finite(node.duration_micros, &|| format!("/timings/cpu/nodes/{position}/durationMicros"));
        }
    }
    if let SnapshotGpuTimings::Available { frame_span_micros, nodes } = &snapshot.timings.gpu {
        finite(*frame_span_micros, &|| "/timings/gpu/frameSpanMicros".to_owned());
        for (position, node) in nodes.iter().enumerate() {
            finite(node.duration_micros, &|| format!("/timings/gpu/nodes/{position}/durationMicros"));
        }
    }
}
