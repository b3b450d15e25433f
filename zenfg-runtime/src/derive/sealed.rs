//! The seal of the field and root traits: only the handle types of this
//! crate implement it, so no other type can be made a field of a derived pass.

use crate::handle::{Buffer, BufferSlice, SurfaceTexture, Texture, TextureView};

/// A handle type of this crate. Public in a private module, so it can bound
/// public traits but cannot be implemented or named outside the crate.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a handle",
    label = "not a handle",
    note = "the fields of a derived pass are `Texture`, `TextureView`, `SurfaceTexture`, `Buffer` or `BufferSlice`"
)]
pub trait Handle {}

#[diagnostic::do_not_recommend]
impl Handle for Texture<'_> {}
#[diagnostic::do_not_recommend]
impl Handle for TextureView<'_> {}
#[diagnostic::do_not_recommend]
impl Handle for SurfaceTexture<'_> {}
#[diagnostic::do_not_recommend]
impl Handle for Buffer<'_> {}
#[diagnostic::do_not_recommend]
impl Handle for BufferSlice<'_> {}
