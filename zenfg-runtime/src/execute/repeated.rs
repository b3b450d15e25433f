//! Executing a [`RepeatableFrame`]: the same plan, run again on each call.

use std::time::Instant;

use super::{ExecutionOptions, ExecutionTiming, TimingMode};
use crate::compile::RepeatableFrame;
use crate::error::Result;

impl RepeatableFrame<'_> {
    /// Executes the retained work on `queue`, passing the number of earlier
    /// executions ([`executions`](Self::executions)) as the frame index.
    ///
    /// Fails like [`CompiledFrame::execute`](crate::CompiledFrame::execute);
    /// a failed execution leaves the frame executable, and the next one
    /// calls every callback again.
    pub fn execute(&mut self, queue: &wgpu::Queue) -> Result<()> {
        let options = ExecutionOptions::default().with_frame_index(self.executions);
        self.execute_with_options(queue, options)
    }

    /// Executes the retained work on `queue` with `options`, whose frame
    /// index is passed as given. Fails like [`execute`](Self::execute).
    pub fn execute_with_options(&mut self, queue: &wgpu::Queue, options: ExecutionOptions) -> Result<()> {
        self.executions += 1;
        self.compiled.run(queue, options, None, Instant::now).map(|_| ())
    }

    /// Executes the retained work and collects the timing `mode` asks for,
    /// as [`CompiledFrame::execute_with_timing`](crate::CompiledFrame::execute_with_timing)
    /// does: each execution has its own reports. GPU timing of an execution
    /// started while the readback of the previous one is still pending is
    /// reported unavailable (`Busy`); take or wait for that readback first.
    ///
    /// Here on wgpu's no-op device:
    ///
    /// ```
    /// use zenfg_runtime::{CompileOptions, ExecutionOptions, FrameGraph, TimingMode};
    /// # let (device, queue) = wgpu::Device::noop(&Default::default());
    /// let mut graph = FrameGraph::with_device(&device);
    /// let mut frame = graph.begin_frame();
    /// frame.command_pass("work").finish_command_repeatable(|_ctx| Ok(()))?;
    /// let mut repeatable = frame.compile(CompileOptions::default())?.into_repeatable()?;
    /// for index in 0..3 {
    ///     let options = ExecutionOptions::default().with_frame_index(index);
    ///     let timing = repeatable.execute_with_timing(&queue, options, TimingMode::Cpu)?;
    ///     let cpu = timing.cpu.expect("CPU timing was requested");
    ///     assert_eq!((cpu.frame_index, &*cpu.nodes[0].label), (index, "work"));
    /// }
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn execute_with_timing(
        &mut self,
        queue: &wgpu::Queue,
        options: ExecutionOptions,
        mode: TimingMode,
    ) -> Result<ExecutionTiming> {
        self.executions += 1;
        self.compiled.run(queue, options, Some(mode), Instant::now)
    }
}
