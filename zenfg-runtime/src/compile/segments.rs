//! Execution segments: runs of graph-encoded nodes, split by external submissions.

use std::ops::Range;

use crate::record::NodeWork;

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

/// Splits the execution order at every external submission, node by node.
/// Empty graph segments are never produced.
pub(crate) struct Segments {
    segments: Vec<Segment>,
    /// First position of the graph segment being extended.
    start: u32,
}

impl Segments {
    /// Starts splitting into `segments`, emptied first.
    pub fn new(mut segments: Vec<Segment>) -> Self {
        segments.clear();
        Self { segments, start: 0 }
    }

    /// Adds the retained node at execution `position`.
    #[inline]
    pub fn node(&mut self, position: u32, work: &NodeWork) {
        if matches!(work, NodeWork::External) {
            self.external(position);
        }
    }

    /// Adds the external submission at execution `position`; the nodes since
    /// the one added before are graph nodes.
    pub fn external(&mut self, position: u32) {
        self.close_graph_segment(position);
        self.segments.push(Segment { kind: ExecutionSegmentKind::ExternalSubmission, nodes: position..position + 1 });
        self.start = position + 1;
    }

    fn close_graph_segment(&mut self, end: u32) {
        if self.start < end {
            self.segments.push(Segment { kind: ExecutionSegmentKind::FrameGraph, nodes: self.start..end });
        }
    }

    /// The segments of an execution order of `len` nodes.
    pub fn finish(mut self, len: u32) -> Vec<Segment> {
        self.close_graph_segment(len);
        self.segments
    }
}
