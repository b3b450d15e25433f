//! What a callback receives when its node executes.
//!
//! Every context borrows the execution for `'e`, a lifetime chosen by the
//! runtime for each call: the context, the pass or encoder in it, and every
//! native object resolved through it cannot escape the callback.

use crate::binding::{BindGroupTable, BindingSource};
use crate::error::Result;
use crate::handle::RecordingIdentity;
use crate::ids::{AccessId, PassId};
use crate::token::{AccessToken, BufferAccessMarker, TextureAccessMarker, TextureViewAccessMarker};

/// What an execution resolves tokens against. Execution implements it; the
/// contexts, which recordings store callbacks for, only name it.
///
/// Every method checks the token's recording (FG2001), then that `pass`
/// declared it while `executing` runs (FG4005).
pub(crate) trait Resolve<'e> {
    fn buffer(
        &self,
        executing: PassId,
        identity: RecordingIdentity,
        pass: PassId,
        access: AccessId,
    ) -> Result<&'e wgpu::Buffer>;

    /// The buffer with the offset and size of the declared bytes.
    fn buffer_bytes(
        &self,
        executing: PassId,
        identity: RecordingIdentity,
        pass: PassId,
        access: AccessId,
    ) -> Result<(&'e wgpu::Buffer, u64, u64)>;

    fn texture(
        &self,
        executing: PassId,
        identity: RecordingIdentity,
        pass: PassId,
        access: AccessId,
    ) -> Result<&'e wgpu::Texture>;

    fn texture_view(
        &self,
        executing: PassId,
        identity: RecordingIdentity,
        pass: PassId,
        access: AccessId,
    ) -> Result<&'e wgpu::TextureView>;

    /// The texture of a copy access with the subresources it declared.
    fn texture_region(
        &self,
        executing: PassId,
        identity: RecordingIdentity,
        pass: PassId,
        access: AccessId,
    ) -> Result<(&'e wgpu::Texture, Subresources)>;

    /// The planned view with its texture, as a bind group binds it.
    fn texture_binding(
        &self,
        executing: PassId,
        identity: RecordingIdentity,
        pass: PassId,
        access: AccessId,
    ) -> Result<TextureBinding<'e>>;

    /// The bind group of `table` binding `sources`, from the runtime's cache.
    fn bind_group(
        &self,
        executing: PassId,
        table: &'static BindGroupTable,
        sources: &[BindingSource<'_>],
    ) -> Result<wgpu::BindGroup>;
}

/// A texture access resolved for binding: the planned view, its texture, the
/// subresources the view covers, and whether it is a surface texture's, which
/// lives one frame.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TextureBinding<'e> {
    pub view: &'e wgpu::TextureView,
    pub texture: &'e wgpu::Texture,
    pub subresources: Subresources,
    pub frame_scoped: bool,
}

/// The subresources of a texture an access declared, and the format it sees
/// them in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Subresources {
    pub format: wgpu::TextureFormat,
    pub base_mip: u32,
    pub mip_count: u32,
    pub base_layer: u32,
    /// Array layers, or depth slices of the first mip of a 3D texture.
    pub layer_count: u32,
}

/// Resolves the access tokens of the executing node to native objects.
#[derive(Clone, Copy)]
pub struct ExecutionResources<'e> {
    pub(crate) table: &'e dyn Resolve<'e>,
    pub(crate) pass: PassId,
}

