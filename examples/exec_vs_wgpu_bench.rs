//! One multi-pass frame executed through zenfg and the same passes written
//! by hand against plain wgpu, on the system's adapter (software Vulkan on
//! machines without a GPU).
//!
//! The frame: a compute pass simulates particles; a render pass fills a
//! G-buffer (color and depth); a render pass lights it into an HDR target; a
//! compute pass blurs that into a storage texture; a render pass composites
//! it into a caller-owned output texture. Both versions run the same
//! pipelines, built from the shaders in `shaders/exec_vs_wgpu_bench/`. The
//! plain version creates its targets, views and bind groups once and only
//! encodes and submits per frame, labelling its command encoder and passes
//! with the names the graph gives them (wgpu copies each label, a cost any
//! renderer that names its passes pays); the zenfg version records its
//! passes as derived passes, compiles and executes every frame, takes its
//! targets from the pool, and binds what the runtime's bind group cache
//! finds again; the third version, `zenfg-compiled-once`, records and
//! compiles the frame once (on a runtime of its own) and executes that
//! repeatable frame every frame.
//!
//! Per frame, two wall times are taken, `submit` (until the work is
//! submitted) and `frame` (until the GPU has finished it), and `cpu`: the CPU
//! time every thread of the process spent on the frame (on a software
//! adapter that includes the rasterizer's threads). The versions take turns
//! frame by frame, so all see the same machine. Each of five rounds runs 20
//! warm-up frames of each version, then 200 measured ones, and prints the
//! medians; the last lines give the medians over rounds and the ratios of
//! each zenfg version to plain wgpu.
//!
//!     cargo run --release --example exec-vs-wgpu-bench

mod support;

use std::time::{Duration, Instant};

use wgpu::{Color, TextureFormat, TextureUsages};
use zenfg_runtime::prelude::*;

const SIDE: u32 = 256;
const PARTICLES: u32 = 65_536;
const ROUNDS: usize = 5;
const WARM_UP: usize = 20;
const FRAMES: usize = 200;
/// What each version is called in the output, by version index.
const VERSIONS: [&str; 3] = ["plain-wgpu", "zenfg", "zenfg-compiled-once"];

/// Simulates the particles; nothing reads them, so the pass is a side effect.
#[derive(Pass)]
#[pass(compute, side_effect, shader = "shaders/exec_vs_wgpu_bench/simulate.wgsl")]
struct Simulate<'f> {
    #[storage_write(overwrite)]
    particles: Buffer<'f>,
}

/// Fills the G-buffer: color and depth.
#[derive(Pass)]
#[pass(render, label = "gbuffer", shader = "shaders/exec_vs_wgpu_bench/gbuffer.wgsl")]
struct GBuffer<'f> {
    #[color_attachment(clear = Color::BLACK)]
    albedo: Texture<'f>,
    #[depth_attachment(clear = 1.0, discard)]
    depth: Texture<'f>,
}

/// Lights the G-buffer into the HDR target.
#[derive(Pass)]
#[pass(render, shader = "shaders/exec_vs_wgpu_bench/lighting.wgsl")]
struct Lighting<'f> {
    #[sampled]
    albedo: Texture<'f>,
    #[color_attachment(clear = Color::BLACK)]
    hdr: Texture<'f>,
}

/// Blurs the HDR target into a storage texture.
#[derive(Pass)]
#[pass(compute, shader = "shaders/exec_vs_wgpu_bench/blur.wgsl")]
struct Blur<'f> {
    #[sampled]
    hdr: Texture<'f>,
    #[storage_write(overwrite)]
    blurred: Texture<'f>,
}

/// Composites the blurred image into the caller's output texture.
#[derive(Pass)]
#[pass(render, shader = "shaders/exec_vs_wgpu_bench/composite.wgsl")]
struct Composite<'f> {
    #[sampled]
    blurred: Texture<'f>,
    #[color_attachment(clear = Color::BLACK)]
    #[root(output)]
    output: Texture<'f>,
}

/// The pipelines of both versions, each with the layout of its zenfg pass.
struct Pipelines {
    simulate: wgpu::ComputePipeline,
    gbuffer: wgpu::RenderPipeline,
    lighting: wgpu::RenderPipeline,
    blur: wgpu::ComputePipeline,
    composite: wgpu::RenderPipeline,
}

impl Pipelines {
    fn new(device: &wgpu::Device) -> Self {
        Self {
            simulate: support::compute_pipeline::<Simulate>(device),
            gbuffer: support::render_pipeline::<GBuffer>(device, TextureFormat::Rgba8Unorm, true),
            lighting: support::render_pipeline::<Lighting>(device, TextureFormat::Rgba16Float, false),
            blur: support::compute_pipeline::<Blur>(device),
            composite: support::render_pipeline::<Composite>(device, TextureFormat::Rgba8Unorm, false),
        }
    }
}

