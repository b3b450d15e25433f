//! Storage texture accesses on a real adapter: a graph given the adapter
//! (`FrameGraph::with_adapter_device`) checks the format features the
//! adapter reports, so that what it accepts executes without a validation
//! error, and what it refuses wgpu refuses too.

use std::time::Duration;

use crate::execution_common::gpu_adapter;
use wgpu::util::DeviceExt;
use wgpu::{Extent3d, Features, TextureFormat, TextureFormatFeatureFlags, TextureUsages};
use zenfg_runtime::prelude::*;
use zenfg_runtime::readback::read_texture;
use zenfg_runtime::{FrameGraphError as Error, InitialContents};

const SIDE: u32 = 4;

/// Inverts every texel in place, through a read-write binding of a format
/// WebGPU guarantees only read-only and write-only storage access for.
#[derive(Pass)]
#[pass(compute)]
struct Invert<'f> {
    #[storage_write(preserve, binding = 0, format = Rgba8Unorm, read_write)]
    #[root(output)]
    image: Texture<'f>,
}

const INVERT: &str = "
@group(0) @binding(0) var image: texture_storage_2d<rgba8unorm, read_write>;

@compute @workgroup_size(4, 4)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    textureStore(image, id.xy, vec4<f32>(1.0) - textureLoad(image, id.xy));
}
";

/// Writes a texture of a format no storage binding can have.
#[derive(Pass)]
#[pass(compute)]
struct StoreSrgb<'f> {
    #[storage_write(overwrite, binding = 0, format = Rgba8UnormSrgb)]
    #[root(output)]
    image: Texture<'f>,
}

/// A device of `adapter` with `features`, and its queue.
fn device_with(adapter: &wgpu::Adapter, features: Features) -> (wgpu::Device, wgpu::Queue) {
    let descriptor = wgpu::DeviceDescriptor { required_features: features, ..Default::default() };
    pollster::block_on(adapter.request_device(&descriptor)).expect("the adapter creates a device")
}

/// The validation error wgpu reports while `work` runs, if any.
fn validation_error<T>(device: &wgpu::Device, work: impl FnOnce() -> T) -> (T, Option<wgpu::Error>) {
    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let result = work();
    (result, pollster::block_on(scope.pop()))
}

