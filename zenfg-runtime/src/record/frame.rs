//! [`Frame`]: one recording — resources, views, passes, roots and groups.

use std::fmt;

use super::Recording;
use super::conflict::ConflictIndex;
use crate::error::{FrameGraphError, PassRef, Result};
use crate::graph::FrameGraph;
use crate::handle::{Brand, RecordingIdentity};
use crate::record::pass::PassBuilder;
use crate::token::kind;

/// One single-use recording of a [`FrameGraph`].
///
/// Declare resources, views and passes, mark roots, then [`compile`](Self::compile).
/// Every method that takes a handle checks that the handle belongs to this
/// recording (FG2001).
///
/// # Failures and poisoning
///
/// A failing call of the frame itself returns its error and records nothing:
/// registering resources and imports, binding natives, creating views, marking
/// roots, pushing and popping debug groups, and
/// [`clear_buffer`](Self::clear_buffer) / [`clear_buffers`](Self::clear_buffers)
/// (a failed clear takes no node id and declares no access). The recording
/// stays usable, and `compile` is unaffected by the failure.
/// [`with_debug_group`](Self::with_debug_group) closes its group whatever its
/// body returns, and keeps what the body recorded.
///
/// Only the passes poison the recording, where a pass the caller meant to
/// record cannot be recorded as declared and compiling without it would
/// silently change the frame:
///
/// * a failing [`PassBuilder::finish`] or `finish_*` method (FG2009 for a
///   blank pass label, FG1106 for a render pass without attachments, FG1110
///   for a render pass with more color slots or color bytes per sample than
///   the device allows);
/// * a [`PassBuilder`] dropped without being finished (FG2002);
/// * a failing declaration, bind group layout check (FG1110, FG1111) or
///   finish inside [`add`](Self::add) or [`add_repeatable`](Self::add_repeatable).
///
/// Declarations on an open [`PassBuilder`] do not poison: they fail without
/// effect and leave the builder usable. A poisoned recording still accepts
/// calls, but [`compile`](Self::compile) returns the first poisoning error
/// before it checks anything else.
pub struct Frame<'frame> {
    pub(crate) graph: &'frame mut FrameGraph,
    pub(crate) brand: Brand<'frame>,
    pub(crate) rec: Recording<'frame>,
    pub(crate) conflicts: ConflictIndex,
}

impl<'frame> Frame<'frame> {
    pub(crate) fn new(graph: &'frame mut FrameGraph, identity: RecordingIdentity) -> Self {
        let rec = Recording::from_spare(std::mem::take(&mut graph.spare), graph.owner);
        Self { graph, brand: Brand::new(identity), rec, conflicts: ConflictIndex::default() }
    }

    /// Checks that a handle or token was issued by this recording.
    #[inline]
    pub(crate) fn check_brand(&self, brand: Brand<'_>) -> Result<()> {
        self.check_brand_in(None, brand)
    }

    /// [`check_brand`](Self::check_brand) for a declaration of `pass`, which
    /// the error names.
    #[inline]
    pub(crate) fn check_brand_in(&self, pass: Option<&PassRef>, brand: Brand<'_>) -> Result<()> {
        if self.brand.identity == brand.identity {
            return Ok(());
        }
        Err(self.foreign(pass, brand))
    }

    #[cold]
    fn foreign(&self, pass: Option<&PassRef>, brand: Brand<'_>) -> FrameGraphError {
        let expected = self.brand.identity;
        let actual = brand.identity;
        FrameGraphError::ForeignHandle {
            pass: pass.cloned(),
            expected_owner: expected.owner,
            expected_recording: expected.recording,
            actual_owner: actual.owner,
            actual_recording: actual.recording,
        }
    }

    /// Starts a render pass. Finish it with
    /// [`finish_render`](PassBuilder::finish_render).
    ///
    /// ```
    /// use zenfg_runtime::wgpu::{Color, TextureFormat, TextureUsages};
    /// use zenfg_runtime::{
    ///     ColorAttachmentOps, CompileOptions, DepthAttachmentOps, FrameGraph, ResourceUsage, RootReason, TextureDesc,
    /// };
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let color = frame.create_texture(TextureDesc::new_2d("color", 1280, 720, TextureFormat::Rgba8Unorm))?;
    /// let depth = frame.create_texture(TextureDesc::new_2d("depth", 1280, 720, TextureFormat::Depth32Float))?;
    /// let mut pass = frame.render_pass("opaque");
    /// let _color = pass.color_attachment(color, ColorAttachmentOps::clear_store(Color::BLACK))?;
    /// let _depth = pass.depth_attachment(depth, DepthAttachmentOps::clear_discard(1.0))?;
    /// pass.finish_render(|_ctx| {
    ///     // Set a pipeline and draw through ctx.pass.
    ///     Ok(())
    /// })?;
    /// frame.mark_texture_root(color, RootReason::Output)?;
    /// let compiled = frame.compile(CompileOptions::default())?;
    /// assert_eq!(compiled.retained_node_count(), 1);
    /// assert_eq!(compiled.resource_usage(depth.id()), Some(ResourceUsage::Texture(TextureUsages::RENDER_ATTACHMENT)));
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn render_pass(&mut self, label: impl Into<crate::desc::Label>) -> PassBuilder<'_, 'frame, kind::Render> {
        PassBuilder::new(self, label.into())
    }

