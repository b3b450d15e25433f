//! Role-specific views: what a derived pass's callback receives for each field.
//!
//! Each view exposes what its role allows and nothing more: bindings go
//! through the pass's bind groups or the `As*Binding` traits, vertex, index
//! and indirect buffers through [`RenderPassExt`](super::RenderPassExt) and
//! [`ComputePassExt`](super::ComputePassExt), copies through
//! [`CommandEncoderExt`](super::CommandEncoderExt), attachments of command
//! and external passes through `attachment()`. What a view says of its
//! resource (extent, format, mips and layers; offset and size) is plain
//! data. The native objects are reachable only through methods whose name
//! ends in `_unchecked`: past them the graph can no longer tell what the pass
//! does. Every view borrows the execution for `'cx`, so neither it nor what
//! it hands out can leave the callback.

use std::num::NonZeroU64;
use std::ops::Range;

use wgpu::{BindingResource, BufferBinding, Extent3d, LoadOp, Operations, StoreOp, TextureFormat};

use crate::context::{Subresources, TextureBinding};
use crate::ops::{
    AttachmentStoreOp, ColorAttachmentLoadOp, ColorAttachmentOps, DepthAttachmentLoadOp, DepthAttachmentOps,
};

/// The texture of a copy access and the subresources it declared.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CopyTexture<'cx> {
    pub texture: &'cx wgpu::Texture,
    pub subresources: Subresources,
}

/// A texture declared `#[sampled]`: its planned view, for a sampled binding.
#[derive(Clone, Copy, Debug)]
pub struct SampledTextureView<'cx> {
    pub(crate) texture: TextureBinding<'cx>,
}

/// A texture declared `#[storage_read]`: a read-only storage binding.
#[derive(Clone, Copy, Debug)]
pub struct StorageTextureReadView<'cx> {
    pub(crate) texture: TextureBinding<'cx>,
}

/// A texture declared `#[storage_write(..)]`: a writable storage binding.
#[derive(Clone, Copy, Debug)]
pub struct StorageTextureWriteView<'cx> {
    pub(crate) texture: TextureBinding<'cx>,
}

/// A color attachment declared by a command or external pass, which begins
/// its own render pass: [`attachment`](Self::attachment) attaches it with the
/// declared load and store.
#[derive(Clone, Copy, Debug)]
pub struct ColorAttachmentView<'cx> {
    pub(crate) texture: TextureBinding<'cx>,
    pub(crate) ops: ColorAttachmentOps,
}

/// A writable depth attachment declared by a command or external pass:
/// [`attachment`](Self::attachment) attaches it with the declared load and
/// store.
#[derive(Clone, Copy, Debug)]
pub struct DepthAttachmentView<'cx> {
    pub(crate) texture: TextureBinding<'cx>,
    pub(crate) ops: DepthAttachmentOps,
}

/// A depth attachment declared `#[depth_read]` by a command or external
/// pass: [`attachment`](Self::attachment) attaches it read-only, so the pass
/// can test against it but neither clear nor write it.
#[derive(Clone, Copy, Debug)]
pub struct DepthReadView<'cx> {
    pub(crate) texture: TextureBinding<'cx>,
}

/// An attachment of a render pass: the runtime binds it when the pass begins,
/// so the callback gets nothing to misuse.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoundAttachment;

/// A texture declared `#[copy_src]`: the source of copies recorded with
/// [`CommandEncoderExt`](super::CommandEncoderExt).
#[derive(Clone, Copy, Debug)]
pub struct TextureCopySrcView<'cx> {
    pub(crate) texture: CopyTexture<'cx>,
}

/// A texture declared `#[copy_dst(..)]`: the destination of copies recorded
/// with [`CommandEncoderExt`](super::CommandEncoderExt).
#[derive(Clone, Copy, Debug)]
pub struct TextureCopyDstView<'cx> {
    pub(crate) texture: CopyTexture<'cx>,
}

/// The extent of mip `mip` of `texture`, with the layer count of `subresources`.
fn extent_at(texture: &wgpu::Texture, subresources: Subresources) -> Extent3d {
    let size = texture.size().mip_level_size(subresources.base_mip, texture.dimension());
    Extent3d { depth_or_array_layers: subresources.layer_count, ..size }
}

