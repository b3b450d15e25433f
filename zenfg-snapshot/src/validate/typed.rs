//! Validation of typed snapshots, as producers build them.

use serde_json::Value;

use super::extensions::{DEPTH_EXCEEDED_MESSAGE, exceeds_depth};
use super::validate_frame_graph_snapshot;
use crate::pointer::field;
use crate::wire::{FrameGraphSnapshotV1, SnapshotCpuTimings, SnapshotGpuTimings};
use crate::{SnapshotIssue, SnapshotJsonError};

/// Runs the complete validator on a typed snapshot, exactly as on its JSON form.
///
/// Values that JSON cannot carry are rejected first: a non-finite timing number is an
/// `invalid-json-value` issue, and an extension nested beyond
/// [`crate::FRAME_GRAPH_SNAPSHOT_MAX_EXTENSION_DEPTH`] is `extension-depth-exceeded`
/// (checked without recursion, before anything is serialized). Otherwise the snapshot is
/// serialized and validated structurally and semantically; `Ok` means
/// [`crate::to_json`] will accept it.
pub fn validate_typed_frame_graph_snapshot(snapshot: &FrameGraphSnapshotV1) -> Result<(), SnapshotJsonError> {
    validated_value(snapshot).map(drop)
}

/// The JSON form of `snapshot`, once the complete validator accepts it.
pub(crate) fn validated_value(snapshot: &FrameGraphSnapshotV1) -> Result<Value, SnapshotJsonError> {
    let mut issues = non_finite_numbers(snapshot);
    for (name, value) in &snapshot.extensions {
        if exceeds_depth(value) {
            issues.push(SnapshotIssue::error(
                "extension-depth-exceeded",
                field("/extensions", name),
                DEPTH_EXCEEDED_MESSAGE,
            ));
        }
    }
    if !issues.is_empty() {
        return Err(SnapshotJsonError::Validation { issues });
    }
    let value = serde_json::to_value(snapshot)?;
    let issues = validate_frame_graph_snapshot(&value);
    if issues.is_empty() { Ok(value) } else { Err(SnapshotJsonError::Validation { issues }) }
}

fn non_finite_numbers(snapshot: &FrameGraphSnapshotV1) -> Vec<SnapshotIssue> {
    let mut numbers: Vec<(String, f64)> = Vec::new();
    if let SnapshotCpuTimings::Available { execution_duration_micros, nodes } = &snapshot.timings.cpu {
        numbers.push(("/timings/cpu/executionDurationMicros".to_owned(), *execution_duration_micros));
        for (position, node) in nodes.iter().enumerate() {
            numbers.push((format!("/timings/cpu/nodes/{position}/durationMicros"), node.duration_micros));
        }
    }
    if let SnapshotGpuTimings::Available { frame_span_micros, nodes } = &snapshot.timings.gpu {
        numbers.push(("/timings/gpu/frameSpanMicros".to_owned(), *frame_span_micros));
        for (position, node) in nodes.iter().enumerate() {
            numbers.push((format!("/timings/gpu/nodes/{position}/durationMicros"), node.duration_micros));
        }
    }
    numbers
        .into_iter()
        .filter(|(_, number)| !number.is_finite())
        .map(|(path, _)| SnapshotIssue::error("invalid-json-value", path, "Expected a finite JSON number."))
        .collect()
}
