//! What each view can be used for, as sealed traits: a view used in a way
//! its role forbids is a compile error that names the attribute to use.

use wgpu::{BindingResource, IndexFormat};

use super::broken::BrokenView;
use super::views::{
    IndexBufferView, IndirectBufferView, SampledTextureView, StorageBufferReadView, StorageBufferWriteView,
    StorageTextureReadView, StorageTextureWriteView, UniformBufferView, VertexBufferView,
};

mod sealed {
    pub trait Sealed {}
}

/// A view that binds as a sampled texture.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be bound as a sampled texture",
    label = "not declared `#[sampled]`",
    note = "declare the field with `#[sampled]` to sample it"
)]
pub trait AsSampledBinding<'cx>: sealed::Sealed {
    /// The bind group resource.
    fn sampled_binding(&self) -> BindingResource<'cx>;
}

/// A view that binds as read-only storage (a texture or buffer).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be bound as read-only storage",
    label = "not declared `#[storage_read]`",
    note = "declare the field with `#[storage_read]` to read it through a storage binding"
)]
pub trait AsStorageReadBinding<'cx>: sealed::Sealed {
    /// The bind group resource.
    fn storage_read_binding(&self) -> BindingResource<'cx>;
}

/// A view that binds as writable storage (a texture or buffer).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be bound as writable storage",
    label = "not declared `#[storage_write(..)]`",
    note = "declare the field with `#[storage_write(overwrite)]` or `#[storage_write(preserve)]` to write it \
            through a storage binding"
)]
pub trait AsStorageWriteBinding<'cx>: sealed::Sealed {
    /// The bind group resource.
    fn storage_write_binding(&self) -> BindingResource<'cx>;
}

/// A view that binds as a uniform buffer.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be bound as a uniform buffer",
    label = "not declared `#[uniform]`",
    note = "declare the field with `#[uniform]` to bind it as uniforms"
)]
pub trait AsUniformBinding<'cx>: sealed::Sealed {
    /// The bind group resource.
    fn uniform_binding(&self) -> BindingResource<'cx>;
}

/// A view usable as a vertex buffer.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be used as a vertex buffer",
    label = "not declared `#[vertex]`",
    note = "declare the field with `#[vertex]` to draw from it"
)]
pub trait AsVertexSlice<'cx>: sealed::Sealed {
    /// The declared bytes.
    fn vertex_slice(&self) -> wgpu::BufferSlice<'cx>;
}

/// A view usable as an index buffer.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be used as an index buffer",
    label = "not declared `#[index]`",
    note = "declare the field with `#[index]` to draw indexed from it"
)]
pub trait AsIndexSlice<'cx>: sealed::Sealed {
    /// The declared bytes.
    fn index_slice(&self) -> wgpu::BufferSlice<'cx>;
}

/// A view usable as indirect draw or dispatch arguments.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be used as indirect arguments",
    label = "not declared `#[indirect]`",
    note = "declare the field with `#[indirect]` to draw or dispatch indirectly from it"
)]
pub trait AsIndirectArgs<'cx>: sealed::Sealed {
    /// The native buffer and the offset of the arguments.
    fn indirect_args(&self) -> (&'cx wgpu::Buffer, u64);
}

macro_rules! sealed {
    ($($view:ident),*) => {$(
        impl sealed::Sealed for $view<'_> {}
    )*};
}

sealed!(
    SampledTextureView,
    StorageTextureReadView,
    StorageTextureWriteView,
    StorageBufferReadView,
    StorageBufferWriteView,
    UniformBufferView,
    VertexBufferView,
    IndexBufferView,
    IndirectBufferView,
    BrokenView
);

macro_rules! capability {
    ($trait:ident :: $method:ident -> $out:ty { $($view:ident => |$v:ident| $body:expr;)* }) => {$(
        #[diagnostic::do_not_recommend]
        impl<'cx> $trait<'cx> for $view<'cx> {
            fn $method(&self) -> $out {
                let $v = self;
                $body
            }
        }
    )*};
}

