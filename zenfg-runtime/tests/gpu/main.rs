//! Execution on a real adapter (software Vulkan on machines without a GPU):
//! results are read back and checked. With `CI` set, a missing adapter fails,
//! and so does an adapter without timestamp queries.

#[path = "../execution_common/mod.rs"]
mod execution_common;

mod bindings;
mod helpers;
mod refusals;
mod storage;

use std::time::Duration;

use execution_common::{gpu, read_buffer, readback_buffer};
use wgpu::util::DeviceExt;
use wgpu::{BufferUsages, Color, Extent3d, TexelCopyBufferLayout, TextureFormat};
use zenfg_runtime::{
    AccessToken, BufferDesc, BufferRange, BufferTextureCopyLocation, ColorAttachmentOps, CompileOptions,
    ExecutionOptions, FrameGraph, GpuTimingNodeKind, GpuTimingReport, GpuTimingUnavailableReason, ImportBufferOptions,
    InitialContents, RootReason, TextureCopyLocation, TextureDesc, TimingMode, WriteContents,
};
use zenfg_runtime::{ComputePassContext, FrameGraphError, StorageBufferWrite};

const READBACK: BufferUsages = BufferUsages::MAP_READ.union(BufferUsages::COPY_DST);

fn readback_options() -> ImportBufferOptions {
    ImportBufferOptions::new(InitialContents::Undefined).with_exposed_usage(READBACK)
}

fn words(bytes: &[u8]) -> Vec<u32> {
    bytes.chunks_exact(4).map(|chunk| u32::from_le_bytes(chunk.try_into().unwrap())).collect()
}

fn compute_pipeline(device: &wgpu::Device, source: &str) -> wgpu::ComputePipeline {
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("compute"),
        source: wgpu::ShaderSource::Wgsl(source.into()),
    });
    device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some("compute"),
        layout: None,
        module: &module,
        entry_point: None,
        compilation_options: Default::default(),
        cache: None,
    })
}

/// A vertex shader drawing one triangle over the whole target.
const FULL_SCREEN: &str = "
@vertex
fn vs(@builtin(vertex_index) index: u32) -> @builtin(position) vec4<f32> {
    let uv = vec2<f32>(f32((index << 1u) & 2u), f32(index & 2u));
    return vec4<f32>(uv * 2.0 - 1.0, 0.0, 1.0);
}
";

/// `fragment` (WGSL with an `fs` entry point) behind [`FULL_SCREEN`].
fn full_screen(fragment: &str) -> String {
    format!("{FULL_SCREEN}{fragment}")
}

fn render_pipeline(device: &wgpu::Device, source: &str, format: TextureFormat, samples: u32) -> wgpu::RenderPipeline {
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("render"),
        source: wgpu::ShaderSource::Wgsl(source.into()),
    });
    device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some("render"),
        layout: None,
        vertex: wgpu::VertexState {
            module: &module,
            entry_point: None,
            compilation_options: Default::default(),
            buffers: &[],
        },
        primitive: wgpu::PrimitiveState::default(),
        depth_stencil: None,
        multisample: wgpu::MultisampleState { count: samples, ..Default::default() },
        fragment: Some(wgpu::FragmentState {
            module: &module,
            entry_point: None,
            compilation_options: Default::default(),
            targets: &[Some(format.into())],
        }),
        multiview_mask: None,
        cache: None,
    })
}

