//! What each view can be used for, as sealed traits: a view used in a way
//! its role forbids is a compile error that names the attribute to use.

use wgpu::{BindingResource, IndexFormat};

use crate::error::{FrameGraphError, Result};

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
    /// The native buffer, the offset of the arguments and the bytes the
    /// view declares.
    fn indirect_args(&self) -> (&'cx wgpu::Buffer, u64, u64);
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
capability!(AsIndirectArgs::indirect_args -> (&'cx wgpu::Buffer, u64, u64) {
    IndirectBufferView => |v| (v.bytes.buffer, v.bytes.offset, v.bytes.size);
    BrokenView => |v| v.never();
});

fn refused(message: String) -> FrameGraphError {
    FrameGraphError::DrawRefused { pass: None, message }
}

/// FG4017 for a view of `what` at `offset`, off the `alignment` wgpu binds
/// it at.
fn check_alignment(what: &str, offset: u64, alignment: u64) -> Result<()> {
    if offset.is_multiple_of(alignment) {
        return Ok(());
    }
    Err(refused(format!(
        "the {what} view starts at byte {offset}, and wgpu takes it at multiples of {alignment} bytes; declare \
         its slice at such an offset"
    )))
}

/// The buffer and offset of `args` arguments of `bytes` bytes in `view`,
/// FG4017 when the view is off 4 bytes or smaller than the arguments.
fn indirect<'cx>(view: &impl AsIndirectArgs<'cx>, args: &str, bytes: u64) -> Result<(&'cx wgpu::Buffer, u64)> {
    let (buffer, offset, size) = view.indirect_args();
    check_alignment("`#[indirect]`", offset, 4)?;
    if size < bytes {
        return Err(refused(format!(
            "{args} read {bytes} bytes of arguments, and the `#[indirect]` view declares {size}; declare a slice of \
             at least {bytes} bytes"
        )));
    }
    Ok((buffer, offset))
}

/// Draw calls of a render pass that take views of a derived pass.
///
/// Each fails with FG4017, recording nothing, where wgpu would refuse the
/// call: a vertex view that starts off 4 bytes, an index view off its
/// format's index size, indirect arguments off 4 bytes or larger than
/// their view.
pub trait RenderPassExt<'cx> {
    /// Binds a `#[vertex]` view to vertex buffer `slot`.
    ///
    /// # Errors
    ///
    /// FG4017 when the view does not start at a multiple of
    /// [`wgpu::VERTEX_ALIGNMENT`].
    fn set_vertex_view(&mut self, slot: u32, view: &impl AsVertexSlice<'cx>) -> Result<()>;
    /// Binds an `#[index]` view as the index buffer.
    ///
    /// # Errors
    ///
    /// FG4017 when the view does not start at a multiple of the index size
    /// of `format`.
    fn set_index_view(&mut self, view: &impl AsIndexSlice<'cx>, format: IndexFormat) -> Result<()>;
    /// Draws with arguments read from an `#[indirect]` view.
    ///
    /// # Errors
    ///
    /// FG4017 when the view does not start at a multiple of 4 or holds fewer
    /// than the 16 bytes of [`wgpu::util::DrawIndirectArgs`].
    fn draw_indirect_view(&mut self, view: &impl AsIndirectArgs<'cx>) -> Result<()>;
    /// Draws indexed with arguments read from an `#[indirect]` view.
    ///
    /// # Errors
    ///
    /// FG4017 when the view does not start at a multiple of 4 or holds fewer
    /// than the 20 bytes of [`wgpu::util::DrawIndexedIndirectArgs`].
    fn draw_indexed_indirect_view(&mut self, view: &impl AsIndirectArgs<'cx>) -> Result<()>;
}

impl<'cx> RenderPassExt<'cx> for wgpu::RenderPass<'_> {
    fn set_vertex_view(&mut self, slot: u32, view: &impl AsVertexSlice<'cx>) -> Result<()> {
        let slice = view.vertex_slice();
        check_alignment("`#[vertex]`", slice.offset(), wgpu::VERTEX_ALIGNMENT)?;
        self.set_vertex_buffer(slot, slice);
        Ok(())
    }

    fn set_index_view(&mut self, view: &impl AsIndexSlice<'cx>, format: IndexFormat) -> Result<()> {
        let slice = view.index_slice();
        check_alignment("`#[index]`", slice.offset(), format.byte_size() as u64)?;
        self.set_index_buffer(slice, format);
        Ok(())
    }

    fn draw_indirect_view(&mut self, view: &impl AsIndirectArgs<'cx>) -> Result<()> {
        let (buffer, offset) = indirect(view, "indirect draws", 16)?;
        self.draw_indirect(buffer, offset);
        Ok(())
    }

    fn draw_indexed_indirect_view(&mut self, view: &impl AsIndirectArgs<'cx>) -> Result<()> {
        let (buffer, offset) = indirect(view, "indexed indirect draws", 20)?;
        self.draw_indexed_indirect(buffer, offset);
        Ok(())
    }
}

/// Dispatches of a compute pass that take views of a derived pass.
pub trait ComputePassExt<'cx> {
    /// Dispatches with workgroup counts read from an `#[indirect]` view.
    ///
    /// # Errors
    ///
    /// FG4017, recording nothing, when the view does not start at a multiple
    /// of 4 or holds fewer than the 12 bytes of
    /// [`wgpu::util::DispatchIndirectArgs`].
    fn dispatch_indirect_view(&mut self, view: &impl AsIndirectArgs<'cx>) -> Result<()>;
}

impl<'cx> ComputePassExt<'cx> for wgpu::ComputePass<'_> {
    fn dispatch_indirect_view(&mut self, view: &impl AsIndirectArgs<'cx>) -> Result<()> {
        let (buffer, offset) = indirect(view, "indirect dispatches", 12)?;
        self.dispatch_workgroups_indirect(buffer, offset);
        Ok(())
    }
}
