//! Bindings: what each bound field of a derived pass expects of the texture
//! or buffer range its access declared, against what was recorded (FG1109).
//!
//! The layout entry is fixed when the program is built, from the field's
//! attributes or the pass's shader; the resource is known only when the frame
//! is recorded. A mismatch would otherwise be a validation error of wgpu when
//! the bind group is created, naming no pass or field.

use wgpu::{
    BindingType, BufferBindingType, Features, Limits, StorageTextureAccess, TextureFormat, TextureSampleType,
    TextureViewDimension,
};

use super::views::implicit_dimension;
use crate::capabilities::DeviceCapabilities;
use crate::error::{FrameGraphError, Mismatch, Result};
use crate::format::normalized_aspect;
use crate::record::{BindingCheck, Recording, Region};

/// Checks every recorded binding expectation, in recording order (whether a
/// format is filterable depends on the device's features, as wgpu decides
/// it), and that every bound buffer range is one the device can bind
/// (FG1110); then the color attachments of derived render passes against
/// their fragment outputs.
pub(crate) fn check_bindings(rec: &Recording<'_>, capabilities: &DeviceCapabilities) -> Result<()> {
    for check in &rec.binding_checks {
        check_binding(rec, check, capabilities.features())?;
        check_buffer_binding(rec, check, capabilities.limits())?;
    }
    super::color_outputs::check_color_outputs(rec)
}

/// FG1110 for a bound buffer range the device cannot bind: an offset off the
/// device's alignment or more bytes than a binding may have; FG1109 for a
/// storage range that is not a whole number of 4-byte words, which no device
/// binds.
fn check_buffer_binding(rec: &Recording<'_>, check: &BindingCheck, limits: &Limits) -> Result<()> {
    let (BindingType::Buffer { ty, .. }, Region::Buffer { offset, end }) =
        (check.entry.ty, rec.accesses[check.access.index()].region())
    else {
        return Ok(());
    };
    let access = &rec.accesses[check.access.index()];
    let (alignment, max_size, alignment_name, size_name) = match ty {
        BufferBindingType::Uniform => (
            limits.min_uniform_buffer_offset_alignment,
            limits.max_uniform_buffer_binding_size,
            "min_uniform_buffer_offset_alignment",
            "max_uniform_buffer_binding_size",
        ),
        BufferBindingType::Storage { .. } => (
            limits.min_storage_buffer_offset_alignment,
            limits.max_storage_buffer_binding_size,
            "min_storage_buffer_offset_alignment",
            "max_storage_buffer_binding_size",
        ),
    };
    let exceeded =
        |limit: &'static str, value: u64, bound: u64, message: String| FrameGraphError::DeviceLimitExceeded {
            pass: Some(rec.pass_ref(access.pass)),
            resource: Some(access.resource),
            label: rec.resources[access.resource.index()].label().clone(),
            limit,
            value,
            bound,
            message,
        };
    let field = check.field;
    if !offset.is_multiple_of(u64::from(alignment)) {
        return Err(exceeded(
            alignment_name,
            offset,
            u64::from(alignment),
            format!(
                "field `{field}` binds it at offset {offset}, which is not a multiple of {alignment}; \
                 declare a range that starts at a multiple of {alignment}"
            ),
        ));
    }
    let size = end - offset;
    if size > max_size {
        return Err(exceeded(
            size_name,
            size,
            max_size,
            format!(
                "field `{field}` binds {size} bytes of it, more than one binding may hold; \
                 bind a smaller range, or request a higher `{size_name}` when creating the device"
            ),
        ));
    }
    if matches!(ty, BufferBindingType::Storage { .. }) && !size.is_multiple_of(4) {
        // WebGPU's rule for every storage binding, whatever the device.
        return Err(FrameGraphError::BindingMismatch {
            pass: rec.pass_ref(access.pass),
            field,
            resource: rec.resource_ref(access.resource),
            mismatch: Box::new(Mismatch {
                expected: "a storage buffer binding of whole 4-byte words".into(),
                actual: format!("a range of {size} bytes"),
                fix: "declare a range whose size is a multiple of 4".into(),
            }),
        });
    }
    Ok(())
}

