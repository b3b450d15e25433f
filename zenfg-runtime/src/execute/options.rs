//! What callers choose about an execution, and the timing it returns.

use super::cpu_timing::CpuTimingReport;
use super::gpu_timing::GpuTimingReadback;

/// Options of one execution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ExecutionOptions {
    /// Mirror the recording's debug groups as native GPU debug groups
    /// (visible in graphics debuggers). Off by default.
    pub gpu_debug_groups: bool,
    /// An application frame number passed to callbacks and timing reports.
    /// It has no other effect (in particular it does not age the pool).
    pub frame_index: u64,
    /// Encode each node into a command encoder of its own, labelled with the
    /// node's label, and finish it in error scopes, so that wgpu's refusal of
    /// what a callback recorded (a draw without its pipeline, bind groups or
    /// vertex buffers, a pipeline that does not fit the attachments) fails
    /// the execution with
    /// [`PassRefused`](crate::FrameGraphError::PassRefused) (FG4018) naming
    /// the pass, before anything of its segment is submitted. Without it
    /// wgpu reports the refusal to the device's uncaptured-error handler
    /// (which panics by default), naming only the segment's encoder. Off by
    /// default: it costs a command encoder, a command buffer and two error
    /// scopes per node.
    pub pass_errors: bool,
}

impl ExecutionOptions {
    /// The same options with native GPU debug groups on or off.
    #[must_use]
    pub const fn with_gpu_debug_groups(mut self, enabled: bool) -> Self {
        self.gpu_debug_groups = enabled;
        self
    }

    /// The same options with wgpu's refusals of each pass's commands caught
    /// and returned as FG4018 naming the pass, or left to the device's
    /// handler (see [`pass_errors`](Self::pass_errors)).
    #[must_use]
    pub const fn with_pass_errors(mut self, enabled: bool) -> Self {
        self.pass_errors = enabled;
        self
    }

    /// The same options with `frame_index`.
    #[must_use]
    pub const fn with_frame_index(mut self, frame_index: u64) -> Self {
        self.frame_index = frame_index;
        self
    }
}

/// Which timing an execution collects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimingMode {
    /// Synchronous CPU time per node and in total.
    Cpu,
    /// GPU time per render and compute pass, read back asynchronously.
    Gpu,
    /// Both.
    Both,
}

impl TimingMode {
    pub(crate) const fn cpu(self) -> bool {
        matches!(self, Self::Cpu | Self::Both)
    }

    pub(crate) const fn gpu(self) -> bool {
        matches!(self, Self::Gpu | Self::Both)
    }
}

/// The timing of one successful execution.
#[must_use = "the timing was collected to be read"]
#[derive(Debug)]
pub struct ExecutionTiming {
    /// The frame index given in the execution options.
    pub frame_index: u64,
    /// The CPU report, when CPU timing was requested.
    pub cpu: Option<CpuTimingReport>,
    /// The GPU readback, when GPU timing was requested; it may report that
    /// timing is unavailable, which never fails the execution.
    pub gpu: Option<GpuTimingReadback>,
}
