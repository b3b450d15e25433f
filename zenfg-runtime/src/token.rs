//! Typed access tokens and the role and pass-kind markers that type them.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;

use crate::handle::Brand;
use crate::ids::{AccessId, PassId, ResourceId};
use crate::types::AccessRole;

mod sealed {
    pub trait Sealed {}
}

/// A role marker: the type-level name of one [`AccessRole`].
pub trait AccessMarker: sealed::Sealed + 'static {
    /// The role this marker names.
    const ROLE: AccessRole;
}

/// A role marker of a buffer role: its tokens resolve to buffers.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is a texture role: its token resolves to a texture, not a buffer",
    label = "a texture access token",
    note = "use `texture` or `texture_view` to resolve this token"
)]
pub trait BufferAccessMarker: AccessMarker {}

/// A role marker of a texture role: its tokens resolve to textures.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is a buffer role: its token resolves to a buffer, not a texture",
    label = "a buffer access token",
    note = "use `buffer` to resolve this token"
)]
pub trait TextureAccessMarker: AccessMarker {}

/// A role marker of a texture role that binds a view: every texture role but
/// the copies, which work on the texture itself.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is a copy role: copies bind no texture view",
    label = "a copy access token",
    note = "resolve copy tokens with `texture`"
)]
pub trait TextureViewAccessMarker: TextureAccessMarker {}

macro_rules! role_markers {
    ($($(#[$doc:meta])* $name:ident => $family:ident;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
        pub struct $name;
        impl sealed::Sealed for $name {}
        impl AccessMarker for $name {
            const ROLE: AccessRole = AccessRole::$name;
        }
        impl $family for $name {}
    )*};
}

role_markers! {
    /// Marker of [`AccessRole::SampledTexture`].
    SampledTexture => TextureAccessMarker;
    /// Marker of [`AccessRole::StorageTextureRead`].
    StorageTextureRead => TextureAccessMarker;
    /// Marker of [`AccessRole::StorageTextureWrite`].
    StorageTextureWrite => TextureAccessMarker;
    /// Marker of [`AccessRole::ColorAttachment`].
    ColorAttachment => TextureAccessMarker;
    /// Marker of [`AccessRole::DepthAttachment`].
    DepthAttachment => TextureAccessMarker;
    /// Marker of [`AccessRole::TextureCopySrc`].
    TextureCopySrc => TextureAccessMarker;
    /// Marker of [`AccessRole::TextureCopyDst`].
    TextureCopyDst => TextureAccessMarker;
    /// Marker of [`AccessRole::UniformBuffer`].
    UniformBuffer => BufferAccessMarker;
    /// Marker of [`AccessRole::StorageBufferRead`].
    StorageBufferRead => BufferAccessMarker;
    /// Marker of [`AccessRole::StorageBufferWrite`].
    StorageBufferWrite => BufferAccessMarker;
    /// Marker of [`AccessRole::VertexBuffer`].
    VertexBuffer => BufferAccessMarker;
    /// Marker of [`AccessRole::IndexBuffer`].
    IndexBuffer => BufferAccessMarker;
    /// Marker of [`AccessRole::IndirectBuffer`].
    IndirectBuffer => BufferAccessMarker;
    /// Marker of [`AccessRole::BufferCopySrc`].
    BufferCopySrc => BufferAccessMarker;
    /// Marker of [`AccessRole::BufferCopyDst`].
    BufferCopyDst => BufferAccessMarker;
}

impl TextureViewAccessMarker for SampledTexture {}
impl TextureViewAccessMarker for StorageTextureRead {}
impl TextureViewAccessMarker for StorageTextureWrite {}
impl TextureViewAccessMarker for ColorAttachment {}
impl TextureViewAccessMarker for DepthAttachment {}

/// Proof that an access was declared: which recording, pass, access and
/// resource. Resolve it inside the declaring pass's callback to reach the
/// native object.
///
/// Tokens share the invariant `'frame` brand of handles; a token of another
/// runtime or recording is rejected with FG2001 when resolved, and a token of
/// another pass of the same recording with FG4005.
#[must_use = "an access token is the only way to reach the resource inside the callback"]
pub struct AccessToken<'frame, Role: AccessMarker> {
    pub(crate) brand: Brand<'frame>,
    pub(crate) pass: PassId,
    pub(crate) access: AccessId,
    pub(crate) resource: ResourceId,
    _role: PhantomData<fn() -> Role>,
}

