//! One trait per field attribute, implemented by the handle types the
//! attribute accepts. The field's type picks the implementation, so texture
//! versus buffer is decided by the type, and an attribute on a handle of the
//! wrong kind is a compile error that says which attribute fits. The traits
//! are sealed: no type outside this crate can implement them.

use crate::context::{ExecutionResources, TextureBinding};
use crate::error::Result;
use crate::handle::{Buffer, BufferSlice, SurfaceTexture, Texture, TextureTarget, TextureView};
use crate::ops::{ColorAttachmentOps, DepthAttachmentOps};
use crate::record::pass::PassBuilder;
use crate::token::kind::AcceptsRole;
use crate::token::{
    AccessMarker, AccessToken, BufferCopyDst, BufferCopySrc, ColorAttachment, DepthAttachment, IndexBuffer,
    IndirectBuffer, SampledTexture, StorageBufferRead, StorageBufferWrite, StorageTextureRead, StorageTextureWrite,
    TextureCopyDst, TextureCopySrc, UniformBuffer, VertexBuffer,
};
use crate::types::{AccessRole, WriteContents};

use super::sealed::Handle;
use super::views::{
    BufferBytes, BufferCopyDstView, BufferCopySrcView, ColorAttachmentView, CopyTexture, DepthAttachmentView,
    DepthReadView, IndexBufferView, IndirectBufferView, SampledTextureView, StorageBufferReadView,
    StorageBufferWriteView, StorageTextureReadView, StorageTextureWriteView, TextureCopyDstView, TextureCopySrcView,
    UniformBufferView, VertexBufferView,
};

/// The bytes a buffer access declared, read at execution from its access.
fn declared_bytes<'cx, Role: crate::token::BufferAccessMarker>(
    resources: &ExecutionResources<'cx>,
    token: AccessToken<'_, Role>,
) -> Result<BufferBytes<'cx>> {
    let (buffer, offset, size) = resources.buffer_bytes(token)?;
    Ok(BufferBytes { buffer, offset, size })
}

/// The planned view of a texture access, for binding or attaching.
fn texture_binding<'cx, Role: crate::token::TextureViewAccessMarker>(
    resources: &ExecutionResources<'cx>,
    token: AccessToken<'_, Role>,
) -> Result<TextureBinding<'cx>> {
    resources.texture_binding(token)
}

/// The texture of a copy access with the subresources it declared.
fn copy_texture<'cx, Role: crate::token::TextureAccessMarker>(
    resources: &ExecutionResources<'cx>,
    token: AccessToken<'_, Role>,
) -> Result<CopyTexture<'cx>> {
    let (texture, subresources) = resources.texture_region(token)?;
    Ok(CopyTexture { texture, subresources })
}

/// Declares one role for a field of the implementing handle type.
macro_rules! field_trait {
    (
        $(#[$doc:meta])*
        $trait:ident, message = $message:literal, label = $label:literal, note = $note:literal,
        declare($($arg:ident: $arg_ty:ty),*)
    ) => {
        $(#[$doc])*
        #[diagnostic::on_unimplemented(message = $message, label = $label, note = $note)]
        pub trait $trait<'frame>: Handle {
            /// The access role this handle type gets under the attribute.
            const ROLE: AccessRole;
            /// The role marker of the declared token.
            type Marker: AccessMarker;
            /// What the declaration keeps for the callback.
            type Declared: Copy + 'frame;
            /// What the callback receives.
            type View<'cx>;

            /// Declares the access on `builder`.
            ///
            /// # Errors
            ///
            /// What the builder method for the role fails with.
            fn declare<K: AcceptsRole<Self::Marker>>(
                self,
                builder: &mut PassBuilder<'_, 'frame, K>,
                $($arg: $arg_ty),*
            ) -> Result<Self::Declared>;

            /// Resolves the declared access when the node executes.
            ///
            /// # Errors
            ///
            /// What resolving the token fails with.
            fn view<'cx>(resources: &ExecutionResources<'cx>, declared: Self::Declared) -> Result<Self::View<'cx>>;
        }
    };
}

field_trait! {
    /// `#[sampled]`: a texture read through a sampled binding.
    SampledField,
    message = "`#[sampled]` needs a texture handle, not `{Self}`",
    label = "not a texture handle",
    note = "`#[sampled]` takes `Texture`, `TextureView` or `SurfaceTexture`; \
            a buffer read by shaders is `#[uniform]` or `#[storage_read]`",
    declare()
}

