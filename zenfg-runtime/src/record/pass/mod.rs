//! [`PassBuilder`]: declares the accesses of one node, then closes it.
//!
//! The builder's type parameter is the node kind, so a role a kind cannot use,
//! or a `finish_*` method of another kind, is a compile error.
//!
//! Failure policy: a failing *declaration* returns its error and leaves both the
//! builder and the recording usable (compound declarations such as copies and
//! resolves roll back every access they had added). A failing *finish* poisons
//! the recording with its error, and so does a builder dropped without being
//! finished (FG2002): in both cases the caller meant to record a pass that now
//! cannot be recorded as declared, and compiling without it would silently
//! change the frame.

mod attachments;
mod clears;
mod copies;
mod core;
mod finish;
pub(crate) mod layout;
mod storage;

use std::marker::PhantomData;

use crate::desc::BufferRange;
use crate::error::{PassRef, Result};
use crate::handle::{Buffer, TextureTarget};
use crate::ids::PassId;
use crate::ops::{ColorAttachmentOps, DepthAttachmentOps};
use crate::record::frame::Frame;
use crate::record::selection::{TextureRule, TextureSelection};
use crate::record::{Callback, DepthTarget, Region};
use crate::token::kind::{AcceptsRole, PassKind};
use crate::token::{
    AccessToken, BufferCopyDst, BufferCopySrc, ColorAttachment, DepthAttachment, IndexBuffer, IndirectBuffer,
    SampledTexture, StorageBufferRead, StorageBufferWrite, StorageTextureRead, StorageTextureWrite, TextureCopyDst,
    TextureCopySrc, UniformBuffer, VertexBuffer,
};
use crate::types::WriteContents;

/// Declares the accesses of one node of kind `K`; close it with `finish` or
/// the `finish_*` method of its kind.
///
/// The kind decides which declarations and which `finish_*` method exist: a
/// role the kind cannot use, or the `finish_*` method of another kind, does
/// not compile. Copy passes declare their accesses only through their typed
/// `copy_*` methods.
///
/// # Failures and poisoning
///
/// * A failing **declaration** (any access method or `copy_*` method) returns
///   its error and changes nothing: the builder stays open and usable, and the
///   recording is not poisoned. A declaration that adds several accesses (a
///   copy, a color attachment with its resolve target) adds all of them or
///   none. The caller still holds the open builder and decides what the pass
///   becomes, so nothing is lost without the caller knowing.
/// * A failing **finish** ([`finish`](Self::finish) or a `finish_*` method:
///   FG2009 for a blank label, which is checked here rather than when the
///   builder is created; FG1106 for a render pass without attachments; FG1110
///   for a render pass with more color slots or color bytes per sample than
///   the device allows) closes the
///   builder, drops the node with its accesses and callback, and **poisons**
///   the recording: [`Frame::compile`] returns the same error.
/// * A builder **dropped** without being finished poisons the recording with
///   FG2002. This includes a builder dropped because a declaration error was
///   propagated with `?`: the recording then fails to compile with FG2002.
///
/// A finish failure or a dropped builder poisons because the caller meant to
/// record a pass that now cannot be recorded as declared: compiling the rest
/// of the frame without it would silently change what the frame computes.
/// After poisoning, the recording still accepts calls (a dropped or failed
/// node takes no id), but only the first poisoning error is kept and
/// `compile` returns it before any other check.
///
/// ```
/// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, RootReason, WriteContents};
/// let mut graph = FrameGraph::new();
/// let mut frame = graph.begin_frame();
/// let data = frame.create_buffer(BufferDesc::new("data", 64))?;
/// let mut pass = frame.compute_pass("fill");
/// // A failed declaration leaves the builder usable...
/// let too_long = BufferRange::new(0, Some(128));
/// assert_eq!(pass.storage_buffer_write(data, too_long, WriteContents::Overwrite).unwrap_err().code(), "FG1103");
/// let _ = pass.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite)?;
/// pass.finish()?;
/// frame.mark_buffer_root(data, BufferRange::whole(), RootReason::Output)?;
/// assert_eq!(frame.compile(CompileOptions::default())?.retained_node_count(), 1);
///
/// // ...while a builder dropped unfinished poisons the recording.
/// let mut frame = graph.begin_frame();
/// drop(frame.compute_pass("forgotten"));
/// frame.command_pass("later").finish()?;
/// assert_eq!(frame.compile(CompileOptions::default()).unwrap_err().code(), "FG2002");
/// # Ok::<(), zenfg_runtime::FrameGraphError>(())
/// ```
#[must_use = "a pass builder must be finished, or the recording fails with FG2002"]
pub struct PassBuilder<'a, 'frame, K: PassKind> {
    frame: &'a mut Frame<'frame>,
    pass: PassRef,
    side_effect: bool,
    group: Option<crate::ids::DebugGroupId>,
    accesses_start: u32,
    colors_start: u32,
    copies_start: u32,
    clears_start: u32,
    binding_checks_start: u32,
    depth: Option<DepthTarget>,
    open: bool,
    /// For a derived pass, the names of the fields that declare a role,
    /// which conflict errors quote; `None` for a hand-written builder.
    fields: Option<FieldNames>,
    /// The `record_pass` span, open while the pass is declared.
    #[cfg(feature = "tracing")]
    span: Option<tracing::span::EnteredSpan>,
    _kind: PhantomData<K>,
}

