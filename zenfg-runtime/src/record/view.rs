//! Normalization of texture view descriptors into resolved views and regions.

use wgpu::{TextureAspect, TextureDimension, TextureViewDimension};

use super::{Slices, TextureRegion};
use crate::desc::{NormalizedTextureViewDesc, TextureDesc, TextureViewDesc};
use crate::format::{category, is_depth, normalized_aspect};
use crate::ids::ResourceId;

/// One logical view.
#[derive(PartialEq)]
pub(crate) struct ViewRecord {
    pub texture: ResourceId,
    pub desc: TextureViewDesc,
    pub normalized: NormalizedTextureViewDesc,
    pub region: TextureRegion,
}

/// Resolves every default of `view` against `texture` and checks the selection;
/// the error message says what to change.
pub(crate) fn normalize_view(
    texture: &TextureDesc,
    view: &TextureViewDesc,
) -> Result<(NormalizedTextureViewDesc, TextureRegion), String> {
    let format = view.format.unwrap_or(texture.format);
    if format != texture.format && !texture.view_formats.contains(&format) {
        return Err(format!(
            "view format {format:?} is neither the texture format {:?} nor listed in its view_formats",
            texture.format
        ));
    }
    if format.has_stencil_aspect() || is_depth(format) != is_depth(texture.format) {
        return Err(format!(
            "view format {format:?} is a {} format but the texture is a {} texture",
            category(format),
            category(texture.format)
        ));
    }

    let mips = texture.mip_level_count;
    let base_mip = view.base_mip_level;
    let mip_count = view.mip_level_count.unwrap_or(mips.saturating_sub(base_mip));
    if mip_count == 0 || base_mip.checked_add(mip_count).is_none_or(|end| end > mips) {
        return Err(format!("mips {base_mip}..+{mip_count} are outside the texture's {mips} mips or empty"));
    }

    match (view.aspect, is_depth(texture.format)) {
        (TextureAspect::All, _) | (TextureAspect::DepthOnly, true) => {}
        (aspect, _) => {
            return Err(format!(
                "aspect {aspect:?} does not apply to a {} texture; use TextureAspect::All{}",
                category(texture.format),
                if is_depth(texture.format) { " or DepthOnly" } else { "" }
            ));
        }
    }

    let layers = texture.size.depth_or_array_layers;
    let base_layer = view.base_array_layer;
    let is_3d = texture.dimension == TextureDimension::D3;
    let dimension = match view.dimension {
        Some(dimension) => dimension,
        None => match texture.dimension {
            TextureDimension::D1 => TextureViewDimension::D1,
            TextureDimension::D3 => TextureViewDimension::D3,
            TextureDimension::D2 => {
                let count = view.array_layer_count.unwrap_or(layers.saturating_sub(base_layer));
                if count == 1 { TextureViewDimension::D2 } else { TextureViewDimension::D2Array }
            }
        },
    };
    let expected_texture = match dimension {
        TextureViewDimension::D1 => TextureDimension::D1,
        TextureViewDimension::D3 => TextureDimension::D3,
        _ => TextureDimension::D2,
    };
    if expected_texture != texture.dimension {
        return Err(format!(
            "a {dimension:?} view needs a {expected_texture:?} texture, not a {:?} texture",
            texture.dimension
        ));
    }
    if matches!(dimension, TextureViewDimension::Cube | TextureViewDimension::CubeArray)
        && texture.size.width != texture.size.height
    {
        return Err(format!(
            "a {dimension:?} view needs square faces, and the texture is {}x{}",
            texture.size.width, texture.size.height
        ));
    }
    if texture.sample_count > 1 && dimension != TextureViewDimension::D2 {
        return Err(format!("a multisampled texture is viewed as D2, not {dimension:?}; it has one layer and one mip"));
    }

    let (slices, array_layer_count) = if is_3d {
        // WebGPU gives a 3D view one array layer; `Some(1)` says just that.
        if base_layer != 0 || view.array_layer_count.is_some_and(|count| count != 1) {
            return Err(
                "3D views select every depth slice; leave base_array_layer 0 and array_layer_count None or 1".into()
            );
        }
        (Slices::AllDepth, None)
    } else {
        let count = view.array_layer_count.unwrap_or(layers.saturating_sub(base_layer));
        if count == 0 || base_layer.checked_add(count).is_none_or(|end| end > layers) {
            return Err(format!("layers {base_layer}..+{count} are outside the texture's {layers} layers or empty"));
        }
        let fits = match dimension {
            TextureViewDimension::D1 | TextureViewDimension::D2 => count == 1,
            TextureViewDimension::Cube => count == 6,
            TextureViewDimension::CubeArray => count.is_multiple_of(6),
            TextureViewDimension::D2Array | TextureViewDimension::D3 => true,
        };
        if !fits {
            return Err(format!(
                "a {dimension:?} view cannot select {count} layers (D1/D2: 1, Cube: 6, CubeArray: a multiple of 6)"
            ));
        }
        (Slices::Range { base: base_layer, count }, Some(count))
    };

    let normalized = NormalizedTextureViewDesc {
        label: view.label.clone(),
        format,
        dimension,
        aspect: normalized_aspect(texture.format),
        base_mip_level: base_mip,
        mip_level_count: mip_count,
        base_array_layer: if is_3d { 0 } else { base_layer },
        array_layer_count,
    };
    Ok((normalized, TextureRegion { base_mip, mip_count, slices }))
}

