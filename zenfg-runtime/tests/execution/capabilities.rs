//! Device capabilities on wgpu's no-op device: what the device refuses is an
//! FG error when recording or compiling, and what wgpu still refuses when it
//! creates a pooled object is FG4012, counted as nothing created. A derived
//! pass's pipeline layout is checked against the device before wgpu is asked.

use std::sync::{Arc, Mutex};

use crate::execution_common::{noop, noop_without_timestamps};
use zenfg_runtime::prelude::{Buffer, Pass, Texture};
use zenfg_runtime::{
    BufferDesc, BufferRange, CompileOptions, DeviceCapabilities, FrameGraph, FrameGraphError, RootReason, TextureDesc,
    TextureViewDesc, WriteContents,
};

#[derive(Pass)]
#[pass(compute)]
struct StoreBgra<'f> {
    #[storage_write(overwrite, binding = 0, format = Bgra8Unorm)]
    #[root(output)]
    target: Texture<'f>,
}

/// Reads immediates, which need `Features::IMMEDIATES`.
#[derive(Pass)]
#[pass(compute, shader = "tests/shaders/tint.wgsl")]
struct Tinted<'f> {
    #[storage_write(overwrite)]
    #[root(output)]
    result: Buffer<'f>,
}

#[derive(Pass)]
#[pass(compute, side_effect)]
struct FifthGroup<'f> {
    #[sampled(group = 4, binding = 0)]
    source: Texture<'f>,
}

#[derive(Pass)]
#[pass(compute)]
struct Store<'f> {
    #[storage_write(overwrite, binding = 0, format = Rgba8Unorm)]
    #[root(output)]
    target: Texture<'f>,
}

/// Records every error wgpu reports to the device's uncaptured-error handler.
fn uncaptured(device: &wgpu::Device) -> Arc<Mutex<Vec<String>>> {
    let errors = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&errors);
    device.on_uncaptured_error(Arc::new(move |error| sink.lock().unwrap().push(error.to_string())));
    errors
}

