//! The helpers around execution, on a real adapter: a texture read back as
//! tightly packed rows, caller-owned objects imported and bound in one call,
//! and a wait that times out with an error.

use std::time::Duration;

use crate::execution_common::{gpu, read_buffer, readback_buffer};
use crate::words;
use wgpu::util::DeviceExt;
use wgpu::{Color, Extent3d, TextureFormat, TextureUsages};
use zenfg_runtime::readback::read_texture;
use zenfg_runtime::{
    BufferRange, ColorAttachmentOps, CompileOptions, FrameGraph, InitialContents, RootReason, TextureCopyLocation,
};

/// A texture whose rows (5 texels of 4 bytes) are far from wgpu's 256-byte
/// row alignment, with two layers, filled with a known pattern.
fn patterned_texture(device: &wgpu::Device, queue: &wgpu::Queue) -> (wgpu::Texture, Vec<u8>) {
    let size = Extent3d { width: 5, height: 3, depth_or_array_layers: 2 };
    let bytes: Vec<u8> = (0..5 * 3 * 2 * 4).map(|index| (index * 7 % 251) as u8).collect();
    let texture = device.create_texture_with_data(
        queue,
        &wgpu::TextureDescriptor {
            label: Some("pattern"),
            size,
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: TextureFormat::Rgba8Uint,
            usage: TextureUsages::COPY_SRC | TextureUsages::COPY_DST,
            view_formats: &[],
        },
        wgpu::util::TextureDataOrder::LayerMajor,
        &bytes,
    );
    (texture, bytes)
}

#[test]
fn a_texture_reads_back_as_tightly_packed_rows() {
    let Some((device, queue)) = gpu("a_texture_reads_back_as_tightly_packed_rows") else { return };
    let (texture, bytes) = patterned_texture(&device, &queue);
    assert_eq!(read_texture(&device, &queue, &texture, 0, Duration::from_secs(60)).unwrap(), bytes);
}

#[test]
fn a_texture_that_cannot_be_copied_out_fails_with_fg4011() {
    let Some((device, queue)) = gpu("a_texture_that_cannot_be_copied_out_fails_with_fg4011") else { return };
    let texture = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("no-copy"),
        size: Extent3d { width: 4, height: 4, depth_or_array_layers: 1 },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: TextureFormat::Rgba8Unorm,
        usage: TextureUsages::TEXTURE_BINDING,
        view_formats: &[],
    });
    let error = read_texture(&device, &queue, &texture, 0, Duration::from_secs(60)).unwrap_err();
    assert_eq!(error.code(), "FG4011");
    assert!(error.to_string().contains("COPY_SRC"), "{error}");
}

#[test]
fn natives_imported_in_one_call_execute_with_their_own_descriptors() {
    let Some((device, queue)) = gpu("natives_imported_in_one_call_execute_with_their_own_descriptors") else {
        return;
    };
    let (source, bytes) = patterned_texture(&device, &queue);
    let copy = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("copy"),
        size: source.size(),
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: TextureFormat::Rgba8Uint,
        usage: TextureUsages::COPY_SRC | TextureUsages::COPY_DST,
        view_formats: &[],
    });
    let values = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some("values"),
        contents: &[1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0],
        usage: wgpu::BufferUsages::COPY_SRC,
    });
    let output = readback_buffer(&device, 16);

    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let source = frame.import_native_texture("source", &source, InitialContents::Defined).unwrap();
    let copy_handle = frame.import_native_texture("copy", &copy, InitialContents::Undefined).unwrap();
    let values = frame.import_native_buffer("values", &values, InitialContents::Defined).unwrap();
    let output_handle = frame.import_native_buffer("output", &output, InitialContents::Undefined).unwrap();
    assert_eq!(frame.texture_desc(copy_handle).unwrap().size, copy.size());
    let mut pass = frame.copy_pass("copies");
    pass.copy_texture_to_texture(TextureCopyLocation::new(source), TextureCopyLocation::new(copy_handle), copy.size())
        .unwrap();
    pass.copy_buffer_to_buffer(values, 0, output_handle, 0, 16).unwrap();
    pass.finish().unwrap();
    frame.mark_texture_root(copy_handle, RootReason::Output).unwrap();
    frame.mark_buffer_root(output_handle, BufferRange::whole(), RootReason::Readback).unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();

    assert_eq!(read_texture(&device, &queue, &copy, 0, Duration::from_secs(60)).unwrap(), bytes);
    assert_eq!(words(&read_buffer(&device, &output)), [1, 2, 3, 4]);
}

#[test]
fn an_imported_texture_without_the_usage_a_pass_needs_fails_at_compile() {
    let Some((device, _queue)) = gpu("an_imported_texture_without_the_usage_a_pass_needs_fails_at_compile") else {
        return;
    };
    let native = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("sampled-only"),
        size: Extent3d { width: 8, height: 8, depth_or_array_layers: 1 },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: TextureFormat::Rgba8Unorm,
        usage: TextureUsages::TEXTURE_BINDING,
        view_formats: &[],
    });
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let target = frame.import_native_texture("target", &native, InitialContents::Undefined).unwrap();
    let mut pass = frame.render_pass("draw");
    let _ = pass.color_attachment(target, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    pass.finish().unwrap();
    frame.mark_texture_root(target, RootReason::Output).unwrap();
    let error = frame.compile(CompileOptions::default()).unwrap_err();
    assert_eq!(error.code(), "FG1101");
}