#[cfg(test)]
mod tests {
    use wgpu::TextureFormat;

    use super::*;

    fn layered(layers: u32) -> TextureDesc {
        TextureDesc::new_2d("layers", 16, 16, TextureFormat::Rgba8Unorm).with_layers(layers).with_mips(3)
    }

    #[test]
    fn remaining_layers_and_mips_are_selected_by_default() {
        let view = TextureViewDesc { base_array_layer: 4, base_mip_level: 1, ..Default::default() };
        let (normalized, region) = normalize_view(&layered(12), &view).unwrap();
        assert_eq!(normalized.dimension, TextureViewDimension::D2Array);
        assert_eq!(normalized.array_layer_count, Some(8));
        assert_eq!(normalized.mip_level_count, 2);
        assert_eq!(region.slices, Slices::Range { base: 4, count: 8 });
    }

    #[test]
    fn explicit_dimensions_resolve_remaining_layers() {
        let cube =
            TextureViewDesc { dimension: Some(TextureViewDimension::Cube), base_array_layer: 6, ..Default::default() };
        assert_eq!(normalize_view(&layered(12), &cube).unwrap().0.array_layer_count, Some(6));
        let cube_array = TextureViewDesc { dimension: Some(TextureViewDimension::CubeArray), ..Default::default() };
        assert_eq!(normalize_view(&layered(12), &cube_array).unwrap().0.array_layer_count, Some(12));
        let bad_cube =
            TextureViewDesc { dimension: Some(TextureViewDimension::Cube), base_array_layer: 7, ..Default::default() };
        assert!(normalize_view(&layered(12), &bad_cube).is_err());
        let d2_at_11 = TextureViewDesc::layer(11);
        let (normalized, region) = normalize_view(&layered(12), &d2_at_11).unwrap();
        assert_eq!(normalized.base_array_layer, 11);
        assert_eq!(region.slices, Slices::Range { base: 11, count: 1 });
        let d2_remaining =
            TextureViewDesc { dimension: Some(TextureViewDimension::D2), base_array_layer: 10, ..Default::default() };
        assert!(normalize_view(&layered(12), &d2_remaining).is_err());
    }

    #[test]
    fn three_d_views_have_no_layers() {
        let mut desc = TextureDesc::new_2d("volume", 8, 8, TextureFormat::R32Float).with_layers(8).with_mips(2);
        desc.dimension = TextureDimension::D3;
        let (normalized, region) = normalize_view(&desc, &TextureViewDesc::default()).unwrap();
        assert_eq!(normalized.dimension, TextureViewDimension::D3);
        assert_eq!(normalized.array_layer_count, None);
        assert_eq!(region.slices, Slices::AllDepth);
        let one_layer = TextureViewDesc { array_layer_count: Some(1), ..Default::default() };
        let (normalized, region) = normalize_view(&desc, &one_layer).unwrap();
        assert_eq!((normalized.dimension, normalized.array_layer_count), (TextureViewDimension::D3, None));
        assert_eq!(region.slices, Slices::AllDepth);
        let two_layers = TextureViewDesc { array_layer_count: Some(2), ..Default::default() };
        assert!(normalize_view(&desc, &two_layers).is_err());
    }

    #[test]
    fn formats_and_aspects_are_checked() {
        let depth = TextureDesc::new_2d("depth", 8, 8, TextureFormat::Depth32Float);
        let (normalized, _) = normalize_view(&depth, &TextureViewDesc::default()).unwrap();
        assert_eq!(normalized.aspect, TextureAspect::DepthOnly);
        let stencil = TextureViewDesc { aspect: TextureAspect::StencilOnly, ..Default::default() };
        assert!(normalize_view(&depth, &stencil).is_err());
        let color = TextureDesc::new_2d("color", 8, 8, TextureFormat::Rgba8Unorm);
        let depth_only = TextureViewDesc { aspect: TextureAspect::DepthOnly, ..Default::default() };
        assert!(normalize_view(&color, &depth_only).is_err());
        let srgb = TextureViewDesc { format: Some(TextureFormat::Rgba8UnormSrgb), ..Default::default() };
        assert!(normalize_view(&color, &srgb).is_err());
        let mut listed = color.clone();
        listed.view_formats.push(TextureFormat::Rgba8UnormSrgb);
        assert!(normalize_view(&listed, &srgb).is_ok());
        let mips = TextureViewDesc { base_mip_level: 1, ..Default::default() };
        assert!(normalize_view(&color, &mips).is_err());
    }
}