/// Records a render pass `label` that clears `target` and draws one
/// triangle with `pipeline`.
fn draw_full_screen<'f>(
    frame: &mut zenfg_runtime::Frame<'f>,
    label: &str,
    target: zenfg_runtime::Texture<'f>,
    pipeline: wgpu::RenderPipeline,
) {
    let mut draw = frame.render_pass(label.to_owned());
    let _ = draw.color_attachment(target, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    draw.finish_render(move |cx| {
        cx.pass.set_pipeline(&pipeline);
        cx.pass.draw(0..3, 0..1);
        Ok(())
    })
    .unwrap();
}

/// Dispatches `pipeline` over `workgroups` workgroups with the buffer of
/// `token` bound whole at binding 0 of group 0.
fn dispatch_on_storage(
    cx: ComputePassContext<'_>,
    pipeline: &wgpu::ComputePipeline,
    token: AccessToken<'_, StorageBufferWrite>,
    workgroups: u32,
) -> Result<(), FrameGraphError> {
    let buffer = cx.resources.buffer(token)?;
    let bind_group = cx.device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: &pipeline.get_bind_group_layout(0),
        entries: &[wgpu::BindGroupEntry { binding: 0, resource: buffer.as_entire_binding() }],
    });
    cx.pass.set_pipeline(pipeline);
    cx.pass.set_bind_group(0, &bind_group, &[]);
    cx.pass.dispatch_workgroups(workgroups, 1, 1);
    Ok(())
}

const FILL: &str = "
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    data[id.x] = id.x * 3u + 7u;
}";

#[test]
fn a_compute_pass_writes_a_transient_buffer_that_is_read_back() {
    let Some((device, queue)) = gpu("a_compute_pass_writes_a_transient_buffer_that_is_read_back") else { return };
    let pipeline = compute_pipeline(&device, FILL);
    let native = readback_buffer(&device, 256);
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let data = frame.create_buffer(BufferDesc::new("data", 256)).unwrap();
    let output = frame.import_buffer(BufferDesc::new("output", 256), readback_options()).unwrap();
    frame.bind_imported_buffer(output, &native).unwrap();
    let mut pass = frame.compute_pass("fill");
    let token = pass.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    pass.finish_compute(move |cx| dispatch_on_storage(cx, &pipeline, token, 1)).unwrap();
    let mut copy = frame.copy_pass("readback");
    copy.copy_buffer_to_buffer(data, 0, output, 0, 256).unwrap();
    copy.finish().unwrap();
    frame.mark_readback(output, BufferRange::whole()).unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();
    let expected: Vec<u32> = (0..64).map(|index| index * 3 + 7).collect();
    assert_eq!(words(&read_buffer(&device, &native)), expected);
}

const SCENE: &str = "
@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    if position.x < 32.0 { return vec4<f32>(1.0, 0.0, 0.0, 1.0); }
    return vec4<f32>(0.0, 0.0, 1.0, 1.0);
}";

const INVERT: &str = "
@group(0) @binding(0) var scene: texture_2d<f32>;
@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let texel = textureLoad(scene, vec2<i32>(position.xy), 0);
    return vec4<f32>(1.0 - texel.rgb, 1.0);
}";

/// Copies a 64-pixel-wide RGBA8 texture of `height` rows into `output`.
fn copy_rows<'f>(
    frame: &mut zenfg_runtime::Frame<'f>,
    texture: zenfg_runtime::Texture<'f>,
    output: zenfg_runtime::Buffer<'f>,
    height: u32,
) {
    let layout = TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(256), rows_per_image: Some(height) };
    let mut copy = frame.copy_pass("readback");
    copy.copy_texture_to_buffer(
        TextureCopyLocation::new(texture),
        BufferTextureCopyLocation::new(output, layout),
        Extent3d { width: 64, height, depth_or_array_layers: 1 },
    )
    .unwrap();
    copy.finish().unwrap();
}

