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

use std::marker::PhantomData;

use wgpu::Extent3d;

use super::access::{TextureRule, TextureSelection};
use super::copy::{buffer_footprint, is_empty_copy, texture_copy_region};
use super::{
    AccessRecord, Callback, ClearOp, ColorTarget, CopyOp, DepthTarget, NodeRecord, NodeWork, Region, TexturePoint,
    check_label, push_built,
};
use crate::context::{CommandContext, ComputePassContext, ExternalSubmissionContext, RenderPassContext};
use crate::desc::{BufferRange, Label};
use crate::error::{FrameGraphError, PassRef, Result};
use crate::format::{category, is_depth};
use crate::handle::{Buffer, TextureTarget};
use crate::ids::{AccessId, PassId, next_index};
use crate::ops::{
    BufferTextureCopyLocation, ClearBufferOp, ColorAttachmentOps, DepthAttachmentOps, TextureCopyLocation,
};
use crate::record::frame::Frame;
use crate::token::kind::{self, AcceptsRole, PassKind};
use crate::token::{
    AccessMarker, AccessToken, BufferCopyDst, BufferCopySrc, ColorAttachment, DepthAttachment, IndexBuffer,
    IndirectBuffer, SampledTexture, StorageBufferRead, StorageBufferWrite, StorageTextureRead, StorageTextureWrite,
    TextureCopyDst, TextureCopySrc, UniformBuffer, VertexBuffer,
};
use crate::types::{AccessRole, NodeKind, WriteContents};

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
///   FG1106 for a render pass without attachments, FG2009 for a blank label,
///   which is checked here rather than when the builder is created) closes the
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
    depth: Option<DepthTarget>,
    open: bool,
    _kind: PhantomData<K>,
}

/// The resource, view and region a texture selection declares.
fn texture_parts(selection: TextureSelection) -> (crate::ids::ResourceId, Option<crate::ids::ViewId>, Region) {
    (selection.resource, selection.view, Region::Texture(selection.region))
}

impl<'a, 'frame, K: PassKind> PassBuilder<'a, 'frame, K> {
    pub(crate) fn new(frame: &'a mut Frame<'frame>, label: Label) -> Self {
        frame.conflicts.reset();
        let id = PassId(u32::try_from(frame.rec.nodes.len()).unwrap_or(u32::MAX));
        let group = frame.group_stack.last().copied();
        Self {
            accesses_start: table_len(frame.rec.accesses.len()),
            colors_start: table_len(frame.rec.colors.len()),
            copies_start: table_len(frame.rec.copies.len()),
            clears_start: table_len(frame.rec.clears.len()),
            frame,
            pass: PassRef { id, label },
            side_effect: K::KIND.default_side_effect(),
            group,
            depth: None,
            open: true,
            _kind: PhantomData,
        }
    }

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

    /// A read by this node.
    fn read(
        &self,
        role: AccessRole,
        resource: crate::ids::ResourceId,
        view: Option<crate::ids::ViewId>,
        region: Region,
    ) -> AccessRecord {
        AccessRecord::read(self.pass.id, role, resource, view, region)
    }

    /// A write by this node.
    fn write(
        &self,
        role: AccessRole,
        resource: crate::ids::ResourceId,
        view: Option<crate::ids::ViewId>,
        region: Region,
        contents: WriteContents,
    ) -> AccessRecord {
        AccessRecord::write(self.pass.id, role, resource, view, region, contents)
    }

    #[inline(always)]
    fn push(&mut self, record: AccessRecord) -> Result<AccessId> {
        let rec = &self.frame.rec;
        let earlier = &rec.accesses[self.accesses_start as usize..];
        if let Some(index) = self.frame.conflicts.find_conflict(&rec.resources, earlier, record) {
            return Err(self.conflict(record, index));
        }
        let Some(id) = next_index(rec.accesses.len()) else { return Err(self.too_many_accesses()) };
        self.frame.conflicts.insert(&self.frame.rec.resources, record);
        push_built(&mut self.frame.rec.accesses, || record);
        Ok(AccessId(id))
    }

