//! One multi-pass frame executed through zenfg and the same passes written
//! by hand against plain wgpu, on the system's adapter (software Vulkan on
//! machines without a GPU).
//!
//! The frame: a compute pass simulates particles; a render pass fills a
//! G-buffer (color and depth); a render pass lights it into an HDR target; a
//! compute pass blurs that into a storage texture; a render pass composites
//! it into a caller-owned output texture. The plain version creates its
//! targets, views and bind groups once and only encodes and submits per
//! frame; the zenfg version records, compiles and executes every frame,
//! takes its targets from the pool and creates its bind groups in callbacks.
//!
//! Per frame, two times are taken: `submit` (until the work is submitted) and
//! `frame` (until the GPU has finished it, which on a software adapter is CPU
//! time too). Five rounds alternate the order of the two versions; each runs
//! 20 warm-up frames, then 200 measured frames, and prints its medians. The
//! last lines give the median over rounds and the ratios zenfg / plain.
//!
//!     cargo run --release --example exec-vs-wgpu-bench

mod support;

use std::time::{Duration, Instant};

use wgpu::{Color, TextureFormat, TextureUsages};
use zenfg_runtime::{
    BufferDesc, BufferRange, ColorAttachmentOps, CompileOptions, DepthAttachmentOps, FrameGraph, ImportTextureOptions,
    InitialContents, RootReason, TextureDesc, WriteContents,
};

const SIDE: u32 = 256;
const PARTICLES: u32 = 65_536;
const ROUNDS: usize = 5;
const WARM_UP: usize = 20;
const FRAMES: usize = 200;

const SIMULATE: &str = "
@group(0) @binding(0) var<storage, read_write> particles: array<vec4<f32>>;
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let seed = f32(id.x);
    particles[id.x] = vec4<f32>(sin(seed), cos(seed), seed * 0.001, 1.0);
}";

const GBUFFER: &str = "
@vertex
fn vs(@builtin(vertex_index) index: u32) -> @builtin(position) vec4<f32> {
    let uv = vec2<f32>(f32((index << 1u) & 2u), f32(index & 2u));
    return vec4<f32>(uv * 2.0 - 1.0, 0.5, 1.0);
}
@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    return vec4<f32>(fract(position.xy / 64.0), 0.5, 1.0);
}";

const LIGHTING: &str = "
@group(0) @binding(0) var albedo: texture_2d<f32>;
@vertex
fn vs(@builtin(vertex_index) index: u32) -> @builtin(position) vec4<f32> {
    let uv = vec2<f32>(f32((index << 1u) & 2u), f32(index & 2u));
    return vec4<f32>(uv * 2.0 - 1.0, 0.0, 1.0);
}
@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    return textureLoad(albedo, vec2<i32>(position.xy), 0) * 2.0;
}";

const BLUR: &str = "
@group(0) @binding(0) var hdr: texture_2d<f32>;
@group(0) @binding(1) var blurred: texture_storage_2d<rgba8unorm, write>;
@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let size = vec2<i32>(textureDimensions(hdr));
    let center = vec2<i32>(id.xy);
    var sum = vec4<f32>(0.0);
    for (var dx = -1; dx <= 1; dx = dx + 1) {
        sum = sum + textureLoad(hdr, clamp(center + vec2<i32>(dx, 0), vec2<i32>(0), size - 1), 0);
    }
    textureStore(blurred, center, sum / 6.0);
}";

const COMPOSITE: &str = "
@group(0) @binding(0) var blurred: texture_2d<f32>;
@vertex
fn vs(@builtin(vertex_index) index: u32) -> @builtin(position) vec4<f32> {
    let uv = vec2<f32>(f32((index << 1u) & 2u), f32(index & 2u));
    return vec4<f32>(uv * 2.0 - 1.0, 0.0, 1.0);
}
@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    return textureLoad(blurred, vec2<i32>(position.xy), 0);
}";

struct Pipelines {
    simulate: wgpu::ComputePipeline,
    gbuffer: wgpu::RenderPipeline,
    lighting: wgpu::RenderPipeline,
    blur: wgpu::ComputePipeline,
    composite: wgpu::RenderPipeline,
}