#[test]
fn a_render_pass_samples_a_transient_another_pass_drew() {
    let Some((device, queue)) = gpu("a_render_pass_samples_a_transient_another_pass_drew") else { return };
    let scene_pipeline = render_pipeline(&device, &full_screen(SCENE), TextureFormat::Rgba8Unorm, 1);
    let invert_pipeline = render_pipeline(&device, &full_screen(INVERT), TextureFormat::Rgba8Unorm, 1);
    let native = readback_buffer(&device, 256 * 8);
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let scene = frame.create_texture(TextureDesc::new_2d("scene", 64, 8, TextureFormat::Rgba8Unorm)).unwrap();
    let inverted = frame.create_texture(TextureDesc::new_2d("inverted", 64, 8, TextureFormat::Rgba8Unorm)).unwrap();
    let output = frame.import_buffer(BufferDesc::new("output", 256 * 8), readback_options()).unwrap();
    frame.bind_imported_buffer(output, &native).unwrap();

    draw_full_screen(&mut frame, "scene", scene, scene_pipeline);
    let mut post = frame.render_pass("invert");
    let source = post.sampled_texture(scene).unwrap();
    let _ = post.color_attachment(inverted, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    post.finish_render(move |cx| {
        let bind_group = cx.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout: &invert_pipeline.get_bind_group_layout(0),
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: wgpu::BindingResource::TextureView(cx.resources.texture_view(source)?),
            }],
        });
        cx.pass.set_pipeline(&invert_pipeline);
        cx.pass.set_bind_group(0, &bind_group, &[]);
        cx.pass.draw(0..3, 0..1);
        Ok(())
    })
    .unwrap();
    copy_rows(&mut frame, inverted, output, 8);
    frame.mark_readback(output, BufferRange::whole()).unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();

    let pixels = read_buffer(&device, &native);
    for row in 0..8 {
        for column in [0, 31, 32, 63] {
            let offset = row * 256 + column * 4;
            let expected: [u8; 4] = if column < 32 { [0, 255, 255, 255] } else { [255, 255, 0, 255] };
            assert_eq!(pixels[offset..offset + 4], expected, "pixel ({column}, {row})");
        }
    }
}

const HALF: &str = "
@vertex
fn vs(@builtin(vertex_index) index: u32) -> @builtin(position) vec4<f32> {
    var corners = array<vec2<f32>, 3>(vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, -1.0), vec2<f32>(-1.0, 1.0));
    return vec4<f32>(corners[index], 0.0, 1.0);
}
@fragment
fn fs() -> @location(0) vec4<f32> {
    return vec4<f32>(1.0, 1.0, 1.0, 1.0);
}";

#[test]
fn a_multisampled_attachment_resolves_into_a_transient() {
    let Some((device, queue)) = gpu("a_multisampled_attachment_resolves_into_a_transient") else { return };
    let pipeline = render_pipeline(&device, HALF, TextureFormat::Rgba8Unorm, 4);
    let native = readback_buffer(&device, 256 * 64);
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let msaa =
        frame.create_texture(TextureDesc::new_2d("msaa", 64, 64, TextureFormat::Rgba8Unorm).with_samples(4)).unwrap();
    let resolved = frame.create_texture(TextureDesc::new_2d("resolved", 64, 64, TextureFormat::Rgba8Unorm)).unwrap();
    let output = frame.import_buffer(BufferDesc::new("output", 256 * 64), readback_options()).unwrap();
    frame.bind_imported_buffer(output, &native).unwrap();
    let mut pass = frame.render_pass("msaa");
    let _ =
        pass.color_attachment_with_resolve(msaa, resolved, ColorAttachmentOps::clear_discard(Color::BLACK)).unwrap();
    pass.finish_render(move |cx| {
        cx.pass.set_pipeline(&pipeline);
        cx.pass.draw(0..3, 0..1);
        Ok(())
    })
    .unwrap();
    copy_rows(&mut frame, resolved, output, 64);
    frame.mark_readback(output, BufferRange::whole()).unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();

    let pixels = read_buffer(&device, &native);
    let red = |x: usize, y: usize| pixels[y * 256 + x * 4];
    assert_eq!(red(2, 60), 255, "inside the triangle");
    assert_eq!(red(60, 2), 0, "outside the triangle");
    let partial = (0..64).map(|x| red(x, x)).filter(|value| *value > 0 && *value < 255).count();
    assert!(partial > 0, "edge pixels along the diagonal resolve partial coverage");
}