/// A bind group of group 0 of `layout`, one resource per binding in order.
fn bind_group(
    device: &wgpu::Device,
    layout: &wgpu::BindGroupLayout,
    resources: &[wgpu::BindingResource<'_>],
) -> wgpu::BindGroup {
    let entries: Vec<wgpu::BindGroupEntry<'_>> = resources
        .iter()
        .zip(0..)
        .map(|(resource, binding)| wgpu::BindGroupEntry { binding, resource: resource.clone() })
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

/// The hand-written frame: everything created once, then encoded per frame
/// under the labels the graph gives its encoder and passes.
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
        let mut encoder =
            device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("frame-graph.segment.0") });
        {
            let mut pass = encoder
                .begin_compute_pass(&wgpu::ComputePassDescriptor { label: Some("simulate"), timestamp_writes: None });
            pass.set_pipeline(&pipelines.simulate);
            pass.set_bind_group(0, &self.particle_group, &[]);
            pass.dispatch_workgroups(PARTICLES / 256, 1, 1);
        }
        {
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("gbuffer"),
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
                label: Some("lighting"),
                color_attachments: &[color_attachment(&self.hdr)],
                ..Default::default()
            });
            pass.set_pipeline(&pipelines.lighting);
            pass.set_bind_group(0, &self.lighting_group, &[]);
            pass.draw(0..3, 0..1);
        }
        {
            let mut pass = encoder
                .begin_compute_pass(&wgpu::ComputePassDescriptor { label: Some("blur"), timestamp_writes: None });
            pass.set_pipeline(&pipelines.blur);
            pass.set_bind_group(0, &self.blur_group, &[]);
            pass.dispatch_workgroups(SIDE / 8, SIDE / 8, 1);
        }
        {
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("composite"),
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

/// Records `pass` with `callback`, for a repeatable frame or a one-shot one.
fn add<'f, P>(
    frame: &mut Frame<'f>,
    repeatable: bool,
    pass: P,
    callback: impl for<'cx> FnMut(P::Context<'cx>) -> Result<(), FrameGraphError> + 'f,
) where
    P: Pass<'f> + 'f,
    P::Declared: Clone,
{
    let recorded = if repeatable { frame.add_repeatable(pass, callback) } else { frame.add(pass, callback) };
    recorded.expect("the pass records");
}

/// Records the frame's passes into `frame`.
fn record<'f>(frame: &mut Frame<'f>, pipelines: &'f Pipelines, output: &'f wgpu::Texture, repeatable: bool) {
    let texture = |label, format| TextureDesc::new_2d(label, SIDE, SIDE, format);
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

    let pipeline = &pipelines.simulate;
    add(frame, repeatable, Simulate { particles }, move |mut cx| {
        cx.pass.set_pipeline(pipeline);
        cx.set_bind_groups();
        cx.pass.dispatch_workgroups(PARTICLES / 256, 1, 1);
        Ok(())
    });

    let pipeline = &pipelines.gbuffer;
    add(frame, repeatable, GBuffer { albedo, depth }, move |cx| {
        cx.pass.set_pipeline(pipeline);
        cx.pass.draw(0..3, 0..1);
        Ok(())
    });

    let pipeline = &pipelines.lighting;
    add(frame, repeatable, Lighting { albedo, hdr }, move |mut cx| {
        cx.pass.set_pipeline(pipeline);
        cx.set_bind_groups();
        cx.pass.draw(0..3, 0..1);
        Ok(())
    });

    let pipeline = &pipelines.blur;
    add(frame, repeatable, Blur { hdr, blurred }, move |mut cx| {
        cx.pass.set_pipeline(pipeline);
        cx.set_bind_groups();
        cx.pass.dispatch_workgroups(SIDE / 8, SIDE / 8, 1);
        Ok(())
    });

    let pipeline = &pipelines.composite;
    add(frame, repeatable, Composite { blurred, output: target }, move |mut cx| {
        cx.pass.set_pipeline(pipeline);
        cx.set_bind_groups();
        cx.pass.draw(0..3, 0..1);
        Ok(())
    });
}

/// The same frame through zenfg: recorded, compiled and executed.
fn submit_graph(graph: &mut FrameGraph, queue: &wgpu::Queue, pipelines: &Pipelines, output: &wgpu::Texture) {
    let mut frame = graph.begin_frame();
    record(&mut frame, pipelines, output, false);
    frame.compile(CompileOptions::default()).unwrap().execute(queue).unwrap();
}

