//! Derived passes executed: on wgpu's no-op device (order, contexts, views),
//! and on a real adapter (results read back). With `CI` set, a missing
//! adapter fails the real-adapter tests.

use std::cell::RefCell;
use std::rc::Rc;

use crate::execution_common::{gpu, noop, read_buffer, readback_buffer};
use wgpu::util::DeviceExt;
use wgpu::{BufferUsages, Color, TextureFormat};
use zenfg_runtime::prelude::*;
use zenfg_runtime::{ExecutionOptions, ImportBufferOptions, ImportTextureOptions, InitialContents};

const READBACK: BufferUsages = BufferUsages::MAP_READ.union(BufferUsages::COPY_DST);

#[derive(Pass)]
#[pass(compute)]
struct Fill<'f> {
    #[uniform]
    params: BufferSlice<'f>,
    #[storage_write(overwrite)]
    data: BufferSlice<'f>,
}

#[derive(Pass)]
#[pass(command)]
struct CopyOut<'f> {
    #[copy_src]
    src: BufferSlice<'f>,
    #[copy_dst(overwrite)]
    #[root(readback)]
    dst: Buffer<'f>,
}

#[derive(Pass)]
#[pass(render)]
struct Paint<'f> {
    #[color_attachment(clear = Color::RED)]
    target: Texture<'f>,
}

#[derive(Pass)]
#[pass(command)]
struct TextureOut<'f> {
    #[copy_src]
    src: Texture<'f>,
    #[copy_dst(overwrite)]
    #[root(readback)]
    dst: Buffer<'f>,
}

#[derive(Pass)]
#[pass(external)]
struct Submit<'f> {
    #[storage_write(preserve)]
    #[root(persistent_state)]
    state: Buffer<'f>,
}

type Log = Rc<RefCell<Vec<String>>>;

#[derive(Pass)]
#[pass(command)]
struct Ranges<'f> {
    #[uniform]
    tail: BufferSlice<'f>,
    #[uniform]
    head: BufferSlice<'f>,
    #[storage_write(overwrite)]
    write: BufferSlice<'f>,
    #[uniform]
    whole: Buffer<'f>,
}

#[test]
fn buffer_views_see_the_bytes_their_fields_declared_against_the_logical_size() -> Result<(), FrameGraphError> {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let seen = Rc::new(RefCell::new(Vec::new()));
    let natives = [64, 100].map(|size| {
        device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size,
            usage: BufferUsages::UNIFORM | BufferUsages::COPY_DST,
            mapped_at_creation: false,
        })
    });
    let mut frame = graph.begin_frame();
    let defined = ImportBufferOptions::new(InitialContents::Defined);
    let data = frame.import_buffer(BufferDesc::new("data", 64), defined)?;
    // 100 bytes take a 112-byte pooled buffer: views keep to the 100 declared.
    let other = frame.create_buffer(BufferDesc::new("other", 100))?;
    let whole = frame.import_buffer(BufferDesc::new("whole", 100), defined)?;
    frame.bind_imported_buffer(data, &natives[0])?;
    frame.bind_imported_buffer(whole, &natives[1])?;
    let pass = Ranges {
        tail: data.slice(BufferRange::new(16, None)),
        head: data.slice(BufferRange::new(0, Some(8))),
        write: other.slice(BufferRange::new(32, None)),
        whole,
    };
    let out = Rc::clone(&seen);
    frame.add(pass, move |cx| {
        let ranges = [
            (cx.tail.offset(), cx.tail.size()),
            (cx.head.offset(), cx.head.size()),
            (cx.write.offset(), cx.write.size()),
            (cx.whole.offset(), cx.whole.size()),
        ];
        out.borrow_mut().extend(ranges);
        Ok(())
    })?;
    frame.compile(CompileOptions::default())?.execute(&queue)?;
    assert_eq!(*seen.borrow(), [(16, 48), (0, 8), (32, 68), (0, 100)]);
    Ok(())
}