/// What a texture access binds: its format, view dimension and sample count.
struct TextureFacts {
    format: TextureFormat,
    dimension: TextureViewDimension,
    samples: u32,
}

fn texture_facts(rec: &Recording<'_>, check: &BindingCheck, region: crate::record::TextureRegion) -> TextureFacts {
    let access = &rec.accesses[check.access.index()];
    let desc = rec.texture_desc(access.resource);
    match access.view() {
        Some(view) => {
            let normalized = &rec.views[view.index()].normalized;
            TextureFacts { format: normalized.format, dimension: normalized.dimension, samples: desc.sample_count }
        }
        None => TextureFacts {
            format: desc.format,
            dimension: implicit_dimension(desc.dimension, region),
            samples: desc.sample_count,
        },
    }
}

fn check_binding(rec: &Recording<'_>, check: &BindingCheck, features: Features) -> Result<()> {
    let access = &rec.accesses[check.access.index()];
    let mismatch = |expected: String, actual: String, fix: String| FrameGraphError::BindingMismatch {
        pass: rec.pass_ref(access.pass),
        field: check.field,
        resource: rec.resource_ref(access.resource),
        mismatch: Box::new(Mismatch { expected, actual, fix }),
    };
    match (check.entry.ty, access.region()) {
        (BindingType::Buffer { min_binding_size: Some(min), .. }, Region::Buffer { offset, end })
            if end - offset < min.get() =>
        {
            return Err(mismatch(
                format!("a buffer binding of at least {min} bytes"),
                format!("a range of {} bytes", end - offset),
                "declare a range that holds the shader's type".into(),
            ));
        }
        (BindingType::Texture { sample_type, view_dimension, multisampled }, Region::Texture(region)) => {
            let facts = texture_facts(rec, check, region);
            let wgsl = |dimension, multisampled| wgsl_texture(sample_type, dimension, multisampled);
            check_dimension(view_dimension, &facts, check.from_shader, wgsl, &mismatch)?;
            if multisampled != (facts.samples > 1) {
                return Err(mismatch(
                    if multisampled { "a multisampled texture" } else { "a single-sampled texture" }.into(),
                    if facts.samples == 1 {
                        "a texture of 1 sample".into()
                    } else {
                        format!("a texture of {} samples", facts.samples)
                    },
                    multisampled_fix(multisampled, check.from_shader, wgsl(view_dimension, !multisampled)),
                ));
            }
            let actual = facts.format.sample_type(Some(normalized_aspect(facts.format)), Some(features));
            if !actual.is_some_and(|actual| sample_type_fits(sample_type, actual)) {
                return Err(mismatch(
                    format!("a texture of sample type {}", sample_type_name(sample_type)),
                    format!("{:?}, whose sample type is {}", facts.format, actual.map_or("none", sample_type_name)),
                    sample_type_fix(sample_type, actual, facts.format, check.from_shader, |actual| {
                        wgsl_texture(actual, view_dimension, multisampled)
                    }),
                ));
            }
        }
        (BindingType::StorageTexture { format, access, view_dimension }, Region::Texture(region)) => {
            let facts = texture_facts(rec, check, region);
            let wgsl = |dimension, _| wgsl_storage_texture(format, access, dimension);
            check_dimension(view_dimension, &facts, check.from_shader, wgsl, &mismatch)?;
            if facts.format != format {
                return Err(mismatch(
                    format!("a storage texture of format {format:?}"),
                    format!("{:?}", facts.format),
                    storage_format_fix(format, facts.format, check.from_shader, access, view_dimension),
                ));
            }
        }
        _ => {}
    }
    Ok(())
}

/// How to change what a field or its shader declares: the field's `option`
/// and the shader's `wgsl` type for a pass laid out from its attributes (its
/// shader, which the derive does not read, must agree), the shader alone
/// for a pass laid out from its shader.
fn redeclare(from_shader: bool, option: &str, wgsl: &str) -> String {
    if from_shader {
        format!("declare the shader's variable `{wgsl}`")
    } else {
        format!("declare `{option}` on the field and `{wgsl}` in the shader")
    }
}