    #[cold]
    fn conflict(&self, record: AccessRecord, index: usize) -> FrameGraphError {
        let rec = &self.frame.rec;
        let other = &rec.accesses[self.accesses_start as usize + index];
        let resource = &rec.resources[record.resource.index()];
        FrameGraphError::ConflictingAccesses {
            pass: self.pass.clone(),
            resource: rec.resource_ref(record.resource),
            message: format!(
                "the {} ({}) overlaps the earlier {} ({}) and one of them writes; \
                 declare disjoint ranges, or one access that covers both uses",
                record.role,
                record.region().range_of(resource),
                other.role,
                other.region().range_of(resource),
            ),
        }
    }

    #[cold]
    fn too_many_accesses(&self) -> FrameGraphError {
        FrameGraphError::InvalidNodeOperation {
            pass: self.pass.clone(),
            resource: None,
            message: "too many accesses in one recording".into(),
        }
    }

    /// The token of a declared access.
    fn token<R: AccessMarker>(&self, access: AccessId) -> AccessToken<'frame, R> {
        self.token_of(access, self.frame.rec.accesses[access.index()].resource)
    }

    /// The token of a declared access of `resource`.
    fn token_of<R: AccessMarker>(&self, access: AccessId, resource: crate::ids::ResourceId) -> AccessToken<'frame, R> {
        AccessToken::new(self.frame.brand, self.pass.id, access, resource)
    }

    /// Removes the accesses declared from `len` on (a failed compound declaration).
    fn roll_back(&mut self, accesses: usize) {
        self.frame.rec.accesses.truncate(accesses);
        self.frame.conflicts.invalidate();
    }

    fn texture_read<R: AccessMarker>(
        &mut self,
        target: TextureTarget<'frame>,
        rule: TextureRule,
    ) -> Result<AccessToken<'frame, R>> {
        let selection = self.frame.texture_selection(Some(&self.pass), target, rule)?;
        let (resource, view, region) = texture_parts(selection);
        let access = self.push(self.read(R::ROLE, resource, view, region))?;
        Ok(self.token_of(access, resource))
    }

    fn texture_write<R: AccessMarker>(
        &mut self,
        target: TextureTarget<'frame>,
        rule: TextureRule,
        contents: WriteContents,
    ) -> Result<AccessToken<'frame, R>> {
        let selection = self.frame.texture_selection(Some(&self.pass), target, rule)?;
        let (resource, view, region) = texture_parts(selection);
        let access = self.push(self.write(R::ROLE, resource, view, region, contents))?;
        Ok(self.token_of(access, resource))
    }

    fn buffer_read<R: AccessMarker>(
        &mut self,
        buffer: Buffer<'frame>,
        range: BufferRange,
    ) -> Result<AccessToken<'frame, R>> {
        let region = self.frame.buffer_region(Some(&self.pass), buffer, range)?;
        let access = self.push(self.read(R::ROLE, buffer.id, None, region))?;
        Ok(self.token_of(access, buffer.id))
    }

    fn buffer_write<R: AccessMarker>(
        &mut self,
        buffer: Buffer<'frame>,
        range: BufferRange,
        contents: WriteContents,
    ) -> Result<AccessToken<'frame, R>> {
        let region = self.frame.buffer_region(Some(&self.pass), buffer, range)?;
        let access = self.push(self.write(R::ROLE, buffer.id, None, region, contents))?;
        Ok(self.token_of(access, buffer.id))
    }

    fn check_attachment_format(&self, selection: &TextureSelection, role: AccessRole) -> Result<()> {
        let wants_depth = role == AccessRole::DepthAttachment;
        if is_depth(selection.format) == wants_depth {
            return Ok(());
        }
        Err(FrameGraphError::UnsupportedTextureFormatUsage {
            pass: self.pass.clone(),
            resource: self.frame.rec.resource_ref(selection.resource),
            role,
            format: selection.format,
            message: format!(
                "a {} attachment needs a {} format, not a {} format",
                if wants_depth { "depth" } else { "color" },
                if wants_depth { "depth" } else { "color" },
                category(selection.format)
            ),
        })
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
    pub fn storage_texture_read(
        &mut self,
        target: impl Into<TextureTarget<'frame>>,
    ) -> Result<AccessToken<'frame, StorageTextureRead>>
    where
        K: AcceptsRole<StorageTextureRead>,
    {
        self.texture_read(target.into(), TextureRule::SingleMip)
    }

    /// Writes one mip of `target` through a storage binding.
    pub fn storage_texture_write(
        &mut self,
        target: impl Into<TextureTarget<'frame>>,
        contents: WriteContents,
    ) -> Result<AccessToken<'frame, StorageTextureWrite>>
    where
        K: AcceptsRole<StorageTextureWrite>,
    {
        self.texture_write(target.into(), TextureRule::SingleMip, contents)
    }

    fn color(&mut self, target: TextureTarget<'frame>, ops: ColorAttachmentOps) -> Result<AccessId> {
        let selection = self.frame.texture_selection(
            Some(&self.pass),
            target,
            TextureRule::Attachment { depth_slice: ops.depth_slice },
        )?;
        self.check_attachment_format(&selection, AccessRole::ColorAttachment)?;
        let (resource, view, region) = texture_parts(selection);
        let access = self.write(AccessRole::ColorAttachment, resource, view, region, WriteContents::Overwrite);
        self.push(access.with_contents(ops.loads(), ops.stores()))
    }

    fn record_color(&mut self, access: AccessId, ops: ColorAttachmentOps, resolve: Option<AccessId>) {
        if K::KIND == NodeKind::Render {
            self.frame.rec.colors.push(ColorTarget { access, ops, resolve });
        }
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
        let before = self.frame.rec.accesses.len();
        let source = self.color(source.into(), ops)?;
        let resolve = self
            .frame
            .texture_selection(Some(&self.pass), resolve_target.into(), TextureRule::Attachment { depth_slice: None })
            .and_then(|selection| {
                self.check_attachment_format(&selection, AccessRole::ColorAttachment)?;
                let (resource, view, region) = texture_parts(selection);
                self.push(self.write(AccessRole::ColorAttachment, resource, view, region, WriteContents::Overwrite))
            });
        match resolve {
            Ok(resolve) => {
                self.record_color(source, ops, Some(resolve));
                Ok(self.token(source))
            }
            Err(error) => {
                self.roll_back(before);
                Err(error)
            }
        }
    }

    fn depth(
        &mut self,
        target: TextureTarget<'frame>,
        ops: Option<DepthAttachmentOps>,
    ) -> Result<AccessToken<'frame, DepthAttachment>> {
        if K::KIND == NodeKind::Render && self.depth.is_some() {
            return Err(FrameGraphError::InvalidNodeOperation {
                pass: self.pass.clone(),
                resource: None,
                message: "a render pass has at most one depth attachment".into(),
            });
        }
        let selection =
            self.frame.texture_selection(Some(&self.pass), target, TextureRule::Attachment { depth_slice: None })?;
        self.check_attachment_format(&selection, AccessRole::DepthAttachment)?;
        let (resource, view, region) = texture_parts(selection);
        let access = match ops {
            Some(ops) => self
                .write(AccessRole::DepthAttachment, resource, view, region, WriteContents::Overwrite)
                .with_contents(ops.loads(), ops.stores()),
            None => self.read(AccessRole::DepthAttachment, resource, view, region),
        };
        let access = self.push(access)?;
        if K::KIND == NodeKind::Render {
            self.depth = Some(DepthTarget { access, ops });
        }
        Ok(self.token(access))
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

    /// Closes the node with `work`; on failure poisons the recording.
    fn close(
        mut self,
        work: impl FnOnce(&Self) -> Result<NodeWork>,
        callback: Option<Callback<'frame>>,
    ) -> Result<PassId> {
        self.open = false;
        let result = check_label(&self.pass.label, "pass").and_then(|()| work(&self));
        let work = match result {
            Ok(work) => work,
            Err(error) => {
                self.discard();
                self.frame.rec.poison(error.clone());
                return Err(error);
            }
        };
        let rec = &mut self.frame.rec;
        if matches!(work, NodeWork::External) {
            rec.externals.push(self.pass.id);
        }
        let accesses = self.accesses_start..table_len(rec.accesses.len());
        push_built(&mut rec.nodes, || NodeRecord::new(accesses, work, self.group, self.side_effect));
        let label = std::mem::take(&mut self.pass.label);
        rec.node_labels.push_built(|| label);
        if self.side_effect {
            rec.side_effects.push(self.pass.id);
        }
        if let Some(callback) = callback {
            rec.callbacks.resize_with(self.pass.id.index(), || None);
            push_built(&mut rec.callbacks, || Some(callback));
        }
        let id = self.pass.id;
        // Closed, and with its label moved into the recording, the builder
        // owns nothing: skip its drop, which would only check that.
        std::mem::forget(self);
        Ok(id)
    }

    /// Removes everything this builder added to the shared tables.
    fn discard(&mut self) {
        self.frame.rec.accesses.truncate(self.accesses_start as usize);
        self.frame.rec.colors.truncate(self.colors_start as usize);
        self.frame.rec.copies.truncate(self.copies_start as usize);
        self.frame.rec.clears.truncate(self.clears_start as usize);
    }

    fn render_work(&self) -> Result<NodeWork> {
        let colors = self.colors_start..table_len(self.frame.rec.colors.len());
        if colors.is_empty() && self.depth.is_none() {
            return Err(FrameGraphError::InvalidNodeOperation {
                pass: self.pass.clone(),
                resource: None,
                message: "a render pass needs at least one color or depth attachment".into(),
            });
        }
        Ok(NodeWork::Render { colors, depth: self.depth })
    }

    fn kind_work(&self) -> Result<NodeWork> {
        Ok(match K::KIND {
            NodeKind::Render => return self.render_work(),
            NodeKind::Compute => NodeWork::Compute,
            NodeKind::Copy => NodeWork::Copy { ops: self.copies_start..table_len(self.frame.rec.copies.len()) },
            NodeKind::ClearBuffer => {
                NodeWork::ClearBuffer { ops: self.clears_start..table_len(self.frame.rec.clears.len()) }
            }
            NodeKind::Command => NodeWork::Command,
            _ => NodeWork::External,
        })
    }

    /// Abandons the node after a failed declaration made on its behalf: drops
    /// what it declared and poisons the recording with `error`, which it returns.
    pub(crate) fn abort(mut self, error: FrameGraphError) -> FrameGraphError {
        self.open = false;
        self.discard();
        self.frame.rec.poison(error.clone());
        error
    }

    /// Closes the node without a callback. A retained render, compute, command
    /// or external node closed this way fails at execution with FG4004; it is
    /// meant for CPU-only planning. Copy nodes execute their recorded copies.
    ///
    /// Returns the node's id. A render pass without an attachment fails with
    /// FG1106 and a blank label with FG2009; either failure poisons the
    /// recording, and [`Frame::compile`] returns the same error.
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
        self.close(Self::kind_work, None)
    }
}

