//! Copies between the views of a derived pass. The source is always a
//! `#[copy_src]` view and the destination a `#[copy_dst(..)]` one, so a copy
//! cannot run backwards; a copy that reaches outside the bytes, mips or
//! layers either view declared fails with FG4010 and records nothing.

use std::ops::Range;

use wgpu::{Extent3d, Origin3d, TexelCopyBufferInfo, TexelCopyBufferLayout, TexelCopyTextureInfo, TextureAspect};

use super::broken::BrokenView;
use super::views::{BufferCopyDstView, BufferCopySrcView, TextureCopyDstView, TextureCopySrcView};
use crate::error::{FrameGraphError, Result};
use crate::record::copy::{CopyDirection, check_buffer_layout, check_texture_pair, misaligned, off_block};

mod sealed {
    use std::ops::Range;

    /// The declared bytes of a buffer copy view: buffer, offset, size.
    pub trait CopyBytes<'cx> {
        fn copy_bytes(&self) -> (&'cx wgpu::Buffer, u64, u64);
    }

    /// The texture of a texture copy view, its declared mips and layers.
    pub trait CopyTexels<'cx> {
        fn copy_texels(&self) -> (&'cx wgpu::Texture, Range<u32>, Range<u32>);
    }
}

use sealed::{CopyBytes, CopyTexels};

/// A view that is the source of buffer copies.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the source of a buffer copy",
    label = "not declared `#[copy_src]` on a buffer",
    note = "declare the buffer field with `#[copy_src]` to copy out of it, or pass the source first: a copy \
            takes its source, then its destination"
)]
pub trait AsBufferCopySrc<'cx>: CopyBytes<'cx> {}

/// A view that is the destination of buffer copies.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the destination of a buffer copy",
    label = "not declared `#[copy_dst(..)]` on a buffer",
    note = "declare the buffer field with `#[copy_dst(overwrite)]` or `#[copy_dst(preserve)]` to copy into it, \
            or pass the destination second: a copy takes its source, then its destination"
)]
pub trait AsBufferCopyDst<'cx>: CopyBytes<'cx> {}

/// A view that is the source of texture copies.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the source of a texture copy",
    label = "not declared `#[copy_src]` on a texture",
    note = "declare the texture field with `#[copy_src]` to copy out of it, or pass the source first: a copy \
            takes its source, then its destination"
)]
pub trait AsTextureCopySrc<'cx>: CopyTexels<'cx> {}

/// A view that is the destination of texture copies.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the destination of a texture copy",
    label = "not declared `#[copy_dst(..)]` on a texture",
    note = "declare the texture field with `#[copy_dst(overwrite)]` or `#[copy_dst(preserve)]` to copy into it, \
            or pass the destination second: a copy takes its source, then its destination"
)]
pub trait AsTextureCopyDst<'cx>: CopyTexels<'cx> {}

macro_rules! buffer_copy {
    ($($view:ident: $role:ident),*) => {$(
        impl<'cx> CopyBytes<'cx> for $view<'cx> {
            fn copy_bytes(&self) -> (&'cx wgpu::Buffer, u64, u64) {
                (self.bytes.buffer, self.bytes.offset, self.bytes.size)
            }
        }
        #[diagnostic::do_not_recommend]
        impl<'cx> $role<'cx> for $view<'cx> {}
    )*};
}

buffer_copy!(BufferCopySrcView: AsBufferCopySrc, BufferCopyDstView: AsBufferCopyDst);

macro_rules! texture_copy {
    ($($view:ident: $role:ident),*) => {$(
        impl<'cx> CopyTexels<'cx> for $view<'cx> {
            fn copy_texels(&self) -> (&'cx wgpu::Texture, Range<u32>, Range<u32>) {
                (self.texture.texture, self.mip_levels(), self.array_layers())
            }
        }
        #[diagnostic::do_not_recommend]
        impl<'cx> $role<'cx> for $view<'cx> {}
    )*};
}

texture_copy!(TextureCopySrcView: AsTextureCopySrc, TextureCopyDstView: AsTextureCopyDst);

impl<'cx> CopyBytes<'cx> for BrokenView<'cx> {
    fn copy_bytes(&self) -> (&'cx wgpu::Buffer, u64, u64) {
        self.never()
    }
}

impl<'cx> CopyTexels<'cx> for BrokenView<'cx> {
    fn copy_texels(&self) -> (&'cx wgpu::Texture, Range<u32>, Range<u32>) {
        self.never()
    }
}

