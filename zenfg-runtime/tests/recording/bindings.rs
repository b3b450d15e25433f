//! What the bound fields of derived passes expect of their resources,
//! checked at compile against what was recorded (FG1109): storage formats,
//! sample types, view dimensions, sample counts and buffer sizes.

use wgpu::TextureFormat;
use zenfg_runtime::prelude::*;
use zenfg_runtime::{FrameGraphError as Error, ImportBufferOptions, ImportTextureOptions, InitialContents};

#[derive(Pass)]
#[pass(compute)]
struct Store<'f> {
    #[storage_write(overwrite, binding = 0, format = Rgba16Float)]
    #[root(output)]
    target: TextureView<'f>,
}

#[derive(Pass)]
#[pass(compute)]
struct Sample<'f> {
    #[sampled(binding = 0)]
    source: TextureView<'f>,
    #[storage_write(overwrite, binding = 1)]
    #[root(output)]
    out: Buffer<'f>,
}

#[derive(Pass)]
#[pass(compute)]
struct SampleUnfilterable<'f> {
    #[sampled(binding = 0, sample_type = unfilterable_float)]
    source: Texture<'f>,
    #[storage_write(overwrite, binding = 1)]
    #[root(output)]
    out: Buffer<'f>,
}

#[derive(Pass)]
#[pass(compute)]
struct SampleDepth<'f> {
    #[sampled(binding = 0, sample_type = depth)]
    source: Texture<'f>,
    #[storage_write(overwrite, binding = 1)]
    #[root(output)]
    out: Buffer<'f>,
}

#[derive(Pass)]
#[pass(compute, shader = "tests/shaders/params.wgsl")]
struct Scale<'f> {
    #[uniform]
    params: BufferSlice<'f>,
    #[storage_write(overwrite)]
    #[root(output)]
    out: Buffer<'f>,
}

/// A storage texture whose format only the shader states.
#[derive(Pass)]
#[pass(compute, shader = "tests/shaders/store_rgba8.wgsl")]
struct StoreFromShader<'f> {
    #[storage_write(overwrite)]
    #[root(output)]
    image: Texture<'f>,
}

/// A sampled texture whose type only the shader states.
#[derive(Pass)]
#[pass(compute, shader = "tests/shaders/sample_texture.wgsl")]
struct SampleFromShader<'f> {
    #[sampled]
    source: Texture<'f>,
    #[storage_write(overwrite)]
    #[root(output)]
    out: Buffer<'f>,
}

fn texture<'f>(
    frame: &mut Frame<'f>,
    label: &'static str,
    format: TextureFormat,
    layers: u32,
) -> Result<Texture<'f>, Error> {
    let mut desc = TextureDesc::new_2d(label, 16, 16, format);
    desc.size.depth_or_array_layers = layers;
    frame.import_texture(desc, ImportTextureOptions::new(InitialContents::Defined))
}

/// The error of compiling a frame with one `Sample`-like pass over `source`.
fn sample_error(format: TextureFormat, layers: u32) -> Option<Error> {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let source = texture(&mut frame, "source", format, layers).unwrap();
    let view = frame.create_texture_view(source, TextureViewDesc::default()).unwrap();
    let out = frame.create_buffer(BufferDesc::new("out", 64)).unwrap();
    frame.add(Sample { source: view, out }, |_| Ok(())).unwrap();
    frame.compile(CompileOptions::default()).err()
}

#[test]
fn a_storage_texture_of_another_format_fails_with_fg1109_naming_both() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let target = frame.create_texture(TextureDesc::new_2d("hdr", 16, 16, TextureFormat::Rgba8Unorm)).unwrap();
    let view = frame.create_texture_view(target, TextureViewDesc::default()).unwrap();
    let pass = frame.add(Store { target: view }, |_| Ok(())).unwrap();
    let error = frame.compile(CompileOptions::default()).unwrap_err();
    assert_eq!((error.code(), error.pass(), error.resource()), ("FG1109", Some(pass), Some(target.id())));
    let Error::BindingMismatch { field, mismatch, .. } = &error else { panic!("{error}") };
    assert_eq!(*field, "target");
    assert_eq!(mismatch.expected, "a storage texture of format Rgba16Float");
    assert_eq!(mismatch.actual, "Rgba8Unorm");
    let message = error.to_string();
    assert!(message.starts_with("FG1109: field `target` of "), "{message}");
    assert!(message.contains("`store`") && message.contains("`hdr`"), "the pass and texture by label: {message}");
    assert!(message.contains("format = Rgba8Unorm"), "the fix names the option: {message}");
    assert!(message.contains("`texture_storage_2d<rgba8unorm, write>` in the shader"), "and the WGSL: {message}");
}