macro_rules! texture_facts {
    ($($view:ident),*) => {$(
        impl<'cx> $view<'cx> {
            /// The extent of the first declared mip; `depth_or_array_layers`
            /// counts the declared layers (of a 3D texture, its depth slices).
            #[must_use]
            pub fn extent(&self) -> Extent3d {
                extent_at(self.texture.texture, self.texture.subresources)
            }

            /// The format the pass sees the texture in: a view's format, or
            /// the texture's own.
            #[must_use]
            pub fn format(&self) -> TextureFormat {
                self.texture.subresources.format
            }

            /// The declared mip levels.
            #[must_use]
            pub fn mip_levels(&self) -> Range<u32> {
                let sub = self.texture.subresources;
                sub.base_mip..sub.base_mip + sub.mip_count
            }

            /// The declared array layers (of a 3D texture, the depth slices of
            /// the first declared mip).
            #[must_use]
            pub fn array_layers(&self) -> Range<u32> {
                let sub = self.texture.subresources;
                sub.base_layer..sub.base_layer + sub.layer_count
            }

            /// The texture's sample count.
            #[must_use]
            pub fn sample_count(&self) -> u32 {
                self.texture.texture.sample_count()
            }

            /// The native texture, for code outside zenfg.
            ///
            /// Unchecked: the graph knows only of the declared role on
            /// [`mip_levels`](Self::mip_levels) and
            /// [`array_layers`](Self::array_layers). Anything recorded with the
            /// texture beyond that (another subresource, another use, a write
            /// through a read) is neither ordered nor synchronised by the graph,
            /// and its contents checks no longer describe the texture.
            #[must_use]
            pub fn texture_unchecked(&self) -> &'cx wgpu::Texture {
                self.texture.texture
            }
        }
    )*};
}

texture_facts!(
    SampledTextureView,
    StorageTextureReadView,
    StorageTextureWriteView,
    ColorAttachmentView,
    DepthAttachmentView,
    DepthReadView,
    TextureCopySrcView,
    TextureCopyDstView
);

macro_rules! planned_view {
    ($($view:ident),*) => {$(
        impl<'cx> $view<'cx> {
            /// The planned native view of the declared subresources, for code
            /// outside zenfg.
            ///
            /// Unchecked: a native view carries no role, so the graph cannot
            /// tell a sampled use from a storage write or an attachment
            /// through it; whatever it is used for beyond the declared role is
            /// neither ordered nor synchronised, and contents checks no longer
            /// describe the texture.
            #[must_use]
            pub fn texture_view_unchecked(&self) -> &'cx wgpu::TextureView {
                self.texture.view
            }
        }
    )*};
}

planned_view!(
    SampledTextureView,
    StorageTextureReadView,
    StorageTextureWriteView,
    ColorAttachmentView,
    DepthAttachmentView,
    DepthReadView
);

fn store_op(store: AttachmentStoreOp) -> StoreOp {
    match store {
        AttachmentStoreOp::Store => StoreOp::Store,
        AttachmentStoreOp::Discard => StoreOp::Discard,
    }
}

impl<'cx> ColorAttachmentView<'cx> {
    /// The attachment, with the load, store and depth slice the field
    /// declared and no resolve target, for `begin_render_pass`.
    #[must_use]
    pub fn attachment(&self) -> wgpu::RenderPassColorAttachment<'cx> {
        let load = match self.ops.load {
            ColorAttachmentLoadOp::Load => LoadOp::Load,
            ColorAttachmentLoadOp::Clear(color) => LoadOp::Clear(color),
        };
        wgpu::RenderPassColorAttachment {
            view: self.texture.view,
            depth_slice: self.ops.depth_slice,
            resolve_target: None,
            ops: Operations { load, store: store_op(self.ops.store) },
        }
    }
}

impl<'cx> DepthAttachmentView<'cx> {
    /// The attachment, with the depth load and store the field declared, for
    /// `begin_render_pass`.
    #[must_use]
    pub fn attachment(&self) -> wgpu::RenderPassDepthStencilAttachment<'cx> {
        let load = match self.ops.load {
            DepthAttachmentLoadOp::Load => LoadOp::Load,
            DepthAttachmentLoadOp::Clear(depth) => LoadOp::Clear(depth),
        };
        wgpu::RenderPassDepthStencilAttachment {
            view: self.texture.view,
            depth_ops: Some(Operations { load, store: store_op(self.ops.store) }),
            stencil_ops: None,
        }
    }
}

impl<'cx> DepthReadView<'cx> {
    /// The attachment, read-only (no depth or stencil operations), for
    /// `begin_render_pass`.
    #[must_use]
    pub fn attachment(&self) -> wgpu::RenderPassDepthStencilAttachment<'cx> {
        wgpu::RenderPassDepthStencilAttachment { view: self.texture.view, depth_ops: None, stencil_ops: None }
    }
}