impl<'cx> AsBufferCopySrc<'cx> for BrokenView<'cx> {}
impl<'cx> AsBufferCopyDst<'cx> for BrokenView<'cx> {}
impl<'cx> AsTextureCopySrc<'cx> for BrokenView<'cx> {}
impl<'cx> AsTextureCopyDst<'cx> for BrokenView<'cx> {}

/// Where in a texture copy view a copy starts: a mip level of the view and
/// the texel (`z`: the array layer, or the depth slice of a 3D texture).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CopyOrigin {
    /// The mip level, one of the view's `mip_levels()`.
    pub mip_level: u32,
    /// The first texel.
    pub origin: Origin3d,
}

impl CopyOrigin {
    /// Texel `origin` of mip `mip_level`.
    #[must_use]
    pub const fn new(mip_level: u32, origin: Origin3d) -> Self {
        Self { mip_level, origin }
    }
}

fn outside(message: String) -> FrameGraphError {
    FrameGraphError::CopyOutsideView { pass: None, message }
}

fn refused(message: String) -> FrameGraphError {
    FrameGraphError::CopyRefused { pass: None, message }
}

fn end(start: u64, len: u64, what: &str) -> Result<u64> {
    start.checked_add(len).ok_or_else(|| outside(format!("the {what} range overflows u64")))
}

/// Checks `offset..offset + size` against a view of `declared` bytes and
/// returns the absolute offset.
fn bytes_within(side: &str, view: (&wgpu::Buffer, u64, u64), offset: u64, size: u64) -> Result<u64> {
    let (_, first, declared) = view;
    let last = end(offset, size, side)?;
    if last > declared {
        return Err(outside(format!("bytes {offset}..{last} of the {side}, whose view declares {declared} bytes")));
    }
    Ok(first + offset)
}

/// Checks that `extent` from `at` lies in the view's mips, layers and the
/// mip's extent, and returns the native copy location.
fn texels_within<'cx>(
    side: &str,
    view: (&'cx wgpu::Texture, Range<u32>, Range<u32>),
    at: CopyOrigin,
    extent: Extent3d,
) -> Result<TexelCopyTextureInfo<'cx>> {
    let (texture, mips, layers) = view;
    if let Some(message) = off_block(texture.format(), at.origin, extent) {
        return Err(refused(message));
    }
    if !mips.contains(&at.mip_level) {
        return Err(outside(format!("mip {} of the {side}, whose view declares mips {mips:?}", at.mip_level)));
    }
    let size = texture.size().mip_level_size(at.mip_level, texture.dimension());
    let x = end(u64::from(at.origin.x), u64::from(extent.width), side)?;
    let y = end(u64::from(at.origin.y), u64::from(extent.height), side)?;
    if x > u64::from(size.width) || y > u64::from(size.height) {
        return Err(outside(format!(
            "texels up to ({x}, {y}) of mip {} of the {side}, which is {}x{}",
            at.mip_level, size.width, size.height
        )));
    }
    let z = end(u64::from(at.origin.z), u64::from(extent.depth_or_array_layers), side)?;
    // A 3D texture's mips have fewer depth slices than the first mip the
    // view declares.
    if texture.dimension() == wgpu::TextureDimension::D3 && z > u64::from(size.depth_or_array_layers) {
        return Err(outside(format!(
            "depth slices {}..{z} of mip {} of the {side}, which has {}",
            at.origin.z, at.mip_level, size.depth_or_array_layers
        )));
    }
    if u64::from(at.origin.z) < u64::from(layers.start) || z > u64::from(layers.end) {
        return Err(outside(format!(
            "layers {}..{z} of the {side}, whose view declares layers {layers:?}",
            at.origin.z
        )));
    }
    Ok(TexelCopyTextureInfo { texture, mip_level: at.mip_level, origin: at.origin, aspect: TextureAspect::All })
}