#[test]
fn derived_passes_of_every_kind_execute_in_order_with_their_views() -> Result<(), FrameGraphError> {
    let (device, queue) = noop();
    let log: Log = Rc::default();
    let mut graph = FrameGraph::with_device(&device);
    let native_params = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("params"),
        size: 512,
        usage: BufferUsages::UNIFORM,
        mapped_at_creation: false,
    });
    let native_out = readback_buffer(&device, 768);
    let native_pixels = readback_buffer(&device, 64 * 64 * 4);
    let native_state = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("state"),
        size: 64,
        usage: BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    let mut frame = graph.begin_frame();
    let params = frame.import_buffer(
        BufferDesc::new("params", 512),
        ImportBufferOptions::new(InitialContents::Defined).with_exposed_usage(BufferUsages::UNIFORM),
    )?;
    frame.bind_imported_buffer(params, &native_params)?;
    let data = frame.create_buffer(BufferDesc::new("data", 1024))?;
    let out = frame.import_buffer(
        BufferDesc::new("out", 768),
        ImportBufferOptions::new(InitialContents::Undefined).with_exposed_usage(READBACK),
    )?;
    frame.bind_imported_buffer(out, &native_out)?;
    let target = frame.create_texture(TextureDesc::new_2d("target", 64, 64, TextureFormat::Rgba8Unorm))?;
    let pixels = frame.import_buffer(
        BufferDesc::new("pixels", 64 * 64 * 4),
        ImportBufferOptions::new(InitialContents::Undefined).with_exposed_usage(READBACK),
    )?;
    frame.bind_imported_buffer(pixels, &native_pixels)?;
    let state =
        frame.import_buffer(BufferDesc::new("state", 64), ImportBufferOptions::new(InitialContents::Defined))?;
    frame.bind_imported_buffer(state, &native_state)?;

    let fill_log = Rc::clone(&log);
    let fill =
        Fill { params: params.slice(BufferRange::new(256, Some(16))), data: data.slice(BufferRange::new(256, None)) };
    frame.add(fill, move |cx| {
        let (params, data) = (&cx.params, &cx.data);
        fill_log.borrow_mut().push(format!(
            "fill {} {}+{} {}+{}",
            cx.frame_index,
            params.offset(),
            params.size(),
            data.offset(),
            data.size()
        ));
        Ok(())
    })?;
    let copy_log = Rc::clone(&log);
    frame.add(CopyOut { src: data.slice(BufferRange::new(256, None)), dst: out }, move |cx| {
        cx.encoder.copy_buffer_view(&cx.src, 0, &cx.dst, 0, cx.src.size())?;
        copy_log.borrow_mut().push(format!("copy {}", cx.src.size()));
        Ok(())
    })?;
    let paint_log = Rc::clone(&log);
    frame.add(Paint { target }, move |cx| {
        let _ = cx.target;
        paint_log.borrow_mut().push("paint".into());
        Ok(())
    })?;
    let texture_log = Rc::clone(&log);
    frame.add(TextureOut { src: target, dst: pixels }, move |cx| {
        let layout = wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(256), rows_per_image: None };
        cx.encoder.copy_texture_view_to_buffer_view(
            &cx.src,
            CopyOrigin::default(),
            &cx.dst,
            layout,
            cx.src.extent(),
        )?;
        texture_log.borrow_mut().push("texture".into());
        Ok(())
    })?;
    let submit_log = Rc::clone(&log);
    frame.add(Submit { state }, move |cx| {
        cx.queue.submit([]);
        submit_log.borrow_mut().push(format!("submit {}", cx.state.size()));
        Ok(())
    })?;
    frame
        .compile(CompileOptions::default())?
        .execute_with_options(&queue, ExecutionOptions::default().with_frame_index(7))?;
    assert_eq!(*log.borrow(), ["fill 7 256+16 256+768", "copy 768", "paint", "texture", "submit 64"]);
    Ok(())
}

#[test]
fn a_failing_view_resolution_fails_the_execution() -> Result<(), FrameGraphError> {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let state =
        frame.import_buffer(BufferDesc::new("unbound", 64), ImportBufferOptions::new(InitialContents::Defined))?;
    frame.add(Submit { state }, |_| Ok(()))?;
    let error = frame.compile(CompileOptions::default())?.execute(&queue).expect_err("the import is not bound");
    assert_eq!(error.code(), "FG4002");
    Ok(())
}

