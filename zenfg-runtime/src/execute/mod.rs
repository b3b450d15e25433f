//! Execution of compiled frames on a caller-owned queue.
//!
//! One execution runs, in order: the device check (FG4001); the CPU clock
//! when CPU timing is on; [preflight](preflight) (nothing is acquired,
//! encoded or called when it fails; a repeatable frame, whose executions
//! change nothing else preflight reads, runs it until it passes once and
//! then checks only that no bound buffer is mapped); one
//! idle-age step of the pool; GPU
//! timing setup; one pooled native object per physical allocation; the
//! planned texture views; the segments, each graph segment submitted as it
//! ends; the GPU readback. Transients go back to the pool on every exit path,
//! callback errors and panics included; already submitted segments stay
//! submitted.

mod cpu_timing;
mod encode;
mod executor;
mod gpu_timing;
mod lease;
mod markers;
mod natives;
mod options;
mod preflight;
mod profiler;
mod repeated;
pub(crate) mod resolve;
mod storage;
mod views;

use std::cell::RefCell;
use std::time::Instant;

pub use cpu_timing::{CpuTimingNodeReport, CpuTimingReport};
pub use gpu_timing::{
    GpuTimingNodeKind, GpuTimingNodeReport, GpuTimingReadback, GpuTimingReport, GpuTimingUnavailableReason,
};
pub use options::{ExecutionOptions, ExecutionTiming, TimingMode};
pub(crate) use profiler::GpuProfiler;
pub(crate) use storage::ExecutionStorage;

use self::cpu_timing::{Clock, CpuTimer};
use self::executor::Executor;
use self::lease::Lease;
use self::markers::DebugMarkers;
use self::natives::NativeTable;
use self::preflight::{check_unmapped, preflight};
use self::resolve::ResolveTable;
use self::views::native_views;
use crate::compile::CompiledFrame;
use crate::error::{FrameGraphError, Result};
use crate::graph::FrameGraph;
use crate::record::Recording;

