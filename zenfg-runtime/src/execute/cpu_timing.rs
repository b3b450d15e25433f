//! CPU timing of an execution: synchronous elapsed time per node and in total.
//!
//! A node's time runs from just before its encoding starts to just after its
//! callback (or its declarative operations) returns, including the end of a
//! render or compute pass and excluding debug-marker transitions. The total
//! runs from before preflight to after the transients are back in the pool.
//! The clock is read once at the start, twice per node and once at the end.

use std::time::{Duration, Instant};

use crate::desc::Label;
use crate::ids::PassId;
use crate::types::NodeKind;

/// The CPU time one node took to execute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CpuTimingNodeReport {
    /// The node.
    pub pass: PassId,
    /// Its kind.
    pub kind: NodeKind,
    /// Its label.
    pub label: Label,
    /// Synchronous elapsed time of its encoding and callback.
    pub duration: Duration,
}

/// CPU timing of one successful execution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CpuTimingReport {
    /// The frame index given in the execution options.
    pub frame_index: u64,
    /// From before preflight to after the transients returned to the pool.
    /// Recording, compilation and GPU work are not included.
    pub execution_duration: Duration,
    /// Every executed node, in execution order.
    pub nodes: Vec<CpuTimingNodeReport>,
}

/// Where time comes from; tests substitute a fake.
pub(crate) type Clock = fn() -> Instant;

/// Collects node durations during one execution.
pub(crate) struct CpuTimer {
    clock: Clock,
    started: Instant,
    nodes: Vec<CpuTimingNodeReport>,
}

impl CpuTimer {
    /// Starts the execution clock, with room for `nodes` node reports in
    /// `storage`, an empty table whose allocation the report will own.
    pub fn start(clock: Clock, nodes: usize, mut storage: Vec<CpuTimingNodeReport>) -> Self {
        storage.reserve(nodes);
        Self { clock, started: clock(), nodes: storage }
    }

    /// The start of a node's measurement.
    pub fn now(&self) -> Instant {
        (self.clock)()
    }

    /// Ends the measurement of `pass`, begun at `begin`. Labels are filled in
    /// by [`finish`](Self::finish), so timing a node never allocates.
    pub fn record(&mut self, pass: PassId, kind: NodeKind, begin: Instant) {
        let duration = (self.clock)().saturating_duration_since(begin);
        self.nodes.push(CpuTimingNodeReport { pass, kind, label: Label::Borrowed(""), duration });
    }

    /// Stops the execution clock. The labels move out of the recording when
    /// the execution consumes it, and are copied when `keep` says that the
    /// recording executes again.
    pub fn finish(mut self, frame_index: u64, labels: &mut [Label], keep: bool) -> CpuTimingReport {
        let execution_duration = (self.clock)().saturating_duration_since(self.started);
        for report in &mut self.nodes {
            let label = &mut labels[report.pass.index()];
            report.label = if keep { label.clone() } else { std::mem::take(label) };
        }
        CpuTimingReport { frame_index, execution_duration, nodes: self.nodes }
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;
    use std::sync::OnceLock;

    use super::*;
    use crate::{
        BufferDesc, BufferRange, ColorAttachmentOps, CompileOptions, ExecutionOptions, FrameGraph, RootReason,
        TextureDesc, TimingMode, WriteContents,
    };

    thread_local! {
        static TICKS: Cell<u64> = const { Cell::new(0) };
    }

    /// Advances one millisecond per call.
    fn fake_clock() -> Instant {
        static BASE: OnceLock<Instant> = OnceLock::new();
        let tick = TICKS.with(|ticks| {
            ticks.set(ticks.get() + 1);
            ticks.get()
        });
        *BASE.get_or_init(Instant::now) + Duration::from_millis(tick)
    }

    fn ticks() -> u64 {
        TICKS.with(|ticks| ticks.replace(0))
    }

    /// One node of each of the six kinds.
    fn six_kinds(graph: &mut FrameGraph) -> crate::CompiledFrame<'_> {
        let mut frame = graph.begin_frame();
        let target =
            frame.create_texture(TextureDesc::new_2d("target", 4, 4, wgpu::TextureFormat::Rgba8Unorm)).unwrap();
        let mut render = frame.render_pass("render");
        let _ = render.color_attachment(target, ColorAttachmentOps::clear_store(wgpu::Color::BLACK)).unwrap();
        render.finish_render(|_| Ok(())).unwrap();
        frame.mark_texture_root(target, RootReason::Output).unwrap();
        let data = frame.create_buffer(BufferDesc::new("data", 64)).unwrap();
        let mut compute = frame.compute_pass("compute");
        let _ = compute.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        compute.finish_compute(|_| Ok(())).unwrap();
        let copy = frame.create_buffer(BufferDesc::new("copy", 64)).unwrap();
        let mut pass = frame.copy_pass("copy");
        pass.copy_buffer_to_buffer(data, 0, copy, 0, 64).unwrap();
        pass.finish().unwrap();
        frame.clear_buffer("clear", copy, BufferRange::new(0, Some(16))).unwrap();
        frame.mark_buffer_root(copy, BufferRange::whole(), RootReason::Output).unwrap();
        frame.command_pass("command").finish_command(|_| Ok(())).unwrap();
        frame.external_submission("external").finish_external(|_| Ok(())).unwrap();
        frame.compile(CompileOptions::default()).unwrap()
    }