fn check_dimension(
    expected: TextureViewDimension,
    facts: &TextureFacts,
    from_shader: bool,
    wgsl: impl Fn(TextureViewDimension, bool) -> String,
    mismatch: &impl Fn(String, String, String) -> FrameGraphError,
) -> Result<()> {
    if facts.dimension == expected {
        return Ok(());
    }
    let option = format!("dimension = {:?}", facts.dimension);
    Err(mismatch(
        format!("a {expected:?} view"),
        format!("a {:?} view", facts.dimension),
        format!(
            "bind a view of dimension {expected:?} (a `TextureViewDesc` selecting it), or {}",
            redeclare(from_shader, &option, &wgsl(facts.dimension, facts.samples > 1))
        ),
    ))
}

/// How to bind a texture whose sample count disagrees with `multisampled`,
/// the field's expectation; `other` is the WGSL type of the other choice.
fn multisampled_fix(multisampled: bool, from_shader: bool, other: String) -> String {
    match (multisampled, from_shader) {
        (false, true) => format!(
            "resolve the texture into a single-sampled one and bind that, or declare the shader's variable `{other}` \
             and read it with `textureLoad`"
        ),
        (false, false) => format!(
            "resolve the texture into a single-sampled one and bind that, or declare `multisampled` on the field and \
             `{other}` in the shader, which reads it with `textureLoad`"
        ),
        (true, true) => format!("bind a multisampled texture, or declare the shader's variable `{other}`"),
        (true, false) => format!(
            "bind a multisampled texture, or remove `multisampled` from the field and declare `{other}` in the \
             shader"
        ),
    }
}

/// How to bind a storage texture of format `actual` where `expected` is
/// declared; a format no storage texture can have is not offered.
fn storage_format_fix(
    expected: TextureFormat,
    actual: TextureFormat,
    from_shader: bool,
    access: StorageTextureAccess,
    dimension: TextureViewDimension,
) -> String {
    let create = if actual.remove_srgb_suffix() == expected {
        format!(
            "bind a view of it in {expected:?} (a `TextureViewDesc` with `format: Some({expected:?})`, the format \
             listed in the texture's `view_formats`)"
        )
    } else {
        format!("create the texture (or a view of it) in {expected:?}")
    };
    if actual.is_srgb() || actual.is_depth_stencil_format() || actual.is_compressed() || actual.is_multi_planar_format()
    {
        return format!("{create}: a storage texture cannot have format {actual:?}");
    }
    let option = format!("format = {actual:?}");
    format!("{create}, or {}", redeclare(from_shader, &option, &wgsl_storage_texture(actual, access, dimension)))
}

/// Whether a texture of sample type `actual` can be bound where `expected` is.
fn sample_type_fits(expected: TextureSampleType, actual: TextureSampleType) -> bool {
    match (expected, actual) {
        (TextureSampleType::Float { filterable: true }, TextureSampleType::Float { filterable }) => filterable,
        (
            TextureSampleType::Float { filterable: false },
            TextureSampleType::Float { .. } | TextureSampleType::Depth,
        ) => true,
        (expected, actual) => expected == actual,
    }
}

fn sample_type_name(sample_type: TextureSampleType) -> &'static str {
    match sample_type {
        TextureSampleType::Float { filterable: true } => "filterable float",
        TextureSampleType::Float { filterable: false } => "unfilterable float",
        TextureSampleType::Depth => "depth",
        TextureSampleType::Sint => "signed integer",
        TextureSampleType::Uint => "unsigned integer",
    }
}