/// The fields of a derived pass that declare a role, quoted and joined
/// (`` `a` `` or `` `a` or `b` ``), or `None` when no field does.
pub(crate) type FieldNames = fn(crate::types::AccessRole) -> Option<String>;

/// The resource, view and region a texture selection declares.
fn texture_parts(selection: TextureSelection) -> (crate::ids::ResourceId, Option<crate::ids::ViewId>, Region) {
    (selection.resource, selection.view, Region::Texture(selection.region))
}

impl<'a, 'frame, K: PassKind> PassBuilder<'a, 'frame, K> {
    /// The id this node will have.
    #[must_use]
    pub fn id(&self) -> PassId {
        self.pass.id
    }

    /// Whether the node is retained without a root. Render, compute and copy
    /// nodes default to `false`; command and external nodes to `true`.
    pub fn set_side_effect(&mut self, side_effect: bool) -> &mut Self {
        self.side_effect = side_effect;
        self
    }

    /// Samples `target` (every mip and slice of a whole texture, or the view's
    /// selection). Needs `TEXTURE_BINDING`.
    pub fn sampled_texture(
        &mut self,
        target: impl Into<TextureTarget<'frame>>,
    ) -> Result<AccessToken<'frame, SampledTexture>>
    where
        K: AcceptsRole<SampledTexture>,
    {
        self.texture_read(target.into(), TextureRule::Everything)
    }

    /// Reads one mip of `target` through a read-only storage binding. A whole
    /// texture must have a single mip; otherwise pass a single-mip view.
    /// The format the binding sees must allow read-only storage access on
    /// the device (FG1111), and a view's format must allow storage at all
    /// (FG1108); these are checked here, culled or not.
    pub fn storage_texture_read(
        &mut self,
        target: impl Into<TextureTarget<'frame>>,
    ) -> Result<AccessToken<'frame, StorageTextureRead>>
    where
        K: AcceptsRole<StorageTextureRead>,
    {
        self.storage_texture(target.into(), None)
    }

    /// Writes one mip of `target` through a storage binding. The format the
    /// binding sees must allow write-only storage access on the device
    /// (FG1111), and a view's format must allow storage at all (FG1108);
    /// these are checked here, culled or not.
    pub fn storage_texture_write(
        &mut self,
        target: impl Into<TextureTarget<'frame>>,
        contents: WriteContents,
    ) -> Result<AccessToken<'frame, StorageTextureWrite>>
    where
        K: AcceptsRole<StorageTextureWrite>,
    {
        self.storage_texture(target.into(), Some(contents))
    }

    /// Renders into one mip and layer of `target`. `Clear` overwrites, `Load`
    /// preserves; `Discard` leaves the contents undefined afterwards. Needs
    /// `RENDER_ATTACHMENT` and a color format (FG1108).
    pub fn color_attachment(
        &mut self,
        target: impl Into<TextureTarget<'frame>>,
        ops: ColorAttachmentOps,
    ) -> Result<AccessToken<'frame, ColorAttachment>>
    where
        K: AcceptsRole<ColorAttachment>,
    {
        let access = self.color(target.into(), ops)?;
        self.record_color(access, ops, None);
        Ok(self.token(access))
    }

    /// Leaves the next color slot of a render pass empty: wgpu's list of color
    /// attachments has `None` there, so the attachments declared after it keep
    /// their slot numbers (as a pipeline with a sparse color layout expects).
    /// A command or external pass begins its own render passes, so there it
    /// does nothing.
    pub fn skip_color_attachment(&mut self)
    where
        K: AcceptsRole<ColorAttachment>,
    {
        self.record_empty_color();
    }

