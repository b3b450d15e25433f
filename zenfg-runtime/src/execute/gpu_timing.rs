//! GPU timing reports: per-pass durations from timestamp queries, read back
//! asynchronously.
//!
//! Only render and compute passes are timed, each with a query at its start
//! and one at its end. The frame duration spans the first timed pass's start
//! to the last timed pass's end; other node kinds are not measured. CPU and
//! GPU durations measure different things and must not be added.

mod wait;

use std::sync::Arc;
use std::time::Duration;

use super::profiler::TimingSession;
use crate::compile::DebugGroupReport;
use crate::desc::Label;
use crate::ids::{DebugGroupId, PassId};

/// The kinds of nodes GPU timing measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GpuTimingNodeKind {
    /// A render pass.
    Render,
    /// A compute pass.
    Compute,
}

/// The GPU time of one render or compute pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GpuTimingNodeReport {
    /// The node.
    pub pass: PassId,
    /// Render or compute.
    pub kind: GpuTimingNodeKind,
    /// The node's label.
    pub label: Label,
    /// The debug group the node was recorded in.
    pub debug_group: Option<DebugGroupId>,
    /// End timestamp minus start timestamp (zero if the GPU reports them reversed).
    pub duration: Duration,
}

/// Why an execution has no GPU timing. None of these fail the execution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GpuTimingUnavailableReason {
    /// No render or compute pass was retained.
    NoTimedNodes,
    /// The device was created without `Features::TIMESTAMP_QUERY`.
    Unsupported,
    /// The previous timed execution's readback has not completed yet; take it
    /// with [`GpuTimingReadback::try_take`] first.
    Busy,
    /// The readback failed, the execution failed after timing began, or the
    /// runtime was dropped before the results arrived.
    ReadbackFailed,
    /// More than 2048 render and compute passes (4096 queries) were retained;
    /// the frame executed untimed.
    TooManyTimedNodes,
}

impl GpuTimingUnavailableReason {
    /// The kebab-case name used in Snapshots.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::NoTimedNodes => "no-timed-nodes",
            Self::Unsupported => "unsupported",
            Self::Busy => "busy",
            Self::ReadbackFailed => "readback-failed",
            Self::TooManyTimedNodes => "too-many-timed-nodes",
        }
    }
}

/// The GPU timing of one execution, or why there is none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GpuTimingReport {
    /// Durations read back from the GPU.
    Available {
        /// The frame index given in the execution options.
        frame_index: u64,
        /// From the first timed pass's start to the last timed pass's end.
        frame_duration: Duration,
        /// Every timed pass, in execution order.
        nodes: Vec<GpuTimingNodeReport>,
        /// The debug groups of the timed passes and their ancestors, in
        /// recording order.
        debug_groups: Vec<DebugGroupReport>,
    },
    /// No timing for this execution.
    Unavailable {
        /// The frame index given in the execution options.
        frame_index: u64,
        /// Why.
        reason: GpuTimingUnavailableReason,
    },
}

impl GpuTimingReport {
    /// The frame index given in the execution options.
    #[must_use]
    pub fn frame_index(&self) -> u64 {
        match self {
            Self::Available { frame_index, .. } | Self::Unavailable { frame_index, .. } => *frame_index,
        }
    }
}

/// The pending GPU timing of one execution.
///
/// Block on it with [`wait`](Self::wait), or poll it with
/// [`try_take`](Self::try_take) until the report arrives; the runtime's next GPU-timed execution reports
/// [`Busy`](GpuTimingUnavailableReason::Busy) while this one is pending.
#[must_use = "GPU timing arrives asynchronously; wait for the readback or poll it with try_take"]
pub struct GpuTimingReadback {
    frame_index: u64,
    state: ReadbackState,
}

enum ReadbackState {
    Ready(Option<GpuTimingReport>),
    Pending(Arc<TimingSession>),
}

impl GpuTimingReadback {
    pub(crate) fn unavailable(frame_index: u64, reason: GpuTimingUnavailableReason) -> Self {
        Self { frame_index, state: ReadbackState::Ready(Some(GpuTimingReport::Unavailable { frame_index, reason })) }
    }

    pub(crate) fn pending(frame_index: u64, session: Arc<TimingSession>) -> Self {
        Self { frame_index, state: ReadbackState::Pending(session) }
    }

    /// The frame index given in the execution options.
    #[must_use]
    pub fn frame_index(&self) -> u64 {
        self.frame_index
    }

    /// The report, once: `Some` the first time it is available, `None` while
    /// it is pending and after it was taken. Never blocks; while pending it
    /// polls the device once without waiting.
    pub fn try_take(&mut self) -> Option<GpuTimingReport> {
        match &mut self.state {
            ReadbackState::Ready(report) => report.take(),
            ReadbackState::Pending(session) => {
                let report = session.poll()?;
                self.state = ReadbackState::Ready(None);
                Some(report)
            }
        }
    }
}