/// How to bind a texture of sample type `actual` and format `format` where
/// `expected` is declared; `wgsl` is the shader's type of a sample type.
fn sample_type_fix(
    expected: TextureSampleType,
    actual: Option<TextureSampleType>,
    format: TextureFormat,
    from_shader: bool,
    wgsl: impl Fn(TextureSampleType) -> String,
) -> String {
    let wanted = sample_type_name(expected);
    let wanted = format!("{} {wanted} format", article(wanted));
    match actual {
        None => format!("bind a texture of {wanted}; {format:?} cannot be sampled"),
        Some(TextureSampleType::Float { filterable: false }) => {
            let float32 =
                if matches!(format, TextureFormat::R32Float | TextureFormat::Rg32Float | TextureFormat::Rgba32Float) {
                    ", request FLOAT32_FILTERABLE when creating the device"
                } else {
                    ""
                };
            format!(
                "declare `sample_type = unfilterable_float` on the field and sample it with a \
                 `#[sampler(non_filtering)]` sampler or read it with `textureLoad`{float32}, or bind a texture of \
                 {wanted}"
            )
        }
        Some(actual) => {
            let option = format!("sample_type = {}", sample_type_option(actual));
            format!("{}, or bind a texture of {wanted}", redeclare(from_shader, &option, &wgsl(actual)))
        }
    }
}

/// "a" or "an", as `word` begins.
fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" }
}

/// The WGSL type of a sampled texture.
fn wgsl_texture(sample_type: TextureSampleType, dimension: TextureViewDimension, multisampled: bool) -> String {
    let dimension = wgsl_dimension(dimension);
    let multisampled = if multisampled { "multisampled_" } else { "" };
    match sample_type {
        TextureSampleType::Depth => format!("texture_depth_{multisampled}{dimension}"),
        TextureSampleType::Float { .. } => format!("texture_{multisampled}{dimension}<f32>"),
        TextureSampleType::Sint => format!("texture_{multisampled}{dimension}<i32>"),
        TextureSampleType::Uint => format!("texture_{multisampled}{dimension}<u32>"),
    }
}

/// The WGSL type of a storage texture; WGSL spells the format as wgpu does,
/// in lower case.
fn wgsl_storage_texture(
    format: TextureFormat,
    access: StorageTextureAccess,
    dimension: TextureViewDimension,
) -> String {
    let access = match access {
        StorageTextureAccess::ReadOnly => "read",
        StorageTextureAccess::WriteOnly => "write",
        StorageTextureAccess::ReadWrite | StorageTextureAccess::Atomic => "read_write",
    };
    let format = format!("{format:?}").to_lowercase();
    format!("texture_storage_{}<{format}, {access}>", wgsl_dimension(dimension))
}

/// The dimension part of a WGSL texture type.
fn wgsl_dimension(dimension: TextureViewDimension) -> &'static str {
    match dimension {
        TextureViewDimension::D1 => "1d",
        TextureViewDimension::D2 => "2d",
        TextureViewDimension::D2Array => "2d_array",
        TextureViewDimension::Cube => "cube",
        TextureViewDimension::CubeArray => "cube_array",
        TextureViewDimension::D3 => "3d",
    }
}

/// The `sample_type = ..` option of the derive that declares `sample_type`.
fn sample_type_option(sample_type: TextureSampleType) -> &'static str {
    match sample_type {
        TextureSampleType::Float { filterable: true } => "float",
        TextureSampleType::Float { filterable: false } => "unfilterable_float",
        TextureSampleType::Depth => "depth",
        TextureSampleType::Sint => "sint",
        TextureSampleType::Uint => "uint",
    }
}

#[cfg(test)]
mod tests {
    use wgpu::{BindingType, TextureFormat, TextureSampleType, TextureViewDimension};

    use super::{check_bindings, sample_type_fits};
    use crate::record::BindingCheck;
    use crate::{DeviceCapabilities, FrameGraph, ImportTextureOptions, InitialContents, TextureDesc, TextureViewDesc};

    #[test]
    fn unfilterable_float_takes_every_float_and_depth_format() {
        let unfilterable = TextureSampleType::Float { filterable: false };
        let filterable = TextureSampleType::Float { filterable: true };
        assert!(sample_type_fits(unfilterable, filterable));
        assert!(sample_type_fits(unfilterable, unfilterable));
        assert!(sample_type_fits(unfilterable, TextureSampleType::Depth));
        assert!(!sample_type_fits(unfilterable, TextureSampleType::Uint));
        assert!(sample_type_fits(filterable, filterable));
        assert!(!sample_type_fits(filterable, unfilterable));
        assert!(!sample_type_fits(filterable, TextureSampleType::Depth));
        assert!(sample_type_fits(TextureSampleType::Depth, TextureSampleType::Depth));
        assert!(!sample_type_fits(TextureSampleType::Depth, filterable));
        assert!(!sample_type_fits(TextureSampleType::Sint, TextureSampleType::Uint));
    }

