//! Roots declared on fields with `#[root(..)]`, marked after the pass is
//! recorded. The traits are sealed: only this crate's handle types implement them.

use crate::error::Result;
use crate::handle::{Buffer, BufferSlice, SurfaceTexture, Texture, TextureView};
use crate::record::frame::Frame;
use crate::types::RootReason;

use super::sealed::Handle;

/// A handle that `#[root(present)]` accepts: only a surface texture.
#[diagnostic::on_unimplemented(
    message = "`#[root(present)]` needs a `SurfaceTexture`, not `{Self}`",
    label = "only surface textures are presented",
    note = "import the surface with `Frame::import_surface_texture`, which returns a `SurfaceTexture`, \
            and give the field that type; to keep any other result, use `#[root(output)]`"
)]
pub trait Presentable<'frame>: Copy + Handle {
    /// Roots the whole surface for presentation.
    ///
    /// # Errors
    ///
    /// What [`Frame::mark_present`] fails with.
    fn mark_present(self, frame: &mut Frame<'frame>) -> Result<()>;
}

#[diagnostic::do_not_recommend]
impl<'frame> Presentable<'frame> for SurfaceTexture<'frame> {
    fn mark_present(self, frame: &mut Frame<'frame>) -> Result<()> {
        frame.mark_present(self)
    }
}

/// A handle `#[root(output | readback | debug_capture | persistent_state)]` accepts.
#[diagnostic::on_unimplemented(
    message = "`#[root(..)]` needs a texture or buffer handle, not `{Self}`",
    label = "not a handle",
    note = "`#[root(..)]` takes `Texture`, `TextureView`, `SurfaceTexture`, `Buffer` or `BufferSlice`"
)]
pub trait RootTarget<'frame>: Copy + Handle {
    /// Roots what the handle selects (a whole texture, a view's subresources,
    /// a whole buffer or a slice's bytes) for `reason`.
    ///
    /// # Errors
    ///
    /// What [`Frame::mark_texture_root`] or [`Frame::mark_buffer_root`] fails with.
    fn mark_root(self, frame: &mut Frame<'frame>, reason: RootReason) -> Result<()>;
}

macro_rules! texture_root {
    ($($handle:ident),*) => {$(
        #[diagnostic::do_not_recommend]
        impl<'frame> RootTarget<'frame> for $handle<'frame> {
            fn mark_root(self, frame: &mut Frame<'frame>, reason: RootReason) -> Result<()> {
                frame.mark_texture_root(self, reason)
            }
        }
    )*};
}

texture_root!(Texture, TextureView, SurfaceTexture);

#[diagnostic::do_not_recommend]
impl<'frame> RootTarget<'frame> for Buffer<'frame> {
    fn mark_root(self, frame: &mut Frame<'frame>, reason: RootReason) -> Result<()> {
        BufferSlice::from(self).mark_root(frame, reason)
    }
}

#[diagnostic::do_not_recommend]
impl<'frame> RootTarget<'frame> for BufferSlice<'frame> {
    fn mark_root(self, frame: &mut Frame<'frame>, reason: RootReason) -> Result<()> {
        frame.mark_buffer_root(self.buffer, self.range, reason)
    }
}
