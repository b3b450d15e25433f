//! Role-specific views: what a derived pass's callback receives for each field.
//!
//! Each view exposes what its role allows and nothing more. Every view borrows
//! the execution for `'cx`, so neither it nor what it hands out can leave the
//! callback.

use std::num::NonZeroU64;

use wgpu::{BindingResource, BufferBinding, Origin3d, TexelCopyTextureInfo, TextureAspect};

use crate::context::TextureBinding;

/// A texture declared `#[sampled]`: its planned view, for a sampled binding.
#[derive(Clone, Copy, Debug)]
pub struct SampledTextureView<'cx> {
    pub(crate) texture: TextureBinding<'cx>,
}

impl<'cx> SampledTextureView<'cx> {
    /// The declared subresources in the declared format.
    #[must_use]
    pub fn view(&self) -> &'cx wgpu::TextureView {
        self.texture.view
    }

    /// The view as a bind group resource.
    #[must_use]
    pub fn binding(&self) -> BindingResource<'cx> {
        BindingResource::TextureView(self.texture.view)
    }
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

macro_rules! storage_texture_methods {
    ($($view:ident),*) => {$(
        impl<'cx> $view<'cx> {
            /// The declared mip as a storage binding.
            #[must_use]
            pub fn binding(&self) -> BindingResource<'cx> {
                BindingResource::TextureView(self.texture.view)
            }
        }
    )*};
}

storage_texture_methods!(StorageTextureReadView, StorageTextureWriteView);

macro_rules! bound_texture_methods {
    ($($view:ident),*) => {$(
        impl<'cx> $view<'cx> {
            /// The native texture the view is of, for its size, format and
            /// sample count (to size a dispatch, say).
            #[must_use]
            pub fn texture(&self) -> &'cx wgpu::Texture {
                self.texture.texture
            }
        }
    )*};
}

bound_texture_methods!(SampledTextureView, StorageTextureReadView, StorageTextureWriteView);

/// An attachment of a render pass: the runtime binds it when the pass begins,
/// so the callback gets nothing to misuse.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoundAttachment;

/// An attachment declared by a command or external pass, which begins its
/// own render pass: the view to attach.
#[derive(Clone, Copy, Debug)]
pub struct AttachmentView<'cx> {
    pub(crate) view: &'cx wgpu::TextureView,
}

impl<'cx> AttachmentView<'cx> {
    /// The declared mip and layer, to use as a render pass attachment.
    #[must_use]
    pub fn view(&self) -> &'cx wgpu::TextureView {
        self.view
    }
}

/// A texture declared `#[copy_src]`: the source of copies the callback records.
#[derive(Clone, Copy, Debug)]
pub struct TextureCopySrcView<'cx> {
    pub(crate) texture: &'cx wgpu::Texture,
}

/// A texture declared `#[copy_dst(..)]`: the destination of copies the
/// callback records.
#[derive(Clone, Copy, Debug)]
pub struct TextureCopyDstView<'cx> {
    pub(crate) texture: &'cx wgpu::Texture,
}

macro_rules! texture_copy_methods {
    ($($view:ident),*) => {$(
        impl<'cx> $view<'cx> {
            /// The native texture.
            #[must_use]
            pub fn texture(&self) -> &'cx wgpu::Texture {
                self.texture
            }

            /// A copy location at `mip_level` from `origin`, every aspect.
            #[must_use]
            pub fn location(&self, mip_level: u32, origin: Origin3d) -> TexelCopyTextureInfo<'cx> {
                TexelCopyTextureInfo { texture: self.texture, mip_level, origin, aspect: TextureAspect::All }
            }
        }
    )*};
}

texture_copy_methods!(TextureCopySrcView, TextureCopyDstView);

/// The declared bytes of a buffer: the native buffer, offset and size.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BufferBytes<'cx> {
    pub buffer: &'cx wgpu::Buffer,
    pub offset: u64,
    pub size: u64,
}

impl<'cx> BufferBytes<'cx> {
    fn binding(self) -> BindingResource<'cx> {
        BindingResource::Buffer(BufferBinding {
            buffer: self.buffer,
            offset: self.offset,
            size: NonZeroU64::new(self.size),
        })
    }

    fn slice(self) -> wgpu::BufferSlice<'cx> {
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

        impl $view<'_> {
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
    /// A buffer declared `#[vertex]`: a slice for `set_vertex_buffer`.
    VertexBufferView;
    /// A buffer declared `#[index]`: a slice for `set_index_buffer`.
    IndexBufferView;
    /// A buffer declared `#[indirect]`: arguments of indirect draws or dispatches.
    IndirectBufferView;
    /// A buffer declared `#[copy_src]`: the source of copies the callback records.
    BufferCopySrcView;
    /// A buffer declared `#[copy_dst(..)]`: the destination of copies the callback records.
    BufferCopyDstView;
}

macro_rules! binding_method {
    ($($view:ident),*) => {$(
        impl<'cx> $view<'cx> {
            /// The declared bytes as a bind group resource.
            #[must_use]
            pub fn binding(&self) -> BindingResource<'cx> {
                self.bytes.binding()
            }
        }
    )*};
}

binding_method!(UniformBufferView, StorageBufferReadView, StorageBufferWriteView);

macro_rules! slice_method {
    ($($view:ident),*) => {$(
        impl<'cx> $view<'cx> {
            /// The declared bytes as a buffer slice.
            #[must_use]
            pub fn slice(&self) -> wgpu::BufferSlice<'cx> {
                self.bytes.slice()
            }
        }
    )*};
}

slice_method!(VertexBufferView, IndexBufferView);

macro_rules! copy_buffer_method {
    ($($view:ident),*) => {$(
        impl<'cx> $view<'cx> {
            /// The native buffer; copy within `offset()..offset() + size()`.
            #[must_use]
            pub fn buffer(&self) -> &'cx wgpu::Buffer {
                self.bytes.buffer
            }
        }
    )*};
}

copy_buffer_method!(IndirectBufferView, BufferCopySrcView, BufferCopyDstView);

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
        let (_, offset) = IndirectBufferView { bytes }.indirect_args();
        assert_eq!(offset, 64);
        assert_eq!((uniform.offset(), uniform.size()), (64, 32));
    }
}
