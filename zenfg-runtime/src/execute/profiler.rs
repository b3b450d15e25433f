//! [`GpuProfiler`]: the runtime's timestamp queries and their asynchronous
//! readback.
//!
//! The query set and the resolve and readback buffers belong to the runtime
//! and grow on demand (destroyed and recreated). One readback may be pending
//! at a time: it is settled by whoever first sees its mapping finish, the
//! [`GpuTimingReadback`] or the next timed execution.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use super::gpu_timing::{
    GpuTimingNodeKind, GpuTimingReadback, GpuTimingReport, GpuTimingUnavailableReason, TimedNode, TimingPlan,
};
use crate::compile::{DebugGroupReport, Plan};
use crate::ids::DebugGroupId;
use crate::record::{NodeWork, Recording};

/// The most render and compute passes one execution can time.
pub(crate) const MAX_TIMED_NODES: usize = 2048;

const MAX_QUERIES: u32 = 2 * MAX_TIMED_NODES as u32;

const MAP_PENDING: u8 = 0;
const MAP_DONE: u8 = 1;
const MAP_FAILED: u8 = 2;

struct QueryResources {
    query_set: wgpu::QuerySet,
    resolve: wgpu::Buffer,
    readback: wgpu::Buffer,
    capacity: u32,
}

impl QueryResources {
    fn new(device: &wgpu::Device, capacity: u32) -> Self {
        let bytes =
            (u64::from(capacity) * u64::from(wgpu::QUERY_SIZE)).next_multiple_of(wgpu::QUERY_RESOLVE_BUFFER_ALIGNMENT);
        let buffer = |label, usage| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: bytes,
                usage,
                mapped_at_creation: false,
            })
        };
        Self {
            query_set: device.create_query_set(&wgpu::QuerySetDescriptor {
                label: Some("frame-graph.gpu-timing.queries"),
                ty: wgpu::QueryType::Timestamp,
                count: capacity,
            }),
            resolve: buffer(
                "frame-graph.gpu-timing.resolve",
                wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
            ),
            readback: buffer(
                "frame-graph.gpu-timing.readback",
                wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
            ),
            capacity,
        }
    }

    fn destroy(&self) {
        self.query_set.destroy();
        self.resolve.destroy();
        self.readback.destroy();
    }
}

/// The runtime's GPU timing state.
#[derive(Default)]
pub(crate) struct GpuProfiler {
    resources: Option<QueryResources>,
    pending: Option<Arc<TimingSession>>,
}

/// GPU timing of the execution in progress.
pub(crate) struct ActiveTiming {
    pub query_set: wgpu::QuerySet,
    resolve: wgpu::Buffer,
    readback: wgpu::Buffer,
    queries: u32,
    plan: TimingPlan,
}

impl ActiveTiming {
    /// Resolves the queries into the readback buffer; encoded at the end of
    /// the last graph segment, after every timed pass.
    pub fn encode_resolve(&self, encoder: &mut wgpu::CommandEncoder) {
        encoder.resolve_query_set(&self.query_set, 0..self.queries, &self.resolve, 0);
        let bytes = u64::from(self.queries) * u64::from(wgpu::QUERY_SIZE);
        encoder.copy_buffer_to_buffer(&self.resolve, 0, &self.readback, 0, Some(bytes));
    }
}

