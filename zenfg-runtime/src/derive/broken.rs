//! The view that the do-nothing implementation emitted beside
//! `#[derive(Pass)]` errors gives a field whose view is not known: it has the
//! methods and capabilities of every view, so that the callback's uses of the
//! field add no errors to the macro's. No value of it exists.

use std::convert::Infallible;
use std::marker::PhantomData;

use wgpu::{BindingResource, Origin3d, TexelCopyTextureInfo};

/// The view of a field of a pass with `#[derive(Pass)]` errors.
pub struct BrokenView<'cx> {
    never: Infallible,
    _cx: PhantomData<&'cx ()>,
}

impl<'cx> BrokenView<'cx> {
    /// As [`SampledTextureView::view`](super::SampledTextureView::view).
    #[must_use]
    pub fn view(&self) -> &'cx wgpu::TextureView {
        match self.never {}
    }

    /// As the `binding` of the texture and buffer views.
    #[must_use]
    pub fn binding(&self) -> BindingResource<'cx> {
        match self.never {}
    }

    /// As the `texture` of the texture copy views.
    #[must_use]
    pub fn texture(&self) -> &'cx wgpu::Texture {
        match self.never {}
    }

    /// As the `location` of the texture copy views.
    #[must_use]
    pub fn location(&self, _mip_level: u32, _origin: Origin3d) -> TexelCopyTextureInfo<'cx> {
        match self.never {}
    }

    /// As the `offset` of the buffer views.
    #[must_use]
    pub fn offset(&self) -> u64 {
        match self.never {}
    }

    /// As the `size` of the buffer views.
    #[must_use]
    pub fn size(&self) -> u64 {
        match self.never {}
    }

    /// As the `slice` of the vertex and index buffer views.
    #[must_use]
    pub fn slice(&self) -> wgpu::BufferSlice<'cx> {
        match self.never {}
    }

    /// As the `buffer` of the indirect and copy buffer views.
    #[must_use]
    pub fn buffer(&self) -> &'cx wgpu::Buffer {
        match self.never {}
    }
}

/// The bind groups of a pass with `#[derive(Pass)]` errors: they have the
/// methods of [`BindGroups`](super::BindGroups), so that the callback's uses
/// add no errors of its own. No value of it exists.
pub struct BrokenBindGroups<'cx> {
    never: Infallible,
    _cx: PhantomData<&'cx ()>,
}

impl BrokenBindGroups<'_> {
    /// As [`BindGroups::get`](super::BindGroups::get).
    #[must_use]
    pub fn get(&self, _group: u32) -> Option<&wgpu::BindGroup> {
        match self.never {}
    }

    /// As [`BindGroups::set`](super::BindGroups::set).
    pub fn set(&self, _pass: &mut impl super::SetBindGroups) {
        match self.never {}
    }
}
