//! Copy geometry: the texture subresources and buffer bytes a copy touches.

use wgpu::{Extent3d, Origin3d, TexelCopyBufferLayout, TextureAspect};

use super::{Region, Slices, TextureRegion};
use crate::desc::TextureDesc;
use crate::format::{Layers, block_copy_size, block_rounded_mip_extent, is_depth};

/// The texture side of a copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TextureCopyRegion {
    pub region: TextureRegion,
    pub aspect: TextureAspect,
    /// Every touched slice is covered in full, so a write overwrites it.
    pub whole_slices: bool,
}

/// Whether any extent of a copy is zero: such a copy is still encoded, but
/// has no effect on contents.
pub(crate) fn is_empty_copy(size: Extent3d) -> bool {
    size.width == 0 || size.height == 0 || size.depth_or_array_layers == 0
}

/// Checks a texture copy location and returns the region it touches.
pub(crate) fn texture_copy_region(
    desc: &TextureDesc,
    mip_level: u32,
    origin: Origin3d,
    aspect: TextureAspect,
    size: Extent3d,
) -> Result<TextureCopyRegion, String> {
    if mip_level >= desc.mip_level_count {
        return Err(format!("mip {mip_level} does not exist; the texture has {} mips", desc.mip_level_count));
    }
    let aspect = match (aspect, is_depth(desc.format)) {
        (TextureAspect::All, false) => TextureAspect::All,
        (TextureAspect::All | TextureAspect::DepthOnly, true) => TextureAspect::DepthOnly,
        (aspect, _) => return Err(format!("aspect {aspect:?} does not apply to format {:?}", desc.format)),
    };
    let (width, height) = block_rounded_mip_extent(desc, mip_level);
    let slices = Layers::of(desc).at_mip(mip_level);
    let fits = |origin: u32, extent: u32, limit: u64| u64::from(origin) + u64::from(extent) <= limit;
    if !fits(origin.x, size.width, width)
        || !fits(origin.y, size.height, height)
        || !fits(origin.z, size.depth_or_array_layers, u64::from(slices))
    {
        return Err(format!(
            "the copy of {}x{}x{} at ({}, {}, {}) does not fit mip {mip_level} ({width}x{height}, {slices} slices)",
            size.width, size.height, size.depth_or_array_layers, origin.x, origin.y, origin.z
        ));
    }
    let count = if is_empty_copy(size) { 0 } else { size.depth_or_array_layers };
    Ok(TextureCopyRegion {
        region: TextureRegion { base_mip: mip_level, mip_count: 1, slices: Slices::Range { base: origin.z, count } },
        aspect,
        whole_slices: origin.x == 0
            && origin.y == 0
            && u64::from(size.width) == width
            && u64::from(size.height) == height,
    })
}

/// Why a texture copy of `size` at `origin` is not made of whole texel
/// blocks of `format` (a compressed format's 4x4 blocks, say), which wgpu
/// copies only whole, if it is not.
pub(crate) fn off_block(format: wgpu::TextureFormat, origin: Origin3d, size: Extent3d) -> Option<String> {
    let (block_width, block_height) = format.block_dimensions();
    if !origin.x.is_multiple_of(block_width) || !origin.y.is_multiple_of(block_height) {
        return Some(format!(
            "the copy starts at ({}, {}), inside a {block_width}x{block_height} block of {format:?}; start it at a \
             multiple of the block",
            origin.x, origin.y
        ));
    }
    (!size.width.is_multiple_of(block_width) || !size.height.is_multiple_of(block_height)).then(|| {
        format!(
            "the copy of {}x{} texels is not made of whole {block_width}x{block_height} blocks of {format:?}",
            size.width, size.height
        )
    })
}