capability!(AsSampledBinding::sampled_binding -> BindingResource<'cx> {
    SampledTextureView => |v| BindingResource::TextureView(v.texture.view);
    BrokenView => |v| v.never();
});
capability!(AsStorageReadBinding::storage_read_binding -> BindingResource<'cx> {
    StorageTextureReadView => |v| BindingResource::TextureView(v.texture.view);
    StorageBufferReadView => |v| v.bytes.binding();
    BrokenView => |v| v.never();
});
capability!(AsStorageWriteBinding::storage_write_binding -> BindingResource<'cx> {
    StorageTextureWriteView => |v| BindingResource::TextureView(v.texture.view);
    StorageBufferWriteView => |v| v.bytes.binding();
    BrokenView => |v| v.never();
});
capability!(AsUniformBinding::uniform_binding -> BindingResource<'cx> {
    UniformBufferView => |v| v.bytes.binding();
    BrokenView => |v| v.never();
});
capability!(AsVertexSlice::vertex_slice -> wgpu::BufferSlice<'cx> {
    VertexBufferView => |v| v.bytes.slice();
    BrokenView => |v| v.never();
});
capability!(AsIndexSlice::index_slice -> wgpu::BufferSlice<'cx> {
    IndexBufferView => |v| v.bytes.slice();
    BrokenView => |v| v.never();
});
capability!(AsIndirectArgs::indirect_args -> (&'cx wgpu::Buffer, u64) {
    IndirectBufferView => |v| (v.bytes.buffer, v.offset());
    BrokenView => |v| v.never();
});

/// Draw calls of a render pass that take views of a derived pass.
pub trait RenderPassExt<'cx> {
    /// Binds a `#[vertex]` view to vertex buffer `slot`.
    fn set_vertex_view(&mut self, slot: u32, view: &impl AsVertexSlice<'cx>);
    /// Binds an `#[index]` view as the index buffer.
    fn set_index_view(&mut self, view: &impl AsIndexSlice<'cx>, format: IndexFormat);
    /// Draws with arguments read from an `#[indirect]` view.
    fn draw_indirect_view(&mut self, view: &impl AsIndirectArgs<'cx>);
    /// Draws indexed with arguments read from an `#[indirect]` view.
    fn draw_indexed_indirect_view(&mut self, view: &impl AsIndirectArgs<'cx>);
}

impl<'cx> RenderPassExt<'cx> for wgpu::RenderPass<'_> {
    fn set_vertex_view(&mut self, slot: u32, view: &impl AsVertexSlice<'cx>) {
        self.set_vertex_buffer(slot, view.vertex_slice());
    }

    fn set_index_view(&mut self, view: &impl AsIndexSlice<'cx>, format: IndexFormat) {
        self.set_index_buffer(view.index_slice(), format);
    }

    fn draw_indirect_view(&mut self, view: &impl AsIndirectArgs<'cx>) {
        let (buffer, offset) = view.indirect_args();
        self.draw_indirect(buffer, offset);
    }

    fn draw_indexed_indirect_view(&mut self, view: &impl AsIndirectArgs<'cx>) {
        let (buffer, offset) = view.indirect_args();
        self.draw_indexed_indirect(buffer, offset);
    }
}

/// Dispatches of a compute pass that take views of a derived pass.
pub trait ComputePassExt<'cx> {
    /// Dispatches with workgroup counts read from an `#[indirect]` view.
    fn dispatch_indirect_view(&mut self, view: &impl AsIndirectArgs<'cx>);
}

impl<'cx> ComputePassExt<'cx> for wgpu::ComputePass<'_> {
    fn dispatch_indirect_view(&mut self, view: &impl AsIndirectArgs<'cx>) {
        let (buffer, offset) = view.indirect_args();
        self.dispatch_workgroups_indirect(buffer, offset);
    }
}