    /// Renders into a multisampled `source` and resolves it into
    /// `resolve_target`, which is overwritten. Returns the source's token.
    pub fn color_attachment_with_resolve(
        &mut self,
        source: impl Into<TextureTarget<'frame>>,
        resolve_target: impl Into<TextureTarget<'frame>>,
        ops: ColorAttachmentOps,
    ) -> Result<AccessToken<'frame, ColorAttachment>>
    where
        K: AcceptsRole<ColorAttachment>,
    {
        self.color_with_resolve(source.into(), resolve_target.into(), ops)
    }

    /// Writes depth into one mip and layer of `target`. Needs a depth format.
    /// A render pass has at most one depth attachment (FG1106).
    pub fn depth_attachment(
        &mut self,
        target: impl Into<TextureTarget<'frame>>,
        ops: DepthAttachmentOps,
    ) -> Result<AccessToken<'frame, DepthAttachment>>
    where
        K: AcceptsRole<DepthAttachment>,
    {
        self.depth(target.into(), Some(ops))
    }

    /// Tests against depth without writing it: a read, which needs defined contents.
    pub fn depth_attachment_read_only(
        &mut self,
        target: impl Into<TextureTarget<'frame>>,
    ) -> Result<AccessToken<'frame, DepthAttachment>>
    where
        K: AcceptsRole<DepthAttachment>,
    {
        self.depth(target.into(), None)
    }

    /// Reads `target` as the source of copies the callback records.
    pub fn texture_copy_src(
        &mut self,
        target: impl Into<TextureTarget<'frame>>,
    ) -> Result<AccessToken<'frame, TextureCopySrc>>
    where
        K: AcceptsRole<TextureCopySrc>,
    {
        self.texture_read(target.into(), TextureRule::Everything)
    }

    /// Writes `target` as the destination of copies the callback records.
    pub fn texture_copy_dst(
        &mut self,
        target: impl Into<TextureTarget<'frame>>,
        contents: WriteContents,
    ) -> Result<AccessToken<'frame, TextureCopyDst>>
    where
        K: AcceptsRole<TextureCopyDst>,
    {
        self.texture_write(target.into(), TextureRule::Everything, contents)
    }

    /// Reads `range` of `buffer` through a uniform binding.
    pub fn uniform_buffer(
        &mut self,
        buffer: Buffer<'frame>,
        range: BufferRange,
    ) -> Result<AccessToken<'frame, UniformBuffer>>
    where
        K: AcceptsRole<UniformBuffer>,
    {
        self.buffer_read(buffer, range)
    }