impl<'frame> PassBuilder<'_, 'frame, kind::Render> {
    /// Closes the render pass with the callback that draws. The runtime begins
    /// the pass with the declared attachments and hands it to the callback.
    ///
    /// The pass needs at least one color or depth attachment (FG1106) and a
    /// label that is not blank (FG2009); a failure poisons the recording and
    /// drops the callback. A depth-only pass, such as a shadow map, is valid:
    ///
    /// ```
    /// use zenfg_runtime::wgpu::TextureFormat;
    /// use zenfg_runtime::{CompileOptions, DepthAttachmentOps, FrameGraph, RootReason, TextureDesc};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let shadow = frame.create_texture(TextureDesc::new_2d("shadow-map", 2048, 2048, TextureFormat::Depth32Float))?;
    /// let mut pass = frame.render_pass("shadows");
    /// let _ = pass.depth_attachment(shadow, DepthAttachmentOps::clear_store(1.0))?;
    /// pass.finish_render(|_ctx| {
    ///     // Set a pipeline and draw the casters through ctx.pass.
    ///     Ok(())
    /// })?;
    /// frame.mark_texture_root(shadow, RootReason::DebugCapture)?;
    /// assert_eq!(frame.compile(CompileOptions::default())?.retained_node_count(), 1);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn finish_render<F>(self, callback: F) -> Result<PassId>
    where
        F: for<'e> FnOnce(RenderPassContext<'e>) -> Result<()> + 'frame,
    {
        self.close(Self::render_work, Some(Callback::Render(Box::new(callback))))
    }
}