impl CompiledFrame<'_> {
    /// Executes the retained work on `queue` with default options.
    ///
    /// `queue` is the queue of the device the runtime was created with, and
    /// the native objects bound to imports are that device's: wgpu cannot
    /// say which device a queue or an object belongs to, and reports a
    /// mismatch to the device's uncaptured-error handler when the frame is
    /// submitted.
    ///
    /// Fails with FG4001 on a runtime without a device, FG4004 for a retained
    /// node without an executor, FG4002 / FG4003 for a missing or unsuitable
    /// import binding — all before anything is acquired or called — and with
    /// FG4012 when wgpu refuses to create a pooled object, before any
    /// callback runs (the object is not counted as created). Otherwise it
    /// fails with the first error a callback returns, which names the pass
    /// for FG4007. Errors a callback meets and propagates come back that
    /// way: resolving a token of another runtime or recording (FG2001) or of
    /// another pass (FG4005), or a typed copy through
    /// [`CommandEncoderExt`](crate::CommandEncoderExt) that reaches outside
    /// its declared views (FG4010, also named after the pass).
    ///
    /// Here on wgpu's no-op device:
    ///
    /// ```
    /// use std::cell::Cell;
    /// use std::rc::Rc;
    /// use zenfg_runtime::{CompileOptions, FrameGraph, FrameGraphError};
    /// # let (device, queue) = wgpu::Device::noop(&Default::default());
    /// let mut cpu_only = FrameGraph::new();
    /// let compiled = cpu_only.begin_frame().compile(CompileOptions::default())?;
    /// assert_eq!(compiled.execute(&queue).unwrap_err().code(), "FG4001");
    ///
    /// let mut graph = FrameGraph::with_device(&device);
    /// let mut frame = graph.begin_frame();
    /// frame.command_pass("planned-only").finish()?;
    /// let compiled = frame.compile(CompileOptions::default())?;
    /// assert_eq!(compiled.execute(&queue).unwrap_err().code(), "FG4004");
    ///
    /// let runs = Rc::new(Cell::new(0));
    /// let mut frame = graph.begin_frame();
    /// let counter = Rc::clone(&runs);
    /// frame.command_pass("count").finish_command(move |_ctx| {
    ///     counter.set(counter.get() + 1);
    ///     Ok(())
    /// })?;
    /// frame.command_pass("fail").finish_command(|_ctx| Err(FrameGraphError::callback_failed("out of budget")))?;
    /// let error = frame.compile(CompileOptions::default())?.execute(&queue).unwrap_err();
    /// assert_eq!((error.code(), runs.get()), ("FG4007", 1));
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn execute(self, queue: &wgpu::Queue) -> Result<()> {
        self.execute_with_options(queue, ExecutionOptions::default())
    }

    /// Executes the retained work on `queue` with `options`. Fails like
    /// [`execute`](Self::execute).
    ///
    /// ```
    /// use std::cell::Cell;
    /// use std::rc::Rc;
    /// use zenfg_runtime::{CompileOptions, ExecutionOptions, FrameGraph};
    /// # let (device, queue) = wgpu::Device::noop(&Default::default());
    /// let mut graph = FrameGraph::with_device(&device);
    /// let mut frame = graph.begin_frame();
    /// let seen = Rc::new(Cell::new(0));
    /// let frame_index = Rc::clone(&seen);
    /// frame.with_debug_group("post", |frame| {
    ///     frame.command_pass("tonemap").finish_command(move |ctx| {
    ///         frame_index.set(ctx.frame_index);
    ///         Ok(())
    ///     })
    /// })?;
    /// let options = ExecutionOptions::default().with_frame_index(42).with_gpu_debug_groups(true);
    /// frame.compile(CompileOptions::default())?.execute_with_options(&queue, options)?;
    /// assert_eq!(seen.get(), 42);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn execute_with_options(mut self, queue: &wgpu::Queue, options: ExecutionOptions) -> Result<()> {
        self.run(queue, options, None, Instant::now).map(|_| ())
    }

    /// Executes the retained work and collects the timing `mode` asks for.
    /// GPU timing that cannot be collected is reported as unavailable and
    /// never fails the execution.
    ///
    /// ```
    /// use zenfg_runtime::{CompileOptions, ExecutionOptions, FrameGraph, GpuTimingReport, TimingMode};
    /// # let (device, queue) = wgpu::Device::noop(&Default::default());
    /// let mut graph = FrameGraph::with_device(&device);
    /// let mut frame = graph.begin_frame();
    /// frame.command_pass("work").finish_command(|_ctx| Ok(()))?;
    /// let timing = frame
    ///     .compile(CompileOptions::default())?
    ///     .execute_with_timing(&queue, ExecutionOptions::default().with_frame_index(7), TimingMode::Both)?;
    /// assert_eq!(timing.cpu.as_ref().unwrap().nodes.len(), 1);
    /// let mut gpu = timing.gpu.unwrap();
    /// // No render or compute pass ran, so there is nothing to time on the GPU.
    /// assert!(matches!(gpu.try_take(), Some(GpuTimingReport::Unavailable { .. })));
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn execute_with_timing(
        mut self,
        queue: &wgpu::Queue,
        options: ExecutionOptions,
        mode: TimingMode,
    ) -> Result<ExecutionTiming> {
        self.run(queue, options, Some(mode), Instant::now)
    }

    pub(crate) fn run(
        &mut self,
        queue: &wgpu::Queue,
        options: ExecutionOptions,
        mode: Option<TimingMode>,
        clock: Clock,
    ) -> Result<ExecutionTiming> {
        crate::trace::traced!(scope "execute", frame_index = options.frame_index);
        let CompiledFrame { graph, identity, rec, repeats, preflighted } = self;
        let identity = *identity;
        let FrameGraph { device, pool, profiler, bindings, execution, compiler, .. } = &mut **graph;
        let plan = &compiler.frame_plan;
        let device = device.as_ref().ok_or(FrameGraphError::MissingGpuDevice)?;
        let ExecutionStorage { segment_labels, leased, slots, views, markers, timing } = execution;
        let frame_index = options.frame_index;
        let mut cpu =
            mode.filter(|mode| mode.cpu()).map(|_| CpuTimer::start(clock, plan.order.len(), std::mem::take(timing)));
        if *preflighted {
            check_unmapped(rec)?;
        } else {
            preflight(rec, plan)?;
            *preflighted = true;
        }
        pool.age();
        bindings.age(views.views());

        let mut active = None;
        let mut readback = None;
        if mode.is_some_and(TimingMode::gpu) {
            match profiler.begin(device, queue, rec, plan, frame_index) {
                Ok(timing) => active = Some(timing),
                Err(reason) => readback = Some(GpuTimingReadback::unavailable(frame_index, reason)),
            }
        }

        {
            let allocations = (compiler.reuse.stats().planned, &plan.allocations[..]);
            let mut lease = Lease::acquire(pool, device, allocations, &rec.resources, slots, leased).map_err(
                |(resource, error)| FrameGraphError::NativeCreationFailed {
                    resource: rec.resource_ref(resource),
                    reason: format!(
                        "{error}; free memory (FrameGraph::clear_resource_pool), or make the transient smaller"
                    ),
                },
            )?;
            let now = bindings.now();
            let views = native_views(
                device,
                (compiler.reuse.stats().planned, &plan.views.views),
                rec,
                &plan.resource_allocation,
                lease.instances_mut(),
                &mut bindings.views,
                now,
                views,
            )?;
            let Recording {
                resources,
                facts,
                nodes,
                node_labels,
                callbacks,
                accesses,
                colors,
                copies,
                clears,
                groups,
                bound,
                ..
            } = &mut *rec;
            let natives = NativeTable {
                resources,
                bound,
                facts,
                allocations: &plan.resource_allocation,
                leased: lease.instances(),
            };
            let table = ResolveTable {
                identity,
                labels: node_labels,
                accesses,
                natives,
                view_plan: &plan.views,
                views: views.views(),
                device,
                bindings: RefCell::new(bindings),
            };
            let mut executor = Executor {
                device,
                queue,
                table: &table,
                nodes,
                labels: node_labels,
                colors,
                copies,
                clears,
                callbacks,
                frame_index,
                markers: DebugMarkers::new(groups, options.gpu_debug_groups, markers),
                cpu: cpu.as_mut(),
                gpu: active.as_ref(),
                timed: 0,
                segment_labels: segment_labels.first(plan.segments.len()),
                pass_errors: options.pass_errors,
            };
            executor.run(&plan.order, &plan.segments)?;
            if let Some(active) = active {
                readback = Some(profiler.finish(device, active));
            }
        }

        let cpu = cpu.map(|timer| timer.finish(frame_index, &mut rec.node_labels, *repeats));
        Ok(ExecutionTiming { frame_index, cpu, gpu: readback })
    }
}
