//! [`RepeatableFrame`]: a compiled frame that executes any number of times.

use std::fmt;

use super::CompiledFrame;
use crate::error::{FrameGraphError, Result};
use crate::graph::FrameGraph;
use crate::ids::ResourceId;
use crate::physical::ResourcePoolScope;
use crate::pool::PooledResourceInfo;
use crate::types::ResourceOrigin;

/// A compiled frame that can be executed any number of times without being
/// recorded or compiled again, made by [`CompiledFrame::into_repeatable`].
///
/// Like the [`CompiledFrame`] it came from, it holds the exclusive borrow of
/// the [`FrameGraph`] that recorded it, and every native object bound to one
/// of its imports stays borrowed for as long as it lives: while it exists,
/// dropping or replacing an import, dropping what its callbacks captured by
/// reference, and beginning another recording on the same runtime do not
/// compile. What changes from one execution to the next reaches the
/// callbacks through the context's `frame_index`, through state they
/// captured by reference (a [`Cell`](std::cell::Cell), a shared handle), or
/// through buffers the caller writes with the queue between executions.
///
/// Every execution runs as a one-shot one does: preflight (in full until it
/// passes once, then whether a bound buffer is mapped, FG4003, the one thing
/// it reads that can change), then the transients, acquired from the pool
/// (a scope cleared between executions is filled again by the next one) and
/// given back when it ends, and the bind groups of derived passes, taken
/// from the runtime's cache.
///
/// Here on wgpu's no-op device, with an imported uniform buffer the caller
/// rewrites before each execution:
///
/// ```
/// use std::cell::Cell;
/// use zenfg_runtime::{BufferRange, CompileOptions, FrameGraph, InitialContents};
/// # let (device, queue) = wgpu::Device::noop(&Default::default());
/// let params = device.create_buffer(&wgpu::BufferDescriptor {
///     label: Some("params"),
///     size: 16,
///     usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
///     mapped_at_creation: false,
/// });
/// let seen = Cell::new(Vec::new());
/// let mut graph = FrameGraph::with_device(&device);
/// let mut frame = graph.begin_frame();
/// let uniforms = frame.import_native_buffer("params", &params, InitialContents::Defined)?;
/// let mut pass = frame.compute_pass("step");
/// let _params = pass.uniform_buffer(uniforms, BufferRange::whole())?;
/// pass.set_side_effect(true);
/// pass.finish_compute_repeatable(|ctx| {
///     let mut frames = seen.take();
///     frames.push(ctx.frame_index);
///     seen.set(frames);
///     Ok(())
/// })?;
/// let mut repeatable = frame.compile(CompileOptions::default())?.into_repeatable()?;
/// for step in 0..3u32 {
///     queue.write_buffer(&params, 0, &[step.to_le_bytes(); 4].concat());
///     repeatable.execute(&queue)?;
/// }
/// assert_eq!(repeatable.executions(), 3);
/// drop(repeatable);
/// assert_eq!(seen.take(), [0, 1, 2]);
/// # Ok::<(), zenfg_runtime::FrameGraphError>(())
/// ```
pub struct RepeatableFrame<'frame> {
    pub(crate) compiled: CompiledFrame<'frame>,
    pub(crate) executions: u64,
}

impl<'frame> CompiledFrame<'frame> {
    /// Makes the frame executable any number of times.
    ///
    /// Fails, dropping the frame, with FG4014 when the recording holds a
    /// surface texture (a presentation frame is frame-scoped: each frame
    /// acquires, imports and presents a new surface texture), then with
    /// FG4013 for the first retained node closed with a one-shot callback
    /// (`finish_*` or [`Frame::add`](crate::Frame::add); close it with a
    /// `finish_*_repeatable` method or
    /// [`Frame::add_repeatable`](crate::Frame::add_repeatable)).
    ///
    /// ```
    /// use zenfg_runtime::{CompileOptions, FrameGraph};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// frame.command_pass("once").finish_command(|_ctx| Ok(()))?;
    /// let error = frame.compile(CompileOptions::default())?.into_repeatable().unwrap_err();
    /// assert_eq!(error.code(), "FG4013");
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn into_repeatable(mut self) -> Result<RepeatableFrame<'frame>> {
        let rec = &self.rec;
        if let Some(surface) = rec.facts.iter().position(|facts| facts.origin == ResourceOrigin::Surface) {
            let resource = rec.resource_ref(ResourceId(surface as u32));
            return Err(FrameGraphError::FrameScopedSurface { resource });
        }
        let plan = self.plan();
        if let Some(&pass) =
            plan.order.iter().find(|&&pass| rec.callback(pass).is_some_and(|callback| !callback.repeats()))
        {
            return Err(FrameGraphError::OneShotCallback { pass: rec.pass_ref(pass) });
        }
        self.repeats = true;
        Ok(RepeatableFrame { compiled: self, executions: 0 })
    }
}

impl<'frame> RepeatableFrame<'frame> {
    /// The compiled frame: its report, retained nodes, allocations, usage
    /// and segments, the same for every execution.
    #[must_use]
    pub fn compiled(&self) -> &CompiledFrame<'frame> {
        &self.compiled
    }

    /// How many executions were started, whatever their outcome; the frame
    /// index [`execute`](Self::execute) passes next.
    #[must_use]
    pub fn executions(&self) -> u64 {
        self.executions
    }

    /// The runtime, shared: its pool and bind group cache statistics and its
    /// device.
    #[must_use]
    pub fn graph(&self) -> &FrameGraph {
        self.compiled.graph
    }

    /// [`FrameGraph::clear_resource_pool`] between executions: the next
    /// execution acquires new objects.
    pub fn clear_resource_pool(&mut self) {
        self.compiled.graph.clear_resource_pool();
    }

    /// [`FrameGraph::clear_resource_pool_scope`] between executions: the next
    /// execution recreates the scope's transients. Fails with FG2014 for a
    /// scope of another runtime.
    pub fn clear_resource_pool_scope(&mut self, scope: ResourcePoolScope) -> Result<()> {
        self.compiled.graph.clear_resource_pool_scope(scope)
    }

    /// [`FrameGraph::evict_resource_pool`] between executions.
    pub fn evict_resource_pool(&mut self, predicate: impl FnMut(&PooledResourceInfo<'_>) -> bool) -> u64 {
        self.compiled.graph.evict_resource_pool(predicate)
    }
}

impl fmt::Debug for RepeatableFrame<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RepeatableFrame")
            .field("executions", &self.executions)
            .field("compiled", &self.compiled)
            .finish()
    }
}
