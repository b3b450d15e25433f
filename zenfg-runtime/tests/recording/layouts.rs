//! The bind group layouts of derived passes against the device, checked
//! when the pass is added: storage texture formats and accesses (FG1111),
//! bind group counts, binding indices and bindings per shader stage
//! (FG1110). A refused pass poisons the recording with its error.

use zenfg_runtime::prelude::*;
use zenfg_runtime::wgpu::{Color, Features, Limits, TextureFormat};
use zenfg_runtime::{DeviceCapabilities, FrameGraphError as Error, ImportTextureOptions, InitialContents};

use crate::common::assert_names;

#[derive(Pass)]
#[pass(compute)]
struct Accumulate<'f> {
    #[storage_write(preserve, binding = 0, format = Rgba8Unorm, read_write)]
    #[root(output)]
    target: Texture<'f>,
}

#[derive(Pass)]
#[pass(compute)]
struct AccumulateR32<'f> {
    #[storage_write(preserve, binding = 0, format = R32Float, read_write)]
    #[root(output)]
    target: Texture<'f>,
}

#[derive(Pass)]
#[pass(compute)]
struct StoreBgra<'f> {
    #[storage_write(overwrite, binding = 0, format = Bgra8Unorm)]
    #[root(output)]
    target: Texture<'f>,
}

#[derive(Pass)]
#[pass(compute)]
struct TwoTargets<'f> {
    #[storage_write(overwrite, binding = 0, format = Rgba8Unorm)]
    #[root(output)]
    first: Texture<'f>,
    #[storage_write(overwrite, binding = 1, format = Rgba8Unorm)]
    #[root(output)]
    second: Texture<'f>,
}

#[derive(Pass)]
#[pass(render)]
struct Composite<'f> {
    #[sampled(binding = 0)]
    base: Texture<'f>,
    #[sampled(binding = 1)]
    overlay: Texture<'f>,
    #[color_attachment(clear = Color::BLACK)]
    #[root(output)]
    target: Texture<'f>,
}

#[derive(Pass)]
#[pass(render)]
struct Blit<'f> {
    #[sampled(binding = 0)]
    base: Texture<'f>,
    #[color_attachment(clear = Color::BLACK)]
    #[root(output)]
    target: Texture<'f>,
}

#[derive(Pass)]
#[pass(compute, side_effect)]
struct FifthGroup<'f> {
    #[sampled(group = 4, binding = 0)]
    source: Texture<'f>,
}

#[derive(Pass)]
#[pass(compute, side_effect)]
struct FarBinding<'f> {
    #[sampled(binding = 1000)]
    source: Texture<'f>,
}

fn imported<'f>(frame: &mut Frame<'f>, label: &'static str, format: TextureFormat) -> Texture<'f> {
    let desc = TextureDesc::new_2d(label, 8, 8, format);
    frame.import_texture(desc, ImportTextureOptions::new(InitialContents::Defined)).unwrap()
}

fn graph_with(limits: Limits, features: Features) -> FrameGraph {
    FrameGraph::with_capabilities(DeviceCapabilities::new(limits, features))
}

#[test]
fn a_read_write_storage_texture_webgpu_does_not_guarantee_fails_with_fg1111_when_added() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let target = imported(&mut frame, "history", TextureFormat::Rgba8Unorm);
    let error = frame.add(Accumulate { target }, |_| Ok(())).unwrap_err();
    assert_eq!((error.code(), error.resource()), ("FG1111", Some(target.id())));
    let Error::MissingDeviceFeature { feature, .. } = &error else { panic!("{error}") };
    assert_eq!(*feature, Features::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES);
    assert_names(&error, &["history", "accumulate"]);
    let message = error.to_string();
    for part in [
        "field `target` binds a read-write storage texture of format Rgba8Unorm",
        "WebGPU guarantees format Rgba8Unorm only read-only and write-only storage access",
        "request TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES when creating the device",
        "FrameGraph::with_adapter_device",
        "such as R32Float, R32Uint or R32Sint",
    ] {
        assert!(message.contains(part), "`{part}` in: {message}");
    }
    assert_eq!(frame.compile(CompileOptions::default()).unwrap_err(), error, "the recording is poisoned");
}

#[test]
fn read_write_storage_of_a_guaranteed_format_compiles() -> Result<(), Error> {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let target = imported(&mut frame, "history", TextureFormat::R32Float);
    frame.add(AccumulateR32 { target }, |_| Ok(()))?;
    assert_eq!(frame.compile(CompileOptions::default())?.retained_node_count(), 1);
    Ok(())
}