fn words(bytes: &[u8]) -> Vec<u32> {
    bytes.chunks_exact(4).map(|chunk| u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]])).collect()
}

const SCALE: &str = "
struct Params { scale: u32 }
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> data: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    data[id.x] = id.x * params.scale + 1u;
}";

#[test]
fn derived_compute_and_copy_passes_produce_the_expected_bytes() {
    let Some((device, queue)) = gpu("derived_compute_and_copy_passes_produce_the_expected_bytes") else { return };
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("scale"),
        source: wgpu::ShaderSource::Wgsl(SCALE.into()),
    });
    let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some("scale"),
        layout: None,
        module: &module,
        entry_point: None,
        compilation_options: Default::default(),
        cache: None,
    });
    let mut params_bytes = vec![0u8; 512];
    params_bytes[256..260].copy_from_slice(&5u32.to_le_bytes());
    let native_params = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some("params"),
        contents: &params_bytes,
        usage: BufferUsages::UNIFORM,
    });
    let native_out = readback_buffer(&device, 256);

    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let params = frame
        .import_buffer(
            BufferDesc::new("params", 512),
            ImportBufferOptions::new(InitialContents::Defined).with_exposed_usage(BufferUsages::UNIFORM),
        )
        .unwrap();
    frame.bind_imported_buffer(params, &native_params).unwrap();
    let data = frame.create_buffer(BufferDesc::new("data", 512)).unwrap();
    let out = frame
        .import_buffer(
            BufferDesc::new("out", 256),
            ImportBufferOptions::new(InitialContents::Undefined).with_exposed_usage(READBACK),
        )
        .unwrap();
    frame.bind_imported_buffer(out, &native_out).unwrap();
    let written = data.slice(BufferRange::new(256, Some(256)));
    let fill = Fill { params: params.slice(BufferRange::new(256, Some(16))), data: written };
    frame
        .add(fill, move |cx: FillContext<'_>| {
            let bind_group = cx.device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("scale"),
                layout: &pipeline.get_bind_group_layout(0),
                entries: &[
                    wgpu::BindGroupEntry { binding: 0, resource: cx.params.uniform_binding() },
                    wgpu::BindGroupEntry { binding: 1, resource: cx.data.storage_write_binding() },
                ],
            });
            cx.pass.set_pipeline(&pipeline);
            cx.pass.set_bind_group(0, &bind_group, &[]);
            cx.pass.dispatch_workgroups(1, 1, 1);
            Ok(())
        })
        .unwrap();
    frame
        .add(CopyOut { src: written, dst: out }, |cx| {
            cx.encoder.copy_buffer_view(&cx.src, 0, &cx.dst, 0, cx.src.size())?;
            Ok(())
        })
        .unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();
    let expected: Vec<u32> = (0..64).map(|index| index * 5 + 1).collect();
    assert_eq!(words(&read_buffer(&device, &native_out)), expected);
}

#[test]
fn a_derived_render_pass_clears_its_attachment() {
    let Some((device, queue)) = gpu("a_derived_render_pass_clears_its_attachment") else { return };
    let native_pixels = readback_buffer(&device, 64 * 64 * 4);
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let target = frame.create_texture(TextureDesc::new_2d("target", 64, 64, TextureFormat::Rgba8Unorm)).unwrap();
    let pixels = frame
        .import_buffer(
            BufferDesc::new("pixels", 64 * 64 * 4),
            ImportBufferOptions::new(InitialContents::Undefined).with_exposed_usage(READBACK),
        )
        .unwrap();
    frame.bind_imported_buffer(pixels, &native_pixels).unwrap();
    frame.add(Paint { target }, |_| Ok(())).unwrap();
    frame
        .add(TextureOut { src: target, dst: pixels }, |cx| {
            let layout = wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(256), rows_per_image: None };
            cx.encoder.copy_texture_view_to_buffer_view(
                &cx.src,
                CopyOrigin::default(),
                &cx.dst,
                layout,
                cx.src.extent(),
            )
        })
        .unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();
    let bytes = read_buffer(&device, &native_pixels);
    assert!(bytes.chunks_exact(4).all(|pixel| pixel == [255, 0, 0, 255]), "every pixel is the clear color");
}

