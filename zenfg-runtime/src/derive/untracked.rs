//! Fields a derived pass binds although the graph does not track them:
//! samplers, and buffers or texture views the workload keeps to itself
//! (weights, parameters, lookup tables). The graph orders nothing by them
//! and manages none of them: their contents and lifetimes stay the caller's.
//! A field holds a reference (`&'f wgpu::Buffer`) or a handle (`wgpu::Buffer`,
//! which the pass clones when it is recorded).

use wgpu::{BindingResource, BufferBinding};

use crate::binding::BindingSource;

macro_rules! untracked_trait {
    ($(#[$doc:meta])* $trait:ident, message = $message:literal, label = $label:literal, note = $note:literal) => {
        $(#[$doc])*
        #[diagnostic::on_unimplemented(message = $message, label = $label, note = $note)]
        pub trait $trait<'frame> {
            /// What the pass keeps of the field until it executes.
            type Kept: 'frame;

            /// Keeps the field's object for the execution.
            fn keep(&self) -> Self::Kept;

            /// What the bind group entry binds.
            fn source(kept: &Self::Kept) -> BindingSource<'_>;
        }
    };
}

untracked_trait! {
    /// `#[sampler]`: a sampler the pass binds.
    SamplerField,
    message = "`#[sampler]` needs `&wgpu::Sampler` or `wgpu::Sampler`, not `{Self}`",
    label = "not a sampler",
    note = "samplers are not graph resources: hold the `wgpu::Sampler` (or a reference to it) in the field"
}

untracked_trait! {
    /// `#[untracked(uniform | storage_read | storage_write)]` on a buffer the
    /// workload owns: bound as a whole.
    UntrackedBufferField,
    message = "`#[untracked]` on a buffer needs `&wgpu::Buffer` or `wgpu::Buffer`, not `{Self}`",
    label = "not a native buffer",
    note = "a buffer the graph tracks is a `Buffer` or `BufferSlice` handle under `#[uniform]`, `#[storage_read]` or \
            `#[storage_write(..)]`, without `#[untracked]`"
}

untracked_trait! {
    /// `#[untracked(sampled | storage_read | storage_write)]` on a texture view
    /// the workload owns.
    UntrackedTextureField,
    message = "`#[untracked]` on a texture needs `&wgpu::TextureView` or `wgpu::TextureView`, not `{Self}`",
    label = "not a native texture view",
    note = "a texture the graph tracks is a `Texture` or `TextureView` handle under `#[sampled]`, `#[storage_read]` \
            or `#[storage_write(..)]`, without `#[untracked]`"
}

macro_rules! untracked_impls {
    ($trait:ident, $native:ty, |$object:ident| $resource:expr) => {
        #[diagnostic::do_not_recommend]
        impl<'frame> $trait<'frame> for &'frame $native {
            type Kept = &'frame $native;

            fn keep(&self) -> Self::Kept {
                *self
            }

            fn source(kept: &Self::Kept) -> BindingSource<'_> {
                let $object: &$native = kept;
                BindingSource::plain($resource)
            }
        }

        #[diagnostic::do_not_recommend]
        impl<'frame> $trait<'frame> for $native {
            type Kept = $native;

            fn keep(&self) -> Self::Kept {
                self.clone()
            }

            fn source(kept: &Self::Kept) -> BindingSource<'_> {
                let $object: &$native = kept;
                BindingSource::plain($resource)
            }
        }
    };
}

untracked_impls!(SamplerField, wgpu::Sampler, |sampler| BindingResource::Sampler(sampler));
untracked_impls!(UntrackedBufferField, wgpu::Buffer, |buffer| BindingResource::Buffer(BufferBinding {
    buffer,
    offset: 0,
    size: None
}));
untracked_impls!(UntrackedTextureField, wgpu::TextureView, |view| BindingResource::TextureView(view));