field_trait! {
    /// `#[storage_read]`: a texture or buffer read through a storage binding.
    StorageReadField,
    message = "`#[storage_read]` needs a texture or buffer handle, not `{Self}`",
    label = "not a handle",
    note = "`#[storage_read]` takes `Texture`, `TextureView`, `SurfaceTexture`, `Buffer` or `BufferSlice`",
    declare()
}

field_trait! {
    /// `#[storage_write(..)]`: a texture or buffer written through a storage binding.
    StorageWriteField,
    message = "`#[storage_write]` needs a texture or buffer handle, not `{Self}`",
    label = "not a handle",
    note = "`#[storage_write]` takes `Texture`, `TextureView`, `SurfaceTexture`, `Buffer` or `BufferSlice`",
    declare(contents: WriteContents)
}

field_trait! {
    /// `#[color_attachment(..)]`: a color target of a render pass.
    ColorAttachmentField,
    message = "`#[color_attachment]` needs a texture handle, not `{Self}`",
    label = "not a texture handle",
    note = "attachments are textures: `Texture`, `TextureView` or `SurfaceTexture`; \
            a buffer written by shaders is `#[storage_write(..)]`",
    declare(ops: ColorAttachmentOps)
}

field_trait! {
    /// `#[depth_attachment(..)]`: the writable depth target of a render pass.
    DepthAttachmentField,
    message = "`#[depth_attachment]` needs a texture handle, not `{Self}`",
    label = "not a texture handle",
    note = "attachments are textures: `Texture`, `TextureView` or `SurfaceTexture`",
    declare(ops: DepthAttachmentOps)
}

field_trait! {
    /// `#[depth_read]`: a read-only depth attachment.
    DepthReadField,
    message = "`#[depth_read]` needs a texture handle, not `{Self}`",
    label = "not a texture handle",
    note = "attachments are textures: `Texture`, `TextureView` or `SurfaceTexture`",
    declare()
}

field_trait! {
    /// `#[copy_src]`: a texture or buffer the callback copies from.
    CopySrcField,
    message = "`#[copy_src]` needs a texture or buffer handle, not `{Self}`",
    label = "not a handle",
    note = "`#[copy_src]` takes `Texture`, `TextureView`, `SurfaceTexture`, `Buffer` or `BufferSlice`",
    declare()
}

field_trait! {
    /// `#[copy_dst(..)]`: a texture or buffer the callback copies into.
    CopyDstField,
    message = "`#[copy_dst]` needs a texture or buffer handle, not `{Self}`",
    label = "not a handle",
    note = "`#[copy_dst]` takes `Texture`, `TextureView`, `SurfaceTexture`, `Buffer` or `BufferSlice`",
    declare(contents: WriteContents)
}

field_trait! {
    /// `#[uniform]`: a buffer read through a uniform binding.
    UniformField,
    message = "`#[uniform]` needs a buffer handle, not `{Self}`",
    label = "not a buffer handle",
    note = "`#[uniform]` takes `Buffer` or `BufferSlice`; a texture read by shaders is `#[sampled]`",
    declare()
}

field_trait! {
    /// `#[vertex]`: a buffer read as vertices.
    VertexField,
    message = "`#[vertex]` needs a buffer handle, not `{Self}`",
    label = "not a buffer handle",
    note = "`#[vertex]` takes `Buffer` or `BufferSlice`",
    declare()
}

field_trait! {
    /// `#[index]`: a buffer read as indices.
    IndexField,
    message = "`#[index]` needs a buffer handle, not `{Self}`",
    label = "not a buffer handle",
    note = "`#[index]` takes `Buffer` or `BufferSlice`",
    declare()
}

field_trait! {
    /// `#[indirect]`: a buffer read as indirect draw or dispatch arguments.
    IndirectField,
    message = "`#[indirect]` needs a buffer handle, not `{Self}`",
    label = "not a buffer handle",
    note = "`#[indirect]` takes `Buffer` or `BufferSlice`",
    declare()
}

/// `#[resolve_target(source = field)]`: the texture a multisampled color
/// attachment is resolved into. It is declared with its source.
#[diagnostic::on_unimplemented(
    message = "`#[resolve_target]` needs a texture handle, not `{Self}`",
    label = "not a texture handle",
    note = "a resolve target is a `Texture`, `TextureView` or `SurfaceTexture`"
)]
pub trait ResolveTargetField<'frame>: Handle {
    /// The role of the resolve access.
    const ROLE: AccessRole;
    /// The role marker of the access the resolve is declared with: its
    /// source's color attachment.
    type Marker: AccessMarker;
    /// The target of the resolve.
    fn target(self) -> TextureTarget<'frame>;
}