    static CUBE: wgpu::BindGroupLayoutEntry = wgpu::BindGroupLayoutEntry {
        binding: 0,
        visibility: wgpu::ShaderStages::FRAGMENT,
        ty: BindingType::Texture {
            sample_type: TextureSampleType::Float { filterable: true },
            view_dimension: TextureViewDimension::Cube,
            multisampled: false,
        },
        count: None,
    };

    #[test]
    fn explicit_views_are_checked_by_their_own_dimension() {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let mut desc = TextureDesc::new_2d("sky", 16, 16, TextureFormat::Rgba8Unorm);
        desc.size.depth_or_array_layers = 6;
        let sky = frame.import_texture(desc, ImportTextureOptions::new(InitialContents::Defined)).unwrap();
        let cube = TextureViewDesc { dimension: Some(TextureViewDimension::Cube), ..TextureViewDesc::default() };
        let cube = frame.create_texture_view(sky, cube).unwrap();
        let array = frame.create_texture_view(sky, TextureViewDesc::default()).unwrap();
        let mut pass = frame.compute_pass("sample");
        let cube_token = pass.sampled_texture(cube).unwrap();
        let array_token = pass.sampled_texture(array).unwrap();
        pass.set_side_effect(true);
        pass.finish().unwrap();
        frame.rec.binding_checks.push(BindingCheck {
            access: cube_token.access,
            field: "cube",
            entry: &CUBE,
            from_shader: false,
        });
        assert!(check_bindings(&frame.rec, &DeviceCapabilities::webgpu()).is_ok(), "a cube view is a cube binding");
        frame.rec.binding_checks.push(BindingCheck {
            access: array_token.access,
            field: "array",
            entry: &CUBE,
            from_shader: false,
        });
        let error = check_bindings(&frame.rec, &DeviceCapabilities::webgpu()).unwrap_err();
        assert_eq!(error.code(), "FG1109");
        assert!(error.to_string().contains("field `array`"), "{error}");
        assert!(error.to_string().contains("a Cube view, but it is a D2Array view"), "{error}");
    }

    static FILTERED: wgpu::BindGroupLayoutEntry = wgpu::BindGroupLayoutEntry {
        binding: 0,
        visibility: wgpu::ShaderStages::FRAGMENT,
        ty: BindingType::Texture {
            sample_type: TextureSampleType::Float { filterable: true },
            view_dimension: TextureViewDimension::D2,
            multisampled: false,
        },
        count: None,
    };

    #[test]
    fn a_32_bit_float_texture_is_filterable_where_the_device_has_float32_filterable() {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let desc = TextureDesc::new_2d("hdr", 16, 16, TextureFormat::R32Float);
        let hdr = frame.import_texture(desc, ImportTextureOptions::new(InitialContents::Defined)).unwrap();
        let mut pass = frame.compute_pass("sample");
        let token = pass.sampled_texture(hdr).unwrap();
        pass.set_side_effect(true);
        pass.finish().unwrap();
        frame.rec.binding_checks.push(BindingCheck {
            access: token.access,
            field: "hdr",
            entry: &FILTERED,
            from_shader: false,
        });
        let error = check_bindings(&frame.rec, &DeviceCapabilities::webgpu()).unwrap_err();
        assert_eq!(error.code(), "FG1109");
        assert!(error.to_string().contains("R32Float, whose sample type is unfilterable float"), "{error}");
        assert!(error.to_string().contains("`#[sampler(non_filtering)]`"), "{error}");
        assert!(error.to_string().contains("request FLOAT32_FILTERABLE"), "{error}");
        let filterable = DeviceCapabilities::new(wgpu::Limits::default(), wgpu::Features::FLOAT32_FILTERABLE);
        assert!(check_bindings(&frame.rec, &filterable).is_ok(), "FLOAT32_FILTERABLE makes R32Float filterable");
    }
}
