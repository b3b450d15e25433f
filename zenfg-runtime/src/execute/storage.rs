//! [`ExecutionStorage`]: the tables one execution fills, kept by the runtime
//! for the next one, so that a warm execution allocates nothing.

use super::cpu_timing::CpuTimingNodeReport;
use super::lease::PlanSlots;
use super::markers::MarkerStacks;
use super::views::KeptViews;
use crate::pool::store::Instance;

/// What executions keep between them. The leased objects, the marker stacks
/// and the timing table are empty between executions: what an execution
/// puts in one is released when it ends, however it ends.
#[derive(Default)]
pub(crate) struct ExecutionStorage {
    pub segment_labels: SegmentLabels,
    /// The objects leased to the execution running.
    pub leased: Vec<Instance>,
    /// Where the pool keeps the objects of the plan executed last.
    pub slots: PlanSlots,
    /// The native views of the latest execution, for the next one.
    pub views: KeptViews,
    pub markers: MarkerStacks,
    /// The node table of the last CPU timing report given back, for the next
    /// CPU-timed execution to fill.
    pub timing: Vec<CpuTimingNodeReport>,
}

/// The label of each graph segment's command encoder, by segment index.
#[derive(Default)]
pub(crate) struct SegmentLabels(Vec<String>);

impl SegmentLabels {
    /// The labels of segments `0..count`, each built by the first execution
    /// with that many segments.
    pub fn first(&mut self, count: usize) -> &[String] {
        for index in self.0.len()..count {
            self.0.push(format!("frame-graph.segment.{index}"));
        }
        &self.0[..count]
    }
}

#[cfg(test)]
mod tests {
    use super::SegmentLabels;

    #[test]
    fn segment_labels_are_built_once_per_index() {
        let mut labels = SegmentLabels::default();
        assert_eq!(labels.first(2), ["frame-graph.segment.0", "frame-graph.segment.1"]);
        let first = labels.first(1)[0].as_ptr();
        assert_eq!(labels.first(3)[2], "frame-graph.segment.2");
        assert_eq!(labels.first(3)[0].as_ptr(), first, "a label is kept, not rebuilt");
        assert!(labels.first(0).is_empty());
    }
}