impl<'frame> PassBuilder<'_, 'frame, kind::Compute> {
    /// Closes the compute pass with the callback that dispatches. The callback
    /// runs when the node executes, and never if the node is culled: its
    /// captures are then dropped at compile. A blank label fails with FG2009
    /// and poisons the recording.
    ///
    /// Here on wgpu's no-op device:
    ///
    /// ```
    /// use std::cell::Cell;
    /// use std::rc::Rc;
    /// use zenfg_runtime::{CompileOptions, FrameGraph};
    /// # let (device, queue) = wgpu::Device::noop(&Default::default());
    /// let mut graph = FrameGraph::with_device(&device);
    /// let mut frame = graph.begin_frame();
    /// let runs = Rc::new(Cell::new(0));
    /// for (label, side_effect) in [("simulate", true), ("unused", false)] {
    ///     let runs = Rc::clone(&runs);
    ///     let mut pass = frame.compute_pass(label);
    ///     pass.set_side_effect(side_effect);
    ///     pass.finish_compute(move |_ctx| {
    ///         // Set a pipeline and dispatch through ctx.pass.
    ///         runs.set(runs.get() + 1);
    ///         Ok(())
    ///     })?;
    /// }
    /// let compiled = frame.compile(CompileOptions::default())?;
    /// assert_eq!(compiled.retained_node_count(), 1);
    /// compiled.execute(&queue)?;
    /// assert_eq!(runs.get(), 1);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn finish_compute<F>(self, callback: F) -> Result<PassId>
    where
        F: for<'e> FnOnce(ComputePassContext<'e>) -> Result<()> + 'frame,
    {
        self.close(|_| Ok(NodeWork::Compute), Some(Callback::Compute(Box::new(callback))))
    }
}

