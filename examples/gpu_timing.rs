//! Per-pass GPU durations of a multi-pass frame, read back asynchronously
//! with timestamp queries, next to each node's CPU time.
//!
//! The frame simulates particles (two compute passes), renders a scene and
//! tonemaps it (two render passes); a command node uploads parameters
//! (command nodes are CPU-timed only). Each frame's GPU readback is polled
//! with `try_take` until it arrives. The example fails unless every node is
//! CPU-timed and, on an adapter with timestamp queries, every render and
//! compute pass is GPU-timed over a frame span longer than zero (without
//! them, the GPU timing must be reported unsupported).
//!
//!     cargo run --release --example gpu-timing -- [frames=5] [scale=1]
//!
//! `scale` multiplies the particle count and the rendered pixel count, for
//! GPUs too fast to measure at scale 1.

mod support;

use std::error::Error;
use std::time::Duration;

use wgpu::{BufferUsages, Color, TextureFormat};
use zenfg_runtime::{
    BufferDesc, BufferRange, ColorAttachmentOps, CompileOptions, CpuTimingReport, ExecutionOptions, ExecutionTiming,
    FrameGraph, FrameGraphError, GpuTimingNodeKind, GpuTimingReport, GpuTimingUnavailableReason, RootReason,
    TextureDesc, TimingMode, WriteContents,
};

/// The nodes of a frame, in execution order.
const NODES: [&str; 5] = ["upload-parameters", "simulate", "integrate", "scene", "tonemap"];

/// The GPU-timed passes of a frame, in execution order.
const TIMED: [(&str, GpuTimingNodeKind); 4] = [
    ("simulate", GpuTimingNodeKind::Compute),
    ("integrate", GpuTimingNodeKind::Compute),
    ("scene", GpuTimingNodeKind::Render),
    ("tonemap", GpuTimingNodeKind::Render),
];

/// How much work a run does.
#[derive(Clone, Copy, Debug)]
pub struct Workload {
    /// Frames executed.
    pub frames: u32,
    /// Particles simulated per frame; a multiple of 256.
    pub particles: u32,
    /// Width and height of the rendered targets.
    pub side: u32,
}

impl Workload {
    /// `frames` frames of 262144 particles and 512x512 pixels, each multiplied
    /// by `scale`.
    pub fn scaled(frames: u32, scale: u32) -> Self {
        let scale = scale.max(1);
        Self { frames, particles: 262_144 * scale, side: 512 * scale.isqrt() }
    }
}

/// The timing of one frame.
pub struct FrameTiming {
    /// Its CPU timing.
    pub cpu: CpuTimingReport,
    /// Its GPU timing, once read back.
    pub gpu: GpuTimingReport,
}

const SIMULATE: &str = "
@group(0) @binding(0) var<storage, read_write> particles: array<vec4<f32>>;
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    var seed = id.x;
    var position = vec4<f32>(0.0);
    for (var step = 0u; step < 64u; step = step + 1u) {
        seed = seed * 1664525u + 1013904223u;
        position = position * 0.5 + vec4<f32>(f32(seed & 1023u), f32(seed >> 22u), 0.0, 1.0);
    }
    particles[id.x] = position;
}";

const INTEGRATE: &str = "
@group(0) @binding(0) var<storage, read> particles: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read_write> energy: array<f32>;
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let particle = particles[id.x];
    energy[id.x] = dot(particle, particle);
}";

const SCENE: &str = "
@vertex
fn vs(@builtin(vertex_index) index: u32) -> @builtin(position) vec4<f32> {
    let uv = vec2<f32>(f32((index << 1u) & 2u), f32(index & 2u));
    return vec4<f32>(uv * 2.0 - 1.0, 0.0, 1.0);
}
@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    var color = vec3<f32>(0.0);
    for (var i = 0u; i < 32u; i = i + 1u) {
        color = color + sin(position.xyx * (0.01 * f32(i + 1u))) * 0.05;
    }
    return vec4<f32>(color * 4.0, 1.0);
}";

const TONEMAP: &str = "
@group(0) @binding(0) var scene: texture_2d<f32>;
@vertex
fn vs(@builtin(vertex_index) index: u32) -> @builtin(position) vec4<f32> {
    let uv = vec2<f32>(f32((index << 1u) & 2u), f32(index & 2u));
    return vec4<f32>(uv * 2.0 - 1.0, 0.0, 1.0);
}
@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let hdr = textureLoad(scene, vec2<i32>(position.xy), 0).rgb;
    return vec4<f32>(hdr / (hdr + vec3<f32>(1.0)), 1.0);
}";

struct Pipelines {
    simulate: wgpu::ComputePipeline,
    integrate: wgpu::ComputePipeline,
    scene: wgpu::RenderPipeline,
    tonemap: wgpu::RenderPipeline,
}