/// The declared bytes of a buffer: the native buffer, offset and size.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BufferBytes<'cx> {
    pub buffer: &'cx wgpu::Buffer,
    pub offset: u64,
    pub size: u64,
}

impl<'cx> BufferBytes<'cx> {
    pub(crate) fn binding(self) -> BindingResource<'cx> {
        BindingResource::Buffer(BufferBinding {
            buffer: self.buffer,
            offset: self.offset,
            size: NonZeroU64::new(self.size),
        })
    }

    pub(crate) fn slice(self) -> wgpu::BufferSlice<'cx> {
        self.buffer.slice(self.offset..self.offset + self.size)
    }
}

macro_rules! buffer_views {
    ($($(#[$doc:meta])* $view:ident;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $view<'cx> {
            pub(crate) bytes: BufferBytes<'cx>,
        }

        impl<'cx> $view<'cx> {
            /// The first declared byte.
            #[must_use]
            pub fn offset(&self) -> u64 {
                self.bytes.offset
            }

            /// How many bytes are declared.
            #[must_use]
            pub fn size(&self) -> u64 {
                self.bytes.size
            }

            /// The native buffer, for code outside zenfg; the declared bytes
            /// are `offset()..offset() + size()`.
            ///
            /// Unchecked: the graph knows only of the declared role on the
            /// declared bytes. Anything recorded with the buffer beyond that
            /// (other bytes, another use, a write through a read) is neither
            /// ordered nor synchronised by the graph, and its contents checks
            /// no longer describe the buffer.
            #[must_use]
            pub fn buffer_unchecked(&self) -> &'cx wgpu::Buffer {
                self.bytes.buffer
            }
        }
    )*};
}

buffer_views! {
    /// A buffer declared `#[uniform]`: a uniform binding of the declared bytes.
    UniformBufferView;
    /// A buffer declared `#[storage_read]`: a read-only storage binding.
    StorageBufferReadView;
    /// A buffer declared `#[storage_write(..)]`: a writable storage binding.
    StorageBufferWriteView;
    /// A buffer declared `#[vertex]`: a vertex buffer, for
    /// [`RenderPassExt::set_vertex_view`](super::RenderPassExt::set_vertex_view).
    VertexBufferView;
    /// A buffer declared `#[index]`: an index buffer, for
    /// [`RenderPassExt::set_index_view`](super::RenderPassExt::set_index_view).
    IndexBufferView;
    /// A buffer declared `#[indirect]`: arguments of indirect draws or
    /// dispatches, for the `*_indirect_view` methods of
    /// [`RenderPassExt`](super::RenderPassExt) and [`ComputePassExt`](super::ComputePassExt).
    IndirectBufferView;
    /// A buffer declared `#[copy_src]`: the source of copies recorded with
    /// [`CommandEncoderExt`](super::CommandEncoderExt).
    BufferCopySrcView;
    /// A buffer declared `#[copy_dst(..)]`: the destination of copies
    /// recorded with [`CommandEncoderExt`](super::CommandEncoderExt).
    BufferCopyDstView;
}

#[cfg(all(test, feature = "noop"))]
mod tests {
    use wgpu::{BindingResource, BufferDescriptor, BufferUsages};

    use super::{BufferBytes, IndirectBufferView, UniformBufferView, VertexBufferView};
    use crate::derive::capability::{AsIndirectArgs, AsUniformBinding, AsVertexSlice};

    #[test]
    fn buffer_views_hand_out_exactly_the_declared_bytes() {
        let (device, _queue) = wgpu::Device::noop(&wgpu::DeviceDescriptor::default());
        let buffer = device.create_buffer(&BufferDescriptor {
            label: Some("views"),
            size: 256,
            usage: BufferUsages::UNIFORM | BufferUsages::VERTEX | BufferUsages::INDIRECT,
            mapped_at_creation: false,
        });
        let bytes = BufferBytes { buffer: &buffer, offset: 64, size: 32 };
        let uniform = UniformBufferView { bytes };
        match uniform.uniform_binding() {
            BindingResource::Buffer(binding) => {
                assert_eq!((binding.offset, binding.size.map(u64::from)), (64, Some(32)));
            }
            _ => panic!("a uniform view binds a buffer"),
        }
        assert_eq!(VertexBufferView { bytes }.vertex_slice().size(), 32);
        let (_, offset, size) = IndirectBufferView { bytes }.indirect_args();
        assert_eq!((offset, size), (64, 32));
        assert_eq!((uniform.offset(), uniform.size()), (64, 32));
    }
}