#[test]
fn a_graph_given_the_adapter_accepts_the_storage_accesses_the_adapter_reports() {
    let test = "a_graph_given_the_adapter_accepts_the_storage_accesses_the_adapter_reports";
    let Some(adapter) = gpu_adapter(test) else { return };
    let specific = Features::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES;
    assert!(adapter.features().contains(specific), "{test}: the adapter lacks {specific:?}");
    let rgba = adapter.get_texture_format_features(TextureFormat::Rgba8Unorm).flags;
    assert!(rgba.contains(TextureFormatFeatureFlags::STORAGE_READ_WRITE), "{test}: Rgba8Unorm is {rgba:?} here");
    assert!(
        !TextureFormat::Rgba8Unorm
            .guaranteed_format_features(Features::empty())
            .flags
            .contains(TextureFormatFeatureFlags::STORAGE_READ_WRITE),
        "WebGPU does not guarantee read-write Rgba8Unorm"
    );
    let (device, queue) = device_with(&adapter, specific);
    let bytes: Vec<u8> = (0..SIDE * SIDE * 4).map(|index| (index * 17 % 256) as u8).collect();
    let native = device.create_texture_with_data(
        &queue,
        &wgpu::TextureDescriptor {
            label: Some("image"),
            size: Extent3d { width: SIDE, height: SIDE, depth_or_array_layers: 1 },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: TextureFormat::Rgba8Unorm,
            usage: TextureUsages::STORAGE_BINDING | TextureUsages::COPY_SRC | TextureUsages::COPY_DST,
            view_formats: &[],
        },
        wgpu::util::TextureDataOrder::LayerMajor,
        &bytes,
    );
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("invert"),
        source: wgpu::ShaderSource::Wgsl(INVERT.into()),
    });
    let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some("invert"),
        layout: Some(&Invert::pipeline_layout(&device)),
        module: &module,
        entry_point: None,
        compilation_options: Default::default(),
        cache: None,
    });

    let mut graph = FrameGraph::with_adapter_device(&adapter, &device);
    let mut frame = graph.begin_frame();
    let image = frame.import_native_texture("image", &native, InitialContents::Defined).unwrap();
    frame
        .add(Invert { image }, move |mut cx| {
            cx.pass.set_pipeline(&pipeline);
            cx.set_bind_groups();
            cx.pass.dispatch_workgroups(1, 1, 1);
            Ok(())
        })
        .unwrap();
    let compiled = frame.compile(CompileOptions::default()).unwrap();
    let (executed, error) = validation_error(&device, || compiled.execute(&queue));
    executed.unwrap();
    assert!(error.is_none(), "wgpu rejected an accepted frame: {error:?}");
    let inverted: Vec<u8> = bytes.iter().map(|byte| 255 - byte).collect();
    assert_eq!(read_texture(&device, &queue, &native, 0, Duration::from_secs(60)).unwrap(), inverted);

    // The same device without the adapter's format features: WebGPU's guarantees refuse it, and so does wgpu.
    let (plain, _) = device_with(&adapter, Features::empty());
    let mut graph = FrameGraph::with_adapter_device(&adapter, &plain);
    let mut frame = graph.begin_frame();
    let image = frame.create_texture(TextureDesc::new_2d("image", SIDE, SIDE, TextureFormat::Rgba8Unorm)).unwrap();
    let error = frame.add(Invert { image }, |_| Ok(())).unwrap_err();
    let Error::MissingDeviceFeature { feature, .. } = &error else { panic!("{error}") };
    assert_eq!(*feature, specific);
    assert!(error.to_string().contains("field `image` binds a read-write storage texture"), "{error}");
    let (_, refused) = validation_error(&plain, || Invert::bind_group_layout(&plain, 0));
    let refused = refused.expect("wgpu refuses the layout the graph refused").to_string();
    assert!(refused.contains("ReadWrite"), "{refused}");
}

#[test]
fn a_format_the_adapter_cannot_store_to_fails_with_fg1111_naming_no_feature() {
    let test = "a_format_the_adapter_cannot_store_to_fails_with_fg1111_naming_no_feature";
    let Some(adapter) = gpu_adapter(test) else { return };
    let flags = adapter.get_texture_format_features(TextureFormat::Rgba8UnormSrgb).flags;
    assert!(!flags.contains(TextureFormatFeatureFlags::STORAGE_WRITE_ONLY), "{test}: Rgba8UnormSrgb is {flags:?} here");
    let (device, _) = device_with(&adapter, Features::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES);
    let mut graph = FrameGraph::with_adapter_device(&adapter, &device);
    let mut frame = graph.begin_frame();
    let image = frame.create_texture(TextureDesc::new_2d("image", SIDE, SIDE, TextureFormat::Rgba8UnormSrgb)).unwrap();
    let error = frame.add(StoreSrgb { image }, |_| Ok(())).unwrap_err();
    assert_eq!((error.code(), error.resource()), ("FG1111", Some(image.id())));
    let Error::MissingDeviceFeature { feature, .. } = &error else { panic!("{error}") };
    assert_eq!(*feature, Features::empty());
    let message = error.to_string();
    assert!(message.contains("needs a texture format capability the device does not have"), "{message}");
    assert!(message.contains("the device's adapter allows format Rgba8UnormSrgb no storage access"), "{message}");
    let (_, refused) = validation_error(&device, || StoreSrgb::bind_group_layout(&device, 0));
    assert!(refused.is_some(), "wgpu refuses the layout the graph refused");
}