#[test]
fn a_format_no_storage_texture_can_have_is_not_offered_as_the_fix() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let desc = TextureDesc::new_2d("ldr", 16, 16, TextureFormat::Rgba8UnormSrgb);
    let image = frame.create_texture(desc).unwrap();
    frame.add(StoreFromShader { image }, |_| Ok(())).unwrap();
    let error = frame.compile(CompileOptions::default()).unwrap_err();
    let Error::BindingMismatch { mismatch, .. } = &error else { panic!("{error}") };
    assert_eq!(
        mismatch.fix,
        "bind a view of it in Rgba8Unorm (a `TextureViewDesc` with `format: Some(Rgba8Unorm)`, the format listed in \
         the texture's `view_formats`): a storage texture cannot have format Rgba8UnormSrgb"
    );

    let mut frame = graph.begin_frame();
    let target = frame.create_texture(TextureDesc::new_2d("depth", 16, 16, TextureFormat::Depth32Float)).unwrap();
    let view = frame.create_texture_view(target, TextureViewDesc::default()).unwrap();
    frame.add(Store { target: view }, |_| Ok(())).unwrap();
    let error = frame.compile(CompileOptions::default()).unwrap_err();
    let Error::BindingMismatch { mismatch, .. } = &error else { panic!("{error}") };
    assert_eq!(
        mismatch.fix,
        "create the texture (or a view of it) in Rgba16Float: a storage texture cannot have format Depth32Float"
    );
}

#[test]
fn the_fix_of_a_pass_laid_out_from_its_shader_changes_the_shader_alone() {
    let compile = |format, layers, samples| {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let mut desc = TextureDesc::new_2d("source", 16, 16, format);
        desc.size.depth_or_array_layers = layers;
        desc.sample_count = samples;
        let source = frame.import_texture(desc, ImportTextureOptions::new(InitialContents::Defined)).unwrap();
        let out = frame.create_buffer(BufferDesc::new("out", 64)).unwrap();
        frame.add(SampleFromShader { source, out }, |_| Ok(())).unwrap();
        frame.compile(CompileOptions::default()).err().map(|error| match error {
            Error::BindingMismatch { mismatch, .. } => mismatch.fix,
            other => panic!("{other}"),
        })
    };
    assert_eq!(compile(TextureFormat::Rgba8Unorm, 1, 1), None);
    assert_eq!(
        compile(TextureFormat::Rgba8Unorm, 6, 1).unwrap(),
        "bind a view of dimension D2 (a `TextureViewDesc` selecting it), or declare the shader's variable \
         `texture_2d_array<f32>`"
    );
    assert_eq!(
        compile(TextureFormat::Rgba8Uint, 1, 1).unwrap(),
        "declare the shader's variable `texture_2d<u32>`, or bind a texture of an unfilterable float format"
    );
    assert_eq!(
        compile(TextureFormat::Depth32Float, 1, 1),
        None,
        "a shader that only loads a float texture takes a depth one"
    );
    assert_eq!(
        compile(TextureFormat::Rgba8Unorm, 1, 4).unwrap(),
        "resolve the texture into a single-sampled one and bind that, or declare the shader's variable \
         `texture_multisampled_2d<f32>` and read it with `textureLoad`"
    );
}

#[test]
fn a_storage_texture_of_another_format_than_the_shader_declares_fails_with_fg1109() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let image = frame.create_texture(TextureDesc::new_2d("hdr", 16, 16, TextureFormat::Rgba16Float)).unwrap();
    let pass = frame.add(StoreFromShader { image }, |_| Ok(())).unwrap();
    let error = frame.compile(CompileOptions::default()).unwrap_err();
    assert_eq!((error.code(), error.pass(), error.resource()), ("FG1109", Some(pass), Some(image.id())));
    let Error::BindingMismatch { field, mismatch, .. } = &error else { panic!("{error}") };
    assert_eq!(*field, "image");
    assert_eq!(mismatch.expected, "a storage texture of format Rgba8Unorm");
    assert_eq!(mismatch.actual, "Rgba16Float");
    assert_eq!(
        mismatch.fix,
        "create the texture (or a view of it) in Rgba8Unorm, or declare the shader's variable \
         `texture_storage_2d<rgba16float, write>`",
        "the fix names the shader's format, and only the shader to change"
    );

    let mut frame = graph.begin_frame();
    let image = frame.create_texture(TextureDesc::new_2d("ldr", 16, 16, TextureFormat::Rgba8Unorm)).unwrap();
    frame.add(StoreFromShader { image }, |_| Ok(())).unwrap();
    assert!(frame.compile(CompileOptions::default()).is_ok(), "the shader's format compiles");
}