/// Why a buffer copy or clear breaks wgpu's 4-byte alignment of offsets and
/// sizes (`wgpu::COPY_BUFFER_ALIGNMENT`), if it does.
pub(crate) fn misaligned(what: &str, offset: u64, size: u64) -> Option<String> {
    let align = wgpu::COPY_BUFFER_ALIGNMENT;
    (!offset.is_multiple_of(align) || !size.is_multiple_of(align)).then(|| {
        format!(
            "the {what} at offset {offset} of {size} bytes is not {align}-byte aligned; \
             wgpu copies and clears buffers in multiples of {align} bytes at offsets that are multiples of {align}"
        )
    })
}

/// Which way a buffer-texture copy goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CopyDirection {
    BufferToTexture,
    TextureToBuffer,
}

/// Why wgpu refuses a copy that covers only part of the mip of a depth or
/// multisampled texture (`whole` is false then), if it does: such textures
/// are copied only by whole mips, though any of their layers.
pub(crate) fn partial_of_whole_only(format: wgpu::TextureFormat, sample_count: u32, whole: bool) -> Option<String> {
    let what = if is_depth(format) {
        "depth"
    } else if sample_count > 1 {
        "multisampled"
    } else {
        return None;
    };
    (!whole).then(|| {
        format!(
            "a copy of a {what} texture ({format:?}) must cover whole mips: start it at (0, 0) with the mip's \
             width and height"
        )
    })
}

/// Checks what wgpu requires of a buffer-texture copy besides its footprint:
/// a single-sampled texture of a format that can be copied that way, whole
/// mips of a depth texture (`whole`: the copy covers the width and height of
/// its mip), copy extents of whole blocks, an offset of whole texel blocks
/// (4 bytes for depth), `bytes_per_row` a multiple of 256
/// (`wgpu::COPY_BYTES_PER_ROW_ALIGNMENT`) given whenever the copy has several
/// rows, `rows_per_image` given whenever it has several images, and neither
/// smaller than what one row or image holds.
pub(crate) fn check_buffer_layout(
    (format, sample_count): (wgpu::TextureFormat, u32),
    layout: TexelCopyBufferLayout,
    (size, whole): (Extent3d, bool),
    direction: CopyDirection,
) -> Result<(), (FootprintBlame, String)> {
    let texture = |message: String| Err((FootprintBlame::Texture, message));
    let buffer = |message: String| Err((FootprintBlame::Buffer, message));
    if sample_count != 1 {
        return texture(format!(
            "a multisampled texture ({sample_count} samples) cannot be copied to or from a buffer; resolve it first"
        ));
    }
    if let Some(message) = partial_of_whole_only(format, sample_count, whole) {
        return texture(message);
    }
    let forbidden = match direction {
        CopyDirection::TextureToBuffer => format == wgpu::TextureFormat::Depth24Plus,
        CopyDirection::BufferToTexture => {
            matches!(format, wgpu::TextureFormat::Depth24Plus | wgpu::TextureFormat::Depth32Float)
        }
    };
    if forbidden {
        let way = match direction {
            CopyDirection::TextureToBuffer => "out of",
            CopyDirection::BufferToTexture => "into",
        };
        return texture(format!(
            "buffers cannot be copied {way} a texture of format {format:?}; write it in a render pass instead"
        ));
    }
    let Some(block_bytes) = block_copy_size(format) else { return Ok(()) };
    // Whole blocks were checked with the copy's texture location (`off_block`).
    let (block_width, block_height) = format.block_dimensions();
    let offset_alignment = if is_depth(format) { 4 } else { block_bytes };
    if !layout.offset.is_multiple_of(u64::from(offset_alignment)) {
        return buffer(format!(
            "the copy starts at offset {}, which is not a multiple of {offset_alignment} (one block of {format:?})",
            layout.offset
        ));
    }
    let rows = size.height / block_height;
    let several_images = size.depth_or_array_layers > 1;
    let row_bytes = u64::from(size.width / block_width) * u64::from(block_bytes);
    match layout.bytes_per_row {
        Some(bytes_per_row) if !bytes_per_row.is_multiple_of(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT) => {
            return buffer(format!(
                "bytes_per_row {bytes_per_row} is not a multiple of {}; pad each row to a multiple of it",
                wgpu::COPY_BYTES_PER_ROW_ALIGNMENT
            ));
        }
        Some(bytes_per_row) if u64::from(bytes_per_row) < row_bytes => {
            return buffer(format!("bytes_per_row {bytes_per_row} is less than the {row_bytes} bytes of one row"));
        }
        None if rows > 1 || several_images => {
            return buffer(format!(
                "a copy of several rows needs bytes_per_row; give one of at least {row_bytes}, \
                 rounded up to a multiple of {}",
                wgpu::COPY_BYTES_PER_ROW_ALIGNMENT
            ));
        }
        _ => {}
    }
    match layout.rows_per_image {
        Some(rows_per_image) if rows_per_image < rows => {
            buffer(format!("rows_per_image {rows_per_image} is less than the {rows} rows of one image"))
        }
        None if several_images => {
            buffer(format!("a copy of several images needs rows_per_image; give one of at least {rows}"))
        }
        _ => Ok(()),
    }
}