macro_rules! resolve_target {
    ($($handle:ident),*) => {$(
        #[diagnostic::do_not_recommend]
        impl<'frame> ResolveTargetField<'frame> for $handle<'frame> {
            const ROLE: AccessRole = AccessRole::ColorAttachment;
            type Marker = ColorAttachment;

            fn target(self) -> TextureTarget<'frame> {
                self.into()
            }
        }
    )*};
}

resolve_target!(Texture, TextureView, SurfaceTexture);

/// Implements a texture role for the three texture handle types.
macro_rules! texture_role {
    (
        $trait:ident, $marker:ident, $view:ident { $field:ident: $resolve:ident },
        |$this:ident, $builder:ident $(, $arg:ident: $arg_ty:ty)*| $declare:expr
    ) => {
        texture_role!(@impl Texture, $trait, $marker, $view { $field: $resolve }, |$this, $builder $(, $arg: $arg_ty)*| $declare);
        texture_role!(@impl TextureView, $trait, $marker, $view { $field: $resolve }, |$this, $builder $(, $arg: $arg_ty)*| $declare);
        texture_role!(@impl SurfaceTexture, $trait, $marker, $view { $field: $resolve }, |$this, $builder $(, $arg: $arg_ty)*| $declare);
    };
    (
        @impl $handle:ident, $trait:ident, $marker:ident, $view:ident { $field:ident: $resolve:ident },
        |$this:ident, $builder:ident $(, $arg:ident: $arg_ty:ty)*| $declare:expr
    ) => {
        #[diagnostic::do_not_recommend]
        impl<'frame> $trait<'frame> for $handle<'frame> {
            const ROLE: AccessRole = AccessRole::$marker;
            type Marker = $marker;
            type Declared = AccessToken<'frame, $marker>;
            type View<'cx> = $view<'cx>;

            fn declare<K: AcceptsRole<$marker>>(
                self,
                $builder: &mut PassBuilder<'_, 'frame, K>,
                $($arg: $arg_ty),*
            ) -> Result<Self::Declared> {
                let $this = TextureTarget::from(self);
                $declare
            }

            fn view<'cx>(resources: &ExecutionResources<'cx>, declared: Self::Declared) -> Result<$view<'cx>> {
                Ok($view { $field: $resolve(resources, declared)? })
            }
        }
    };
}

texture_role!(SampledField, SampledTexture, SampledTextureView { texture: texture_binding }, |target, builder| builder
    .sampled_texture(target));
texture_role!(
    StorageReadField,
    StorageTextureRead,
    StorageTextureReadView { texture: texture_binding },
    |target, builder| builder.storage_texture_read(target)
);
texture_role!(
    StorageWriteField,
    StorageTextureWrite,
    StorageTextureWriteView { texture: texture_binding },
    |target, builder, contents: WriteContents| builder.storage_texture_write(target, contents)
);
/// Implements an attachment role, whose view keeps the declared ops, for the
/// three texture handle types.
macro_rules! attachment_role {
    ($trait:ident, $marker:ident, $view:ident, $ops:ty, |$this:ident, $builder:ident, $arg:ident| $declare:expr) => {
        attachment_role!(@impl Texture, $trait, $marker, $view, $ops, |$this, $builder, $arg| $declare);
        attachment_role!(@impl TextureView, $trait, $marker, $view, $ops, |$this, $builder, $arg| $declare);
        attachment_role!(@impl SurfaceTexture, $trait, $marker, $view, $ops, |$this, $builder, $arg| $declare);
    };
    (@impl $handle:ident, $trait:ident, $marker:ident, $view:ident, $ops:ty, |$this:ident, $builder:ident, $arg:ident| $declare:expr) => {
        #[diagnostic::do_not_recommend]
        impl<'frame> $trait<'frame> for $handle<'frame> {
            const ROLE: AccessRole = AccessRole::$marker;
            type Marker = $marker;
            type Declared = (AccessToken<'frame, $marker>, $ops);
            type View<'cx> = $view<'cx>;

            fn declare<K: AcceptsRole<$marker>>(
                self,
                $builder: &mut PassBuilder<'_, 'frame, K>,
                $arg: $ops,
            ) -> Result<Self::Declared> {
                let $this = TextureTarget::from(self);
                Ok(($declare?, $arg))
            }

            fn view<'cx>(resources: &ExecutionResources<'cx>, declared: Self::Declared) -> Result<$view<'cx>> {
                let (token, ops) = declared;
                Ok($view { texture: texture_binding(resources, token)?, ops })
            }
        }
    };
}

