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

#[cfg(test)]
mod tests {
    use super::{ExecutionSegmentKind, Segment, Segments};
    use crate::record::NodeWork;

    fn graph(nodes: std::ops::Range<u32>) -> Segment {
        Segment { kind: ExecutionSegmentKind::FrameGraph, nodes }
    }

    fn external(at: u32) -> Segment {
        Segment { kind: ExecutionSegmentKind::ExternalSubmission, nodes: at..at + 1 }
    }

    /// The segments of `works` in execution order, split node by node, after
    /// checking that announcing only the externals splits them alike.
    fn split(works: &[NodeWork]) -> Vec<Segment> {
        let mut by_node = Segments::new(Vec::new());
        let mut by_external = Segments::new(Vec::new());
        for (position, work) in (0..).zip(works) {
            by_node.node(position, work);
            if matches!(work, NodeWork::External) {
                by_external.external(position);
            }
        }
        let len = works.len() as u32;
        let segments = by_node.finish(len);
        assert_eq!(by_external.finish(len), segments, "announcing externals only splits differently");
        segments
    }

    #[test]
    fn external_submissions_close_the_graph_segment_before_them() {
        let copy = NodeWork::Copy { ops: 0..0 };
        assert_eq!(
            split(&[NodeWork::Compute, NodeWork::External, NodeWork::Command]),
            [graph(0..1), external(1), graph(2..3)]
        );
        assert_eq!(
            split(&[NodeWork::Compute, copy.clone(), NodeWork::Command, NodeWork::External, copy, NodeWork::Compute]),
            [graph(0..3), external(3), graph(4..6)]
        );
        assert_eq!(split(&[NodeWork::Compute, NodeWork::Command]), [graph(0..2)]);
    }

    #[test]
    fn leading_trailing_and_consecutive_externals_leave_no_empty_graph_segment() {
        assert_eq!(split(&[NodeWork::External]), [external(0)]);
        assert_eq!(split(&[NodeWork::External, NodeWork::External]), [external(0), external(1)]);
        assert_eq!(
            split(&[NodeWork::External, NodeWork::External, NodeWork::Compute, NodeWork::Compute, NodeWork::External]),
            [external(0), external(1), graph(2..4), external(4)]
        );
        assert_eq!(
            split(&[NodeWork::Command, NodeWork::External, NodeWork::External]),
            [graph(0..1), external(1), external(2)]
        );
        assert_eq!(split(&[]), []);
    }

    #[test]
    fn the_storage_handed_in_is_emptied_first() {
        let earlier = vec![graph(0..7), external(7)];
        let mut segments = Segments::new(earlier);
        segments.node(0, &NodeWork::Compute);
        assert_eq!(segments.finish(1), [graph(0..1)]);
    }
}
