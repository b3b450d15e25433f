//! Bindings of derived passes: the bind groups the runtime builds from a
//! pass's fields, what each view and outside-graph field binds, and the
//! layouts a caller creates its pipelines with.

use std::marker::PhantomData;

use wgpu::BindingResource;

pub use crate::binding::BindGroupTable;
use crate::binding::BindingSource;
use crate::context::TextureBinding;

use super::views::{
    SampledTextureView, StorageBufferReadView, StorageBufferWriteView, StorageTextureReadView, StorageTextureWriteView,
    UniformBufferView,
};

/// The bind groups of a derived pass, one per group its fields bind, built by
/// the runtime from the pass's own views and outside-graph fields and kept
/// across executions. Like every view, they borrow the execution.
pub struct BindGroups<'cx, const N: usize> {
    groups: [(u32, wgpu::BindGroup); N],
    _cx: PhantomData<&'cx ()>,
}

impl<const N: usize> BindGroups<'_, N> {
    pub(crate) fn new(groups: [(u32, wgpu::BindGroup); N]) -> Self {
        Self { groups, _cx: PhantomData }
    }

    /// The bind group of `group` (`@group(N)`), if the pass binds that group.
    #[must_use]
    pub fn get(&self, group: u32) -> Option<&wgpu::BindGroup> {
        self.groups.iter().find(|(index, _)| *index == group).map(|(_, bind_group)| bind_group)
    }

    /// Every group index with its bind group, in group order.
    pub fn iter(&self) -> impl Iterator<Item = (u32, &wgpu::BindGroup)> {
        self.groups.iter().map(|(index, bind_group)| (*index, bind_group))
    }

    /// Sets every bind group of the pass on `pass`, at its group index.
    pub fn set(&self, pass: &mut impl SetBindGroups) {
        for (index, bind_group) in &self.groups {
            pass.set_group(*index, bind_group);
        }
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for wgpu::ComputePass<'_> {}
    impl Sealed for wgpu::RenderPass<'_> {}
    impl Sealed for wgpu::RenderBundleEncoder<'_> {}
}

/// A pass or encoder the bind groups of a derived pass can be set on.
pub trait SetBindGroups: sealed::Sealed {
    /// Sets `bind_group` at `index`, without dynamic offsets.
    fn set_group(&mut self, index: u32, bind_group: &wgpu::BindGroup);
}

impl SetBindGroups for wgpu::ComputePass<'_> {
    fn set_group(&mut self, index: u32, bind_group: &wgpu::BindGroup) {
        self.set_bind_group(index, bind_group, &[]);
    }
}

impl SetBindGroups for wgpu::RenderPass<'_> {
    fn set_group(&mut self, index: u32, bind_group: &wgpu::BindGroup) {
        self.set_bind_group(index, bind_group, &[]);
    }
}

impl SetBindGroups for wgpu::RenderBundleEncoder<'_> {
    fn set_group(&mut self, index: u32, bind_group: &wgpu::BindGroup) {
        self.set_bind_group(index, bind_group, &[]);
    }
}

/// A view of a bound field: what its bind group entry binds.
pub trait Bindable<'cx> {
    /// The entry's resource.
    fn binding_source(&self) -> BindingSource<'cx>;
}

fn texture_source(texture: TextureBinding<'_>) -> BindingSource<'_> {
    BindingSource {
        resource: BindingResource::TextureView(texture.view),
        texture: Some(texture.texture),
        frame_scoped: texture.frame_scoped,
    }
}

macro_rules! bindable_textures {
    ($($view:ident),*) => {$(
        impl<'cx> Bindable<'cx> for $view<'cx> {
            fn binding_source(&self) -> BindingSource<'cx> {
                texture_source(self.texture)
            }
        }
    )*};
}

bindable_textures!(SampledTextureView, StorageTextureReadView, StorageTextureWriteView);

macro_rules! bindable_buffers {
    ($($view:ident),*) => {$(
        impl<'cx> Bindable<'cx> for $view<'cx> {
            fn binding_source(&self) -> BindingSource<'cx> {
                BindingSource::plain(self.bytes.binding())
            }
        }
    )*};
}

bindable_buffers!(UniformBufferView, StorageBufferReadView, StorageBufferWriteView);
