//! Storage texture accesses of the builder API against format features: a
//! storage read needs read-only storage access of the format it binds, a
//! storage write write-only access (FG1111), and a view needs a format that
//! allows storage at all (FG1108), on the device the graph is planned for.

use zenfg_runtime::wgpu::{Features, Limits, TextureFormat};
use zenfg_runtime::{
    CompileOptions, DeviceCapabilities, FrameGraph, FrameGraphError, InitialContents, RootReason, TextureDesc,
    TextureViewDesc, WriteContents,
};

use crate::common::{assert_names, deviceless_graph, expect_code, imported_texture, texture};

#[test]
fn a_storage_read_of_a_format_without_read_only_storage_fails_with_fg1111() {
    // With BGRA8UNORM_STORAGE, WebGPU guarantees Bgra8Unorm write-only storage, and nothing more.
    let capabilities = DeviceCapabilities::new(Limits::default(), Features::BGRA8UNORM_STORAGE);
    let mut graph = FrameGraph::with_capabilities(capabilities);
    let mut frame = graph.begin_frame();
    let image = imported_texture(&mut frame, "swapchain-copy", TextureFormat::Bgra8Unorm, InitialContents::Defined);
    let mut pass = frame.compute_pass("blur");
    let error = expect_code(pass.storage_texture_read(image).map(drop), "FG1111");
    assert_eq!((error.pass(), error.resource()), (Some(pass.id()), Some(image.id())));
    let FrameGraphError::MissingDeviceFeature { feature, .. } = &error else { panic!("{error}") };
    assert_eq!(*feature, Features::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES);
    assert_names(&error, &["swapchain-copy", "blur"]);
    let message = error.to_string();
    for part in [
        "needs the device feature TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES",
        "the pass binds it as a read-only storage texture of format Bgra8Unorm",
        "WebGPU guarantees format Bgra8Unorm only write-only storage access",
        "FrameGraph::with_adapter_device",
        "such as Rgba8Unorm, Rgba16Float or R32Float",
    ] {
        assert!(message.contains(part), "`{part}` in: {message}");
    }
    // A failed declaration leaves the builder usable; the write is guaranteed.
    let _ = pass.storage_texture_write(image, WriteContents::Preserve).unwrap();
    pass.finish().unwrap();
    frame.mark_texture_root(image, RootReason::Output).unwrap();
    assert_eq!(frame.compile(CompileOptions::default()).unwrap().retained_node_count(), 1);
}

#[test]
fn a_graph_planned_for_no_device_accepts_every_storage_access() {
    let mut graph = deviceless_graph();
    let mut frame = graph.begin_frame();
    let image = imported_texture(&mut frame, "image", TextureFormat::Bgra8Unorm, InitialContents::Defined);
    let mut pass = frame.compute_pass("read");
    let _ = pass.storage_texture_read(image).unwrap();
    pass.set_side_effect(true);
    pass.finish().unwrap();
    frame.compile(CompileOptions::default()).unwrap();
}

#[test]
fn a_storage_view_in_a_format_that_forbids_storage_fails_with_fg1108_when_declared() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let mut desc = TextureDesc::new_2d("tonemapped", 4, 4, TextureFormat::Rgba8Unorm);
    desc.view_formats = vec![TextureFormat::Rgba8UnormSrgb];
    let image = frame.create_texture(desc).unwrap();
    let srgb = TextureViewDesc { format: Some(TextureFormat::Rgba8UnormSrgb), ..TextureViewDesc::default() };
    let srgb = frame.create_texture_view(image, srgb).unwrap();
    let linear = frame.create_texture_view(image, TextureViewDesc::default()).unwrap();
    let mut pass = frame.compute_pass("tonemap");
    let error = expect_code(pass.storage_texture_write(srgb, WriteContents::Overwrite).map(drop), "FG1108");
    assert_eq!((error.pass(), error.resource()), (Some(pass.id()), Some(image.id())));
    let FrameGraphError::UnsupportedTextureFormatUsage { format, .. } = &error else { panic!("{error}") };
    assert_eq!(*format, TextureFormat::Rgba8UnormSrgb);
    let message = error.to_string();
    assert!(message.contains("`tonemap`") && message.contains("`tonemapped`"), "{message}");
    assert!(message.contains("needs a view format that allows STORAGE_BINDING"), "{message}");
    assert!(message.contains("view the texture in its own format, Rgba8Unorm"), "{message}");
    let _ = pass.storage_texture_write(linear, WriteContents::Overwrite).unwrap();
    pass.finish().unwrap();
    frame.mark_texture_root(image, RootReason::Output).unwrap();
    assert_eq!(frame.compile(CompileOptions::default()).unwrap().retained_node_count(), 1);
}

#[test]
fn a_texture_whose_own_format_forbids_storage_is_left_to_compile() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let srgb = texture(&mut frame, "srgb", TextureFormat::Rgba8UnormSrgb);
    let mut pass = frame.compute_pass("write");
    let _ = pass.storage_texture_write(srgb, WriteContents::Overwrite).unwrap();
    pass.finish().unwrap();
    frame.mark_texture_root(srgb, RootReason::Output).unwrap();
    expect_code(frame.compile(CompileOptions::default()), "FG1108");
}
