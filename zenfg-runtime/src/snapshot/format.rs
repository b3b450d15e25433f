//! Texture format names in WebGPU spelling (`GPUTextureFormat`).
//!
//! Formats WebGPU does not define (16-bit normalized, 64-bit and planar formats) are
//! spelled the same way, lower case with the channel layout first; Snapshot format
//! strings are opaque, so readers keep them as they are.

use std::borrow::Cow;

use wgpu::{AstcBlock, AstcChannel, TextureFormat};

/// The WebGPU name of `format`.
pub(super) fn texture_format_name(format: TextureFormat) -> Cow<'static, str> {
    use TextureFormat as F;
    Cow::Borrowed(match format {
        F::R8Unorm => "r8unorm",
        F::R8Snorm => "r8snorm",
        F::R8Uint => "r8uint",
        F::R8Sint => "r8sint",
        F::R16Uint => "r16uint",
        F::R16Sint => "r16sint",
        F::R16Unorm => "r16unorm",
        F::R16Snorm => "r16snorm",
        F::R16Float => "r16float",
        F::Rg8Unorm => "rg8unorm",
        F::Rg8Snorm => "rg8snorm",
        F::Rg8Uint => "rg8uint",
        F::Rg8Sint => "rg8sint",
        F::R32Uint => "r32uint",
        F::R32Sint => "r32sint",
        F::R32Float => "r32float",
        F::Rg16Uint => "rg16uint",
        F::Rg16Sint => "rg16sint",
        F::Rg16Unorm => "rg16unorm",
        F::Rg16Snorm => "rg16snorm",
        F::Rg16Float => "rg16float",
        F::Rgba8Unorm => "rgba8unorm",
        F::Rgba8UnormSrgb => "rgba8unorm-srgb",
        F::Rgba8Snorm => "rgba8snorm",
        F::Rgba8Uint => "rgba8uint",
        F::Rgba8Sint => "rgba8sint",
        F::Bgra8Unorm => "bgra8unorm",
        F::Bgra8UnormSrgb => "bgra8unorm-srgb",
        F::Rgb9e5Ufloat => "rgb9e5ufloat",
        F::Rgb10a2Uint => "rgb10a2uint",
        F::Rgb10a2Unorm => "rgb10a2unorm",
        F::Rg11b10Ufloat => "rg11b10ufloat",
        F::R64Uint => "r64uint",
        F::Rg32Uint => "rg32uint",
        F::Rg32Sint => "rg32sint",
        F::Rg32Float => "rg32float",
        F::Rgba16Uint => "rgba16uint",
        F::Rgba16Sint => "rgba16sint",
        F::Rgba16Unorm => "rgba16unorm",
        F::Rgba16Snorm => "rgba16snorm",
        F::Rgba16Float => "rgba16float",
        F::Rgba32Uint => "rgba32uint",
        F::Rgba32Sint => "rgba32sint",
        F::Rgba32Float => "rgba32float",
        F::Stencil8 => "stencil8",
        F::Depth16Unorm => "depth16unorm",
        F::Depth24Plus => "depth24plus",
        F::Depth24PlusStencil8 => "depth24plus-stencil8",
        F::Depth32Float => "depth32float",
        F::Depth32FloatStencil8 => "depth32float-stencil8",
        F::NV12 => "nv12",
        F::P010 => "p010",
        F::Bc1RgbaUnorm => "bc1-rgba-unorm",
        F::Bc1RgbaUnormSrgb => "bc1-rgba-unorm-srgb",
        F::Bc2RgbaUnorm => "bc2-rgba-unorm",
        F::Bc2RgbaUnormSrgb => "bc2-rgba-unorm-srgb",
        F::Bc3RgbaUnorm => "bc3-rgba-unorm",
        F::Bc3RgbaUnormSrgb => "bc3-rgba-unorm-srgb",
        F::Bc4RUnorm => "bc4-r-unorm",
        F::Bc4RSnorm => "bc4-r-snorm",
        F::Bc5RgUnorm => "bc5-rg-unorm",
        F::Bc5RgSnorm => "bc5-rg-snorm",
        F::Bc6hRgbUfloat => "bc6h-rgb-ufloat",
        F::Bc6hRgbFloat => "bc6h-rgb-float",
        F::Bc7RgbaUnorm => "bc7-rgba-unorm",
        F::Bc7RgbaUnormSrgb => "bc7-rgba-unorm-srgb",
        F::Etc2Rgb8Unorm => "etc2-rgb8unorm",
        F::Etc2Rgb8UnormSrgb => "etc2-rgb8unorm-srgb",
        F::Etc2Rgb8A1Unorm => "etc2-rgb8a1unorm",
        F::Etc2Rgb8A1UnormSrgb => "etc2-rgb8a1unorm-srgb",
        F::Etc2Rgba8Unorm => "etc2-rgba8unorm",
        F::Etc2Rgba8UnormSrgb => "etc2-rgba8unorm-srgb",
        F::EacR11Unorm => "eac-r11unorm",
        F::EacR11Snorm => "eac-r11snorm",
        F::EacRg11Unorm => "eac-rg11unorm",
        F::EacRg11Snorm => "eac-rg11snorm",
        F::Astc { block, channel } => {
            return Cow::Owned(format!("astc-{}-{}", astc_block(block), astc_channel(channel)));
        }
    })
}

fn astc_block(block: AstcBlock) -> &'static str {
    match block {
        AstcBlock::B4x4 => "4x4",
        AstcBlock::B5x4 => "5x4",
        AstcBlock::B5x5 => "5x5",
        AstcBlock::B6x5 => "6x5",
        AstcBlock::B6x6 => "6x6",
        AstcBlock::B8x5 => "8x5",
        AstcBlock::B8x6 => "8x6",
        AstcBlock::B8x8 => "8x8",
        AstcBlock::B10x5 => "10x5",
        AstcBlock::B10x6 => "10x6",
        AstcBlock::B10x8 => "10x8",
        AstcBlock::B10x10 => "10x10",
        AstcBlock::B12x10 => "12x10",
        AstcBlock::B12x12 => "12x12",
    }
}

fn astc_channel(channel: AstcChannel) -> &'static str {
    match channel {
        AstcChannel::Unorm => "unorm",
        AstcChannel::UnormSrgb => "unorm-srgb",
        AstcChannel::Hdr => "hdr",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_use_webgpu_spelling() {
        assert_eq!(texture_format_name(TextureFormat::Rgba8UnormSrgb), "rgba8unorm-srgb");
        assert_eq!(texture_format_name(TextureFormat::Depth24Plus), "depth24plus");
        assert_eq!(texture_format_name(TextureFormat::Rg11b10Ufloat), "rg11b10ufloat");
        assert_eq!(texture_format_name(TextureFormat::Bc6hRgbUfloat), "bc6h-rgb-ufloat");
        let astc = TextureFormat::Astc { block: AstcBlock::B10x8, channel: AstcChannel::UnormSrgb };
        assert_eq!(texture_format_name(astc), "astc-10x8-unorm-srgb");
    }
}