impl GpuProfiler {
    /// Prepares timing for an execution, or says why there is none. Checks,
    /// in order: timed nodes exist, there are at most [`MAX_TIMED_NODES`],
    /// the device supports timestamps, no readback is pending. No query
    /// resource is created or touched before all checks pass.
    pub fn begin(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        rec: &Recording<'_>,
        plan: &Plan,
        frame_index: u64,
    ) -> Result<ActiveTiming, GpuTimingUnavailableReason> {
        let timed_kind = |work: &NodeWork| match work {
            NodeWork::Render { .. } => Some(GpuTimingNodeKind::Render),
            NodeWork::Compute => Some(GpuTimingNodeKind::Compute),
            _ => None,
        };
        let count = plan.order.iter().filter(|pass| timed_kind(&rec.nodes[pass.index()].work).is_some()).count();
        if count == 0 {
            return Err(GpuTimingUnavailableReason::NoTimedNodes);
        }
        if count > MAX_TIMED_NODES {
            return Err(GpuTimingUnavailableReason::TooManyTimedNodes);
        }
        if !device.features().contains(wgpu::Features::TIMESTAMP_QUERY) {
            return Err(GpuTimingUnavailableReason::Unsupported);
        }
        if let Some(previous) = &self.pending {
            if !previous.is_settled() {
                return Err(GpuTimingUnavailableReason::Busy);
            }
            if previous.map_failed() {
                self.discard_resources();
            }
            self.pending = None;
        }

        let queries = (2 * count) as u32;
        if self.resources.as_ref().is_none_or(|resources| resources.capacity < queries) {
            self.discard_resources();
            let capacity = queries.max(2).next_power_of_two().min(MAX_QUERIES);
            self.resources = Some(QueryResources::new(device, capacity));
        }
        let Some(resources) = &self.resources else { unreachable!("created above") };

        let nodes: Vec<TimedNode> = plan
            .order
            .iter()
            .filter_map(|&pass| {
                let node = &rec.nodes[pass.index()];
                timed_kind(&node.work).map(|kind| TimedNode {
                    pass,
                    kind,
                    label: rec.node_labels[pass.index()].clone(),
                    debug_group: node.group(),
                })
            })
            .collect();
        let debug_groups = timed_groups(rec, &nodes);
        Ok(ActiveTiming {
            query_set: resources.query_set.clone(),
            resolve: resources.resolve.clone(),
            readback: resources.readback.clone(),
            queries,
            plan: TimingPlan { frame_index, period_ns: queue.get_timestamp_period(), nodes, debug_groups },
        })
    }

    /// Starts the readback of a fully submitted timed execution.
    pub fn finish(&mut self, device: &wgpu::Device, active: ActiveTiming) -> GpuTimingReadback {
        let frame_index = active.plan.frame_index;
        let bytes = u64::from(active.queries) * u64::from(wgpu::QUERY_SIZE);
        let mapped = Arc::new(AtomicU8::new(MAP_PENDING));
        let signal = Arc::clone(&mapped);
        active.readback.map_async(wgpu::MapMode::Read, 0..bytes, move |result| {
            signal.store(if result.is_ok() { MAP_DONE } else { MAP_FAILED }, Ordering::Release);
        });
        let session = Arc::new(TimingSession {
            device: device.clone(),
            buffer: active.readback,
            bytes,
            mapped,
            outcome: Mutex::new(Outcome::Waiting(active.plan)),
        });
        self.pending = Some(Arc::clone(&session));
        GpuTimingReadback::pending(frame_index, session)
    }

    fn discard_resources(&mut self) {
        if let Some(resources) = self.resources.take() {
            resources.destroy();
        }
    }
}

impl Drop for GpuProfiler {
    fn drop(&mut self) {
        if let Some(session) = self.pending.take() {
            session.abandon();
        }
        self.discard_resources();
    }
}

/// The debug groups of the timed nodes and all their ancestors, in recording order.
fn timed_groups(rec: &Recording<'_>, nodes: &[TimedNode]) -> Vec<DebugGroupReport> {
    let mut keep = vec![false; rec.groups.len()];
    for node in nodes {
        let mut group = node.debug_group;
        while let Some(id) = group {
            if std::mem::replace(&mut keep[id.index()], true) {
                break;
            }
            group = rec.groups[id.index()].parent;
        }
    }
    keep.iter()
        .enumerate()
        .filter(|&(_, &kept)| kept)
        .map(|(index, _)| {
            let group = &rec.groups[index];
            DebugGroupReport { id: DebugGroupId(index as u32), label: group.label.clone(), parent: group.parent }
        })
        .collect()
}

enum Outcome {
    Waiting(TimingPlan),
    Ready(GpuTimingReport),
    Taken,
}

/// One pending readback, shared by the profiler and the caller's
/// [`GpuTimingReadback`].
pub(crate) struct TimingSession {
    device: wgpu::Device,
    buffer: wgpu::Buffer,
    bytes: u64,
    /// Written by the map callback only; everything else happens under `outcome`.
    mapped: Arc<AtomicU8>,
    outcome: Mutex<Outcome>,
}

impl TimingSession {
    fn lock(&self) -> MutexGuard<'_, Outcome> {
        self.outcome.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Turns a waiting outcome into a report once the mapping has finished.
    fn settle(&self, outcome: &mut Outcome) {
        let Outcome::Waiting(_) = outcome else { return };
        let mapped = self.mapped.load(Ordering::Acquire);
        if mapped == MAP_PENDING {
            return;
        }
        let Outcome::Waiting(plan) = std::mem::replace(outcome, Outcome::Taken) else { unreachable!("checked above") };
        let frame_index = plan.frame_index;
        let failed = GpuTimingReport::Unavailable { frame_index, reason: GpuTimingUnavailableReason::ReadbackFailed };
        *outcome = Outcome::Ready(if mapped == MAP_DONE { self.read(plan).unwrap_or(failed) } else { failed });
    }