#[test]
fn a_storage_texture_of_the_declared_format_compiles() -> Result<(), Error> {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let target = frame.create_texture(TextureDesc::new_2d("hdr", 16, 16, TextureFormat::Rgba16Float))?;
    let view = frame.create_texture_view(target, TextureViewDesc::default())?;
    frame.add(Store { target: view }, |_| Ok(()))?;
    assert_eq!(frame.compile(CompileOptions::default())?.retained_node_count(), 1);
    Ok(())
}

#[test]
fn sample_types_must_fit_the_texture_format() {
    assert_eq!(sample_error(TextureFormat::Rgba8Unorm, 1), None);
    let unfilterable = sample_error(TextureFormat::R32Float, 1).expect("R32Float does not filter");
    let Error::BindingMismatch { mismatch, .. } = &unfilterable else { panic!("{unfilterable}") };
    assert_eq!(mismatch.expected, "a texture of sample type filterable float");
    assert!(mismatch.fix.contains("sample_type = unfilterable_float"), "{}", mismatch.fix);
    let integer = sample_error(TextureFormat::Rgba8Uint, 1).expect("an integer format is not float");
    assert!(integer.to_string().contains("unsigned integer"), "{integer}");
    let Error::BindingMismatch { mismatch, .. } = &integer else { panic!("{integer}") };
    assert_eq!(
        mismatch.fix,
        "declare `sample_type = uint` on the field and `texture_2d<u32>` in the shader, or bind a texture of a \
         filterable float format"
    );
    let depth = sample_error(TextureFormat::Depth32Float, 1).expect("a depth format is not float");
    assert!(depth.to_string().contains("whose sample type is depth"), "{depth}");

    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let r32 = texture(&mut frame, "r32", TextureFormat::R32Float, 1).unwrap();
    let depth = texture(&mut frame, "depth", TextureFormat::Depth32Float, 1).unwrap();
    let out = frame.create_buffer(BufferDesc::new("out", 64)).unwrap();
    frame.add(SampleUnfilterable { source: r32, out }, |_| Ok(())).unwrap();
    frame.add(SampleUnfilterable { source: depth, out }, |_| Ok(())).unwrap();
    frame.add(SampleDepth { source: depth, out }, |_| Ok(())).unwrap();
    assert!(frame.compile(CompileOptions::default()).is_ok(), "unfilterable float takes any float or depth format");
}

#[derive(Pass)]
#[pass(compute)]
struct ReadSamples<'f> {
    #[sampled(binding = 0, multisampled)]
    source: Texture<'f>,
    #[storage_write(overwrite, binding = 1)]
    #[root(output)]
    out: Buffer<'f>,
}