/// Records and executes one frame with CPU and GPU timing.
fn frame(
    graph: &mut FrameGraph,
    queue: &wgpu::Queue,
    pipelines: &Pipelines,
    parameters: &wgpu::Buffer,
    (particles, side): (u32, u32),
    frame_index: u64,
) -> Result<ExecutionTiming, FrameGraphError> {
    let mut frame = graph.begin_frame();
    let state = frame.create_buffer(BufferDesc::new("particles", u64::from(particles) * 16))?;
    let energy = frame.create_buffer(BufferDesc::new("energy", u64::from(particles) * 4))?;
    let hdr = frame.create_texture(TextureDesc::new_2d("hdr", side, side, TextureFormat::Rgba16Float))?;
    let ldr = frame.create_texture(TextureDesc::new_2d("ldr", side, side, TextureFormat::Rgba8Unorm))?;

    let queue_for_upload = queue.clone();
    let parameters = parameters.clone();
    frame.command_pass("upload-parameters").finish_command(move |cx| {
        queue_for_upload.write_buffer(&parameters, 0, &(cx.frame_index as u32).to_le_bytes());
        Ok(())
    })?;

    frame.push_debug_group("simulation")?;
    let mut simulate = frame.compute_pass("simulate");
    let state_out = simulate.storage_buffer_write(state, BufferRange::whole(), WriteContents::Overwrite)?;
    let pipeline = pipelines.simulate.clone();
    simulate.finish_compute(move |mut cx| {
        let group = support::bind_group(
            cx.device,
            &pipeline.get_bind_group_layout(0),
            &[cx.resources.buffer(state_out)?.as_entire_binding()],
        );
        cx.pass.set_pipeline(&pipeline);
        cx.pass.set_bind_group(0, &group, &[]);
        cx.pass.dispatch_workgroups(particles / 256, 1, 1);
        Ok(())
    })?;
    let mut integrate = frame.compute_pass("integrate");
    let state_in = integrate.storage_buffer_read(state, BufferRange::whole())?;
    let energy_out = integrate.storage_buffer_write(energy, BufferRange::whole(), WriteContents::Overwrite)?;
    let pipeline = pipelines.integrate.clone();
    integrate.finish_compute(move |mut cx| {
        let group = support::bind_group(
            cx.device,
            &pipeline.get_bind_group_layout(0),
            &[cx.resources.buffer(state_in)?.as_entire_binding(), cx.resources.buffer(energy_out)?.as_entire_binding()],
        );
        cx.pass.set_pipeline(&pipeline);
        cx.pass.set_bind_group(0, &group, &[]);
        cx.pass.dispatch_workgroups(particles / 256, 1, 1);
        Ok(())
    })?;
    frame.pop_debug_group()?;

    frame.push_debug_group("lighting")?;
    let mut scene = frame.render_pass("scene");
    let _ = scene.color_attachment(hdr, ColorAttachmentOps::clear_store(Color::BLACK))?;
    let pipeline = pipelines.scene.clone();
    scene.finish_render(move |mut cx| {
        cx.pass.set_pipeline(&pipeline);
        cx.pass.draw(0..3, 0..1);
        Ok(())
    })?;
    let mut tonemap = frame.render_pass("tonemap");
    let source = tonemap.sampled_texture(hdr)?;
    let _ = tonemap.color_attachment(ldr, ColorAttachmentOps::clear_store(Color::BLACK))?;
    let pipeline = pipelines.tonemap.clone();
    tonemap.finish_render(move |mut cx| {
        let group = support::bind_group(
            cx.device,
            &pipeline.get_bind_group_layout(0),
            &[wgpu::BindingResource::TextureView(cx.resources.texture_view(source)?)],
        );
        cx.pass.set_pipeline(&pipeline);
        cx.pass.set_bind_group(0, &group, &[]);
        cx.pass.draw(0..3, 0..1);
        Ok(())
    })?;
    frame.pop_debug_group()?;

    frame.mark_buffer_root(energy, BufferRange::whole(), RootReason::Output)?;
    frame.mark_texture_root(ldr, RootReason::Output)?;
    let options = ExecutionOptions::default().with_frame_index(frame_index).with_gpu_debug_groups(true);
    frame.compile(CompileOptions::default())?.execute_with_timing(queue, options, TimingMode::Both)
}

/// Waits for a frame's GPU timing.
fn wait_for_gpu(device: &wgpu::Device, timing: &mut ExecutionTiming) -> Result<GpuTimingReport, Box<dyn Error>> {
    let readback = timing.gpu.as_mut().ok_or("GPU timing was requested")?;
    loop {
        if let Some(report) = readback.try_take() {
            return Ok(report);
        }
        device.poll(wgpu::PollType::wait_indefinitely())?;
    }
}