    /// Starts a compute pass. Finish it with
    /// [`finish_compute`](PassBuilder::finish_compute).
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, NodeKind, RootReason, WriteContents};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let histogram = frame.create_buffer(BufferDesc::new("histogram", 1024))?;
    /// let mut pass = frame.compute_pass("build-histogram");
    /// let _histogram = pass.storage_buffer_write(histogram, BufferRange::whole(), WriteContents::Overwrite)?;
    /// let id = pass.finish_compute(|_ctx| {
    ///     // Set a pipeline and dispatch through ctx.pass.
    ///     Ok(())
    /// })?;
    /// frame.mark_buffer_root(histogram, BufferRange::whole(), RootReason::Output)?;
    /// let compiled = frame.compile(CompileOptions::full_report())?;
    /// let node = &compiled.report().and_then(|report| report.full.as_ref()).unwrap().nodes[0];
    /// assert_eq!((node.id, node.kind), (id, NodeKind::Compute));
    /// assert_eq!(node.label, "build-histogram");
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn compute_pass(&mut self, label: impl Into<crate::desc::Label>) -> PassBuilder<'_, 'frame, kind::Compute> {
        PassBuilder::new(self, label.into())
    }

    /// Starts a pass of declarative copies (`copy_*` methods, then `finish`).
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, RootReason, WriteContents};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let staging = frame.create_buffer(BufferDesc::new("staging", 64))?;
    /// let target = frame.create_buffer(BufferDesc::new("target", 64))?;
    /// frame.clear_buffer("zero-staging", staging, BufferRange::whole())?;
    /// let mut copy = frame.copy_pass("upload");
    /// copy.copy_buffer_to_buffer(staging, 0, target, 0, 64)?;
    /// copy.finish()?;
    /// frame.mark_buffer_root(target, BufferRange::whole(), RootReason::Output)?;
    /// assert_eq!(frame.compile(CompileOptions::default())?.retained_node_count(), 2);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn copy_pass(&mut self, label: impl Into<crate::desc::Label>) -> PassBuilder<'_, 'frame, kind::Copy> {
        PassBuilder::new(self, label.into())
    }

    /// Starts a pass that records into the graph-owned encoder. Side-effecting
    /// by default. Finish it with [`finish_command`](PassBuilder::finish_command).
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, WriteContents};
    /// # let (device, queue) = wgpu::Device::noop(&Default::default());
    /// let mut graph = FrameGraph::with_device(&device);
    /// let mut frame = graph.begin_frame();
    /// let scratch = frame.create_buffer(BufferDesc::new("scratch", 256))?;
    /// let mut pass = frame.command_pass("custom");
    /// let token = pass.buffer_copy_dst(scratch, BufferRange::whole(), WriteContents::Overwrite)?;
    /// pass.finish_command(move |ctx| {
    ///     let buffer = ctx.resources.buffer(token)?;
    ///     ctx.encoder.clear_buffer(buffer, 0, None);
    ///     Ok(())
    /// })?;
    /// frame.compile(CompileOptions::default())?.execute(&queue)?;
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn command_pass(&mut self, label: impl Into<crate::desc::Label>) -> PassBuilder<'_, 'frame, kind::Command> {
        PassBuilder::new(self, label.into())
    }

    /// Starts a pass that submits its own work on the shared queue: it closes
    /// the current graph segment. Side-effecting by default. Finish it with
    /// [`finish_external`](PassBuilder::finish_external).
    ///
    /// ```
    /// use zenfg_runtime::{CompileOptions, FrameGraph};
    /// # let (device, queue) = wgpu::Device::noop(&Default::default());
    /// let mut graph = FrameGraph::with_device(&device);
    /// let mut frame = graph.begin_frame();
    /// frame.external_submission("third-party-renderer").finish_external(|ctx| {
    ///     let encoder = ctx.device.create_command_encoder(&Default::default());
    ///     ctx.queue.submit([encoder.finish()]);
    ///     Ok(())
    /// })?;
    /// let compiled = frame.compile(CompileOptions::default())?;
    /// assert_eq!(compiled.execution_segments().len(), 1);
    /// compiled.execute(&queue)?;
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn external_submission(
        &mut self,
        label: impl Into<crate::desc::Label>,
    ) -> PassBuilder<'_, 'frame, kind::External> {
        PassBuilder::new(self, label.into())
    }
}

impl fmt::Debug for Frame<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Frame")
            .field("owner", &self.brand.identity.owner)
            .field("recording", &self.brand.identity.recording)
            .field("resources", &self.rec.resources.len())
            .field("views", &self.rec.views.len())
            .field("nodes", &self.rec.nodes.len())
            .field("accesses", &self.rec.accesses.len())
            .finish_non_exhaustive()
    }
}