    fn read(&self, plan: TimingPlan) -> Option<GpuTimingReport> {
        let ticks: Option<Vec<u64>> = self.buffer.slice(0..self.bytes).get_mapped_range().ok().map(|view| {
            view.chunks_exact(8).map(|chunk| u64::from_ne_bytes(chunk.try_into().unwrap_or_default())).collect()
        });
        // Unmapped whether or not it could be read, so that the next timed
        // execution copies into an unmapped buffer.
        self.buffer.unmap();
        Some(plan.report(&ticks?))
    }

    fn is_settled(&self) -> bool {
        let mut outcome = self.lock();
        self.settle(&mut outcome);
        !matches!(*outcome, Outcome::Waiting(_))
    }

    fn map_failed(&self) -> bool {
        self.mapped.load(Ordering::Acquire) == MAP_FAILED
    }

    fn take(&self) -> Option<GpuTimingReport> {
        let mut outcome = self.lock();
        self.settle(&mut outcome);
        match std::mem::replace(&mut *outcome, Outcome::Taken) {
            Outcome::Ready(report) => Some(report),
            waiting @ Outcome::Waiting(_) => {
                *outcome = waiting;
                None
            }
            Outcome::Taken => None,
        }
    }

    /// The device the timed work was submitted to.
    pub fn device(&self) -> &wgpu::Device {
        &self.device
    }

    /// The report, if it is ready; polls the device once, without waiting,
    /// when it is not.
    pub fn poll(&self) -> Option<GpuTimingReport> {
        if let Some(report) = self.take() {
            return Some(report);
        }
        if self.device.poll(wgpu::PollType::Poll).is_err() {
            self.abandon();
        }
        self.take()
    }

    /// Settles the readback as failed unless its results already arrived.
    fn abandon(&self) {
        let mut outcome = self.lock();
        self.settle(&mut outcome);
        if let Outcome::Waiting(plan) = &*outcome {
            let frame_index = plan.frame_index;
            *outcome = Outcome::Ready(GpuTimingReport::Unavailable {
                frame_index,
                reason: GpuTimingUnavailableReason::ReadbackFailed,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{
        CompileOptions, ExecutionOptions, FrameGraph, GpuTimingReport, GpuTimingUnavailableReason, TimingMode,
    };

    /// Executes `count` empty side-effecting compute passes with GPU timing
    /// and returns the report once it is ready.
    fn timed_frame(graph: &mut FrameGraph, queue: &wgpu::Queue, count: usize) -> GpuTimingReport {
        let mut frame = graph.begin_frame();
        for _ in 0..count {
            let mut pass = frame.compute_pass("timed");
            pass.set_side_effect(true);
            pass.finish_compute(|_| Ok(())).unwrap();
        }
        let compiled = frame.compile(CompileOptions::default()).unwrap();
        let timing = compiled.execute_with_timing(queue, ExecutionOptions::default(), TimingMode::Gpu).unwrap();
        let mut readback = timing.gpu.unwrap();
        loop {
            if let Some(report) = readback.try_take() {
                return report;
            }
        }
    }

    #[test]
    fn too_many_timed_passes_create_no_query_resources() {
        let (device, queue) = wgpu::Device::noop(&wgpu::DeviceDescriptor {
            required_features: wgpu::Features::TIMESTAMP_QUERY,
            ..Default::default()
        });
        let mut graph = FrameGraph::with_device(&device);
        let report = timed_frame(&mut graph, &queue, super::MAX_TIMED_NODES + 1);
        assert_eq!(
            report,
            GpuTimingReport::Unavailable { frame_index: 0, reason: GpuTimingUnavailableReason::TooManyTimedNodes }
        );
        assert!(graph.profiler.resources.is_none(), "no query set or buffer was created");
        assert!(graph.profiler.pending.is_none(), "no readback was started");

        let report = timed_frame(&mut graph, &queue, 3);
        assert!(matches!(report, GpuTimingReport::Available { .. }), "{report:?}");
        let capacity = graph.profiler.resources.as_ref().map(|resources| resources.capacity);
        assert_eq!(capacity, Some(8), "the next small frame creates queries for its 6 timestamps");
    }
}