/// Checks what wgpu requires of a texture-to-texture copy besides its
/// regions: formats that differ at most in being sRGB, equal sample counts,
/// and whole mips of depth and multisampled textures (`whole`: the copy
/// covers the width and height of its mip on both sides).
pub(crate) fn check_texture_pair(
    (src_format, src_samples): (wgpu::TextureFormat, u32),
    (dst_format, dst_samples): (wgpu::TextureFormat, u32),
    whole: bool,
) -> Result<(), String> {
    if src_format.remove_srgb_suffix() != dst_format.remove_srgb_suffix() {
        return Err(format!(
            "a texture of format {src_format:?} cannot be copied into one of format {dst_format:?}; \
             the formats may differ only in being sRGB (render or dispatch to convert)"
        ));
    }
    if src_samples != dst_samples {
        return Err(format!(
            "a texture of {src_samples} samples cannot be copied into one of {dst_samples}; copy between equal \
             sample counts, or resolve"
        ));
    }
    partial_of_whole_only(src_format, src_samples, whole).map_or(Ok(()), Err)
}

/// The buffer side of a buffer-texture copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Footprint {
    pub offset: u64,
    pub end: u64,
    /// No padding between rows or images: a write overwrites every byte of the range.
    pub tightly_packed: bool,
}

impl Footprint {
    /// The bytes the copy's buffer access covers: none for an empty copy,
    /// whose strides still had to fit the buffer but which moves no byte.
    pub fn tracked(&self, effect: bool) -> Region {
        Region::Buffer { offset: self.offset, end: if effect { self.end } else { self.offset } }
    }
}

/// Which side of a buffer-texture copy a footprint error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FootprintBlame {
    /// The texture's format has no buffer layout.
    Texture,
    /// The bytes do not fit the buffer (or cannot be counted).
    Buffer,
}

