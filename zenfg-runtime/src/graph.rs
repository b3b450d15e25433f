//! [`FrameGraph`]: the long-lived runtime that starts recordings and owns the
//! transient pool and the GPU profiler.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::binding::{BindGroupCacheStats, BindingCache};
use crate::capabilities::DeviceCapabilities;
use crate::compile::{Compiler, PlanningStats};
use crate::error::{FrameGraphError, Result};
use crate::execute::{CpuTimingReport, ExecutionStorage, GpuProfiler};
use crate::handle::RecordingIdentity;
use crate::hash::FastSet;
use crate::ids::ResourceId;
use crate::physical::ResourcePoolScope;
use crate::pool::store::ResourcePool;
use crate::pool::{PooledResourceInfo, ResourcePoolStats};
use crate::record::Spare;
use crate::record::frame::Frame;

static NEXT_OWNER: AtomicU64 = AtomicU64::new(1);

/// The runtime: one per device (or one CPU-only), alive across frames.
///
/// [`FrameGraph::new`] records and compiles without a GPU, checking its
/// recordings against what every WebGPU device supports
/// ([`DeviceCapabilities`](crate::DeviceCapabilities)); executing fails with
/// FG4001. [`FrameGraph::with_device`] keeps a clone of the device, owns the
/// transient pool and the GPU profiler, and can execute compiled frames on a
/// caller-owned queue.
///
/// Dropping the runtime destroys the pooled objects and the profiler's query
/// resources (a pending GPU readback then reports `ReadbackFailed`); imported
/// native objects are never touched.
pub struct FrameGraph {
    pub(crate) owner: u64,
    recording: u64,
    scopes: u32,
    pub(crate) pool: ResourcePool,
    pub(crate) profiler: GpuProfiler,
    pub(crate) device: Option<wgpu::Device>,
    /// What recordings are checked against.
    pub(crate) capabilities: DeviceCapabilities,
    /// Emptied tables of the last recording, reused by the next.
    pub(crate) spare: Spare,
    /// Bind group layouts, bind groups and import views of derived passes.
    pub(crate) bindings: BindingCache,
    /// The addresses of the bind group tables of derived passes found to fit
    /// `capabilities`, which never change.
    pub(crate) fitting_layouts: FastSet<usize>,
    /// The compiler, with the storage its stages keep across compiles.
    pub(crate) compiler: Compiler,
    /// The tables executions fill, kept for the next execution.
    pub(crate) execution: ExecutionStorage,
    /// The checked ops of the clear node being recorded, kept for the next.
    pub(crate) checked_clears: Vec<(ResourceId, (u64, u64))>,
}

