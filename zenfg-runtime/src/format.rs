//! Device-independent facts about texture formats and shapes.

use wgpu::{Extent3d, TextureAspect, TextureDimension, TextureFormat};

use crate::desc::TextureDesc;

/// Whether a format is a depth format (stencil formats are rejected earlier).
pub(crate) fn is_depth(format: TextureFormat) -> bool {
    format.has_depth_aspect()
}

/// The single aspect every normalized region of a texture of this format carries.
pub(crate) fn normalized_aspect(format: TextureFormat) -> TextureAspect {
    if is_depth(format) { TextureAspect::DepthOnly } else { TextureAspect::All }
}

/// The name of a format's category, for messages.
pub(crate) fn category(format: TextureFormat) -> &'static str {
    if is_depth(format) { "depth" } else { "color" }
}

/// Bytes per block for copies, if the format has a copy footprint.
pub(crate) fn block_copy_size(format: TextureFormat) -> Option<u32> {
    let aspect = is_depth(format).then_some(TextureAspect::DepthOnly);
    format.block_copy_size(aspect)
}

/// The number of mips a texture of this extent and dimension can have.
pub(crate) fn max_mips(size: Extent3d, dimension: TextureDimension) -> u32 {
    let largest = match dimension {
        TextureDimension::D1 => size.width,
        TextureDimension::D2 => size.width.max(size.height),
        TextureDimension::D3 => size.width.max(size.height).max(size.depth_or_array_layers),
    };
    u32::BITS - largest.max(1).leading_zeros()
}

/// How many slices each mip of a texture has: its array layers, or the depth
/// of a 3D texture, halved at each mip.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layers {
    count: u32,
    depth: bool,
}

impl Layers {
    /// `count` layers, or a depth of `count` when `depth` is set.
    pub const fn new(count: u32, depth: bool) -> Self {
        Self { count, depth }
    }

    /// The slices of a texture of `desc`.
    pub fn of(desc: &TextureDesc) -> Self {
        Self::new(desc.size.depth_or_array_layers, desc.dimension == TextureDimension::D3)
    }

    /// The slice count of `mip`.
    #[inline]
    pub fn at_mip(self, mip: u32) -> u32 {
        if self.depth { (self.count >> mip).max(1) } else { self.count }
    }
}

/// Width and height of `mip` rounded up to whole blocks, in texels (wider
/// than `u32`: rounding the largest extents up overflows it).
pub(crate) fn block_rounded_mip_extent(desc: &TextureDesc, mip: u32) -> (u64, u64) {
    let (block_width, block_height) = desc.format.block_dimensions();
    let width = u64::from((desc.size.width >> mip).max(1));
    let height = match desc.dimension {
        TextureDimension::D1 => 1,
        _ => u64::from((desc.size.height >> mip).max(1)),
    };
    let round = |extent: u64, block: u32| extent.div_ceil(u64::from(block)) * u64::from(block);
    (round(width, block_width), round(height, block_height))
}

/// Planning estimate of a texture's bytes: every mip, every slice, every sample.
/// Formats without a copy footprint count 4 bytes per block.
pub(crate) fn estimated_texture_bytes(desc: &TextureDesc) -> u64 {
    let (block_width, block_height) = desc.format.block_dimensions();
    let block_bytes = u64::from(block_copy_size(desc.format).unwrap_or(4));
    (0..desc.mip_level_count)
        .map(|mip| {
            let width = u64::from((desc.size.width >> mip).max(1).div_ceil(block_width));
            let height = u64::from((desc.size.height >> mip).max(1).div_ceil(block_height));
            let slices = u64::from(Layers::of(desc).at_mip(mip));
            width
                .saturating_mul(height)
                .saturating_mul(slices)
                .saturating_mul(block_bytes)
                .saturating_mul(u64::from(desc.sample_count))
        })
        .fold(0, u64::saturating_add)
}