impl Pipelines {
    fn new(device: &wgpu::Device) -> Self {
        let module = |source: &str| {
            device.create_shader_module(wgpu::ShaderModuleDescriptor {
                label: None,
                source: wgpu::ShaderSource::Wgsl(source.into()),
            })
        };
        let compute = |source: &str| {
            device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: None,
                layout: None,
                module: &module(source),
                entry_point: None,
                compilation_options: Default::default(),
                cache: None,
            })
        };
        let render = |source: &str, format: TextureFormat, depth: bool| {
            let module = module(source);
            device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                label: None,
                layout: None,
                vertex: wgpu::VertexState {
                    module: &module,
                    entry_point: None,
                    compilation_options: Default::default(),
                    buffers: &[],
                },
                primitive: Default::default(),
                depth_stencil: depth.then(|| wgpu::DepthStencilState {
                    format: TextureFormat::Depth32Float,
                    depth_write_enabled: Some(true),
                    depth_compare: Some(wgpu::CompareFunction::Less),
                    stencil: Default::default(),
                    bias: Default::default(),
                }),
                multisample: Default::default(),
                fragment: Some(wgpu::FragmentState {
                    module: &module,
                    entry_point: None,
                    compilation_options: Default::default(),
                    targets: &[Some(format.into())],
                }),
                multiview_mask: None,
                cache: None,
            })
        };
        Self {
            simulate: compute(SIMULATE),
            gbuffer: render(GBUFFER, TextureFormat::Rgba8Unorm, true),
            lighting: render(LIGHTING, TextureFormat::Rgba16Float, false),
            blur: compute(BLUR),
            composite: render(COMPOSITE, TextureFormat::Rgba8Unorm, false),
        }
    }
}

fn bind_group(
    device: &wgpu::Device,
    layout: &wgpu::BindGroupLayout,
    resources: &[wgpu::BindingResource<'_>],
) -> wgpu::BindGroup {
    let entries: Vec<wgpu::BindGroupEntry<'_>> = resources
        .iter()
        .enumerate()
        .map(|(binding, resource)| wgpu::BindGroupEntry { binding: binding as u32, resource: resource.clone() })
        .collect();
    device.create_bind_group(&wgpu::BindGroupDescriptor { label: None, layout, entries: &entries })
}

fn color_attachment(view: &wgpu::TextureView) -> Option<wgpu::RenderPassColorAttachment<'_>> {
    Some(wgpu::RenderPassColorAttachment {
        view,
        depth_slice: None,
        resolve_target: None,
        ops: wgpu::Operations { load: wgpu::LoadOp::Clear(Color::BLACK), store: wgpu::StoreOp::Store },
    })
}

/// The hand-written frame: everything created once, then encoded per frame.
struct Plain {
    particle_group: wgpu::BindGroup,
    albedo: wgpu::TextureView,
    depth: wgpu::TextureView,
    hdr: wgpu::TextureView,
    lighting_group: wgpu::BindGroup,
    blur_group: wgpu::BindGroup,
    composite_group: wgpu::BindGroup,
    output: wgpu::TextureView,
}

impl Plain {
    fn new(device: &wgpu::Device, pipelines: &Pipelines, output: &wgpu::Texture) -> Self {
        let texture = |format, usage| {
            device
                .create_texture(&wgpu::TextureDescriptor {
                    label: None,
                    size: wgpu::Extent3d { width: SIDE, height: SIDE, depth_or_array_layers: 1 },
                    mip_level_count: 1,
                    sample_count: 1,
                    dimension: wgpu::TextureDimension::D2,
                    format,
                    usage,
                    view_formats: &[],
                })
                .create_view(&Default::default())
        };
        let sampled_target = TextureUsages::RENDER_ATTACHMENT | TextureUsages::TEXTURE_BINDING;
        let particles = device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size: u64::from(PARTICLES) * 16,
            usage: wgpu::BufferUsages::STORAGE,
            mapped_at_creation: false,
        });
        let albedo = texture(TextureFormat::Rgba8Unorm, sampled_target);
        let depth = texture(TextureFormat::Depth32Float, TextureUsages::RENDER_ATTACHMENT);
        let hdr = texture(TextureFormat::Rgba16Float, sampled_target);
        let blurred =
            texture(TextureFormat::Rgba8Unorm, TextureUsages::STORAGE_BINDING | TextureUsages::TEXTURE_BINDING);
        let layout = |pipeline: &wgpu::ComputePipeline| pipeline.get_bind_group_layout(0);
        Self {
            particle_group: bind_group(device, &layout(&pipelines.simulate), &[particles.as_entire_binding()]),
            lighting_group: bind_group(
                device,
                &pipelines.lighting.get_bind_group_layout(0),
                &[wgpu::BindingResource::TextureView(&albedo)],
            ),
            blur_group: bind_group(
                device,
                &layout(&pipelines.blur),
                &[wgpu::BindingResource::TextureView(&hdr), wgpu::BindingResource::TextureView(&blurred)],
            ),
            composite_group: bind_group(
                device,
                &pipelines.composite.get_bind_group_layout(0),
                &[wgpu::BindingResource::TextureView(&blurred)],
            ),
            albedo,
            depth,
            hdr,
            output: output.create_view(&Default::default()),
        }
    }

    fn submit(&self, device: &wgpu::Device, queue: &wgpu::Queue, pipelines: &Pipelines) {
        let mut encoder = device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(&pipelines.simulate);
            pass.set_bind_group(0, &self.particle_group, &[]);
            pass.dispatch_workgroups(PARTICLES / 256, 1, 1);
        }
        {
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                color_attachments: &[color_attachment(&self.albedo)],
                depth_stencil_attachment: Some(wgpu::RenderPassDepthStencilAttachment {
                    view: &self.depth,
                    depth_ops: Some(wgpu::Operations { load: wgpu::LoadOp::Clear(1.0), store: wgpu::StoreOp::Discard }),
                    stencil_ops: None,
                }),
                ..Default::default()
            });
            pass.set_pipeline(&pipelines.gbuffer);
            pass.draw(0..3, 0..1);
        }
        {
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                color_attachments: &[color_attachment(&self.hdr)],
                ..Default::default()
            });
            pass.set_pipeline(&pipelines.lighting);
            pass.set_bind_group(0, &self.lighting_group, &[]);
            pass.draw(0..3, 0..1);
        }
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(&pipelines.blur);
            pass.set_bind_group(0, &self.blur_group, &[]);
            pass.dispatch_workgroups(SIDE / 8, SIDE / 8, 1);
        }
        {
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                color_attachments: &[color_attachment(&self.output)],
                ..Default::default()
            });
            pass.set_pipeline(&pipelines.composite);
            pass.set_bind_group(0, &self.composite_group, &[]);
            pass.draw(0..3, 0..1);
        }
        queue.submit([encoder.finish()]);
    }
}