impl<'frame> PassBuilder<'_, 'frame, kind::Command> {
    /// Closes the node with a callback that records into the graph-owned
    /// encoder (it must not finish or submit it). Command passes are
    /// side-effecting by default, so they are retained without a root unless
    /// [`set_side_effect`](Self::set_side_effect) turns that off.
    ///
    /// ```
    /// use zenfg_runtime::{CompileOptions, FrameGraph};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// frame.command_pass("kept").finish_command(|_ctx| Ok(()))?;
    /// let mut optional = frame.command_pass("optional");
    /// optional.set_side_effect(false);
    /// optional.finish_command(|_ctx| Ok(()))?;
    /// assert_eq!(frame.compile(CompileOptions::default())?.retained_node_count(), 1);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn finish_command<F>(self, callback: F) -> Result<PassId>
    where
        F: for<'e> FnOnce(CommandContext<'e>) -> Result<()> + 'frame,
    {
        self.close(|_| Ok(NodeWork::Command), Some(Callback::Command(Box::new(callback))))
    }
}

impl<'frame> PassBuilder<'_, 'frame, kind::External> {
    /// Closes the node with a callback that submits its own work on the
    /// shared queue before returning. The node ends the graph segment before
    /// it and runs in a segment of its own.
    ///
    /// ```
    /// use zenfg_runtime::{CompileOptions, ExecutionSegmentKind as Segment, FrameGraph};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// frame.command_pass("before").finish_command(|_ctx| Ok(()))?;
    /// frame.external_submission("third-party").finish_external(|_ctx| Ok(()))?;
    /// frame.command_pass("after").finish_command(|_ctx| Ok(()))?;
    /// let compiled = frame.compile(CompileOptions::default())?;
    /// let kinds: Vec<_> = compiled.execution_segments().iter().map(|segment| segment.kind).collect();
    /// assert_eq!(kinds, [Segment::FrameGraph, Segment::ExternalSubmission, Segment::FrameGraph]);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn finish_external<F>(self, callback: F) -> Result<PassId>
    where
        F: for<'e> FnOnce(ExternalSubmissionContext<'e>) -> Result<()> + 'frame,
    {
        self.close(|_| Ok(NodeWork::External), Some(Callback::External(Box::new(callback))))
    }
}

