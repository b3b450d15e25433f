//! [`CreateFrameGraphSnapshotOptions`]: what an export adds to the compilation report.

use crate::execute::{CpuTimingReport, GpuTimingReport};
use crate::pool::ResourcePoolStats;

/// Capture metadata and the optional execution reports of one export.
///
/// Every report is optional; a missing one is exported as `unavailable` with the reason
/// `not-requested`. Timing reports must come from an execution of the exported frame
/// with the same frame index.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct CreateFrameGraphSnapshotOptions<'a> {
    /// The captured frame (`capture.frameIndex`); at most 2^53 - 1.
    pub frame_index: u64,
    /// When the frame was captured, in any non-empty spelling (`capture.capturedAt`).
    pub captured_at: Option<&'a str>,
    /// The native backend, e.g. `vulkan` (`producer.runtime.backend`); must not be empty.
    pub backend: Option<&'a str>,
    /// The GPU timing of an execution of the frame.
    pub gpu_timing: Option<&'a GpuTimingReport>,
    /// The CPU timing of an execution of the frame.
    pub cpu_timing: Option<&'a CpuTimingReport>,
    /// The pool counters to report, usually read right after the execution.
    pub pool_stats: Option<ResourcePoolStats>,
}

impl<'a> CreateFrameGraphSnapshotOptions<'a> {
    /// Options for frame `frame_index`, with no metadata and no execution reports.
    #[must_use]
    pub const fn new(frame_index: u64) -> Self {
        Self { frame_index, captured_at: None, backend: None, gpu_timing: None, cpu_timing: None, pool_stats: None }
    }

    /// The same options with a capture timestamp.
    #[must_use]
    pub const fn with_captured_at(mut self, captured_at: &'a str) -> Self {
        self.captured_at = Some(captured_at);
        self
    }

    /// The same options with the native backend's name.
    #[must_use]
    pub const fn with_backend(mut self, backend: &'a str) -> Self {
        self.backend = Some(backend);
        self
    }

    /// The same options with a GPU timing report.
    #[must_use]
    pub const fn with_gpu_timing(mut self, report: &'a GpuTimingReport) -> Self {
        self.gpu_timing = Some(report);
        self
    }

    /// The same options with a CPU timing report.
    #[must_use]
    pub const fn with_cpu_timing(mut self, report: &'a CpuTimingReport) -> Self {
        self.cpu_timing = Some(report);
        self
    }

    /// The same options with pool counters.
    #[must_use]
    pub const fn with_pool_stats(mut self, stats: ResourcePoolStats) -> Self {
        self.pool_stats = Some(stats);
        self
    }
}