#[test]
fn a_bgra8unorm_storage_layout_needs_bgra8unorm_storage() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let target = frame.create_texture(TextureDesc::new_2d("swapchain-copy", 8, 8, TextureFormat::Bgra8Unorm)).unwrap();
    let error = frame.add(StoreBgra { target }, |_| Ok(())).unwrap_err();
    let Error::MissingDeviceFeature { feature, .. } = &error else { panic!("{error}") };
    assert_eq!(*feature, Features::BGRA8UNORM_STORAGE);
    assert!(error.to_string().contains("needs the device feature BGRA8UNORM_STORAGE"), "{error}");
    assert!(error.to_string().contains("allows no storage access without it"), "{error}");

    let mut graph = graph_with(Limits::default(), Features::BGRA8UNORM_STORAGE);
    let mut frame = graph.begin_frame();
    let target = frame.create_texture(TextureDesc::new_2d("swapchain-copy", 8, 8, TextureFormat::Bgra8Unorm)).unwrap();
    frame.add(StoreBgra { target }, |_| Ok(())).unwrap();
    assert_eq!(frame.compile(CompileOptions::default()).unwrap().retained_node_count(), 1);
}

#[test]
fn more_storage_textures_in_one_stage_than_the_device_allows_fail_with_fg1110_when_added() {
    let limits = Limits { max_storage_textures_per_shader_stage: 1, ..Limits::default() };
    let mut graph = graph_with(limits, Features::empty());
    let mut frame = graph.begin_frame();
    let desc = |label| TextureDesc::new_2d(label, 8, 8, TextureFormat::Rgba8Unorm);
    let (first, second) = (frame.create_texture(desc("first")).unwrap(), frame.create_texture(desc("second")).unwrap());
    let error = frame.add(TwoTargets { first, second }, |_| Ok(())).unwrap_err();
    let Error::DeviceLimitExceeded { limit, value, bound, resource, .. } = &error else { panic!("{error}") };
    assert_eq!((*limit, *value, *bound, *resource), ("max_storage_textures_per_shader_stage", 2, 1, None));
    assert_eq!(error.code(), "FG1110");
    let message = error.to_string();
    assert!(message.starts_with("FG1110: `two-targets` in pass `two-targets`"), "{message}");
    assert!(message.contains("bind 2 storage textures visible to the compute stage, more than the 1"), "{message}");
    assert!(message.contains("split its work"), "{message}");
    assert!(message.contains("request a higher `max_storage_textures_per_shader_stage`"), "{message}");
    assert_eq!(frame.compile(CompileOptions::default()).unwrap_err(), error, "the recording is poisoned");
}

#[test]
fn an_entry_counts_in_every_stage_it_is_visible_to() {
    // A sampled field of a render pass is visible to the vertex and fragment stages.
    let limits = Limits { max_sampled_textures_per_shader_stage: 1, ..Limits::default() };
    let mut graph = graph_with(limits, Features::empty());
    let mut frame = graph.begin_frame();
    let base = imported(&mut frame, "base", TextureFormat::Rgba8Unorm);
    let overlay = imported(&mut frame, "overlay", TextureFormat::Rgba8Unorm);
    let target = frame.create_texture(TextureDesc::new_2d("target", 8, 8, TextureFormat::Rgba8Unorm)).unwrap();
    frame.add(Blit { base, target }, |_| Ok(())).unwrap();
    let error = frame.add(Composite { base, overlay, target }, |_| Ok(())).unwrap_err();
    let Error::DeviceLimitExceeded { limit, value, bound, .. } = &error else { panic!("{error}") };
    assert_eq!((*limit, *value, *bound), ("max_sampled_textures_per_shader_stage", 2, 1));
    assert!(error.to_string().contains("2 sampled textures visible to the vertex stage"), "{error}");
    assert!(error.to_string().contains("an entry counts in every stage of its visibility"), "{error}");
}

#[test]
fn bind_groups_and_binding_indices_past_the_device_limits_fail_with_fg1110() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let source = imported(&mut frame, "source", TextureFormat::Rgba8Unorm);
    let error = frame.add(FifthGroup { source }, |_| Ok(())).unwrap_err();
    let Error::DeviceLimitExceeded { limit, value, bound, .. } = &error else { panic!("{error}") };
    assert_eq!((*limit, *value, *bound), ("max_bind_groups", 5, 4));
    assert!(error.to_string().contains("bind groups up to @group(4)"), "{error}");
    assert!(error.to_string().contains("groups 0 to 3"), "{error}");
    drop(frame);

    let mut frame = graph.begin_frame();
    let source = imported(&mut frame, "source", TextureFormat::Rgba8Unorm);
    let error = frame.add(FarBinding { source }, |_| Ok(())).unwrap_err();
    let Error::DeviceLimitExceeded { limit, value, bound, .. } = &error else { panic!("{error}") };
    assert_eq!((*limit, *value, *bound), ("max_bindings_per_bind_group", 1001, 1000));
    assert!(error.to_string().contains("field `source` binds at @binding(1000)"), "{error}");

    let limits = Limits { max_bind_groups: 5, max_bindings_per_bind_group: 1001, ..Limits::default() };
    let mut graph = graph_with(limits, Features::empty());
    let mut frame = graph.begin_frame();
    let source = imported(&mut frame, "source", TextureFormat::Rgba8Unorm);
    frame.add(FifthGroup { source }, |_| Ok(())).unwrap();
    frame.add(FarBinding { source }, |_| Ok(())).unwrap();
    assert_eq!(frame.compile(CompileOptions::default()).unwrap().retained_node_count(), 2);
}