impl FrameGraph {
    /// A CPU-only runtime: records, compiles and reports, but cannot execute.
    ///
    /// ```
    /// let mut graph = zenfg_runtime::FrameGraph::new();
    /// let frame = graph.begin_frame();
    /// let compiled = frame.compile(Default::default())?;
    /// assert_eq!(compiled.retained_node_count(), 0);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self {
            owner: NEXT_OWNER.fetch_add(1, Ordering::Relaxed),
            recording: 0,
            scopes: 0,
            pool: ResourcePool::default(),
            profiler: GpuProfiler::default(),
            device: None,
            capabilities: DeviceCapabilities::webgpu(),
            spare: Spare::default(),
            compiler: Compiler::default(),
            bindings: BindingCache::default(),
            fitting_layouts: FastSet::default(),
            execution: ExecutionStorage::default(),
            checked_clears: Vec::new(),
        }
    }

    /// A runtime that executes on `device` (it keeps a clone of the handle),
    /// checking its recordings against the device's limits, features and
    /// format features ([`DeviceCapabilities::of_device`]).
    ///
    /// Import caller-owned storage, bind it, and resolve the typed access in
    /// the callback (here on wgpu's no-op device):
    ///
    /// ```
    /// use zenfg_runtime::{
    ///     BufferDesc, BufferRange, CompileOptions, FrameGraph, ImportBufferOptions, InitialContents,
    /// };
    /// # let (device, queue) = wgpu::Device::noop(&Default::default());
    /// # let native = device.create_buffer(&wgpu::BufferDescriptor {
    /// #     label: Some("input"), size: 256, usage: wgpu::BufferUsages::STORAGE, mapped_at_creation: false,
    /// # });
    /// let mut graph = FrameGraph::with_device(&device);
    /// let mut frame = graph.begin_frame();
    /// let buffer = frame.import_buffer(
    ///     BufferDesc::new("input", native.size()),
    ///     ImportBufferOptions::new(InitialContents::Defined),
    /// )?;
    /// frame.bind_imported_buffer(buffer, &native)?;
    ///
    /// let mut pass = frame.compute_pass("consume");
    /// let input = pass.storage_buffer_read(buffer, BufferRange::whole())?;
    /// pass.set_side_effect(true);
    /// pass.finish_compute(move |ctx| {
    ///     let _native = ctx.resources.buffer(input)?;
    ///     // Set a compute pipeline and dispatch through ctx.pass.
    ///     Ok(())
    /// })?;
    ///
    /// frame.compile(CompileOptions::default())?.execute(&queue)?;
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    #[must_use]
    pub fn with_device(device: &wgpu::Device) -> Self {
        Self::with_device_and_capabilities(device, DeviceCapabilities::of_device(device))
    }

    /// A runtime that executes on `device`, created from `adapter`: as
    /// [`with_device`](Self::with_device), and when the device has
    /// `Features::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES` or the adapter
    /// lacks `DownlevelFlags::WEBGPU_TEXTURE_FORMAT_SUPPORT`, its recordings
    /// are checked against the format features the adapter reports, as wgpu
    /// checks the device's work (see
    /// [`DeviceCapabilities::of_adapter_device`]). Without the adapter,
    /// [`with_device`](Self::with_device) checks no format features in the
    /// first case and WebGPU's guaranteed ones in the second.
    #[must_use]
    pub fn with_adapter_device(adapter: &wgpu::Adapter, device: &wgpu::Device) -> Self {
        Self::with_device_and_capabilities(device, DeviceCapabilities::of_adapter_device(adapter, device))
    }

    /// A runtime that executes on `device` but checks its recordings against
    /// `capabilities` instead of the device's own: with
    /// [`DeviceCapabilities::webgpu`], say, a frame that records on a
    /// powerful GPU is known to fit every WebGPU device. What `capabilities`
    /// allow beyond the device, wgpu refuses: when it creates the native
    /// objects, the execution fails with FG4012; what it refuses of the
    /// encoded work (copy layouts [`DeviceCapabilities::unchecked`] lets
    /// through, more color attachments than the device has, a resolve of a
    /// format it cannot resolve) reaches the device's uncaptured-error
    /// handler when the frame is submitted.
    #[must_use]
    pub fn with_device_and_capabilities(device: &wgpu::Device, capabilities: DeviceCapabilities) -> Self {
        Self { device: Some(device.clone()), capabilities, ..Self::new() }
    }

    /// A CPU-only runtime whose recordings are checked against
    /// `capabilities` instead of what every WebGPU device guarantees: to plan
    /// frames for a particular device without one.
    #[must_use]
    pub fn with_capabilities(capabilities: DeviceCapabilities) -> Self {
        Self { capabilities, ..Self::new() }
    }

    /// The limits, features and format features recordings are checked
    /// against.
    #[must_use]
    pub fn capabilities(&self) -> &DeviceCapabilities {
        &self.capabilities
    }

    /// The device this runtime executes on, if any.
    #[must_use]
    pub fn device(&self) -> Option<&wgpu::Device> {
        self.device.as_ref()
    }

    /// Starts a new single-use recording. The frame borrows the runtime
    /// exclusively until it, or the compiled frame made from it, is dropped.
    /// Every recording starts empty: its ids are dense and start at zero.
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, CompileOptions, FrameGraph};
    /// let mut graph = FrameGraph::new();
    /// for _ in 0..2 {
    ///     let mut frame = graph.begin_frame();
    ///     let data = frame.create_buffer(BufferDesc::new("data", 64))?;
    ///     assert_eq!(data.id().get(), 0);
    ///     let compiled = frame.compile(CompileOptions::default())?;
    ///     assert_eq!(compiled.retained_node_count(), 0);
    /// }
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn begin_frame(&mut self) -> Frame<'_> {
        self.recording = self.recording.checked_add(1).unwrap_or(1);
        let identity = RecordingIdentity { owner: self.owner, recording: self.recording };
        Frame::new(self, identity)
    }

    /// A new partition of the transient pool for `create_texture_in` and
    /// `create_buffer_in`. Transients of different partitions never share a
    /// native object, neither within a frame nor across executions. A scope
    /// owns nothing, needs no disposal and stays valid after it is cleared.
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, FrameGraph};
    /// # let (device, _queue) = wgpu::Device::noop(&Default::default());
    /// let mut graph = FrameGraph::with_device(&device);
    /// let window = graph.create_resource_pool_scope();
    /// let mut frame = graph.begin_frame();
    /// let _scratch = frame.create_buffer_in(window, BufferDesc::new("scratch", 4096))?;
    /// drop(frame);
    /// // After a resize, drop what the old size left in the pool.
    /// graph.clear_resource_pool_scope(window)?;
    /// assert_eq!(graph.resource_pool_stats().retained_count, 0);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn create_resource_pool_scope(&mut self) -> ResourcePoolScope {
        self.scopes = self.scopes.wrapping_add(1);
        ResourcePoolScope { owner: self.owner, index: self.scopes }
    }

    /// The pool's counters. A CPU-only runtime's are all zero.
    ///
    /// Two executions of the same frame shape: the first creates the
    /// transient buffer, the second reuses it (here on wgpu's no-op device).
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, RootReason, WriteContents};
    /// # let (device, queue) = wgpu::Device::noop(&Default::default());
    /// assert_eq!(FrameGraph::new().resource_pool_stats(), Default::default());
    ///
    /// let mut graph = FrameGraph::with_device(&device);
    /// for _ in 0..2 {
    ///     let mut frame = graph.begin_frame();
    ///     let scratch = frame.create_buffer(BufferDesc::new("scratch", 1024))?;
    ///     let mut pass = frame.compute_pass("fill");
    ///     let _ = pass.storage_buffer_write(scratch, BufferRange::whole(), WriteContents::Overwrite)?;
    ///     pass.finish_compute(|_ctx| Ok(()))?;
    ///     frame.mark_buffer_root(scratch, BufferRange::whole(), RootReason::Output)?;
    ///     frame.compile(CompileOptions::default())?.execute(&queue)?;
    /// }
    /// let stats = graph.resource_pool_stats();
    /// assert_eq!((stats.acquire_count, stats.created_count, stats.reuse_count), (2, 1, 1));
    /// assert_eq!(stats.retained_count, 1);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    #[must_use]
    pub fn resource_pool_stats(&self) -> ResourcePoolStats {
        self.pool.stats()
    }

    /// Destroys every retained pooled object, in every scope and the default
    /// domain, without waiting for the GPU, and empties the bind group cache
    /// (see [`clear_bind_group_cache`](Self::clear_bind_group_cache)).
    /// Cumulative counters are kept and plans stay valid: later executions
    /// create objects again.
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, RootReason};
    /// # let (device, queue) = wgpu::Device::noop(&Default::default());
    /// let mut graph = FrameGraph::with_device(&device);
    /// let mut frame = graph.begin_frame();
    /// let scratch = frame.create_buffer(BufferDesc::new("scratch", 256))?;
    /// frame.clear_buffer("zero", scratch, BufferRange::whole())?;
    /// frame.mark_buffer_root(scratch, BufferRange::whole(), RootReason::Output)?;
    /// frame.compile(CompileOptions::default())?.execute(&queue)?;
    /// assert_eq!(graph.resource_pool_stats().retained_count, 1);
    ///
    /// graph.clear_resource_pool();
    /// let stats = graph.resource_pool_stats();
    /// assert_eq!((stats.retained_count, stats.evicted_count, stats.acquire_count), (0, 1, 1));
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn clear_resource_pool(&mut self) {
        self.pool.clear();
        self.pool.removed.clear();
        self.bindings.clear();
        self.execution.views.clear();
    }

    /// Destroys the retained pooled objects of one scope, for example after a
    /// resize made its size-dependent targets obsolete. The scope stays
    /// usable. Fails with FG2014 when the scope belongs to another runtime,
    /// even when the pool is empty.
    ///
    /// ```
    /// use zenfg_runtime::FrameGraph;
    /// let mut graph = FrameGraph::new();
    /// let mut other = FrameGraph::new();
    /// let own = graph.create_resource_pool_scope();
    /// let foreign = other.create_resource_pool_scope();
    /// graph.clear_resource_pool_scope(own)?;
    /// assert_eq!(graph.clear_resource_pool_scope(foreign).unwrap_err().code(), "FG2014");
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn clear_resource_pool_scope(&mut self, scope: ResourcePoolScope) -> Result<()> {
        if scope.owner != self.owner {
            return Err(FrameGraphError::ForeignResourcePoolScope { runtime: self.owner, scope_owner: scope.owner });
        }
        self.pool.clear_scope(scope);
        self.forget_removed();
        Ok(())
    }

    /// Destroys the retained pooled objects `predicate` selects and returns
    /// their estimated bytes (an estimate, not freed video memory).
    ///
    /// The predicate sees each retained object once, in an unspecified order,
    /// through a borrowed [`PooledResourceInfo`]: its scope, descriptor,
    /// estimated bytes and the number of accepted executions since it was
    /// last used. Every object is judged before any is removed, so a
    /// predicate that panics leaves the pool unchanged (its own side effects
    /// are not undone). Destruction does not wait for the GPU.
    ///
    /// ```
    /// # let (device, _queue) = wgpu::Device::noop(&Default::default());
    /// let mut graph = zenfg_runtime::FrameGraph::with_device(&device);
    /// let removed = graph.evict_resource_pool(|info| info.unused_executions > 60);
    /// assert_eq!(removed, 0);
    /// ```
    pub fn evict_resource_pool(&mut self, predicate: impl FnMut(&PooledResourceInfo<'_>) -> bool) -> u64 {
        let bytes = self.pool.evict(predicate);
        self.forget_removed();
        bytes
    }

    /// Drops the cached bind groups and views of what pool maintenance destroyed.
    fn forget_removed(&mut self) {
        self.bindings.forget(&self.pool.removed);
        self.execution.views.forget(&self.pool.removed);
        self.pool.removed.clear();
    }

    /// How this runtime's compiles got their plans: a frame whose recording
    /// has exactly the tables of the last frame compiled (the same
    /// resources, descriptors and their labels, passes, accesses, roots and
    /// aliasing choice; its pass labels, callbacks and bound native objects
    /// may differ, since planning reads none of them), compiled without a
    /// report, reuses that frame's plan instead of running every stage
    /// again.
    ///
    /// ```
    /// use zenfg_runtime::{CompileOptions, FrameGraph, PlanningStats};
    /// let mut graph = FrameGraph::new();
    /// for (label, passes) in [("work", 1), ("renamed", 1), ("work", 2)] {
    ///     let mut frame = graph.begin_frame();
    ///     for _ in 0..passes {
    ///         frame.command_pass(label).finish()?;
    ///     }
    ///     frame.compile(CompileOptions::default())?;
    /// }
    /// assert_eq!(graph.planning_stats(), PlanningStats { planned: 2, reused: 1 });
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    #[must_use]
    pub fn planning_stats(&self) -> PlanningStats {
        self.compiler.reuse.stats()
    }

    /// Counters of the cache that keeps the bind groups of derived passes
    /// across executions (see [`Pass::BIND_GROUPS`](crate::Pass::BIND_GROUPS)).
    ///
    /// A bind group is found again when its layout and every object, view
    /// and byte range it binds are the same: pooled transients come back as
    /// the same native objects, so a warm frame creates none. A bind group
    /// unused for more than [the idle limit](Self::set_bind_group_idle_limit)
    /// is dropped at the next sweep (every 16 executions, and when the limit
    /// is set), and one that binds an object pool maintenance destroys is
    /// dropped with it.
    #[must_use]
    pub fn bind_group_cache_stats(&self) -> BindGroupCacheStats {
        self.bindings.stats()
    }

    /// Sets how many executions a cached bind group, or a kept view of an
    /// imported texture, may go unused before it is dropped (256 by default).
    /// Entries are swept at the start of every 16th execution and once when
    /// the limit is set, here: a sweep drops every entry unused for more
    /// than `executions` executions, so an entry can outlive the limit by up
    /// to 15 executions. The views of imports the latest execution used
    /// count as used: that execution handed them out without a lookup. With
    /// 0, setting the limit keeps only what the latest execution used, and
    /// each later sweep drops every entry but those views. Kept entries hold
    /// their objects alive, imported ones included.
    pub fn set_bind_group_idle_limit(&mut self, executions: u64) {
        self.bindings.set_idle_limit(executions, self.execution.views.views());
    }

    /// Drops every cached bind group, every kept view of an imported
    /// texture and the views kept from the latest execution, releasing the
    /// objects they hold. Layouts are kept.
    pub fn clear_bind_group_cache(&mut self) {
        self.bindings.clear();
        self.execution.views.clear();
    }

    /// Takes back a CPU timing report the caller is done with: the next
    /// CPU-timed execution writes its node reports into the report's storage
    /// instead of allocating new storage. A report that is not given back is
    /// simply the caller's.
    ///
    /// ```
    /// use zenfg_runtime::{CompileOptions, ExecutionOptions, FrameGraph, TimingMode};
    /// # let (device, queue) = wgpu::Device::noop(&Default::default());
    /// let mut graph = FrameGraph::with_device(&device);
    /// for _ in 0..2 {
    ///     let mut frame = graph.begin_frame();
    ///     frame.command_pass("work").finish_command(|_ctx| Ok(()))?;
    ///     let timing = frame
    ///         .compile(CompileOptions::default())?
    ///         .execute_with_timing(&queue, ExecutionOptions::default(), TimingMode::Cpu)?;
    ///     let report = timing.cpu.expect("CPU timing was requested");
    ///     assert_eq!(report.nodes[0].label, "work");
    ///     graph.recycle_cpu_timing_report(report);
    /// }
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn recycle_cpu_timing_report(&mut self, report: CpuTimingReport) {
        let mut nodes = report.nodes;
        nodes.clear();
        self.execution.timing = nodes;
    }
}

impl Default for FrameGraph {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Debug for FrameGraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FrameGraph")
            .field("owner", &self.owner)
            .field("recordings", &self.recording)
            .field("has_device", &self.device.is_some())
            .field("pool", &self.pool.stats())
            .finish_non_exhaustive()
    }
}