/// The bytes a texel copy of `extent` in `texture`'s format reads or writes
/// from the layout's offset.
fn layout_bytes(texture: &wgpu::Texture, layout: TexelCopyBufferLayout, extent: Extent3d) -> Result<u64> {
    let format = texture.format();
    let Some(block) = format.block_copy_size(Some(TextureAspect::All)) else {
        return Err(outside(format!(
            "{format:?} has no single copy size for all aspects; copy one aspect with `texture_unchecked`"
        )));
    };
    let (block_width, block_height) = format.block_dimensions();
    let columns = u64::from(extent.width.div_ceil(block_width));
    let rows = u64::from(extent.height.div_ceil(block_height));
    let depth = u64::from(extent.depth_or_array_layers);
    if columns == 0 || rows == 0 || depth == 0 {
        return Ok(0);
    }
    let row_bytes = columns * u64::from(block);
    let per_row = layout.bytes_per_row.map_or(row_bytes, u64::from);
    let per_image = layout.rows_per_image.map_or(rows, u64::from).checked_mul(per_row);
    per_image
        .and_then(|per_image| per_image.checked_mul(depth - 1))
        .and_then(|images| images.checked_add(per_row * (rows - 1) + row_bytes))
        .ok_or_else(|| outside("the bytes the copy's layout spans overflow u64".into()))
}

/// Copies between the views of a derived pass on a command encoder: the
/// source is a `#[copy_src]` view, the destination a `#[copy_dst(..)]` view,
/// and offsets count from each view's first declared byte.
///
/// Every method fails with FG4010, recording nothing, when the copy reaches
/// outside the bytes, mips or layers its source or destination declared (or
/// outside the mip's extent), and with FG4016 when wgpu would refuse it:
/// offsets and sizes off the 4-byte copy alignment, `bytes_per_row` off 256
/// or missing for several rows, a buffer copied onto itself, a multisampled
/// or depth texture a buffer copy cannot take, part of a mip of a depth
/// texture, texture formats or sample counts that differ.
pub trait CommandEncoderExt {
    /// Copies `size` bytes from `src_offset` of `src` to `dst_offset` of `dst`.
    ///
    /// # Errors
    ///
    /// FG4010 when either range leaves its view; FG4016 for an offset or a
    /// size that is not a multiple of 4, or for views of one buffer.
    fn copy_buffer_view<'cx>(
        &mut self,
        src: &impl AsBufferCopySrc<'cx>,
        src_offset: u64,
        dst: &impl AsBufferCopyDst<'cx>,
        dst_offset: u64,
        size: u64,
    ) -> Result<()>;

    /// Copies `extent` texels from `src_at` of `src` into `dst`, laid out as
    /// `layout` says (its offset counts from the view's first byte).
    ///
    /// # Errors
    ///
    /// FG4010 when the texels or the bytes leave their view; FG4016 for a
    /// layout wgpu refuses, or part of a mip of a depth texture.
    fn copy_texture_view_to_buffer_view<'cx>(
        &mut self,
        src: &impl AsTextureCopySrc<'cx>,
        src_at: CopyOrigin,
        dst: &impl AsBufferCopyDst<'cx>,
        layout: TexelCopyBufferLayout,
        extent: Extent3d,
    ) -> Result<()>;

    /// Copies `extent` texels laid out in `src` as `layout` says (its offset
    /// counts from the view's first byte) to `dst_at` of `dst`.
    ///
    /// # Errors
    ///
    /// FG4010 when the bytes or the texels leave their view; FG4016 for a
    /// layout wgpu refuses.
    fn copy_buffer_view_to_texture_view<'cx>(
        &mut self,
        src: &impl AsBufferCopySrc<'cx>,
        layout: TexelCopyBufferLayout,
        dst: &impl AsTextureCopyDst<'cx>,
        dst_at: CopyOrigin,
        extent: Extent3d,
    ) -> Result<()>;

    /// Copies `extent` texels from `src_at` of `src` to `dst_at` of `dst`.
    ///
    /// # Errors
    ///
    /// FG4010 when either side leaves its view; FG4016 for formats that
    /// differ in more than being sRGB, different sample counts, or part of a
    /// mip of a depth or multisampled texture.
    fn copy_texture_view<'cx>(
        &mut self,
        src: &impl AsTextureCopySrc<'cx>,
        src_at: CopyOrigin,
        dst: &impl AsTextureCopyDst<'cx>,
        dst_at: CopyOrigin,
        extent: Extent3d,
    ) -> Result<()>;
}

