//! The view that the do-nothing implementation emitted beside
//! `#[derive(Pass)]` errors gives a field whose view is not known: it has the
//! methods and capabilities of every view, so that the callback's uses of the
//! field add no errors to the macro's. No value of it exists.

use std::convert::Infallible;
use std::marker::PhantomData;
use std::ops::Range;

use wgpu::{Extent3d, TextureFormat};

/// The view of a field of a pass with `#[derive(Pass)]` errors.
pub struct BrokenView<'cx> {
    never: Infallible,
    _cx: PhantomData<&'cx ()>,
}

impl<'cx> BrokenView<'cx> {
    /// A value of any type: there is no view to take it from.
    pub(crate) fn never<T>(&self) -> T {
        match self.never {}
    }

    /// As the `extent` of the texture views.
    #[must_use]
    pub fn extent(&self) -> Extent3d {
        self.never()
    }

    /// As the `format` of the texture views.
    #[must_use]
    pub fn format(&self) -> TextureFormat {
        self.never()
    }

    /// As the `mip_levels` of the texture views.
    #[must_use]
    pub fn mip_levels(&self) -> Range<u32> {
        self.never()
    }

    /// As the `array_layers` of the texture views.
    #[must_use]
    pub fn array_layers(&self) -> Range<u32> {
        self.never()
    }

    /// As the `sample_count` of the texture views.
    #[must_use]
    pub fn sample_count(&self) -> u32 {
        self.never()
    }

    /// As the `attachment` of the attachment views of command and external
    /// passes, whichever attachment the caller expects.
    #[must_use]
    pub fn attachment<T>(&self) -> T {
        self.never()
    }

    /// As the `texture_unchecked` of the texture views.
    #[must_use]
    pub fn texture_unchecked(&self) -> &'cx wgpu::Texture {
        self.never()
    }

    /// As the `texture_view_unchecked` of the texture views.
    #[must_use]
    pub fn texture_view_unchecked(&self) -> &'cx wgpu::TextureView {
        self.never()
    }

    /// As the `offset` of the buffer views.
    #[must_use]
    pub fn offset(&self) -> u64 {
        self.never()
    }

    /// As the `size` of the buffer views.
    #[must_use]
    pub fn size(&self) -> u64 {
        self.never()
    }

    /// As the `buffer_unchecked` of the buffer views.
    #[must_use]
    pub fn buffer_unchecked(&self) -> &'cx wgpu::Buffer {
        self.never()
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
