//! Debug groups, nodes and execution segments.

use zenfg_snapshot_format::{SnapshotGroup, SnapshotNode, SnapshotNodeCompileState, SnapshotSegment};

use super::error::SnapshotExportError;
use super::{ids, vocabulary};
use crate::compile::FullCompilationReport;
use crate::desc::Label;
use crate::ids::{DebugGroupId, PassId};
use crate::types::NodeKind;

/// Every debug group, in opening order (parents before children).
pub(super) fn groups(report: &FullCompilationReport) -> Vec<SnapshotGroup> {
    report
        .debug_groups
        .iter()
        .map(|group| SnapshotGroup {
            parent_id: group.parent.map(ids::group),
            ..SnapshotGroup::new(ids::group(group.id), group.label.as_ref())
        })
        .collect()
}

/// Retained and culled nodes merged into recording order, which must be `0..N-1`.
pub(super) fn nodes(report: &FullCompilationReport) -> Result<Vec<SnapshotNode>, SnapshotExportError> {
    let retained = report.nodes.iter().map(|node| {
        let state = SnapshotNodeCompileState::Retained { execution_order: u64::from(node.execution_order) };
        (node.recording_order, wire_node(node.id, node.kind, &node.label, node.side_effect, node.debug_group, state))
    });
    let culled = report.culled_nodes.iter().map(|node| {
        let state = SnapshotNodeCompileState::Culled { reason: node.reason.name().to_owned() };
        (node.recording_order, wire_node(node.id, node.kind, &node.label, node.side_effect, node.debug_group, state))
    });
    let mut rows: Vec<(u32, SnapshotNode)> = retained.chain(culled).collect();
    rows.sort_by_key(|&(recording_order, _)| recording_order);
    let count = rows.len();
    rows.into_iter()
        .enumerate()
        .map(|(index, (recording_order, node))| {
            if recording_order as usize != index {
                return Err(SnapshotExportError::invalid_report(format!(
                    "the recording orders of the {count} nodes must be 0..{count}, but {} has {recording_order}",
                    node.id
                )));
            }
            Ok(SnapshotNode { recording_order: Some(u64::from(recording_order)), ..node })
        })
        .collect()
}

fn wire_node(
    id: PassId,
    kind: NodeKind,
    label: &Label,
    side_effect: bool,
    group: Option<DebugGroupId>,
    state: SnapshotNodeCompileState,
) -> SnapshotNode {
    SnapshotNode {
        label: Some(label.to_string()),
        group_id: group.map(ids::group),
        ..SnapshotNode::new(ids::node(id), vocabulary::node_kind(kind), side_effect, state)
    }
}

/// The execution segments, in order.
pub(super) fn segments(report: &FullCompilationReport) -> Vec<SnapshotSegment> {
    report
        .execution_segments
        .iter()
        .enumerate()
        .map(|(order, segment)| {
            SnapshotSegment::new(
                ids::segment(order),
                order as u64,
                vocabulary::segment_kind(segment.kind),
                segment.nodes.iter().copied().map(ids::node).collect(),
            )
        })
        .collect()
}