impl std::fmt::Debug for GpuTimingReadback {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let state = match &self.state {
            ReadbackState::Ready(Some(_)) => "ready",
            ReadbackState::Ready(None) => "taken",
            ReadbackState::Pending(_) => "pending",
        };
        f.debug_struct("GpuTimingReadback").field("frame_index", &self.frame_index).field("state", &state).finish()
    }
}

/// Converts a tick difference into a duration: `ticks × period` nanoseconds,
/// rounded; a period that is not a positive finite number gives zero.
pub(crate) fn ticks_to_duration(ticks: u64, period_ns: f32) -> Duration {
    if !period_ns.is_finite() || period_ns <= 0.0 {
        return Duration::ZERO;
    }
    let nanos = (ticks as f64 * f64::from(period_ns)).round();
    if nanos >= u64::MAX as f64 { Duration::from_nanos(u64::MAX) } else { Duration::from_nanos(nanos as u64) }
}

/// One timed pass, as known when timing begins.
pub(crate) struct TimedNode {
    pub pass: PassId,
    pub kind: GpuTimingNodeKind,
    pub label: Label,
    pub debug_group: Option<DebugGroupId>,
}

/// What a GPU timing report needs besides the timestamps.
pub(crate) struct TimingPlan {
    pub frame_index: u64,
    pub period_ns: f32,
    pub nodes: Vec<TimedNode>,
    pub debug_groups: Vec<DebugGroupReport>,
}

impl TimingPlan {
    /// Builds the report from the resolved timestamps: `ticks[2i]` and
    /// `ticks[2i + 1]` are the start and end of timed node `i`.
    pub fn report(self, ticks: &[u64]) -> GpuTimingReport {
        let Self { frame_index, period_ns, nodes, debug_groups } = self;
        let pair = |index: usize| (ticks.get(2 * index).copied(), ticks.get(2 * index + 1).copied());
        let frame_ticks = match (pair(0).0, nodes.len().checked_sub(1).and_then(|last| pair(last).1)) {
            (Some(begin), Some(end)) => end.saturating_sub(begin),
            _ => 0,
        };
        let nodes = nodes
            .into_iter()
            .enumerate()
            .map(|(index, node)| {
                let ticks = match pair(index) {
                    (Some(begin), Some(end)) => end.saturating_sub(begin),
                    _ => 0,
                };
                GpuTimingNodeReport {
                    pass: node.pass,
                    kind: node.kind,
                    label: node.label,
                    debug_group: node.debug_group,
                    duration: ticks_to_duration(ticks, period_ns),
                }
            })
            .collect();
        GpuTimingReport::Available {
            frame_index,
            frame_duration: ticks_to_duration(frame_ticks, period_ns),
            nodes,
            debug_groups,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(count: u32) -> TimingPlan {
        TimingPlan {
            frame_index: 7,
            period_ns: 2.0,
            nodes: (0..count)
                .map(|index| TimedNode {
                    pass: PassId(index * 2),
                    kind: GpuTimingNodeKind::Compute,
                    label: Label::Owned(format!("pass-{index}")),
                    debug_group: None,
                })
                .collect(),
            debug_groups: Vec::new(),
        }
    }

    #[test]
    fn ticks_convert_with_the_period_and_bad_periods_give_zero() {
        assert_eq!(ticks_to_duration(10, 2.5), Duration::from_nanos(25));
        assert_eq!(ticks_to_duration(3, 0.5), Duration::from_nanos(2));
        for period in [0.0, -1.0, f32::NAN, f32::INFINITY] {
            assert_eq!(ticks_to_duration(1000, period), Duration::ZERO, "period {period}");
        }
        assert_eq!(ticks_to_duration(u64::MAX, 4.0), Duration::from_nanos(u64::MAX));
    }

    #[test]
    fn reversed_timestamps_saturate_to_zero() {
        let GpuTimingReport::Available { nodes, frame_duration, .. } = plan(1).report(&[100, 40]) else {
            panic!("expected an available report");
        };
        assert_eq!(nodes[0].duration, Duration::ZERO);
        assert_eq!(frame_duration, Duration::ZERO);
    }

    #[test]
    fn frame_spans_first_begin_to_last_end() {
        let report = plan(3).report(&[10, 20, 30, 35, 50, 90]);
        let GpuTimingReport::Available { frame_index, nodes, frame_duration, .. } = report else {
            panic!("expected an available report");
        };
        assert_eq!(frame_index, 7);
        assert_eq!(frame_duration, Duration::from_nanos(160));
        let durations: Vec<u64> = nodes.iter().map(|node| node.duration.as_nanos() as u64).collect();
        assert_eq!(durations, [20, 10, 80]);
        assert_eq!(nodes[2].label, "pass-2");
        assert_eq!(nodes[1].pass, PassId(2));
    }
}