/// Checks that every node is CPU-timed and that the GPU timing is what the
/// device allows: every render and compute pass timed, or unsupported.
fn check(device: &wgpu::Device, frame_index: u64, timing: &FrameTiming) -> Result<(), Box<dyn Error>> {
    let labels: Vec<&str> = timing.cpu.nodes.iter().map(|node| &*node.label).collect();
    if labels != NODES {
        return Err(format!("frame {frame_index}: expected the CPU-timed nodes {NODES:?}, got {labels:?}").into());
    }
    match &timing.gpu {
        GpuTimingReport::Available { frame_duration, nodes, .. } => {
            let timed: Vec<(&str, GpuTimingNodeKind)> = nodes.iter().map(|node| (&*node.label, node.kind)).collect();
            if timed != TIMED {
                return Err(
                    format!("frame {frame_index}: expected the GPU-timed passes {TIMED:?}, got {timed:?}").into()
                );
            }
            if frame_duration.is_zero() {
                return Err(format!("frame {frame_index}: the GPU frame took no time").into());
            }
        }
        GpuTimingReport::Unavailable { reason, .. } => {
            let supported = device.features().contains(wgpu::Features::TIMESTAMP_QUERY);
            if supported || *reason != GpuTimingUnavailableReason::Unsupported {
                return Err(format!("frame {frame_index}: GPU timing unavailable: {}", reason.name()).into());
            }
        }
    }
    Ok(())
}

/// Runs `workload` on `device` with CPU and GPU timing, checking each frame's
/// timing, and returns it.
///
/// # Errors
///
/// The particle count is not a positive multiple of 256, recording,
/// compiling or executing fails, or a frame's timing misses a node.
pub fn run(device: &wgpu::Device, queue: &wgpu::Queue, workload: Workload) -> Result<Vec<FrameTiming>, Box<dyn Error>> {
    let Workload { frames, particles, side } = workload;
    if particles == 0 || particles % 256 != 0 {
        return Err(format!("{particles} particles: the count must be a positive multiple of 256").into());
    }
    let pipelines = Pipelines {
        simulate: support::compute_pipeline(device, "simulate", SIMULATE, None),
        integrate: support::compute_pipeline(device, "integrate", INTEGRATE, None),
        scene: support::render_pipeline(device, "scene", SCENE, None, TextureFormat::Rgba16Float, false),
        tonemap: support::render_pipeline(device, "tonemap", TONEMAP, None, TextureFormat::Rgba8Unorm, false),
    };
    let parameters = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("parameters"),
        size: 16,
        usage: BufferUsages::UNIFORM | BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });

    let mut graph = FrameGraph::with_device(device);
    let mut timings = Vec::new();
    for frame_index in 0..u64::from(frames) {
        let mut timing = frame(&mut graph, queue, &pipelines, &parameters, (particles, side), frame_index)?;
        let gpu = wait_for_gpu(device, &mut timing)?;
        let timing = FrameTiming { cpu: timing.cpu.ok_or("CPU timing was requested")?, gpu };
        check(device, frame_index, &timing)?;
        timings.push(timing);
    }
    Ok(timings)
}

fn micros(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e6
}

fn main() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1).map(|arg| arg.parse::<u32>());
    let frames = args.next().and_then(Result::ok).unwrap_or(5);
    let scale = args.next().and_then(Result::ok).unwrap_or(1);
    let workload = Workload::scaled(frames, scale);
    let (device, queue, adapter) = support::device("gpu-timing");
    println!(
        "adapter: {} ({:?}, {:?}); timestamp period {} ns; {} particles, {side}x{side} pixels",
        adapter.name,
        adapter.backend,
        adapter.device_type,
        queue.get_timestamp_period(),
        workload.particles,
        side = workload.side,
    );
    for (frame_index, FrameTiming { cpu, gpu }) in run(&device, &queue, workload)?.iter().enumerate() {
        println!("\nframe {frame_index}: CPU execute {:.1} us", micros(cpu.execution_duration));
        let nodes = match gpu {
            GpuTimingReport::Available { frame_duration, nodes, .. } => {
                println!("  GPU frame (first timed pass start to last end): {:.1} us", micros(*frame_duration));
                nodes.as_slice()
            }
            GpuTimingReport::Unavailable { reason, .. } => {
                println!("  GPU timing unavailable: {}", reason.name());
                &[]
            }
        };
        println!("  {:<20} {:<10} {:>12} {:>12}", "pass", "kind", "GPU us", "CPU us");
        for node in &cpu.nodes {
            let gpu_micros = nodes
                .iter()
                .find(|timed| timed.pass == node.pass)
                .map_or_else(|| "-".to_owned(), |timed| format!("{:.1}", micros(timed.duration)));
            println!(
                "  {:<20} {:<10} {:>12} {:>12.1}",
                node.label,
                node.kind.name(),
                gpu_micros,
                micros(node.duration)
            );
        }
    }
    Ok(())
}