#[test]
fn copy_views_resolve_to_the_bound_native_texture() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let native_pixels = readback_buffer(&device, 64 * 64 * 4);
    let native = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("input"),
        size: wgpu::Extent3d { width: 64, height: 64, depth_or_array_layers: 1 },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: TextureFormat::Rgba8Unorm,
        usage: wgpu::TextureUsages::COPY_SRC,
        view_formats: &[],
    });
    let mut frame = graph.begin_frame();
    let desc = TextureDesc::new_2d("input", 64, 64, TextureFormat::Rgba8Unorm);
    let input = frame.import_texture(desc, ImportTextureOptions::new(InitialContents::Defined)).unwrap();
    frame.bind_imported_texture(input, &native).unwrap();
    let pixels = frame
        .import_buffer(
            BufferDesc::new("pixels", 64 * 64 * 4),
            ImportBufferOptions::new(InitialContents::Undefined).with_exposed_usage(READBACK),
        )
        .unwrap();
    frame.bind_imported_buffer(pixels, &native_pixels).unwrap();
    let seen = Rc::new(RefCell::new(None));
    let seen_in_callback = Rc::clone(&seen);
    frame
        .add(TextureOut { src: input, dst: pixels }, move |cx| {
            *seen_in_callback.borrow_mut() =
                Some((cx.src.texture_unchecked().size(), cx.src.extent(), cx.src.format()));
            Ok(())
        })
        .unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();
    assert_eq!(
        *seen.borrow(),
        Some((native.size(), native.size(), TextureFormat::Rgba8Unorm)),
        "the copy view is the bound native texture, and says so"
    );
}

#[derive(Pass)]
#[pass(command, side_effect)]
struct Facts<'f> {
    #[sampled]
    mip: TextureView<'f>,
    #[copy_src]
    layers: TextureView<'f>,
    #[depth_read]
    depth: Texture<'f>,
}

#[derive(Pass)]
#[pass(command)]
struct Produce<'f> {
    #[copy_dst(overwrite)]
    targets: Vec<Texture<'f>>,
}

#[derive(Pass)]
#[pass(render)]
struct ClearDepth<'f> {
    #[depth_attachment(clear = 1.0)]
    depth: Texture<'f>,
}

#[test]
fn texture_views_say_which_subresources_they_cover() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let color =
        frame.create_texture(TextureDesc::new_2d("color", 64, 32, TextureFormat::Rgba8Unorm).with_mips(3)).unwrap();
    let array =
        frame.create_texture(TextureDesc::new_2d("array", 16, 16, TextureFormat::R32Float).with_layers(4)).unwrap();
    let depth = frame.create_texture(TextureDesc::new_2d("depth", 16, 16, TextureFormat::Depth32Float)).unwrap();
    frame.add(Produce { targets: vec![color, array] }, |_| Ok(())).unwrap();
    frame.add(ClearDepth { depth }, |_| Ok(())).unwrap();
    let mip = frame.create_texture_view(color, TextureViewDesc::mip(1)).unwrap();
    let layers = TextureViewDesc { base_array_layer: 1, array_layer_count: Some(2), ..TextureViewDesc::default() };
    let layers = frame.create_texture_view(array, layers).unwrap();
    let seen = Rc::new(RefCell::new(Vec::new()));
    let log = Rc::clone(&seen);
    frame
        .add(Facts { mip, layers, depth }, move |cx| {
            let attachment = cx.depth.attachment();
            log.borrow_mut().push(format!(
                "{:?} {:?} {:?} {:?} | {:?} {:?} {:?} | {:?} {}",
                cx.mip.extent(),
                cx.mip.format(),
                cx.mip.mip_levels(),
                cx.mip.array_layers(),
                cx.layers.extent(),
                cx.layers.mip_levels(),
                cx.layers.array_layers(),
                cx.depth.format(),
                attachment.depth_ops.is_none() && attachment.stencil_ops.is_none(),
            ));
            Ok(())
        })
        .unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();
    let extent = |width, height, depth_or_array_layers| wgpu::Extent3d { width, height, depth_or_array_layers };
    assert_eq!(
        *seen.borrow(),
        [format!(
            "{:?} Rgba8Unorm 1..2 0..1 | {:?} 0..1 1..3 | Depth32Float true",
            extent(32, 16, 1),
            extent(16, 16, 2)
        )]
    );
}

