//! [`ExecutionStorage`]: the tables one execution fills, kept by the runtime
//! for the next one, so that a warm execution allocates nothing.

use std::ops::{Deref, DerefMut};

use super::cpu_timing::CpuTimingNodeReport;
use super::lease::PlanSlots;
use super::markers::MarkerStacks;
use crate::pool::store::Instance;

/// What executions keep between them. Every table but the segment labels and
/// the pool slots is empty between executions: what an execution puts in one is released when
/// it ends, however it ends.
#[derive(Default)]
pub(crate) struct ExecutionStorage {
    pub segment_labels: SegmentLabels,
    /// The objects leased to the execution running.
    pub leased: Vec<Instance>,
    /// Where the pool keeps the objects of the plan executed last.
    pub slots: PlanSlots,
    /// The native views of the execution running.
    pub views: Vec<wgpu::TextureView>,
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

/// A kept table lent to one execution, emptied when the loan ends, panics
/// included: what the execution put in it must not outlive the execution.
pub(crate) struct Lent<'a, T>(&'a mut Vec<T>);

impl<'a, T> Lent<'a, T> {
    pub fn new(table: &'a mut Vec<T>) -> Self {
        table.clear();
        Self(table)
    }
}

impl<T> Deref for Lent<'_, T> {
    type Target = Vec<T>;

    fn deref(&self) -> &Vec<T> {
        self.0
    }
}

impl<T> DerefMut for Lent<'_, T> {
    fn deref_mut(&mut self) -> &mut Vec<T> {
        self.0
    }
}

impl<T> Drop for Lent<'_, T> {
    fn drop(&mut self) {
        self.0.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::{Lent, SegmentLabels};

    #[test]
    fn segment_labels_are_built_once_per_index() {
        let mut labels = SegmentLabels::default();
        assert_eq!(labels.first(2), ["frame-graph.segment.0", "frame-graph.segment.1"]);
        let first = labels.first(1)[0].as_ptr();
        assert_eq!(labels.first(3)[2], "frame-graph.segment.2");
        assert_eq!(labels.first(3)[0].as_ptr(), first, "a label is kept, not rebuilt");
        assert!(labels.first(0).is_empty());
    }

    #[test]
    fn a_lent_table_comes_back_empty_with_its_capacity() {
        let mut table = vec![1, 2, 3];
        {
            let mut lent = Lent::new(&mut table);
            assert!(lent.is_empty(), "a loan starts empty");
            lent.extend(0..100);
        }
        assert!(table.is_empty());
        assert!(table.capacity() >= 100);
    }
}