impl<'frame> PassBuilder<'_, 'frame, kind::Copy> {
    fn invalid_copy(&self, resource: crate::ids::ResourceId, message: String) -> FrameGraphError {
        FrameGraphError::InvalidNodeOperation {
            pass: self.pass.clone(),
            resource: Some(self.frame.rec.resource_ref(resource)),
            message,
        }
    }

    /// Pushes the accesses of one copy and its op, or nothing at all.
    fn record_copy(&mut self, accesses: [AccessRecord; 2], op: CopyOp) -> Result<&mut Self> {
        let before = self.frame.rec.accesses.len();
        for access in accesses {
            if let Err(error) = self.push(access) {
                self.roll_back(before);
                return Err(error);
            }
        }
        self.frame.rec.copies.push(op);
        Ok(self)
    }

    fn texture_point(
        &self,
        location: TextureCopyLocation<'frame>,
        size: Extent3d,
    ) -> Result<(TexturePoint, super::copy::TextureCopyRegion)> {
        self.frame.check_brand_in(Some(&self.pass), location.texture.brand)?;
        let id = location.texture.id;
        let desc = self.frame.rec.texture_desc(id);
        let region = texture_copy_region(desc, location.mip_level, location.origin, location.aspect, size)
            .map_err(|message| self.invalid_copy(id, message))?;
        let point =
            TexturePoint { texture: id, mip_level: location.mip_level, origin: location.origin, aspect: region.aspect };
        Ok((point, region))
    }

    /// Copies `size` bytes between buffers. The destination range is
    /// overwritten. A zero-size copy is still encoded but affects no contents.
    pub fn copy_buffer_to_buffer(
        &mut self,
        src: Buffer<'frame>,
        src_offset: u64,
        dst: Buffer<'frame>,
        dst_offset: u64,
        size: u64,
    ) -> Result<&mut Self> {
        let src_region = self.frame.buffer_region(Some(&self.pass), src, BufferRange::new(src_offset, Some(size)))?;
        let dst_region = self.frame.buffer_region(Some(&self.pass), dst, BufferRange::new(dst_offset, Some(size)))?;
        let effect = size > 0;
        self.record_copy(
            [
                self.read(AccessRole::BufferCopySrc, src.id, None, src_region).with_graph_effect(effect),
                self.write(AccessRole::BufferCopyDst, dst.id, None, dst_region, WriteContents::Overwrite)
                    .with_graph_effect(effect),
            ],
            CopyOp::BufferToBuffer { src: src.id, src_offset, dst: dst.id, dst_offset, size },
        )
    }

    /// Copies texel rows from a buffer into a texture region. The region is
    /// overwritten when it covers whole (block-rounded) slices, else preserved.
    pub fn copy_buffer_to_texture(
        &mut self,
        src: BufferTextureCopyLocation<'frame>,
        dst: TextureCopyLocation<'frame>,
        size: Extent3d,
    ) -> Result<&mut Self> {
        self.frame.check_brand_in(Some(&self.pass), src.buffer.brand)?;
        let (point, region) = self.texture_point(dst, size)?;
        let buffer_size = self.frame.rec.facts[src.buffer.id.index()].buffer_size().unwrap_or(0);
        let footprint = buffer_footprint(self.frame.rec.texture_desc(point.texture), src.layout, size, buffer_size)
            .map_err(|message| self.invalid_copy(point.texture, message))?;
        let effect = !is_empty_copy(size);
        let contents = if region.whole_slices { WriteContents::Overwrite } else { WriteContents::Preserve };
        self.record_copy(
            [
                self.read(
                    AccessRole::BufferCopySrc,
                    src.buffer.id,
                    None,
                    Region::Buffer { offset: footprint.offset, end: footprint.end },
                )
                .with_graph_effect(effect),
                self.write(AccessRole::TextureCopyDst, point.texture, None, Region::Texture(region.region), contents)
                    .with_graph_effect(effect),
            ],
            CopyOp::BufferToTexture { src: src.buffer.id, layout: src.layout, dst: point, size },
        )
    }

    /// Copies a texture region into texel rows of a buffer. The buffer range
    /// is overwritten when tightly packed; padding between rows or images
    /// keeps its old bytes, so the range is preserved (and must be defined).
    ///
    /// ```
    /// use zenfg_runtime::wgpu::{Extent3d, TexelCopyBufferLayout, TextureFormat};
    /// use zenfg_runtime::{
    ///     BufferDesc, BufferRange, BufferTextureCopyLocation, CompileOptions, FrameGraph, ImportTextureOptions,
    ///     InitialContents, RootReason, TextureCopyLocation, TextureDesc,
    /// };
    /// let mut graph = FrameGraph::new();
    /// let size = Extent3d { width: 64, height: 4, depth_or_array_layers: 1 };
    /// for (bytes_per_row, compiles) in [(256, true), (512, false)] {
    ///     let mut frame = graph.begin_frame();
    ///     let desc = TextureDesc::new_2d("image", 64, 4, TextureFormat::Rgba8Unorm);
    ///     let image = frame.import_texture(desc, ImportTextureOptions::new(InitialContents::Defined))?;
    ///     let staging = frame.create_buffer(BufferDesc::new("staging", 2048))?;
    ///     let layout = TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(bytes_per_row), rows_per_image: None };
    ///     let mut copy = frame.copy_pass("download");
    ///     copy.copy_texture_to_buffer(
    ///         TextureCopyLocation::new(image),
    ///         BufferTextureCopyLocation::new(staging, layout),
    ///         size,
    ///     )?;
    ///     copy.finish()?;
    ///     let rows = u64::from(bytes_per_row) * 3 + 256;
    ///     frame.mark_buffer_root(staging, BufferRange::new(0, Some(rows)), RootReason::Output)?;
    ///     // Padded rows keep the staging buffer's undefined bytes between them.
    ///     let result = frame.compile(CompileOptions::default());
    ///     assert_eq!(result.is_ok(), compiles);
    ///     if let Err(error) = result {
    ///         assert_eq!(error.code(), "FG1002");
    ///     }
    /// }
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn copy_texture_to_buffer(
        &mut self,
        src: TextureCopyLocation<'frame>,
        dst: BufferTextureCopyLocation<'frame>,
        size: Extent3d,
    ) -> Result<&mut Self> {
        self.frame.check_brand_in(Some(&self.pass), dst.buffer.brand)?;
        let (point, region) = self.texture_point(src, size)?;
        let buffer_size = self.frame.rec.facts[dst.buffer.id.index()].buffer_size().unwrap_or(0);
        let footprint = buffer_footprint(self.frame.rec.texture_desc(point.texture), dst.layout, size, buffer_size)
            .map_err(|message| self.invalid_copy(point.texture, message))?;
        let effect = !is_empty_copy(size);
        let contents = if footprint.tightly_packed { WriteContents::Overwrite } else { WriteContents::Preserve };
        self.record_copy(
            [
                self.read(AccessRole::TextureCopySrc, point.texture, None, Region::Texture(region.region))
                    .with_graph_effect(effect),
                self.write(
                    AccessRole::BufferCopyDst,
                    dst.buffer.id,
                    None,
                    Region::Buffer { offset: footprint.offset, end: footprint.end },
                    contents,
                )
                .with_graph_effect(effect),
            ],
            CopyOp::TextureToBuffer { src: point, dst: dst.buffer.id, layout: dst.layout, size },
        )
    }

    /// Copies a texture region into another texture. The destination is
    /// overwritten when it covers whole slices, else preserved.
    pub fn copy_texture_to_texture(
        &mut self,
        src: TextureCopyLocation<'frame>,
        dst: TextureCopyLocation<'frame>,
        size: Extent3d,
    ) -> Result<&mut Self> {
        let (src_point, src_region) = self.texture_point(src, size)?;
        let (dst_point, dst_region) = self.texture_point(dst, size)?;
        let effect = !is_empty_copy(size);
        let contents = if dst_region.whole_slices { WriteContents::Overwrite } else { WriteContents::Preserve };
        self.record_copy(
            [
                self.read(AccessRole::TextureCopySrc, src_point.texture, None, Region::Texture(src_region.region))
                    .with_graph_effect(effect),
                self.write(
                    AccessRole::TextureCopyDst,
                    dst_point.texture,
                    None,
                    Region::Texture(dst_region.region),
                    contents,
                )
                .with_graph_effect(effect),
            ],
            CopyOp::TextureToTexture { src: src_point, dst: dst_point, size },
        )
    }
}