impl<'frame, Role: AccessMarker> AccessToken<'frame, Role> {
    pub(crate) const fn new(brand: Brand<'frame>, pass: PassId, access: AccessId, resource: ResourceId) -> Self {
        Self { brand, pass, access, resource, _role: PhantomData }
    }

    /// The pass that declared the access.
    pub const fn pass_id(self) -> PassId {
        self.pass
    }

    /// The declared access.
    pub const fn access_id(self) -> AccessId {
        self.access
    }

    /// The accessed resource.
    pub const fn resource_id(self) -> ResourceId {
        self.resource
    }

    /// The role of the access.
    pub const fn role(self) -> AccessRole {
        Role::ROLE
    }
}

impl<Role: AccessMarker> Clone for AccessToken<'_, Role> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<Role: AccessMarker> Copy for AccessToken<'_, Role> {}

impl<Role: AccessMarker> PartialEq for AccessToken<'_, Role> {
    fn eq(&self, other: &Self) -> bool {
        self.brand == other.brand && self.access == other.access
    }
}

impl<Role: AccessMarker> Eq for AccessToken<'_, Role> {}

impl<Role: AccessMarker> Hash for AccessToken<'_, Role> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.brand.hash(state);
        self.access.hash(state);
    }
}

impl<Role: AccessMarker> fmt::Debug for AccessToken<'_, Role> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AccessToken({} of {}, {} on {})", Role::ROLE, self.pass, self.access, self.resource)
    }
}

/// Type-level pass kinds: the kind of a [`PassBuilder`](crate::PassBuilder)
/// decides which roles and which `finish_*` method it offers.
pub mod kind {
    use super::{AccessMarker, sealed};
    use crate::token as roles;
    use crate::types::NodeKind;

    /// A type-level node kind.
    pub trait PassKind: sealed::Sealed + 'static {
        /// The node kind this marker names.
        const KIND: NodeKind;
    }

    /// Implemented for the roles a pass kind may declare.
    #[diagnostic::on_unimplemented(
        message = "a `{Self}` pass cannot declare a `{Role}` access",
        label = "this role is not allowed in a `{Self}` pass",
        note = "render passes take attachments, bindings, vertex/index/indirect buffers; compute \
                passes take bindings and indirect buffers; copies are recorded with the \
                `copy_*` methods of a copy pass; command and external passes take every role"
    )]
    pub trait AcceptsRole<Role: AccessMarker>: PassKind {}

    macro_rules! pass_kinds {
        ($($(#[$doc:meta])* $name:ident => $kind:ident;)*) => {$(
            $(#[$doc])*
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
            pub enum $name {}
            impl sealed::Sealed for $name {}
            impl PassKind for $name {
                const KIND: NodeKind = NodeKind::$kind;
            }
        )*};
    }

    pass_kinds! {
        /// A render pass.
        Render => Render;
        /// A compute pass.
        Compute => Compute;
        /// A pass of declarative copies.
        Copy => Copy;
        /// A pass recording into the graph-owned encoder.
        Command => Command;
        /// A pass submitting its own work.
        External => ExternalSubmission;
        /// A node of declarative buffer clears (made by `clear_buffers`).
        ClearBuffer => ClearBuffer;
    }

    macro_rules! accepts {
        ($kind:ident: $($role:ident),*) => {$(
            impl AcceptsRole<roles::$role> for $kind {}
        )*};
    }

    accepts!(Render: SampledTexture, StorageTextureRead, StorageTextureWrite, ColorAttachment,
        DepthAttachment, UniformBuffer, StorageBufferRead, StorageBufferWrite, VertexBuffer,
        IndexBuffer, IndirectBuffer);
    accepts!(Compute: SampledTexture, StorageTextureRead, StorageTextureWrite, UniformBuffer,
        StorageBufferRead, StorageBufferWrite, IndirectBuffer);
    accepts!(Command: SampledTexture, StorageTextureRead, StorageTextureWrite, ColorAttachment,
        DepthAttachment, TextureCopySrc, TextureCopyDst, UniformBuffer, StorageBufferRead,
        StorageBufferWrite, VertexBuffer, IndexBuffer, IndirectBuffer, BufferCopySrc,
        BufferCopyDst);
    accepts!(External: SampledTexture, StorageTextureRead, StorageTextureWrite, ColorAttachment,
        DepthAttachment, TextureCopySrc, TextureCopyDst, UniformBuffer, StorageBufferRead,
        StorageBufferWrite, VertexBuffer, IndexBuffer, IndirectBuffer, BufferCopySrc,
        BufferCopyDst);
}