impl<'e> ExecutionResources<'e> {
    /// The native buffer behind a buffer token. Transient buffers are pooled
    /// objects valid only during this callback.
    ///
    /// Fails with FG2001 for a token of another runtime or recording, FG4005
    /// for a token of another pass.
    ///
    /// Here on wgpu's no-op device, with an imported buffer:
    ///
    /// ```
    /// use std::cell::Cell;
    /// use std::rc::Rc;
    /// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, ImportBufferOptions, InitialContents};
    /// # let (device, queue) = wgpu::Device::noop(&Default::default());
    /// # let native = device.create_buffer(&wgpu::BufferDescriptor {
    /// #     label: Some("state"), size: 256, usage: wgpu::BufferUsages::STORAGE, mapped_at_creation: false,
    /// # });
    /// let mut graph = FrameGraph::with_device(&device);
    /// let mut frame = graph.begin_frame();
    /// let defined = ImportBufferOptions::new(InitialContents::Defined);
    /// let state = frame.import_buffer(BufferDesc::new("state", 256), defined)?;
    /// frame.bind_imported_buffer(state, &native)?;
    ///
    /// let mut first = frame.compute_pass("first");
    /// let first_token = first.storage_buffer_read(state, BufferRange::whole())?;
    /// first.set_side_effect(true);
    /// first.finish_compute(|_ctx| Ok(()))?;
    ///
    /// let checked = Rc::new(Cell::new(false));
    /// let done = Rc::clone(&checked);
    /// let expected = native.clone();
    /// let mut second = frame.compute_pass("second");
    /// let token = second.storage_buffer_read(state, BufferRange::whole())?;
    /// second.set_side_effect(true);
    /// second.finish_compute(move |ctx| {
    ///     // An imported buffer resolves to the native object bound to it.
    ///     assert_eq!(ctx.resources.buffer(token)?, &expected);
    ///     // A token resolves only in the callback of the pass that declared it.
    ///     assert_eq!(ctx.resources.buffer(first_token).unwrap_err().code(), "FG4005");
    ///     done.set(true);
    ///     Ok(())
    /// })?;
    /// frame.compile(CompileOptions::default())?.execute(&queue)?;
    /// assert!(checked.get());
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn buffer<Role: BufferAccessMarker>(&self, token: AccessToken<'_, Role>) -> Result<&'e wgpu::Buffer> {
        self.table.buffer(self.pass, token.brand.identity, token.pass, token.access)
    }

    /// The native buffer behind a buffer token, with the offset and size of
    /// the bytes its access declared.
    pub(crate) fn buffer_bytes<Role: BufferAccessMarker>(
        &self,
        token: AccessToken<'_, Role>,
    ) -> Result<(&'e wgpu::Buffer, u64, u64)> {
        self.table.buffer_bytes(self.pass, token.brand.identity, token.pass, token.access)
    }

    /// The native texture behind a texture token.
    pub fn texture<Role: TextureAccessMarker>(&self, token: AccessToken<'_, Role>) -> Result<&'e wgpu::Texture> {
        self.table.texture(self.pass, token.brand.identity, token.pass, token.access)
    }

    /// The planned view of a texture token: the declared subresources in the
    /// declared format. Copy roles bind no view, so their tokens do not fit.
    pub fn texture_view<Role: TextureViewAccessMarker>(
        &self,
        token: AccessToken<'_, Role>,
    ) -> Result<&'e wgpu::TextureView> {
        self.table.texture_view(self.pass, token.brand.identity, token.pass, token.access)
    }

    /// The texture of a copy token with the subresources it declared.
    pub(crate) fn texture_region<Role: TextureAccessMarker>(
        &self,
        token: AccessToken<'_, Role>,
    ) -> Result<(&'e wgpu::Texture, Subresources)> {
        self.table.texture_region(self.pass, token.brand.identity, token.pass, token.access)
    }

    /// The planned view of a texture token, with its texture, for binding.
    pub(crate) fn texture_binding<Role: TextureViewAccessMarker>(
        &self,
        token: AccessToken<'_, Role>,
    ) -> Result<TextureBinding<'e>> {
        self.table.texture_binding(self.pass, token.brand.identity, token.pass, token.access)
    }

    /// The cached bind group of `table` binding `sources` for this node.
    pub(crate) fn bind_group(
        &self,
        table: &'static BindGroupTable,
        sources: &[BindingSource<'_>],
    ) -> Result<wgpu::BindGroup> {
        self.table.bind_group(self.pass, table, sources)
    }

    /// The node this context executes.
    #[must_use]
    pub fn pass_id(&self) -> PassId {
        self.pass
    }
}

/// Context of a render callback: the pass has begun with the declared
/// attachments and ends when the callback returns.
#[non_exhaustive]
pub struct RenderPassContext<'e> {
    /// The runtime's device.
    pub device: &'e wgpu::Device,
    /// The render pass to record draws into. The runtime owns it and ends it
    /// when the callback returns, so the pass is never moved (a wgpu render
    /// pass is about a kilobyte).
    pub pass: &'e mut wgpu::RenderPass<'static>,
    /// Resolves the node's tokens.
    pub resources: ExecutionResources<'e>,
    /// The frame index given in the execution options; for
    /// [`RepeatableFrame::execute`](crate::RepeatableFrame::execute), the
    /// number of earlier executions of the frame.
    pub frame_index: u64,
}

/// Context of a compute callback.
#[non_exhaustive]
pub struct ComputePassContext<'e> {
    /// The runtime's device.
    pub device: &'e wgpu::Device,
    /// The compute pass to record dispatches into. The runtime owns it and
    /// ends it when the callback returns.
    pub pass: &'e mut wgpu::ComputePass<'static>,
    /// Resolves the node's tokens.
    pub resources: ExecutionResources<'e>,
    /// The frame index given in the execution options; for
    /// [`RepeatableFrame::execute`](crate::RepeatableFrame::execute), the
    /// number of earlier executions of the frame.
    pub frame_index: u64,
}

/// Context of a command callback: record into the graph-owned encoder; do
/// not finish or submit it.
#[non_exhaustive]
pub struct CommandContext<'e> {
    /// The runtime's device.
    pub device: &'e wgpu::Device,
    /// The graph-owned encoder of the current segment.
    pub encoder: &'e mut wgpu::CommandEncoder,
    /// Resolves the node's tokens.
    pub resources: ExecutionResources<'e>,
    /// The frame index given in the execution options; for
    /// [`RepeatableFrame::execute`](crate::RepeatableFrame::execute), the
    /// number of earlier executions of the frame.
    pub frame_index: u64,
}

/// Context of an external submission: submit all declared work on `queue`
/// before returning.
#[non_exhaustive]
pub struct ExternalSubmissionContext<'e> {
    /// The runtime's device.
    pub device: &'e wgpu::Device,
    /// The shared queue.
    pub queue: &'e wgpu::Queue,
    /// Resolves the node's tokens.
    pub resources: ExecutionResources<'e>,
    /// The frame index given in the execution options; for
    /// [`RepeatableFrame::execute`](crate::RepeatableFrame::execute), the
    /// number of earlier executions of the frame.
    pub frame_index: u64,
}