    /// Reads `range` of `buffer` through a read-only storage binding. The
    /// range must be defined when the node runs, and keeps its producer
    /// retained while this node is. Fails with FG1103 when the range does not
    /// fit the buffer; like every failed declaration, that leaves the builder
    /// and the recording usable.
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, WriteContents};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let data = frame.create_buffer(BufferDesc::new("data", 256))?;
    /// let mut producer = frame.compute_pass("produce");
    /// let _ = producer.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite)?;
    /// producer.finish()?;
    ///
    /// let mut consumer = frame.compute_pass("consume");
    /// let error = consumer.storage_buffer_read(data, BufferRange::new(128, Some(256))).unwrap_err();
    /// assert_eq!(error.code(), "FG1103");
    /// let _ = consumer.storage_buffer_read(data, BufferRange::new(128, Some(128)))?;
    /// consumer.set_side_effect(true);
    /// consumer.finish()?;
    /// // The side-effecting consumer keeps the producer of what it reads.
    /// assert_eq!(frame.compile(CompileOptions::default())?.retained_node_count(), 2);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn storage_buffer_read(
        &mut self,
        buffer: Buffer<'frame>,
        range: BufferRange,
    ) -> Result<AccessToken<'frame, StorageBufferRead>>
    where
        K: AcceptsRole<StorageBufferRead>,
    {
        self.buffer_read(buffer, range)
    }

    /// Writes `range` of `buffer` through a storage binding.
    /// [`WriteContents::Overwrite`] promises that every execution writes the
    /// whole range; [`WriteContents::Preserve`] keeps what is not written, so
    /// the range must already be defined (FG1002 at compile otherwise).
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, RootReason, WriteContents};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let data = frame.create_buffer(BufferDesc::new("data", 256))?;
    /// let mut pass = frame.compute_pass("produce");
    /// let _ = pass.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite)?;
    /// pass.finish()?;
    /// let mut pass = frame.compute_pass("update-head");
    /// let _ = pass.storage_buffer_write(data, BufferRange::new(0, Some(64)), WriteContents::Preserve)?;
    /// pass.finish()?;
    /// frame.mark_buffer_root(data, BufferRange::whole(), RootReason::Output)?;
    /// // The preserving update keeps the first write: both passes are retained.
    /// assert_eq!(frame.compile(CompileOptions::default())?.retained_node_count(), 2);
    ///
    /// let mut frame = graph.begin_frame();
    /// let data = frame.create_buffer(BufferDesc::new("data", 256))?;
    /// let mut pass = frame.compute_pass("update-head");
    /// let _ = pass.storage_buffer_write(data, BufferRange::new(0, Some(64)), WriteContents::Preserve)?;
    /// pass.finish()?;
    /// frame.mark_buffer_root(data, BufferRange::new(0, Some(64)), RootReason::Output)?;
    /// // Nothing defined the range this write preserves.
    /// assert_eq!(frame.compile(CompileOptions::default()).unwrap_err().code(), "FG1002");
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn storage_buffer_write(
        &mut self,
        buffer: Buffer<'frame>,
        range: BufferRange,
        contents: WriteContents,
    ) -> Result<AccessToken<'frame, StorageBufferWrite>>
    where
        K: AcceptsRole<StorageBufferWrite>,
    {
        self.buffer_write(buffer, range, contents)
    }

    /// Reads `range` of `buffer` as vertices.
    pub fn vertex_buffer(
        &mut self,
        buffer: Buffer<'frame>,
        range: BufferRange,
    ) -> Result<AccessToken<'frame, VertexBuffer>>
    where
        K: AcceptsRole<VertexBuffer>,
    {
        self.buffer_read(buffer, range)
    }

    /// Reads `range` of `buffer` as indices.
    pub fn index_buffer(
        &mut self,
        buffer: Buffer<'frame>,
        range: BufferRange,
    ) -> Result<AccessToken<'frame, IndexBuffer>>
    where
        K: AcceptsRole<IndexBuffer>,
    {
        self.buffer_read(buffer, range)
    }

    /// Reads `range` of `buffer` as indirect draw or dispatch arguments.
    pub fn indirect_buffer(
        &mut self,
        buffer: Buffer<'frame>,
        range: BufferRange,
    ) -> Result<AccessToken<'frame, IndirectBuffer>>
    where
        K: AcceptsRole<IndirectBuffer>,
    {
        self.buffer_read(buffer, range)
    }

    /// Reads `range` of `buffer` as the source of copies the callback records.
    pub fn buffer_copy_src(
        &mut self,
        buffer: Buffer<'frame>,
        range: BufferRange,
    ) -> Result<AccessToken<'frame, BufferCopySrc>>
    where
        K: AcceptsRole<BufferCopySrc>,
    {
        self.buffer_read(buffer, range)
    }

    /// Writes `range` of `buffer` as the destination of copies the callback records.
    pub fn buffer_copy_dst(
        &mut self,
        buffer: Buffer<'frame>,
        range: BufferRange,
        contents: WriteContents,
    ) -> Result<AccessToken<'frame, BufferCopyDst>>
    where
        K: AcceptsRole<BufferCopyDst>,
    {
        self.buffer_write(buffer, range, contents)
    }

    /// Closes the node without a callback. A retained render, compute, command
    /// or external node closed this way fails at execution with FG4004; it is
    /// meant for CPU-only planning. Copy nodes execute their recorded copies.
    ///
    /// Returns the node's id. A blank label fails with FG2009, a render pass
    /// without an attachment with FG1106, and a render pass with more color
    /// slots or color bytes per sample than the device allows with FG1110;
    /// each failure poisons the recording, and [`Frame::compile`] returns the
    /// same error.
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, RootReason, WriteContents};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let out = frame.create_buffer(BufferDesc::new("out", 64))?;
    /// let mut pass = frame.compute_pass("plan-only");
    /// let id = pass.id();
    /// let _ = pass.storage_buffer_write(out, BufferRange::whole(), WriteContents::Overwrite)?;
    /// assert_eq!(pass.finish()?, id);
    /// frame.mark_buffer_root(out, BufferRange::whole(), RootReason::Output)?;
    /// assert_eq!(frame.compile(CompileOptions::default())?.retained_node_count(), 1);
    ///
    /// let mut frame = graph.begin_frame();
    /// let error = frame.render_pass("no-attachments").finish().unwrap_err();
    /// assert_eq!(error.code(), "FG1106");
    /// assert_eq!(frame.compile(CompileOptions::default()).unwrap_err(), error);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn finish(self) -> Result<PassId> {
        self.close(Self::kind_work, None::<fn() -> Callback<'frame>>)
    }
}
