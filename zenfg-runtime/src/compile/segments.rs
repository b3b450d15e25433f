//! Execution segments: runs of graph-encoded nodes, split by external submissions.

use std::ops::Range;

use crate::ids::PassId;
use crate::record::{NodeRecord, NodeWork};

/// Whether a segment is encoded by the graph or is one external submission.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExecutionSegmentKind {
    /// Nodes encoded into one graph-owned command buffer and submitted together.
    FrameGraph,
    /// One external submission node, which submits its own work.
    ExternalSubmission,
}

/// A segment as a range of the execution order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Segment {
    pub kind: ExecutionSegmentKind,
    pub nodes: Range<u32>,
}

/// Splits the execution order at every external submission. Empty graph
/// segments are never produced.
pub(crate) fn segments(nodes: &[NodeRecord], order: &[PassId]) -> Vec<Segment> {
    let mut segments = Vec::new();
    let mut start = 0_u32;
    for (position, node) in order.iter().enumerate() {
        let position = position as u32;
        if matches!(nodes[node.index()].work, NodeWork::External) {
            if start < position {
                segments.push(Segment { kind: ExecutionSegmentKind::FrameGraph, nodes: start..position });
            }
            segments.push(Segment { kind: ExecutionSegmentKind::ExternalSubmission, nodes: position..position + 1 });
            start = position + 1;
        }
    }
    let end = order.len() as u32;
    if start < end {
        segments.push(Segment { kind: ExecutionSegmentKind::FrameGraph, nodes: start..end });
    }
    segments
}