fn median(samples: &mut [Duration]) -> Duration {
    samples.sort_unstable();
    samples[samples.len() / 2]
}

fn micros(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e6
}

/// CPU time consumed so far by every thread of the process (the software
/// adapter's worker threads included), where Linux reports it.
fn process_cpu_time() -> Option<Duration> {
    let mut total = 0_u64;
    for task in std::fs::read_dir("/proc/self/task").ok()? {
        let stat = std::fs::read_to_string(task.ok()?.path().join("schedstat")).ok()?;
        total += stat.split_whitespace().next()?.parse::<u64>().ok()?;
    }
    Some(Duration::from_nanos(total))
}

/// What one frame of one version cost.
#[derive(Clone, Copy)]
struct Sample {
    submit: Duration,
    frame: Duration,
    cpu: Option<Duration>,
}

/// Runs one frame and waits for the GPU.
fn sample(device: &wgpu::Device, frame: &mut dyn FnMut()) -> Sample {
    let cpu_before = process_cpu_time();
    let started = Instant::now();
    frame();
    let submit = started.elapsed();
    device.poll(wgpu::PollType::wait_indefinitely()).expect("the device finishes its work");
    let frame = started.elapsed();
    let cpu = process_cpu_time().zip(cpu_before).map(|(after, before)| after.saturating_sub(before));
    Sample { submit, frame, cpu }
}

/// The median of each measure over `samples`.
fn medians(samples: &[Sample]) -> Sample {
    let pick = |field: fn(&Sample) -> Option<Duration>| {
        let mut values: Vec<Duration> = samples.iter().filter_map(field).collect();
        (!values.is_empty()).then(|| median(&mut values))
    };
    Sample {
        submit: pick(|sample| Some(sample.submit)).unwrap_or_default(),
        frame: pick(|sample| Some(sample.frame)).unwrap_or_default(),
        cpu: pick(|sample| sample.cpu),
    }
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
    let mut once_graph = FrameGraph::with_device(&device);
    let mut once = once_graph.begin_frame();
    record(&mut once, &pipelines, &output, true);
    let mut repeatable = once.compile(CompileOptions::default()).unwrap().into_repeatable().unwrap();
    let mut plain_frame = || plain.submit(&device, &queue, &pipelines);
    let mut graph_frame = || submit_graph(&mut graph, &queue, &pipelines, &output);
    let mut once_frame = || repeatable.execute(&queue).unwrap();
    let mut rounds: [Vec<Sample>; VERSIONS.len()] = Default::default();
    for round in 0..ROUNDS {
        let mut samples: [Vec<Sample>; VERSIONS.len()] = Default::default();
        for index in 0..WARM_UP + FRAMES {
            for step in 0..VERSIONS.len() {
                let version = (round + index + step) % VERSIONS.len();
                let frame: &mut dyn FnMut() = match version {
                    0 => &mut plain_frame,
                    1 => &mut graph_frame,
                    _ => &mut once_frame,
                };
                let measured = sample(&device, frame);
                if index >= WARM_UP {
                    samples[version].push(measured);
                }
            }
        }
        for (version, name) in VERSIONS.iter().enumerate() {
            let times = medians(&samples[version]);
            println!(
                "round={round} version={name} submit_median_us={:.1} frame_median_us={:.1} cpu_median_us={}",
                micros(times.submit),
                micros(times.frame),
                times.cpu.map_or_else(|| "n/a".to_owned(), |cpu| format!("{:.1}", micros(cpu)))
            );
            rounds[version].push(times);
        }
    }
    let summary = |field: fn(&Sample) -> Option<Duration>| {
        let [plain, graph, once] = [0, 1, 2].map(|version| {
            let mut values: Vec<Duration> = rounds[version].iter().filter_map(field).collect();
            (!values.is_empty()).then(|| median(&mut values))
        });
        match (plain, graph, once) {
            (Some(plain), Some(graph), Some(once)) => format!(
                "plain={:.1}us zenfg={:.1}us ratio={:.3} compiled_once={:.1}us ratio_once={:.3}",
                micros(plain),
                micros(graph),
                graph.as_secs_f64() / plain.as_secs_f64(),
                micros(once),
                once.as_secs_f64() / plain.as_secs_f64()
            ),
            _ => "n/a".to_owned(),
        }
    };
    println!("median over rounds, submit: {}", summary(|times| Some(times.submit)));
    println!("median over rounds, frame: {}", summary(|times| Some(times.frame)));
    println!("median over rounds, cpu: {}", summary(|times| times.cpu));
    println!("executions of the frame compiled once: {}", repeatable.executions());
    drop(repeatable);
    println!("pool after the run: {:?}", graph.resource_pool_stats());
}