impl<'frame> PassBuilder<'_, 'frame, kind::ClearBuffer> {
    pub(crate) fn label(&self) -> &Label {
        &self.pass.label
    }

    /// Declares one zero-fill: an overwrite of its (non-empty) range.
    pub(crate) fn clear(&mut self, op: ClearBufferOp<'frame>) -> Result<()> {
        let region = self.frame.buffer_region(Some(&self.pass), op.target, op.range)?;
        let Region::Buffer { offset, end } = region else {
            return Err(FrameGraphError::internal("a buffer range resolved to a texture region"));
        };
        if offset == end {
            return Err(FrameGraphError::InvalidNodeOperation {
                pass: self.pass.clone(),
                resource: Some(self.frame.rec.resource_ref(op.target.id)),
                message: format!("the clear of {} is empty; remove it or give it a size", op.range),
            });
        }
        self.push(self.write(AccessRole::BufferCopyDst, op.target.id, None, region, WriteContents::Overwrite))?;
        self.frame.rec.clears.push(ClearOp { buffer: op.target.id, offset, size: end - offset });
        Ok(())
    }

    /// Drops the node and everything it declared, without poisoning.
    pub(crate) fn abandon(mut self) {
        self.discard();
        self.open = false;
    }
}

impl<K: PassKind> Drop for PassBuilder<'_, '_, K> {
    fn drop(&mut self) {
        if self.open {
            self.discard();
            let error = FrameGraphError::UnclosedPass { pass: self.pass.clone() };
            self.frame.rec.poison(error);
        }
    }
}

/// Table lengths fit in `u32`: every push goes through `next_index`.
fn table_len(len: usize) -> u32 {
    u32::try_from(len).unwrap_or(u32::MAX)
}