#[derive(Pass)]
#[pass(command, side_effect)]
struct BytesOut<'f> {
    #[copy_src]
    src: BufferSlice<'f>,
    #[copy_dst(overwrite)]
    dst: Buffer<'f>,
}

/// Records a `BytesOut` pass copying with `callback` out of bytes 256..320
/// of a cleared 512-byte buffer, which it returns, into a 256-byte one.
fn bytes_out<'f>(
    frame: &mut Frame<'f>,
    callback: impl for<'cx> FnOnce(BytesOutContext<'cx>) -> Result<(), FrameGraphError> + 'f,
) -> Buffer<'f> {
    let data = frame.create_buffer(BufferDesc::new("data", 512)).unwrap();
    frame.clear_buffer("zero", data, BufferRange::whole()).unwrap();
    let out = frame.create_buffer(BufferDesc::new("out", 256)).unwrap();
    frame.add(BytesOut { src: data.slice(BufferRange::new(256, Some(64))), dst: out }, callback).unwrap();
    data
}

#[test]
fn a_copy_outside_its_declared_view_fails_with_fg4010_and_records_nothing() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    bytes_out(&mut frame, |cx| {
        assert_eq!((cx.src.offset(), cx.src.size(), cx.dst.size()), (256, 64, 256));
        cx.encoder.copy_buffer_view(&cx.src, 0, &cx.dst, 0, 64)?;
        let error = cx.encoder.copy_buffer_view(&cx.src, 32, &cx.dst, 0, 64).unwrap_err();
        assert!(error.to_string().contains("bytes 32..96 of the source"), "{error}");
        cx.encoder.copy_buffer_view(&cx.src, 0, &cx.dst, 224, 64)
    });
    let error = frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap_err();
    assert_eq!(error.code(), "FG4010");
    assert!(error.to_string().contains("in pass `bytes-out`"), "the runtime names the pass: {error}");
    assert!(error.to_string().contains("bytes 224..288 of the destination, whose view declares 256 bytes"), "{error}");
}

#[derive(Pass)]
#[pass(command, side_effect)]
struct Shift<'f> {
    #[copy_src]
    src: BufferSlice<'f>,
    #[copy_dst(overwrite)]
    dst: BufferSlice<'f>,
}

#[test]
fn a_copy_wgpu_would_refuse_fails_with_fg4016_and_records_nothing() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let data = bytes_out(&mut frame, |cx| {
        let error = cx.encoder.copy_buffer_view(&cx.src, 2, &cx.dst, 0, 8).unwrap_err();
        assert_eq!(error.code(), "FG4016");
        assert!(error.to_string().contains("at offset 258 of 8 bytes is not 4-byte aligned"), "{error}");
        let error = cx.encoder.copy_buffer_view(&cx.src, 0, &cx.dst, 0, 6).unwrap_err();
        assert_eq!(error.code(), "FG4016", "{error}");
        cx.encoder.copy_buffer_view(&cx.src, 0, &cx.dst, 0, 64)
    });
    let halves =
        Shift { src: data.slice(BufferRange::new(0, Some(64))), dst: data.slice(BufferRange::new(64, Some(64))) };
    frame.add(halves, |cx| cx.encoder.copy_buffer_view(&cx.src, 0, &cx.dst, 0, 64)).unwrap();
    let error = frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap_err();
    assert_eq!(error.code(), "FG4016");
    assert!(error.to_string().contains("in pass `shift`"), "the runtime names the pass: {error}");
    assert!(error.to_string().contains("copy through a second buffer"), "{error}");
}