/// Computes the bytes a buffer-texture copy touches and checks they fit, as
/// WebGPU counts them: the strides of the rows and images before the last
/// one count even when the copy is empty (width 0, or height 0 with several
/// layers).
pub(crate) fn buffer_footprint(
    desc: &TextureDesc,
    layout: TexelCopyBufferLayout,
    size: Extent3d,
    buffer_size: u64,
) -> Result<Footprint, (FootprintBlame, String)> {
    let empty = is_empty_copy(size);
    let block_bytes = match block_copy_size(desc.format) {
        Some(bytes) => u64::from(bytes),
        None if empty => 0,
        None => {
            return Err((
                FootprintBlame::Texture,
                format!("format {:?} has no buffer copy footprint; copy it texture-to-texture instead", desc.format),
            ));
        }
    };
    let (block_width, block_height) = desc.format.block_dimensions();
    let width_blocks = u64::from(size.width.div_ceil(block_width));
    let height_blocks = u64::from(size.height.div_ceil(block_height));
    let depth = u64::from(size.depth_or_array_layers);
    let last_row = width_blocks * block_bytes;
    let stride = u64::from(layout.bytes_per_row.unwrap_or(0)).max(last_row);
    let image_rows = u64::from(layout.rows_per_image.unwrap_or(0)).max(height_blocks);
    let overflow = || (FootprintBlame::Buffer, "the copy footprint overflows".to_string());
    let bytes = if depth == 0 {
        0
    } else {
        let last_image = match height_blocks {
            0 => Some(0),
            rows => stride.checked_mul(rows - 1).and_then(|rows| rows.checked_add(last_row)),
        };
        stride
            .checked_mul(image_rows)
            .and_then(|image| image.checked_mul(depth - 1))
            .zip(last_image)
            .and_then(|(images, last_image)| images.checked_add(last_image))
            .ok_or_else(overflow)?
    };
    let end = layout.offset.checked_add(bytes).ok_or_else(overflow)?;
    if end > buffer_size {
        return Err((
            FootprintBlame::Buffer,
            format!("the copy needs bytes {}..{end} but the buffer has {buffer_size} bytes", layout.offset),
        ));
    }
    let tightly_packed = (height_blocks <= 1 || stride == last_row)
        && (depth <= 1 || (stride == last_row && image_rows == height_blocks));
    Ok(Footprint { offset: layout.offset, end, tightly_packed })
}

#[cfg(test)]
mod tests {
    use wgpu::{TextureDimension, TextureFormat};

    use super::*;

    fn rgba(width: u32, height: u32, layers: u32) -> TextureDesc {
        TextureDesc::new_2d("t", width, height, TextureFormat::Rgba8Unorm).with_layers(layers)
    }

    fn layout(offset: u64, bytes_per_row: Option<u32>, rows_per_image: Option<u32>) -> TexelCopyBufferLayout {
        TexelCopyBufferLayout { offset, bytes_per_row, rows_per_image }
    }

    #[test]
    fn four_by_four_rgba_with_short_rows_needs_64_bytes() {
        let size = Extent3d { width: 4, height: 4, depth_or_array_layers: 1 };
        let footprint = buffer_footprint(&rgba(4, 4, 1), layout(0, Some(4), None), size, 64).unwrap();
        assert_eq!((footprint.offset, footprint.end, footprint.tightly_packed), (0, 64, true));
    }

    #[test]
    fn row_and_image_padding_are_not_tight() {
        let one_row = Extent3d { width: 1, height: 1, depth_or_array_layers: 1 };
        let padded_single = buffer_footprint(&rgba(1, 2, 2), layout(0, Some(256), None), one_row, 4096).unwrap();
        assert!(padded_single.tightly_packed, "a single row has no padding to preserve");
        let two_rows = Extent3d { width: 1, height: 2, depth_or_array_layers: 1 };
        let padded_rows = buffer_footprint(&rgba(1, 2, 2), layout(4, Some(256), None), two_rows, 4096).unwrap();
        assert_eq!((padded_rows.offset, padded_rows.end, padded_rows.tightly_packed), (4, 264, false));
        let layers = Extent3d { width: 1, height: 2, depth_or_array_layers: 2 };
        let tight_rows_padded_images =
            buffer_footprint(&rgba(1, 2, 2), layout(0, Some(4), Some(3)), layers, 4096).unwrap();
        assert_eq!((tight_rows_padded_images.end, tight_rows_padded_images.tightly_packed), (20, false));
        let padded = buffer_footprint(&rgba(1, 2, 2), layout(4, Some(256), Some(4)), layers, 1288).unwrap();
        assert_eq!((padded.offset, padded.end), (4, 1288));
    }