#[test]
fn a_binding_and_its_texture_must_agree_on_being_multisampled() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let mut desc = TextureDesc::new_2d("msaa", 16, 16, TextureFormat::Rgba8Unorm);
    desc.sample_count = 4;
    let msaa = frame.import_texture(desc, ImportTextureOptions::new(InitialContents::Defined)).unwrap();
    let out = frame.create_buffer(BufferDesc::new("out", 64)).unwrap();
    let pass = frame.add(SampleUnfilterable { source: msaa, out }, |_| Ok(())).unwrap();
    let error = frame.compile(CompileOptions::default()).unwrap_err();
    assert_eq!((error.code(), error.pass()), ("FG1109", Some(pass)));
    let Error::BindingMismatch { field, mismatch, .. } = &error else { panic!("{error}") };
    assert_eq!(*field, "source");
    assert_eq!(
        (mismatch.expected.as_str(), mismatch.actual.as_str()),
        ("a single-sampled texture", "a texture of 4 samples")
    );
    assert!(
        mismatch.fix.contains("declare `multisampled` on the field and `texture_multisampled_2d<f32>`"),
        "{}",
        mismatch.fix
    );

    let mut frame = graph.begin_frame();
    let single = texture(&mut frame, "single", TextureFormat::Rgba8Unorm, 1).unwrap();
    let out = frame.create_buffer(BufferDesc::new("out", 64)).unwrap();
    frame.add(ReadSamples { source: single, out }, |_| Ok(())).unwrap();
    let error = frame.compile(CompileOptions::default()).unwrap_err();
    let Error::BindingMismatch { mismatch, .. } = &error else { panic!("{error}") };
    assert_eq!(
        (mismatch.expected.as_str(), mismatch.actual.as_str()),
        ("a multisampled texture", "a texture of 1 sample")
    );
    assert!(
        mismatch.fix.contains("remove `multisampled` from the field and declare `texture_2d<f32>`"),
        "{}",
        mismatch.fix
    );

    let mut frame = graph.begin_frame();
    let mut desc = TextureDesc::new_2d("msaa", 16, 16, TextureFormat::Rgba8Unorm);
    desc.sample_count = 4;
    let msaa = frame.import_texture(desc, ImportTextureOptions::new(InitialContents::Defined)).unwrap();
    let out = frame.create_buffer(BufferDesc::new("out", 64)).unwrap();
    frame.add(ReadSamples { source: msaa, out }, |_| Ok(())).unwrap();
    assert!(frame.compile(CompileOptions::default()).is_ok(), "a multisampled binding takes a multisampled texture");
}

#[test]
fn a_view_of_several_layers_is_not_a_2d_binding() {
    let error = sample_error(TextureFormat::Rgba8Unorm, 6).expect("six layers make an array view");
    let Error::BindingMismatch { mismatch, .. } = &error else { panic!("{error}") };
    assert_eq!((mismatch.expected.as_str(), mismatch.actual.as_str()), ("a D2 view", "a D2Array view"));
    assert!(mismatch.fix.contains("dimension = D2Array"), "{}", mismatch.fix);
}

/// An imported buffer of `size` bytes labelled `label`, for a pass to bind a
/// range of, and a 256-byte transient for it to write.
fn bound_and_output<'f>(
    frame: &mut Frame<'f>,
    label: &'static str,
    size: u64,
) -> Result<(Buffer<'f>, Buffer<'f>), Error> {
    let bound =
        frame.import_buffer(BufferDesc::new(label, size), ImportBufferOptions::new(InitialContents::Defined))?;
    Ok((bound, frame.create_buffer(BufferDesc::new("out", 256))?))
}

#[test]
fn a_uniform_range_smaller_than_the_shaders_type_fails_with_fg1109() {
    let compile = |size: u64| {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let (params, out) = bound_and_output(&mut frame, "params", 256)?;
        frame.add(Scale { params: params.slice(BufferRange::new(0, Some(size))), out }, |_| Ok(()))?;
        frame.compile(CompileOptions::default()).map(|_| ())
    };
    assert!(compile(32).is_ok(), "the WGSL struct is 32 bytes");
    let error = compile(16).unwrap_err();
    let Error::BindingMismatch { field, mismatch, .. } = &error else { panic!("{error}") };
    assert_eq!(*field, "params");
    assert_eq!(mismatch.expected, "a buffer binding of at least 32 bytes");
    assert_eq!(mismatch.actual, "a range of 16 bytes");
}

#[derive(Pass)]
#[pass(compute)]
struct SampleUnrooted<'f> {
    #[sampled(binding = 0)]
    source: Texture<'f>,
    #[storage_write(overwrite, binding = 1)]
    out: Buffer<'f>,
}

#[test]
fn culled_passes_are_checked_too() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let source = texture(&mut frame, "source", TextureFormat::R32Float, 1).unwrap();
    let out = frame.create_buffer(BufferDesc::new("out", 64)).unwrap();
    // Nothing roots `out`: the pass is culled, but it is still recorded wrong.
    frame.add(SampleUnrooted { source, out }, |_| Ok(())).unwrap();
    let error = frame.compile(CompileOptions::default()).unwrap_err();
    assert_eq!(error.code(), "FG1109");
}