#[test]
fn a_texel_copy_of_an_unaligned_row_pitch_fails_with_fg4016() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let texture = frame.create_texture(TextureDesc::new_2d("image", 60, 4, TextureFormat::Rgba8Unorm)).unwrap();
    frame.add(Produce { targets: vec![texture] }, |_| Ok(())).unwrap();
    let pixels = frame.create_buffer(BufferDesc::new("pixels", 256 * 4)).unwrap();
    let view = frame.create_texture_view(texture, TextureViewDesc::default()).unwrap();
    frame
        .add(MipOut { src: view, dst: pixels }, |cx| {
            let tight = wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(240), rows_per_image: None };
            let error = cx
                .encoder
                .copy_texture_view_to_buffer_view(&cx.src, CopyOrigin::default(), &cx.dst, tight, cx.src.extent())
                .unwrap_err();
            assert_eq!(error.code(), "FG4016");
            assert!(error.to_string().contains("bytes_per_row 240 is not a multiple of 256"), "{error}");
            let padded = wgpu::TexelCopyBufferLayout { bytes_per_row: Some(256), ..tight };
            cx.encoder.copy_texture_view_to_buffer_view(
                &cx.src,
                CopyOrigin::default(),
                &cx.dst,
                padded,
                cx.src.extent(),
            )
        })
        .unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).expect("the padded copy executes");
}

#[derive(Pass)]
#[pass(command, side_effect)]
struct MipOut<'f> {
    #[copy_src]
    src: TextureView<'f>,
    #[copy_dst(overwrite)]
    dst: Buffer<'f>,
}

#[test]
fn a_texture_copy_outside_its_declared_mips_or_layers_fails_with_fg4010() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let texture =
        frame.create_texture(TextureDesc::new_2d("image", 64, 64, TextureFormat::Rgba8Unorm).with_mips(2)).unwrap();
    frame.add(Produce { targets: vec![texture] }, |_| Ok(())).unwrap();
    let pixels = frame.create_buffer(BufferDesc::new("pixels", 64 * 64 * 4)).unwrap();
    let first = frame.create_texture_view(texture, TextureViewDesc::mip(0)).unwrap();
    frame
        .add(MipOut { src: first, dst: pixels }, |cx| {
            let layout = wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(256), rows_per_image: None };
            let other_mip = cx
                .encoder
                .copy_texture_view_to_buffer_view(
                    &cx.src,
                    CopyOrigin::new(1, wgpu::Origin3d::ZERO),
                    &cx.dst,
                    layout,
                    cx.src.extent(),
                )
                .unwrap_err();
            assert!(
                other_mip.to_string().contains("mip 1 of the source, whose view declares mips 0..1"),
                "{other_mip}"
            );
            let shifted = wgpu::TexelCopyBufferLayout { offset: 256, ..layout };
            let too_many_bytes = cx
                .encoder
                .copy_texture_view_to_buffer_view(&cx.src, CopyOrigin::default(), &cx.dst, shifted, cx.src.extent())
                .unwrap_err();
            assert_eq!(too_many_bytes.code(), "FG4010");
            cx.encoder.copy_texture_view_to_buffer_view(
                &cx.src,
                CopyOrigin::default(),
                &cx.dst,
                layout,
                cx.src.extent(),
            )
        })
        .unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();
}

#[derive(Pass)]
#[pass(command, side_effect)]
struct TexelsAcross<'f> {
    #[copy_src]
    src: TextureView<'f>,
    #[copy_src]
    depth: TextureView<'f>,
    #[copy_dst(overwrite)]
    float: TextureView<'f>,
    #[copy_dst(overwrite)]
    depth_copy: TextureView<'f>,
    #[copy_dst(overwrite)]
    bytes: Buffer<'f>,
}