const ACCUMULATE: &str = "
@group(0) @binding(0) var<storage, read_write> state: array<u32>;
@compute @workgroup_size(16)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    state[id.x] = state[id.x] + id.x + 1u;
}";

#[test]
fn persistent_state_survives_across_two_frames() {
    let Some((device, queue)) = gpu("persistent_state_survives_across_two_frames") else { return };
    let pipeline = compute_pipeline(&device, ACCUMULATE);
    let state = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("state"),
        size: 64,
        usage: BufferUsages::STORAGE | BufferUsages::COPY_DST | BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let native = readback_buffer(&device, 64);
    let mut graph = FrameGraph::with_device(&device);
    for frame_index in 0..2_u64 {
        let initial = if frame_index == 0 { InitialContents::Undefined } else { InitialContents::Defined };
        let mut frame = graph.begin_frame();
        let history = frame.import_buffer(BufferDesc::new("state", 64), ImportBufferOptions::new(initial)).unwrap();
        frame.bind_imported_buffer(history, &state).unwrap();
        if frame_index == 0 {
            frame.clear_buffer("reset", history, BufferRange::whole()).unwrap();
        }
        let mut pass = frame.compute_pass("accumulate");
        let token = pass.storage_buffer_write(history, BufferRange::whole(), WriteContents::Preserve).unwrap();
        let pipeline = pipeline.clone();
        pass.finish_compute(move |cx| dispatch_on_storage(cx, &pipeline, token, 1)).unwrap();
        frame.mark_buffer_root(history, BufferRange::whole(), RootReason::PersistentState).unwrap();
        if frame_index == 1 {
            let output = frame.import_buffer(BufferDesc::new("output", 64), readback_options()).unwrap();
            frame.bind_imported_buffer(output, &native).unwrap();
            let mut copy = frame.copy_pass("readback");
            copy.copy_buffer_to_buffer(history, 0, output, 0, 64).unwrap();
            copy.finish().unwrap();
            frame.mark_readback(output, BufferRange::whole()).unwrap();
        }
        let compiled = frame.compile(CompileOptions::default()).unwrap();
        compiled.execute_with_options(&queue, ExecutionOptions::default().with_frame_index(frame_index)).unwrap();
    }
    let expected: Vec<u32> = (1..=16).map(|value| value * 2).collect();
    assert_eq!(words(&read_buffer(&device, &native)), expected);
}

#[test]
fn an_external_submission_lands_between_the_graph_segments() {
    let Some((device, queue)) = gpu("an_external_submission_lands_between_the_graph_segments") else { return };
    let source = |value: u32| {
        device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("source"),
            contents: &[value.to_le_bytes(); 4].concat(),
            usage: BufferUsages::COPY_SRC,
        })
    };
    let (ones, twos, threes) = (source(1), source(2), source(3));
    let log = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("log"),
        size: 16,
        usage: BufferUsages::COPY_SRC | BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let native = readback_buffer(&device, 16);
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let shared =
        frame.import_buffer(BufferDesc::new("log", 16), ImportBufferOptions::new(InitialContents::Undefined)).unwrap();
    frame.bind_imported_buffer(shared, &log).unwrap();
    let output = frame.import_buffer(BufferDesc::new("output", 16), readback_options()).unwrap();
    frame.bind_imported_buffer(output, &native).unwrap();

    let mut first = frame.command_pass("first");
    let token = first.buffer_copy_dst(shared, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    first
        .finish_command(move |cx| {
            cx.encoder.copy_buffer_to_buffer(&ones, 0, cx.resources.buffer(token)?, 0, 16);
            Ok(())
        })
        .unwrap();
    let mut middle = frame.external_submission("middleware");
    let token = middle.buffer_copy_dst(shared, BufferRange::new(4, Some(12)), WriteContents::Overwrite).unwrap();
    middle
        .finish_external(move |cx| {
            let mut encoder = cx.device.create_command_encoder(&Default::default());
            encoder.copy_buffer_to_buffer(&twos, 0, cx.resources.buffer(token)?, 4, 12);
            cx.queue.submit([encoder.finish()]);
            Ok(())
        })
        .unwrap();
    let mut last = frame.command_pass("last");
    let token = last.buffer_copy_dst(shared, BufferRange::new(8, Some(8)), WriteContents::Overwrite).unwrap();
    last.finish_command(move |cx| {
        cx.encoder.copy_buffer_to_buffer(&threes, 0, cx.resources.buffer(token)?, 8, 8);
        Ok(())
    })
    .unwrap();
    let mut copy = frame.copy_pass("readback");
    copy.copy_buffer_to_buffer(shared, 0, output, 0, 16).unwrap();
    copy.finish().unwrap();
    frame.mark_readback(output, BufferRange::whole()).unwrap();
    let compiled = frame.compile(CompileOptions::default()).unwrap();
    assert_eq!(compiled.execution_segments().len(), 3);
    compiled.execute(&queue).unwrap();
    assert_eq!(words(&read_buffer(&device, &native)), [1, 2, 3, 3]);
}