/// Checks the device-independent shape rules of a texture descriptor; the
/// message says what to change.
pub(crate) fn check_texture_desc(desc: &TextureDesc) -> Result<(), String> {
    let Extent3d { width, height, depth_or_array_layers } = desc.size;
    // Most textures are plain 2D ones, for which only the extents and the
    // stencil aspect can be wrong.
    if desc.dimension == TextureDimension::D2
        && desc.mip_level_count == 1
        && desc.sample_count == 1
        && desc.view_formats.is_empty()
        && width != 0
        && height != 0
        && depth_or_array_layers != 0
        && !desc.format.has_stencil_aspect()
    {
        return Ok(());
    }
    if width == 0 || height == 0 || depth_or_array_layers == 0 {
        return Err(format!(
            "size {width}x{height}x{depth_or_array_layers} has a zero extent; every extent must be at least 1"
        ));
    }
    if desc.mip_level_count == 0 {
        return Err("mip_level_count is 0; a texture has at least one mip".into());
    }
    if desc.sample_count == 0 {
        return Err("sample_count is 0; use 1 for single-sampled textures".into());
    }
    if desc.format.has_stencil_aspect() {
        return Err(format!(
            "format {:?} has a stencil aspect, which zenfg does not track; use a depth-only format",
            desc.format
        ));
    }
    match desc.dimension {
        TextureDimension::D1 => {
            if height != 1 || depth_or_array_layers != 1 {
                return Err("1D textures must have height 1 and depth 1".into());
            }
            if desc.sample_count != 1 {
                return Err("1D textures cannot be multisampled".into());
            }
            if desc.format.is_compressed() || is_depth(desc.format) {
                return Err(format!("1D textures cannot use the {:?} format", desc.format));
            }
        }
        TextureDimension::D3 if desc.sample_count != 1 => {
            return Err("3D textures cannot be multisampled".into());
        }
        _ => {}
    }
    if desc.sample_count > 1 && desc.mip_level_count != 1 {
        return Err("multisampled textures must have exactly one mip".into());
    }
    let max = max_mips(desc.size, desc.dimension);
    if desc.mip_level_count > max {
        return Err(format!(
            "mip_level_count {} exceeds the {max} mips a {width}x{height}x{depth_or_array_layers} \
             {:?} texture can have",
            desc.mip_level_count, desc.dimension
        ));
    }
    for &view_format in &desc.view_formats {
        if view_format.has_stencil_aspect() {
            return Err(format!("view format {view_format:?} has a stencil aspect"));
        }
        if is_depth(view_format) != is_depth(desc.format) {
            return Err(format!(
                "view format {view_format:?} is a {} format but the texture format {:?} is a {} format",
                category(view_format),
                desc.format,
                category(desc.format)
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth24plus_4x4_estimate_counts_four_bytes_per_texel() {
        let desc = TextureDesc::new_2d("depth", 4, 4, TextureFormat::Depth24Plus);
        assert_eq!(estimated_texture_bytes(&desc), 64);
    }

    #[test]
    fn estimate_sums_mips_and_samples() {
        let desc = TextureDesc::new_2d("color", 4, 4, TextureFormat::Rgba8Unorm).with_mips(3);
        assert_eq!(estimated_texture_bytes(&desc), (16 + 4 + 1) * 4);
        let msaa = TextureDesc::new_2d("msaa", 4, 4, TextureFormat::Rgba8Unorm).with_samples(4);
        assert_eq!(estimated_texture_bytes(&msaa), 16 * 4 * 4);
    }

    #[test]
    fn max_mips_follows_the_largest_extent() {
        let size = Extent3d { width: 8, height: 3, depth_or_array_layers: 64 };
        assert_eq!(max_mips(size, TextureDimension::D2), 4);
        assert_eq!(max_mips(size, TextureDimension::D3), 7);
        assert_eq!(max_mips(size, TextureDimension::D1), 4);
    }
}