    #[test]
    fn every_kind_is_timed_with_two_clock_reads_plus_start_and_end() {
        let (device, queue) = wgpu::Device::noop(&wgpu::DeviceDescriptor::default());
        let mut graph = FrameGraph::with_device(&device);
        ticks();
        let timing =
            six_kinds(&mut graph).run(&queue, ExecutionOptions::default(), Some(TimingMode::Cpu), fake_clock).unwrap();
        assert_eq!(ticks(), 14);
        let report = timing.cpu.expect("CPU timing was requested");
        assert_eq!(report.execution_duration, Duration::from_millis(13));
        let kinds: Vec<NodeKind> = report.nodes.iter().map(|node| node.kind).collect();
        assert_eq!(
            kinds,
            [
                NodeKind::Render,
                NodeKind::Compute,
                NodeKind::Copy,
                NodeKind::ClearBuffer,
                NodeKind::Command,
                NodeKind::ExternalSubmission
            ]
        );
        assert!(report.nodes.iter().all(|node| node.duration == Duration::from_millis(1)));
        let labels: Vec<&str> = report.nodes.iter().map(|node| &*node.label).collect();
        assert_eq!(labels, ["render", "compute", "copy", "clear", "command", "external"]);
    }

    #[test]
    fn untimed_and_gpu_only_executions_never_read_the_clock() {
        let (device, queue) = wgpu::Device::noop(&wgpu::DeviceDescriptor::default());
        let mut graph = FrameGraph::with_device(&device);
        ticks();
        let timing = six_kinds(&mut graph).run(&queue, ExecutionOptions::default(), None, fake_clock).unwrap();
        assert!(timing.cpu.is_none() && timing.gpu.is_none());
        assert_eq!(ticks(), 0);
        let timing =
            six_kinds(&mut graph).run(&queue, ExecutionOptions::default(), Some(TimingMode::Gpu), fake_clock).unwrap();
        assert_eq!(ticks(), 0);
        assert!(timing.cpu.is_none());
    }

    #[test]
    fn an_empty_timed_execution_reads_the_clock_twice() {
        let (device, queue) = wgpu::Device::noop(&wgpu::DeviceDescriptor::default());
        let mut graph = FrameGraph::with_device(&device);
        ticks();
        let mut compiled = graph.begin_frame().compile(CompileOptions::default()).unwrap();
        let timing = compiled.run(&queue, ExecutionOptions::default(), Some(TimingMode::Both), fake_clock).unwrap();
        assert_eq!(ticks(), 2);
        let report = timing.cpu.expect("CPU timing was requested");
        assert!(report.nodes.is_empty());
        assert_eq!(report.execution_duration, Duration::from_millis(1));
    }
}