const SPIN: &str = "
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    var value = id.x;
    for (var step = 0u; step < 4096u; step = step + 1u) {
        value = value * 1664525u + 1013904223u;
    }
    data[id.x] = value;
}";

const SHADE: &str = "
@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    var value = u32(position.x) * 31u + u32(position.y);
    for (var step = 0u; step < 256u; step = step + 1u) {
        value = value * 1664525u + 1013904223u;
    }
    return vec4<f32>(f32(value & 255u) / 255.0, 0.0, 0.0, 1.0);
}";

#[test]
fn gpu_timing_measures_render_and_compute_passes() {
    let Some((device, queue)) = gpu("gpu_timing_measures_render_and_compute_passes") else { return };
    if !device.features().contains(wgpu::Features::TIMESTAMP_QUERY) {
        assert!(std::env::var_os("CI").is_none(), "CI is set but the adapter has no timestamp queries");
    }
    let pipeline = compute_pipeline(&device, SPIN);
    let draw_pipeline = render_pipeline(&device, &full_screen(SHADE), TextureFormat::Rgba8Unorm, 1);
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let data = frame.create_buffer(BufferDesc::new("data", 4 * 4096)).unwrap();
    let target = frame.create_texture(TextureDesc::new_2d("target", 128, 128, TextureFormat::Rgba8Unorm)).unwrap();
    let mut spin = frame.compute_pass("spin");
    let token = spin.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    spin.finish_compute(move |cx| dispatch_on_storage(cx, &pipeline, token, 64)).unwrap();
    draw_full_screen(&mut frame, "draw", target, draw_pipeline);
    frame.mark_buffer_root(data, BufferRange::whole(), RootReason::Output).unwrap();
    frame.mark_texture_root(target, RootReason::Output).unwrap();
    let compiled = frame.compile(CompileOptions::default()).unwrap();
    let timing = compiled.execute_with_timing(&queue, ExecutionOptions::default(), TimingMode::Gpu).unwrap();
    let mut readback = timing.gpu.unwrap();
    let report = readback.wait(Duration::from_secs(60)).unwrap();
    if !device.features().contains(wgpu::Features::TIMESTAMP_QUERY) {
        assert!(
            matches!(report, GpuTimingReport::Unavailable { reason: GpuTimingUnavailableReason::Unsupported, .. }),
            "{report:?}"
        );
        eprintln!("notice: the adapter has no timestamp queries; only unavailability was checked");
        return;
    }
    let GpuTimingReport::Available { nodes, frame_duration, .. } = report else {
        panic!("timing should be available: {report:?}");
    };
    let timed: Vec<(&str, GpuTimingNodeKind)> = nodes.iter().map(|node| (&*node.label, node.kind)).collect();
    assert_eq!(timed, [("spin", GpuTimingNodeKind::Compute), ("draw", GpuTimingNodeKind::Render)]);
    // Both passes loop in their shaders for thousands of invocations, which
    // takes many ticks of any timestamp clock.
    for node in &nodes {
        assert!(node.duration > Duration::ZERO, "the {} pass has a GPU duration", node.label);
        assert!(node.duration <= frame_duration, "the frame spans the {} pass", node.label);
    }
}