#[test]
fn a_device_backed_graph_refuses_what_its_device_cannot_create() {
    let (device, _queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    assert_eq!(graph.capabilities().limits().max_buffer_size, device.limits().max_buffer_size);
    let mut frame = graph.begin_frame();
    let too_big = device.limits().max_buffer_size + 1;
    let error = frame.create_buffer(BufferDesc::new("huge", too_big)).unwrap_err();
    let FrameGraphError::DeviceLimitExceeded { limit, value, bound, .. } = &error else { panic!("{error}") };
    assert_eq!((*limit, *value, *bound), ("max_buffer_size", too_big, device.limits().max_buffer_size));
    assert!(error.to_string().contains("`huge`"), "{error}");
    let side = device.limits().max_texture_dimension_2d + 1;
    let error =
        frame.create_texture(TextureDesc::new_2d("wide", side, 1, wgpu::TextureFormat::Rgba8Unorm)).unwrap_err();
    assert_eq!(error.code(), "FG1110");
    let error = frame.create_texture(TextureDesc::new_2d("bc", 4, 4, wgpu::TextureFormat::Bc1RgbaUnorm)).unwrap_err();
    let FrameGraphError::MissingDeviceFeature { feature, .. } = &error else { panic!("{error}") };
    assert_eq!(*feature, wgpu::Features::TEXTURE_COMPRESSION_BC);
    assert!(error.to_string().contains("TEXTURE_COMPRESSION_BC"), "{error}");
    let msaa = TextureDesc::new_2d("msaa", 4, 4, wgpu::TextureFormat::Rgba8Unorm).with_samples(8);
    let error = frame.create_texture(msaa).unwrap_err();
    assert_eq!(error.code(), "FG1102");
    assert!(error.to_string().contains("supports sample counts 1, 4 on this device, not 8"), "{error}");
}

#[test]
fn a_graph_planned_for_webgpu_on_any_device_refuses_storage_on_srgb() {
    let (device, _queue) = noop();
    let mut graph = FrameGraph::with_device_and_capabilities(&device, DeviceCapabilities::webgpu());
    let mut frame = graph.begin_frame();
    let srgb = frame.create_texture(TextureDesc::new_2d("srgb", 4, 4, wgpu::TextureFormat::Rgba8UnormSrgb)).unwrap();
    let mut pass = frame.compute_pass("tonemap");
    let _ = pass.storage_texture_write(srgb, WriteContents::Overwrite).unwrap();
    pass.finish_compute(|_| Ok(())).unwrap();
    frame.mark_texture_root(srgb, RootReason::Output).unwrap();
    let error = frame.compile(CompileOptions::default()).unwrap_err();
    assert_eq!(error.code(), "FG1108");
}

#[test]
fn an_object_wgpu_refuses_to_create_is_fg4012_and_never_counted() {
    let (device, queue) = noop();
    let errors = uncaptured(&device);
    // Told the device has no limits, the graph accepts a buffer wgpu refuses.
    let mut graph = FrameGraph::with_device_and_capabilities(&device, DeviceCapabilities::unchecked());
    let mut frame = graph.begin_frame();
    let small = frame.create_buffer(BufferDesc::new("small", 256)).unwrap();
    let huge = frame.create_buffer(BufferDesc::new("huge", device.limits().max_buffer_size * 4)).unwrap();
    let mut pass = frame.compute_pass("fill");
    let _ = pass.storage_buffer_write(small, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let _ = pass.storage_buffer_write(huge, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    pass.finish_compute(|_| Ok(())).unwrap();
    frame.mark_buffer_root(huge, BufferRange::whole(), RootReason::Output).unwrap();
    frame.mark_buffer_root(small, BufferRange::whole(), RootReason::Output).unwrap();
    let error = frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap_err();
    let FrameGraphError::NativeCreationFailed { resource, .. } = &error else { panic!("{error}") };
    assert_eq!(resource.label, "huge");
    assert_eq!(error.code(), "FG4012");
    let stats = graph.resource_pool_stats();
    assert_eq!(stats.created_count, stats.acquire_count - stats.reuse_count, "{stats:?}");
    assert!(stats.created_count <= 1, "only the small buffer was created: {stats:?}");
    assert_eq!(stats.retained_count, stats.created_count, "what was created went back to the pool: {stats:?}");
    assert!(errors.lock().unwrap().is_empty(), "the refusal reached the handler: {:?}", errors.lock().unwrap());
}

#[test]
fn a_pooled_view_wgpu_refuses_to_create_is_fg4012() {
    let (device, queue) = noop();
    let errors = uncaptured(&device);
    // Told nothing of what formats can do, the graph accepts a storage view
    // in an sRGB format, which wgpu refuses when it creates the view.
    let mut graph = FrameGraph::with_device_and_capabilities(&device, DeviceCapabilities::unchecked());
    let mut frame = graph.begin_frame();
    let desc = TextureDesc {
        view_formats: vec![wgpu::TextureFormat::Rgba8UnormSrgb],
        ..TextureDesc::new_2d("image", 4, 4, wgpu::TextureFormat::Rgba8Unorm)
    };
    let image = frame.create_texture(desc).unwrap();
    let srgb = TextureViewDesc { format: Some(wgpu::TextureFormat::Rgba8UnormSrgb), ..TextureViewDesc::default() };
    let srgb = frame.create_texture_view(image, srgb).unwrap();
    let mut pass = frame.compute_pass("tonemap");
    let _ = pass.storage_texture_write(srgb, WriteContents::Overwrite).unwrap();
    pass.finish_compute(|_| Ok(())).unwrap();
    frame.mark_texture_root(image, RootReason::Output).unwrap();
    let error = frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap_err();
    let FrameGraphError::NativeCreationFailed { resource, reason } = &error else { panic!("{error}") };
    assert_eq!(resource.label, "image");
    assert!(reason.contains("a view of it in format Rgba8UnormSrgb"), "{reason}");
    assert!(errors.lock().unwrap().is_empty(), "the refusal reached the handler: {:?}", errors.lock().unwrap());
}

#[test]
fn a_pipeline_layout_the_device_cannot_hold_is_an_fg_error_naming_the_pass_and_field() {
    let (device, _queue) = noop_without_timestamps();
    let errors = uncaptured(&device);
    let error = StoreBgra::try_pipeline_layout(&device).unwrap_err();
    let FrameGraphError::MissingDeviceFeature { feature, pass, resource, .. } = &error else { panic!("{error}") };
    assert_eq!((*feature, pass.is_none(), resource.is_none()), (wgpu::Features::BGRA8UNORM_STORAGE, true, true));
    let message = error.to_string();
    assert!(message.contains("`store-bgra`"), "{message}");
    assert!(message.contains("field `target` binds a write-only storage texture of format Bgra8Unorm"), "{message}");
    assert!(message.contains("needs the device feature BGRA8UNORM_STORAGE"), "{message}");

    let error = FifthGroup::try_pipeline_layout(&device).unwrap_err();
    let FrameGraphError::DeviceLimitExceeded { limit, value, bound, .. } = &error else { panic!("{error}") };
    assert_eq!((*limit, *value, *bound), ("max_bind_groups", 5, u64::from(device.limits().max_bind_groups)));
    assert!(error.to_string().contains("`fifth-group`"), "{error}");

    Store::try_pipeline_layout(&device).expect("a layout the device holds");
    assert!(errors.lock().unwrap().is_empty(), "a refusal reached the handler: {:?}", errors.lock().unwrap());
}

#[test]
fn immediates_need_the_device_feature_and_a_limit_that_holds_them() {
    assert_eq!(Tinted::IMMEDIATE_SIZE, 32);
    let (device, _queue) = noop_without_timestamps();
    let errors = uncaptured(&device);
    let error = Tinted::try_pipeline_layout(&device).unwrap_err();
    let FrameGraphError::MissingDeviceFeature { feature, .. } = &error else { panic!("{error}") };
    assert_eq!(*feature, wgpu::Features::IMMEDIATES);
    assert!(error.to_string().starts_with("FG1111: `tinted` needs the device feature IMMEDIATES: "), "{error}");
    assert!(error.to_string().contains("declares 32 bytes of `var<immediate>` data"), "{error}");

    let small = wgpu::Device::noop(&wgpu::DeviceDescriptor {
        required_features: wgpu::Features::IMMEDIATES,
        required_limits: wgpu::Limits { max_immediate_size: 16, ..Default::default() },
        ..Default::default()
    })
    .0;
    let error = Tinted::try_pipeline_layout(&small).unwrap_err();
    let FrameGraphError::DeviceLimitExceeded { limit, value, bound, .. } = &error else { panic!("{error}") };
    assert_eq!((*limit, *value, *bound), ("max_immediate_size", 32, 16));

    let enough = wgpu::Device::noop(&wgpu::DeviceDescriptor {
        required_features: wgpu::Features::IMMEDIATES,
        required_limits: wgpu::Limits { max_immediate_size: 32, ..Default::default() },
        ..Default::default()
    })
    .0;
    Tinted::try_pipeline_layout(&enough).expect("a device with immediates holds the layout");
    assert!(errors.lock().unwrap().is_empty(), "a refusal reached the handler: {:?}", errors.lock().unwrap());
}

#[test]
#[should_panic(expected = "FG1111")]
fn pipeline_layout_panics_with_the_fg_error() {
    let (device, _queue) = noop_without_timestamps();
    let _ = StoreBgra::pipeline_layout(&device);
}

#[test]
fn a_native_import_without_a_usage_its_work_needs_is_told_to_create_the_object_with_it() {
    let (device, _queue) = noop_without_timestamps();
    let native = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("constants"),
        size: 64,
        usage: wgpu::BufferUsages::UNIFORM,
        mapped_at_creation: false,
    });
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let constants = frame.import_native_buffer("constants", &native, zenfg_runtime::InitialContents::Defined).unwrap();
    let mut pass = frame.compute_pass("read-as-storage");
    let _ = pass.storage_buffer_read(constants, zenfg_runtime::BufferRange::whole()).unwrap();
    pass.set_side_effect(true);
    pass.finish().unwrap();
    let error = frame.compile(CompileOptions::default()).unwrap_err();
    assert_eq!((error.code(), error.resource()), ("FG1101", Some(constants.id())));
    let message = error.to_string();
    for part in [
        "pass `read-as-storage` needs BufferUsages(STORAGE) as a storage buffer read",
        "create the wgpu buffer with BufferUsages(STORAGE) in its usage",
        "`import_native_buffer` takes the object's usage",
    ] {
        assert!(message.contains(part), "`{part}` in: {message}");
    }
    assert!(!message.contains("UsagePolicy::Infer"), "an import cannot infer its usage: {message}");
}