attachment_role!(
    ColorAttachmentField,
    ColorAttachment,
    ColorAttachmentView,
    ColorAttachmentOps,
    |target, builder, ops| { builder.color_attachment(target, ops) }
);
attachment_role!(
    DepthAttachmentField,
    DepthAttachment,
    DepthAttachmentView,
    DepthAttachmentOps,
    |target, builder, ops| { builder.depth_attachment(target, ops) }
);
texture_role!(DepthReadField, DepthAttachment, DepthReadView { texture: texture_binding }, |target, builder| builder
    .depth_attachment_read_only(target));
texture_role!(CopySrcField, TextureCopySrc, TextureCopySrcView { texture: copy_texture }, |target, builder| builder
    .texture_copy_src(target));
texture_role!(
    CopyDstField,
    TextureCopyDst,
    TextureCopyDstView { texture: copy_texture },
    |target, builder, contents: WriteContents| builder.texture_copy_dst(target, contents)
);

/// Implements a buffer role for `Buffer` (the whole buffer) and `BufferSlice`.
macro_rules! buffer_role {
    ($trait:ident, $marker:ident, $view:ident, |$slice:ident, $builder:ident $(, $arg:ident: $arg_ty:ty)*| $declare:expr) => {
        buffer_role!(@impl Buffer, $trait, $marker, $view, |$slice, $builder $(, $arg: $arg_ty)*| $declare);
        buffer_role!(@impl BufferSlice, $trait, $marker, $view, |$slice, $builder $(, $arg: $arg_ty)*| $declare);
    };
    (@impl $handle:ident, $trait:ident, $marker:ident, $view:ident, |$slice:ident, $builder:ident $(, $arg:ident: $arg_ty:ty)*| $declare:expr) => {
        #[diagnostic::do_not_recommend]
        impl<'frame> $trait<'frame> for $handle<'frame> {
            const ROLE: AccessRole = AccessRole::$marker;
            type Marker = $marker;
            type Declared = AccessToken<'frame, $marker>;
            type View<'cx> = $view<'cx>;

            fn declare<K: AcceptsRole<$marker>>(
                self,
                $builder: &mut PassBuilder<'_, 'frame, K>,
                $($arg: $arg_ty),*
            ) -> Result<Self::Declared> {
                let $slice = BufferSlice::from(self);
                $declare
            }

            fn view<'cx>(resources: &ExecutionResources<'cx>, declared: Self::Declared) -> Result<$view<'cx>> {
                Ok($view { bytes: declared_bytes(resources, declared)? })
            }
        }
    };
}

buffer_role!(UniformField, UniformBuffer, UniformBufferView, |slice, builder| builder
    .uniform_buffer(slice.buffer, slice.range));
buffer_role!(StorageReadField, StorageBufferRead, StorageBufferReadView, |slice, builder| builder
    .storage_buffer_read(slice.buffer, slice.range));
buffer_role!(
    StorageWriteField,
    StorageBufferWrite,
    StorageBufferWriteView,
    |slice, builder, contents: WriteContents| builder.storage_buffer_write(slice.buffer, slice.range, contents)
);
buffer_role!(VertexField, VertexBuffer, VertexBufferView, |slice, builder| builder
    .vertex_buffer(slice.buffer, slice.range));
buffer_role!(IndexField, IndexBuffer, IndexBufferView, |slice, builder| builder
    .index_buffer(slice.buffer, slice.range));
buffer_role!(IndirectField, IndirectBuffer, IndirectBufferView, |slice, builder| builder
    .indirect_buffer(slice.buffer, slice.range));
buffer_role!(CopySrcField, BufferCopySrc, BufferCopySrcView, |slice, builder| builder
    .buffer_copy_src(slice.buffer, slice.range));
buffer_role!(CopyDstField, BufferCopyDst, BufferCopyDstView, |slice, builder, contents: WriteContents| builder
    .buffer_copy_dst(slice.buffer, slice.range, contents));

/// Declares a color attachment resolved into `resolve`, with the source's ops.
///
/// # Errors
///
/// What `color_attachment_with_resolve` fails with.
pub fn declare_resolved<'frame, S, K>(
    source: S,
    resolve: TextureTarget<'frame>,
    builder: &mut PassBuilder<'_, 'frame, K>,
    ops: ColorAttachmentOps,
) -> Result<(AccessToken<'frame, ColorAttachment>, ColorAttachmentOps)>
where
    S: ColorAttachmentField<'frame> + Into<TextureTarget<'frame>>,
    K: AcceptsRole<ColorAttachment>,
{
    Ok((builder.color_attachment_with_resolve(source, resolve, ops)?, ops))
}