#[test]
fn a_texture_copy_wgpu_would_refuse_fails_with_fg4016() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let mut texture = |label, format| frame.create_texture(TextureDesc::new_2d(label, 4, 4, format)).unwrap();
    let textures = [
        texture("src", TextureFormat::Rgba8Unorm),
        texture("depth", TextureFormat::Depth32Float),
        texture("float", TextureFormat::R32Float),
        texture("depth-copy", TextureFormat::Depth32Float),
    ];
    frame.add(Produce { targets: textures[..2].to_vec() }, |_| Ok(())).unwrap();
    let [src, depth, float, depth_copy] =
        textures.map(|texture| frame.create_texture_view(texture, TextureViewDesc::default()).unwrap());
    let bytes = frame.create_buffer(BufferDesc::new("bytes", 1024)).unwrap();
    let copies = TexelsAcross { src, depth, float, depth_copy, bytes };
    frame
        .add(copies, |cx| {
            let at = CopyOrigin::default();
            let error = cx.encoder.copy_texture_view(&cx.src, at, &cx.float, at, cx.src.extent()).unwrap_err();
            assert_eq!(error.code(), "FG4016");
            assert!(error.to_string().contains("may differ only in being sRGB"), "{error}");
            let quarter = wgpu::Extent3d { width: 2, height: 2, depth_or_array_layers: 1 };
            let error = cx.encoder.copy_texture_view(&cx.depth, at, &cx.depth_copy, at, quarter).unwrap_err();
            assert_eq!(error.code(), "FG4016");
            assert!(error.to_string().contains("depth texture (Depth32Float) must cover whole mips"), "{error}");
            let rows = wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(256), rows_per_image: None };
            let error =
                cx.encoder.copy_texture_view_to_buffer_view(&cx.depth, at, &cx.bytes, rows, quarter).unwrap_err();
            assert_eq!(error.code(), "FG4016");
            cx.encoder.copy_texture_view(&cx.depth, at, &cx.depth_copy, at, cx.depth.extent())?;
            cx.encoder.copy_texture_view_to_buffer_view(&cx.depth, at, &cx.bytes, rows, cx.depth.extent())
        })
        .unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).expect("the whole-mip copies execute");
}

#[test]
fn a_copy_past_the_depth_of_a_deeper_mip_of_a_3d_texture_fails_with_fg4010() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let desc = TextureDesc {
        dimension: wgpu::TextureDimension::D3,
        size: wgpu::Extent3d { width: 8, height: 8, depth_or_array_layers: 8 },
        ..TextureDesc::new_2d("volume", 8, 8, TextureFormat::Rgba8Unorm).with_mips(4)
    };
    let volume = frame.create_texture(desc).unwrap();
    frame.add(Produce { targets: vec![volume] }, |_| Ok(())).unwrap();
    let bytes = frame.create_buffer(BufferDesc::new("bytes", 4096)).unwrap();
    let view = frame.create_texture_view(volume, TextureViewDesc::default()).unwrap();
    frame
        .add(MipOut { src: view, dst: bytes }, |cx| {
            let at = CopyOrigin::new(2, wgpu::Origin3d::ZERO);
            let layout = wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(256), rows_per_image: Some(2) };
            let slab = |depth_or_array_layers| wgpu::Extent3d { width: 2, height: 2, depth_or_array_layers };
            let error = cx.encoder.copy_texture_view_to_buffer_view(&cx.src, at, &cx.dst, layout, slab(8)).unwrap_err();
            assert_eq!(error.code(), "FG4010");
            assert!(error.to_string().contains("depth slices 0..8 of mip 2 of the source, which has 2"), "{error}");
            cx.encoder.copy_texture_view_to_buffer_view(&cx.src, at, &cx.dst, layout, slab(2))
        })
        .unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).expect("the copy within the mip executes");
}

#[derive(Pass)]
#[pass(render, side_effect)]
struct Draws<'f> {
    #[color_attachment(clear = Color::BLACK)]
    target: Texture<'f>,
    #[vertex]
    vertices: BufferSlice<'f>,
    #[index]
    indices: BufferSlice<'f>,
    #[indirect]
    args: BufferSlice<'f>,
}