#[test]
fn a_bound_buffer_range_the_device_cannot_bind_fails_with_fg1110() {
    let compile = |range: BufferRange| {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let (params, out) = bound_and_output(&mut frame, "params", 1 << 17)?;
        frame.add(Scale { params: params.slice(range), out }, |_| Ok(()))?;
        frame.compile(CompileOptions::default()).map(|_| ())
    };
    assert!(compile(BufferRange::new(256, Some(32))).is_ok(), "256 is WebGPU's uniform offset alignment");
    let error = compile(BufferRange::new(64, Some(32))).unwrap_err();
    let Error::DeviceLimitExceeded { limit, value, bound, .. } = &error else { panic!("{error}") };
    assert_eq!((*limit, *value, *bound), ("min_uniform_buffer_offset_alignment", 64, 256));
    assert_eq!(error.code(), "FG1110");
    assert!(error.to_string().contains("field `params` binds it at offset 64"), "{error}");
    let error = compile(BufferRange::new(0, Some(1 << 17))).unwrap_err();
    let Error::DeviceLimitExceeded { limit, value, .. } = &error else { panic!("{error}") };
    assert_eq!((*limit, *value), ("max_uniform_buffer_binding_size", 1 << 17));
}

#[derive(Pass)]
#[pass(compute)]
struct Accumulate<'f> {
    #[storage_read(binding = 0)]
    input: BufferSlice<'f>,
    #[storage_write(overwrite, binding = 1)]
    #[root(output)]
    out: Buffer<'f>,
}

#[test]
fn a_storage_range_of_part_of_a_word_fails_with_fg1109() {
    let compile = |size: u64| {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let (input, out) = bound_and_output(&mut frame, "input", 256)?;
        frame.add(Accumulate { input: input.slice(BufferRange::new(0, Some(size))), out }, |_| Ok(()))?;
        frame.compile(CompileOptions::default()).map(|_| ())
    };
    assert!(compile(8).is_ok());
    let error = compile(6).unwrap_err();
    let Error::BindingMismatch { field, mismatch, .. } = &error else { panic!("{error}") };
    assert_eq!((*field, mismatch.actual.as_str()), ("input", "a range of 6 bytes"));
    assert_eq!(mismatch.expected, "a storage buffer binding of whole 4-byte words");
    assert_eq!(error.code(), "FG1109");
}

/// Velocity and object ids, as the shader writes them: `vec2<f32>` at
/// @location(0), `u32` at @location(1).
#[derive(Pass)]
#[pass(render, shader = "tests/shaders/color_outputs.wgsl")]
struct Motion<'f> {
    #[color_attachment(clear = wgpu::Color::BLACK)]
    #[root(output)]
    velocity: Texture<'f>,
    #[color_attachment(clear = wgpu::Color::BLACK)]
    #[root(output)]
    id: Texture<'f>,
}

#[test]
fn a_color_attachment_the_fragment_output_cannot_fill_fails_with_fg1109() {
    let add = |velocity_format, id_format| {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let velocity = frame.create_texture(TextureDesc::new_2d("velocity", 16, 16, velocity_format)).unwrap();
        let id = frame.create_texture(TextureDesc::new_2d("id", 16, 16, id_format)).unwrap();
        frame.add(Motion { velocity, id }, |_| Ok(())).unwrap();
        frame.compile(CompileOptions::default()).err()
    };
    assert_eq!(add(TextureFormat::Rg16Float, TextureFormat::R32Uint), None);
    assert_eq!(add(TextureFormat::R16Float, TextureFormat::R8Uint), None, "fewer components than written");

    let error = add(TextureFormat::Rgba8Unorm, TextureFormat::R32Uint).expect("two components cannot fill four");
    let Error::BindingMismatch { field, mismatch, .. } = &error else { panic!("{error}") };
    assert_eq!((error.code(), *field), ("FG1109", "velocity"));
    assert_eq!(mismatch.expected, "a color attachment `fs_main` can write: it writes vec2<f32> at @location(0)");
    assert_eq!(mismatch.actual, "Rgba8Unorm, written as vec4<f32>");
    assert_eq!(
        mismatch.fix,
        "write vec4<f32> at @location(0) in `fs_main`, or attach a texture of a format of at most 2 components"
    );
    assert!(error.to_string().contains("`velocity`") && error.to_string().contains("`motion`"), "{error}");

    let error =
        add(TextureFormat::Rg16Float, TextureFormat::R32Float).expect("a u32 output cannot fill a float format");
    let Error::BindingMismatch { field, mismatch, .. } = &error else { panic!("{error}") };
    assert_eq!(*field, "id");
    assert_eq!(mismatch.actual, "R32Float, written as f32");
    assert_eq!(mismatch.fix, "write f32 at @location(1) in `fs_main`, or attach a texture of a format written as u32");
}