impl CommandEncoderExt for wgpu::CommandEncoder {
    fn copy_buffer_view<'cx>(
        &mut self,
        src: &impl AsBufferCopySrc<'cx>,
        src_offset: u64,
        dst: &impl AsBufferCopyDst<'cx>,
        dst_offset: u64,
        size: u64,
    ) -> Result<()> {
        let (source, destination) = (src.copy_bytes(), dst.copy_bytes());
        let from = bytes_within("source", source, src_offset, size)?;
        let to = bytes_within("destination", destination, dst_offset, size)?;
        if source.0 == destination.0 {
            return Err(refused(
                "the source and destination view one buffer, and wgpu copies between two buffers: copy through a \
                 second buffer"
                    .into(),
            ));
        }
        for (side, offset) in [("copy's source", from), ("copy's destination", to)] {
            if let Some(message) = misaligned(side, offset, size) {
                return Err(refused(message));
            }
        }
        self.copy_buffer_to_buffer(source.0, from, destination.0, to, size);
        Ok(())
    }

    fn copy_texture_view_to_buffer_view<'cx>(
        &mut self,
        src: &impl AsTextureCopySrc<'cx>,
        src_at: CopyOrigin,
        dst: &impl AsBufferCopyDst<'cx>,
        layout: TexelCopyBufferLayout,
        extent: Extent3d,
    ) -> Result<()> {
        let source = src.copy_texels();
        let location = texels_within("source", source.clone(), src_at, extent)?;
        let buffer = texel_buffer("destination", dst.copy_bytes(), source.0, layout, extent)?;
        check_layout(&location, buffer.layout, extent, CopyDirection::TextureToBuffer)?;
        self.copy_texture_to_buffer(location, buffer, extent);
        Ok(())
    }

    fn copy_buffer_view_to_texture_view<'cx>(
        &mut self,
        src: &impl AsBufferCopySrc<'cx>,
        layout: TexelCopyBufferLayout,
        dst: &impl AsTextureCopyDst<'cx>,
        dst_at: CopyOrigin,
        extent: Extent3d,
    ) -> Result<()> {
        let destination = dst.copy_texels();
        let location = texels_within("destination", destination.clone(), dst_at, extent)?;
        let buffer = texel_buffer("source", src.copy_bytes(), destination.0, layout, extent)?;
        check_layout(&location, buffer.layout, extent, CopyDirection::BufferToTexture)?;
        self.copy_buffer_to_texture(buffer, location, extent);
        Ok(())
    }

    fn copy_texture_view<'cx>(
        &mut self,
        src: &impl AsTextureCopySrc<'cx>,
        src_at: CopyOrigin,
        dst: &impl AsTextureCopyDst<'cx>,
        dst_at: CopyOrigin,
        extent: Extent3d,
    ) -> Result<()> {
        let from = texels_within("source", src.copy_texels(), src_at, extent)?;
        let to = texels_within("destination", dst.copy_texels(), dst_at, extent)?;
        let shape = |at: &TexelCopyTextureInfo| (at.texture.format(), at.texture.sample_count());
        check_texture_pair(shape(&from), shape(&to), covers_mip(&from, extent) && covers_mip(&to, extent))
            .map_err(refused)?;
        self.copy_texture_to_texture(from, to, extent);
        Ok(())
    }
}

/// The buffer side of a copy between `texture` and a buffer view: the bytes
/// `layout` and `extent` cover, checked against the view and placed at its
/// first byte.
fn texel_buffer<'cx>(
    side: &str,
    view: (&'cx wgpu::Buffer, u64, u64),
    texture: &wgpu::Texture,
    layout: TexelCopyBufferLayout,
    extent: Extent3d,
) -> Result<TexelCopyBufferInfo<'cx>> {
    let bytes = layout_bytes(texture, layout, extent)?;
    let offset = bytes_within(side, view, layout.offset, bytes)?;
    Ok(TexelCopyBufferInfo { buffer: view.0, layout: TexelCopyBufferLayout { offset, ..layout } })
}

/// FG4016 for a buffer layout (its offset counted from the buffer's start)
/// that wgpu refuses for a copy of `extent` with `texture`.
fn check_layout(
    texture: &TexelCopyTextureInfo,
    layout: TexelCopyBufferLayout,
    extent: Extent3d,
    direction: CopyDirection,
) -> Result<()> {
    let shape = (texture.texture.format(), texture.texture.sample_count());
    check_buffer_layout(shape, layout, (extent, covers_mip(texture, extent)), direction)
        .map_err(|(_, message)| refused(message))
}

/// Whether a copy of `extent` at `at` covers the width and height of its mip.
fn covers_mip(at: &TexelCopyTextureInfo, extent: Extent3d) -> bool {
    let texture = at.texture;
    let size = texture.size().mip_level_size(at.mip_level, texture.dimension());
    at.origin.x == 0 && at.origin.y == 0 && extent.width == size.width && extent.height == size.height
}