    #[test]
    fn footprints_are_bounded_by_the_buffer() {
        let size = Extent3d { width: 4, height: 4, depth_or_array_layers: 1 };
        assert!(buffer_footprint(&rgba(4, 4, 1), layout(4, None, None), size, 64).is_err());
        let depth = TextureDesc::new_2d("d", 4, 4, TextureFormat::Depth24Plus);
        assert!(buffer_footprint(&depth, layout(0, None, None), size, 1 << 20).is_err());
        let empty = Extent3d { width: 0, height: 4, depth_or_array_layers: 1 };
        assert_eq!(buffer_footprint(&depth, layout(8, None, None), empty, 8).unwrap().end, 8);
        let overrun = buffer_footprint(&rgba(4, 4, 1), layout(4, None, None), size, 64).unwrap_err();
        assert_eq!(overrun.0, FootprintBlame::Buffer);
        let no_layout = buffer_footprint(&depth, layout(0, None, None), size, 1 << 20).unwrap_err();
        assert_eq!(no_layout.0, FootprintBlame::Texture);
    }

    #[test]
    fn empty_copies_still_count_the_strides_before_their_last_row_and_image() {
        // Width 0: the rows before the last one still span their stride.
        let no_width = Extent3d { width: 0, height: 4, depth_or_array_layers: 1 };
        let footprint = buffer_footprint(&rgba(4, 4, 1), layout(0, Some(256), None), no_width, 1024).unwrap();
        assert_eq!(footprint.end, 3 * 256);
        assert!(buffer_footprint(&rgba(4, 4, 1), layout(0, Some(256), None), no_width, 700).is_err());
        // Height 0 with several layers: every image before the last spans its rows.
        let no_height = Extent3d { width: 4, height: 0, depth_or_array_layers: 3 };
        let footprint = buffer_footprint(&rgba(4, 4, 3), layout(16, Some(256), Some(4)), no_height, 4096).unwrap();
        assert_eq!(footprint.end, 16 + 2 * 4 * 256);
        // No layers: nothing at all.
        let no_layers = Extent3d { width: 4, height: 4, depth_or_array_layers: 0 };
        assert_eq!(buffer_footprint(&rgba(4, 4, 1), layout(8, Some(256), None), no_layers, 8).unwrap().end, 8);
    }

    #[test]
    fn texture_regions_cover_whole_block_rounded_slices() {
        let bc = {
            let mut desc = TextureDesc::new_2d("bc", 10, 10, TextureFormat::Bc1RgbaUnorm);
            desc.mip_level_count = 2;
            desc
        };
        let full = texture_copy_region(
            &bc,
            1,
            Origin3d::ZERO,
            TextureAspect::All,
            Extent3d { width: 8, height: 8, depth_or_array_layers: 1 },
        )
        .unwrap();
        assert!(full.whole_slices);
        let partial = texture_copy_region(
            &rgba(4, 4, 3),
            0,
            Origin3d { x: 0, y: 0, z: 1 },
            TextureAspect::All,
            Extent3d { width: 4, height: 2, depth_or_array_layers: 2 },
        )
        .unwrap();
        assert!(!partial.whole_slices);
        assert_eq!(partial.region.slices, Slices::Range { base: 1, count: 2 });
        assert!(
            texture_copy_region(
                &rgba(4, 4, 3),
                1,
                Origin3d::ZERO,
                TextureAspect::All,
                Extent3d { width: 1, height: 1, depth_or_array_layers: 1 }
            )
            .is_err()
        );
        assert!(
            texture_copy_region(
                &rgba(4, 4, 3),
                0,
                Origin3d { x: 0, y: 0, z: 2 },
                TextureAspect::All,
                Extent3d { width: 1, height: 1, depth_or_array_layers: 2 }
            )
            .is_err()
        );
        let mut volume = rgba(8, 8, 8);
        volume.dimension = TextureDimension::D3;
        volume.mip_level_count = 2;
        assert!(
            texture_copy_region(
                &volume,
                1,
                Origin3d::ZERO,
                TextureAspect::All,
                Extent3d { width: 4, height: 4, depth_or_array_layers: 4 }
            )
            .is_ok()
        );
        assert!(
            texture_copy_region(
                &volume,
                1,
                Origin3d::ZERO,
                TextureAspect::All,
                Extent3d { width: 4, height: 4, depth_or_array_layers: 5 }
            )
            .is_err()
        );
    }
}