/// The same frame through zenfg: recorded, compiled and executed.
fn submit_graph(graph: &mut FrameGraph, queue: &wgpu::Queue, pipelines: &Pipelines, output: &wgpu::Texture) {
    let texture = |label, format| TextureDesc::new_2d(label, SIDE, SIDE, format);
    let mut frame = graph.begin_frame();
    let particles = frame.create_buffer(BufferDesc::new("particles", u64::from(PARTICLES) * 16)).unwrap();
    let albedo = frame.create_texture(texture("albedo", TextureFormat::Rgba8Unorm)).unwrap();
    let depth = frame.create_texture(texture("depth", TextureFormat::Depth32Float)).unwrap();
    let hdr = frame.create_texture(texture("hdr", TextureFormat::Rgba16Float)).unwrap();
    let blurred = frame.create_texture(texture("blurred", TextureFormat::Rgba8Unorm)).unwrap();
    let target = frame
        .import_texture(
            texture("output", TextureFormat::Rgba8Unorm),
            ImportTextureOptions::new(InitialContents::Undefined),
        )
        .unwrap();
    frame.bind_imported_texture(target, output).unwrap();

    let mut pass = frame.compute_pass("simulate");
    let token = pass.storage_buffer_write(particles, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    pass.set_side_effect(true);
    let pipeline = pipelines.simulate.clone();
    pass.finish_compute(move |mut cx| {
        let group = bind_group(
            cx.device,
            &pipeline.get_bind_group_layout(0),
            &[cx.resources.buffer(token)?.as_entire_binding()],
        );
        cx.pass.set_pipeline(&pipeline);
        cx.pass.set_bind_group(0, &group, &[]);
        cx.pass.dispatch_workgroups(PARTICLES / 256, 1, 1);
        Ok(())
    })
    .unwrap();

    let mut pass = frame.render_pass("gbuffer");
    let _ = pass.color_attachment(albedo, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    let _ = pass.depth_attachment(depth, DepthAttachmentOps::clear_discard(1.0)).unwrap();
    let pipeline = pipelines.gbuffer.clone();
    pass.finish_render(move |mut cx| {
        cx.pass.set_pipeline(&pipeline);
        cx.pass.draw(0..3, 0..1);
        Ok(())
    })
    .unwrap();

    let mut pass = frame.render_pass("lighting");
    let source = pass.sampled_texture(albedo).unwrap();
    let _ = pass.color_attachment(hdr, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    let pipeline = pipelines.lighting.clone();
    pass.finish_render(move |mut cx| {
        let group = bind_group(
            cx.device,
            &pipeline.get_bind_group_layout(0),
            &[wgpu::BindingResource::TextureView(cx.resources.texture_view(source)?)],
        );
        cx.pass.set_pipeline(&pipeline);
        cx.pass.set_bind_group(0, &group, &[]);
        cx.pass.draw(0..3, 0..1);
        Ok(())
    })
    .unwrap();

    let mut pass = frame.compute_pass("blur");
    let source = pass.sampled_texture(hdr).unwrap();
    let destination = pass.storage_texture_write(blurred, WriteContents::Overwrite).unwrap();
    let pipeline = pipelines.blur.clone();
    pass.finish_compute(move |mut cx| {
        let group = bind_group(
            cx.device,
            &pipeline.get_bind_group_layout(0),
            &[
                wgpu::BindingResource::TextureView(cx.resources.texture_view(source)?),
                wgpu::BindingResource::TextureView(cx.resources.texture_view(destination)?),
            ],
        );
        cx.pass.set_pipeline(&pipeline);
        cx.pass.set_bind_group(0, &group, &[]);
        cx.pass.dispatch_workgroups(SIDE / 8, SIDE / 8, 1);
        Ok(())
    })
    .unwrap();

    let mut pass = frame.render_pass("composite");
    let source = pass.sampled_texture(blurred).unwrap();
    let _ = pass.color_attachment(target, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    let pipeline = pipelines.composite.clone();
    pass.finish_render(move |mut cx| {
        let group = bind_group(
            cx.device,
            &pipeline.get_bind_group_layout(0),
            &[wgpu::BindingResource::TextureView(cx.resources.texture_view(source)?)],
        );
        cx.pass.set_pipeline(&pipeline);
        cx.pass.set_bind_group(0, &group, &[]);
        cx.pass.draw(0..3, 0..1);
        Ok(())
    })
    .unwrap();
    frame.mark_texture_root(target, RootReason::Output).unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(queue).unwrap();
}

fn median(samples: &mut [Duration]) -> Duration {
    samples.sort_unstable();
    samples[samples.len() / 2]
}

fn micros(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e6
}

/// Runs `frame` and returns the median submit and frame times.
fn measure(device: &wgpu::Device, mut frame: impl FnMut()) -> (Duration, Duration) {
    let mut submit = Vec::with_capacity(FRAMES);
    let mut total = Vec::with_capacity(FRAMES);
    for index in 0..WARM_UP + FRAMES {
        let started = Instant::now();
        frame();
        let submitted = started.elapsed();
        device.poll(wgpu::PollType::wait_indefinitely()).expect("the device finishes its work");
        if index >= WARM_UP {
            submit.push(submitted);
            total.push(started.elapsed());
        }
    }
    (median(&mut submit), median(&mut total))
}

fn main() {
    let (device, queue, adapter) = support::device("exec-vs-wgpu-bench");
    println!("adapter: {} ({:?})", adapter.name, adapter.backend);
    let pipelines = Pipelines::new(&device);
    let output = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("output"),
        size: wgpu::Extent3d { width: SIDE, height: SIDE, depth_or_array_layers: 1 },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: TextureFormat::Rgba8Unorm,
        usage: TextureUsages::RENDER_ATTACHMENT,
        view_formats: &[],
    });
    let plain = Plain::new(&device, &pipelines, &output);
    let mut graph = FrameGraph::with_device(&device);
    let mut results: [Vec<(Duration, Duration)>; 2] = [Vec::new(), Vec::new()];
    for round in 0..ROUNDS {
        let order = if round % 2 == 0 { [0, 1] } else { [1, 0] };
        for version in order {
            let times = if version == 0 {
                measure(&device, || plain.submit(&device, &queue, &pipelines))
            } else {
                measure(&device, || submit_graph(&mut graph, &queue, &pipelines, &output))
            };
            let name = ["plain-wgpu", "zenfg"][version];
            println!(
                "round={round} version={name} submit_median_us={:.1} frame_median_us={:.1}",
                micros(times.0),
                micros(times.1)
            );
            results[version].push(times);
        }
    }
    let summary = |version: usize, pick: fn(&(Duration, Duration)) -> Duration| {
        let mut values: Vec<Duration> = results[version].iter().map(pick).collect();
        median(&mut values)
    };
    let (plain_submit, graph_submit) = (summary(0, |times| times.0), summary(1, |times| times.0));
    let (plain_frame, graph_frame) = (summary(0, |times| times.1), summary(1, |times| times.1));
    println!(
        "median over rounds: submit plain={:.1}us zenfg={:.1}us (+{:.1}us, ratio {:.3}); \
         frame plain={:.1}us zenfg={:.1}us (ratio {:.3})",
        micros(plain_submit),
        micros(graph_submit),
        micros(graph_submit.saturating_sub(plain_submit)),
        graph_submit.as_secs_f64() / plain_submit.as_secs_f64(),
        micros(plain_frame),
        micros(graph_frame),
        graph_frame.as_secs_f64() / plain_frame.as_secs_f64(),
    );
    println!("pool after the run: {:?}", graph.resource_pool_stats());
}