#[test]
fn a_draw_through_a_view_wgpu_would_refuse_fails_with_fg4017() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let target = frame.create_texture(TextureDesc::new_2d("target", 4, 4, TextureFormat::Rgba8Unorm)).unwrap();
    let data = frame.create_buffer(BufferDesc::new("data", 256)).unwrap();
    frame.clear_buffer("zero", data, BufferRange::whole()).unwrap();
    let slice = |offset, size| data.slice(BufferRange::new(offset, Some(size)));
    let draws = Draws { target, vertices: slice(2, 32), indices: slice(66, 16), args: slice(128, 12) };
    frame
        .add(draws, |cx| {
            let error = cx.pass.set_vertex_view(0, &cx.vertices).unwrap_err();
            assert_eq!(error.code(), "FG4017");
            assert!(error.to_string().contains("the `#[vertex]` view starts at byte 2"), "{error}");
            let error = cx.pass.set_index_view(&cx.indices, wgpu::IndexFormat::Uint32).unwrap_err();
            assert!(error.to_string().contains("at multiples of 4 bytes"), "{error}");
            cx.pass.set_index_view(&cx.indices, wgpu::IndexFormat::Uint16)?;
            let error = cx.pass.draw_indirect_view(&cx.args).unwrap_err();
            assert_eq!(error.code(), "FG4017");
            assert!(
                error
                    .to_string()
                    .contains("indirect draws read 16 bytes of arguments, and the `#[indirect]` view declares 12"),
                "{error}"
            );
            cx.pass.draw_indexed_indirect_view(&cx.args)
        })
        .unwrap();
    let error = frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap_err();
    assert_eq!(error.code(), "FG4017");
    assert!(error.to_string().contains("in pass `draws`"), "the runtime names the pass: {error}");
    assert!(error.to_string().contains("read 20 bytes"), "{error}");
}

#[derive(Pass)]
#[pass(render)]
struct Sparse<'f> {
    #[color_attachment(clear = Color::BLUE)]
    first: Option<Texture<'f>>,
    #[color_attachment(clear = Color::BLACK)]
    second: Texture<'f>,
}

const SPARSE_SHADER: &str = "
@vertex
fn vs(@builtin(vertex_index) index: u32) -> @builtin(position) vec4<f32> {
    let uv = vec2<f32>(f32((index << 1u) & 2u), f32(index & 2u));
    return vec4<f32>(uv * 2.0 - 1.0, 0.0, 1.0);
}

@fragment
fn fs() -> @location(1) vec4<f32> {
    return vec4<f32>(0.0, 1.0, 0.0, 1.0);
}
";

#[test]
fn an_absent_color_attachment_leaves_its_slot_empty_for_a_sparse_pipeline() {
    let Some((device, queue)) = gpu("an_absent_color_attachment_leaves_its_slot_empty_for_a_sparse_pipeline") else {
        return;
    };
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("sparse"),
        source: wgpu::ShaderSource::Wgsl(SPARSE_SHADER.into()),
    });
    let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some("sparse"),
        layout: None,
        vertex: wgpu::VertexState {
            module: &module,
            entry_point: None,
            compilation_options: Default::default(),
            buffers: &[],
        },
        fragment: Some(wgpu::FragmentState {
            module: &module,
            entry_point: None,
            compilation_options: Default::default(),
            targets: &[None, Some(TextureFormat::Rgba8Unorm.into())],
        }),
        primitive: wgpu::PrimitiveState::default(),
        depth_stencil: None,
        multisample: wgpu::MultisampleState::default(),
        multiview_mask: None,
        cache: None,
    });
    let native_pixels = readback_buffer(&device, 64 * 64 * 4);
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let second = frame.create_texture(TextureDesc::new_2d("second", 64, 64, TextureFormat::Rgba8Unorm)).unwrap();
    let pixels = frame
        .import_buffer(
            BufferDesc::new("pixels", 64 * 64 * 4),
            ImportBufferOptions::new(InitialContents::Undefined).with_exposed_usage(READBACK),
        )
        .unwrap();
    frame.bind_imported_buffer(pixels, &native_pixels).unwrap();
    frame
        .add(Sparse { first: None, second }, move |cx| {
            cx.pass.set_pipeline(&pipeline);
            cx.pass.draw(0..3, 0..1);
            Ok(())
        })
        .unwrap();
    frame
        .add(TextureOut { src: second, dst: pixels }, |cx| {
            let layout = wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(256), rows_per_image: None };
            cx.encoder.copy_texture_view_to_buffer_view(
                &cx.src,
                CopyOrigin::default(),
                &cx.dst,
                layout,
                cx.src.extent(),
            )
        })
        .unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();
    let bytes = read_buffer(&device, &native_pixels);
    assert!(bytes.chunks_exact(4).all(|pixel| pixel == [0, 255, 0, 255]), "slot 1 holds what the pipeline drew");
}