#[test]
fn every_execution_of_a_repeatable_frame_is_timed_on_the_gpu_and_exports_a_valid_snapshot() {
    use zenfg_runtime::snapshot::{
        CreateFrameGraphSnapshotOptions, create_frame_graph_snapshot, parse_frame_graph_snapshot, to_json,
    };
    let name = "every_execution_of_a_repeatable_frame_is_timed_on_the_gpu_and_exports_a_valid_snapshot";
    let Some((device, queue)) = gpu(name) else { return };
    if !device.features().contains(wgpu::Features::TIMESTAMP_QUERY) {
        assert!(std::env::var_os("CI").is_none(), "CI is set but the adapter has no timestamp queries");
        eprintln!("notice: the adapter has no timestamp queries; {name} checked nothing");
        return;
    }
    let pipeline = compute_pipeline(&device, SPIN);
    let readback = readback_buffer(&device, 4 * 64);
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let data = frame.create_buffer(BufferDesc::new("data", 4 * 4096)).unwrap();
    let out = frame.import_buffer(BufferDesc::new("readback", 4 * 64), readback_options()).unwrap();
    frame.bind_imported_buffer(out, &readback).unwrap();
    let mut spin = frame.compute_pass("spin");
    let token = spin.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    spin.finish_compute_repeatable(move |cx| dispatch_on_storage(cx, &pipeline, token, 64)).unwrap();
    let mut copy = frame.copy_pass("read");
    copy.copy_buffer_to_buffer(data, 0, out, 0, 4 * 64).unwrap();
    copy.finish().unwrap();
    frame.mark_readback(out, BufferRange::whole()).unwrap();
    let mut repeatable = frame.compile(CompileOptions::full_report()).unwrap().into_repeatable().unwrap();
    let mut first_words = None;
    for index in 0..3 {
        let options = ExecutionOptions::default().with_frame_index(index);
        let timing = repeatable.execute_with_timing(&queue, options, TimingMode::Both).unwrap();
        let cpu = timing.cpu.expect("CPU timing was requested");
        let gpu = timing.gpu.expect("GPU timing was requested").wait(Duration::from_secs(60)).unwrap();
        let GpuTimingReport::Available { frame_index, ref nodes, frame_duration, .. } = gpu else {
            panic!("execution {index}: timing should be available: {gpu:?}");
        };
        assert_eq!(frame_index, index);
        let timed: Vec<(&str, GpuTimingNodeKind)> = nodes.iter().map(|node| (&*node.label, node.kind)).collect();
        assert_eq!(timed, [("spin", GpuTimingNodeKind::Compute)], "execution {index}");
        assert!(nodes[0].duration > Duration::ZERO && nodes[0].duration <= frame_duration, "execution {index}");

        let words = words(&read_buffer(&device, &readback));
        assert_ne!(words, vec![0; 64], "execution {index} wrote the buffer");
        assert_eq!(*first_words.get_or_insert_with(|| words.clone()), words, "every execution computes the same");

        let report = repeatable.compiled().report().expect("a full report was asked for");
        let options = CreateFrameGraphSnapshotOptions::new(index).with_cpu_timing(&cpu).with_gpu_timing(&gpu);
        let snapshot = create_frame_graph_snapshot(report, options).expect("the snapshot validates");
        assert_eq!(snapshot.capture.frame_index, index);
        let parsed = parse_frame_graph_snapshot(&to_json(&snapshot).unwrap()).unwrap();
        assert_eq!(parsed.snapshot, snapshot, "execution {index} round-trips");
    }
}
