//! Blocking until the GPU timing of an execution arrives.

use std::time::{Duration, Instant};

use super::{GpuTimingReadback, GpuTimingReport, GpuTimingUnavailableReason, ReadbackState};
use crate::error::{FrameGraphError, Result};

impl GpuTimingReadback {
    /// Blocks until the report arrives, waiting on the device at most
    /// `timeout`, and returns it; the readback is then taken, as after
    /// [`try_take`](Self::try_take). A report that timing is unavailable
    /// (no timed passes, no timestamp queries, busy) is returned as it is.
    ///
    /// # Errors
    ///
    /// FG4011 ([`ReadbackFailed`](FrameGraphError::ReadbackFailed)) when the
    /// results do not arrive within `timeout`, when they cannot be read back
    /// (the device was lost, the execution failed after timing began, or the
    /// runtime was dropped first), or when the report was already taken.
    ///
    /// ```
    /// use std::time::Duration;
    /// use zenfg_runtime::{CompileOptions, ExecutionOptions, FrameGraph, GpuTimingReport, TimingMode};
    /// # let (device, queue) = wgpu::Device::noop(&Default::default());
    /// let mut graph = FrameGraph::with_device(&device);
    /// let mut frame = graph.begin_frame();
    /// let mut pass = frame.compute_pass("simulate");
    /// pass.set_side_effect(true);
    /// pass.finish_compute(|_| Ok(()))?;
    /// let compiled = frame.compile(CompileOptions::default())?;
    /// let timing = compiled.execute_with_timing(&queue, ExecutionOptions::default(), TimingMode::Gpu)?;
    /// let mut readback = timing.gpu.expect("GPU timing was requested");
    /// match readback.wait(Duration::from_secs(5))? {
    ///     GpuTimingReport::Available { frame_duration, .. } => println!("the GPU took {frame_duration:?}"),
    ///     // This device has no timestamp queries.
    ///     GpuTimingReport::Unavailable { reason, .. } => println!("no GPU timing: {}", reason.name()),
    /// }
    /// // The report is taken: waiting again is an error.
    /// assert_eq!(readback.wait(Duration::from_secs(5)).unwrap_err().code(), "FG4011");
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn wait(&mut self, timeout: Duration) -> Result<GpuTimingReport> {
        let what = format!("the GPU timing of frame {}", self.frame_index);
        let failed = |reason: String| FrameGraphError::ReadbackFailed { what: what.clone(), reason };
        // A timeout too long to add (`Duration::MAX`) waits without a deadline.
        let deadline = Instant::now().checked_add(timeout);
        loop {
            if let Some(report) = self.try_take() {
                return match report {
                    GpuTimingReport::Unavailable { reason: GpuTimingUnavailableReason::ReadbackFailed, .. } => {
                        Err(failed(
                            "the timestamps could not be read back: the device was lost, the execution failed \
                             after timing began, or the FrameGraph was dropped first"
                                .into(),
                        ))
                    }
                    report => Ok(report),
                };
            }
            let ReadbackState::Pending(session) = &self.state else {
                return Err(failed("the report was already taken; keep the one wait or try_take returned".into()));
            };
            let left = deadline.map(|deadline| deadline.saturating_duration_since(Instant::now()));
            if left.is_some_and(|left| left.is_zero()) {
                return Err(failed(format!("it did not arrive within {timeout:?}; wait longer")));
            }
            match session.device().poll(wgpu::PollType::Wait { submission_index: None, timeout: left }) {
                Ok(_) | Err(wgpu::PollError::Timeout) => {}
                Err(error) => return Err(failed(format!("waiting for the device failed: {error}"))),
            }
        }
    }
}
