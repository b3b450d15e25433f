//! Attachment operations, copy locations and clear operations.

use wgpu::{Color, Origin3d, TexelCopyBufferLayout, TextureAspect};

use crate::desc::BufferRange;
use crate::handle::{Buffer, Texture};

/// What a color attachment holds when the pass begins.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ColorAttachmentLoadOp {
    /// Keep the previous contents (they must be defined).
    Load,
    /// Clear to a color: the pass overwrites the attachment.
    Clear(Color),
}

/// What a depth attachment holds when the pass begins.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum DepthAttachmentLoadOp {
    /// Keep the previous contents (they must be defined).
    Load,
    /// Clear to a depth value: the pass overwrites the attachment.
    Clear(f32),
}

/// Whether an attachment's contents survive the pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttachmentStoreOp {
    /// The pass produces a value later passes may read.
    Store,
    /// The contents are undefined after the pass.
    Discard,
}

/// Load and store operations of a color attachment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ColorAttachmentOps {
    /// Load operation.
    pub load: ColorAttachmentLoadOp,
    /// Store operation.
    pub store: AttachmentStoreOp,
    /// The depth slice rendered to, required for (and only allowed with) 3D textures.
    pub depth_slice: Option<u32>,
}

impl ColorAttachmentOps {
    /// Clear to `color`, store the result.
    #[must_use]
    pub const fn clear_store(color: Color) -> Self {
        Self { load: ColorAttachmentLoadOp::Clear(color), store: AttachmentStoreOp::Store, depth_slice: None }
    }

    /// Load the previous contents, store the result.
    #[must_use]
    pub const fn load_store() -> Self {
        Self { load: ColorAttachmentLoadOp::Load, store: AttachmentStoreOp::Store, depth_slice: None }
    }

    /// Clear to `color`, discard the result.
    #[must_use]
    pub const fn clear_discard(color: Color) -> Self {
        Self { load: ColorAttachmentLoadOp::Clear(color), store: AttachmentStoreOp::Discard, depth_slice: None }
    }

    /// Load the previous contents, discard the result.
    #[must_use]
    pub const fn load_discard() -> Self {
        Self { load: ColorAttachmentLoadOp::Load, store: AttachmentStoreOp::Discard, depth_slice: None }
    }

    /// The same operations on depth slice `slice` of a 3D texture.
    #[must_use]
    pub const fn with_depth_slice(mut self, slice: u32) -> Self {
        self.depth_slice = Some(slice);
        self
    }

    pub(crate) const fn loads(&self) -> bool {
        matches!(self.load, ColorAttachmentLoadOp::Load)
    }

    pub(crate) const fn stores(&self) -> bool {
        matches!(self.store, AttachmentStoreOp::Store)
    }
}

/// Load and store operations of a writable depth attachment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DepthAttachmentOps {
    /// Load operation.
    pub load: DepthAttachmentLoadOp,
    /// Store operation.
    pub store: AttachmentStoreOp,
}

impl DepthAttachmentOps {
    /// Clear to `depth`, store the result.
    #[must_use]
    pub const fn clear_store(depth: f32) -> Self {
        Self { load: DepthAttachmentLoadOp::Clear(depth), store: AttachmentStoreOp::Store }
    }

    /// Load the previous contents, store the result.
    #[must_use]
    pub const fn load_store() -> Self {
        Self { load: DepthAttachmentLoadOp::Load, store: AttachmentStoreOp::Store }
    }

    /// Clear to `depth`, discard the result.
    #[must_use]
    pub const fn clear_discard(depth: f32) -> Self {
        Self { load: DepthAttachmentLoadOp::Clear(depth), store: AttachmentStoreOp::Discard }
    }

    /// Load the previous contents, discard the result.
    #[must_use]
    pub const fn load_discard() -> Self {
        Self { load: DepthAttachmentLoadOp::Load, store: AttachmentStoreOp::Discard }
    }

    pub(crate) const fn loads(&self) -> bool {
        matches!(self.load, DepthAttachmentLoadOp::Load)
    }

    pub(crate) const fn stores(&self) -> bool {
        matches!(self.store, AttachmentStoreOp::Store)
    }
}

/// One zero-fill of a buffer range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClearBufferOp<'frame> {
    /// The buffer.
    pub target: Buffer<'frame>,
    /// The bytes to zero; must not be empty.
    pub range: BufferRange,
}

impl<'frame> ClearBufferOp<'frame> {
    /// Zero `range` of `target`.
    #[must_use]
    pub const fn new(target: Buffer<'frame>, range: BufferRange) -> Self {
        Self { target, range }
    }
}

/// A texture subresource and origin taking part in a copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextureCopyLocation<'frame> {
    /// The texture.
    pub texture: Texture<'frame>,
    /// The mip level.
    pub mip_level: u32,
    /// The first texel (z selects the first layer or depth slice).
    pub origin: Origin3d,
    /// `All`, or `DepthOnly` for depth formats.
    pub aspect: TextureAspect,
}

impl<'frame> TextureCopyLocation<'frame> {
    /// Mip 0 from the origin, every aspect.
    #[must_use]
    pub const fn new(texture: Texture<'frame>) -> Self {
        Self { texture, mip_level: 0, origin: Origin3d::ZERO, aspect: TextureAspect::All }
    }

    /// The same location at `mip_level`.
    #[must_use]
    pub const fn with_mip(mut self, mip_level: u32) -> Self {
        self.mip_level = mip_level;
        self
    }

    /// The same location from `origin`.
    #[must_use]
    pub const fn with_origin(mut self, origin: Origin3d) -> Self {
        self.origin = origin;
        self
    }
}

/// A buffer and the layout of texel rows in it, taking part in a copy.
#[derive(Clone, Copy, Debug)]
pub struct BufferTextureCopyLocation<'frame> {
    /// The buffer.
    pub buffer: Buffer<'frame>,
    /// Offset, bytes per row and rows per image.
    pub layout: TexelCopyBufferLayout,
}

impl<'frame> BufferTextureCopyLocation<'frame> {
    /// `buffer` with `layout`.
    #[must_use]
    pub const fn new(buffer: Buffer<'frame>, layout: TexelCopyBufferLayout) -> Self {
        Self { buffer, layout }
    }
}
