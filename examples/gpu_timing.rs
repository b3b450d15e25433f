//! Per-pass GPU durations of a multi-pass frame, read back asynchronously
//! with timestamp queries, next to each node's CPU time.
//!
//! The frame simulates particles (two compute passes), renders a scene and
//! tonemaps it (two render passes); a command node uploads parameters
//! (command nodes are CPU-timed only). Each frame's GPU readback is waited
//! for with `GpuTimingReadback::wait`. The example fails unless every node is
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

use wgpu::{BufferUsages, TextureFormat};
use zenfg_runtime::prelude::*;
use zenfg_runtime::{
    CpuTimingReport, ExecutionOptions, ExecutionTiming, GpuTimingNodeKind, GpuTimingReport, GpuTimingUnavailableReason,
    TimingMode,
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

/// Writes every particle.
#[derive(Pass)]
#[pass(compute, shader = "shaders/gpu_timing/simulate.wgsl")]
struct Simulate<'f> {
    #[storage_write(overwrite)]
    particles: Buffer<'f>,
}

/// Reads the particles into their energies, a result of the frame.
#[derive(Pass)]
#[pass(compute, shader = "shaders/gpu_timing/integrate.wgsl")]
struct Integrate<'f> {
    #[storage_read]
    particles: Buffer<'f>,
    #[storage_write(overwrite)]
    #[root(output)]
    energy: Buffer<'f>,
}

/// Renders the HDR scene.
#[derive(Pass)]
#[pass(render, shader = "shaders/gpu_timing/scene.wgsl")]
struct Scene<'f> {
    #[color_attachment(clear = wgpu::Color::BLACK)]
    hdr: Texture<'f>,
}

/// Tonemaps the HDR scene into the frame's image.
#[derive(Pass)]
#[pass(render, shader = "shaders/gpu_timing/tonemap.wgsl")]
struct Tonemap<'f> {
    #[sampled]
    hdr: Texture<'f>,
    #[color_attachment(clear = wgpu::Color::BLACK)]
    #[root(output)]
    ldr: Texture<'f>,
}

struct Pipelines {
    simulate: wgpu::ComputePipeline,
    integrate: wgpu::ComputePipeline,
    scene: wgpu::RenderPipeline,
    tonemap: wgpu::RenderPipeline,
}

impl Pipelines {
    /// The pipelines of the passes' shaders, each with its pass's layout.
    fn new(device: &wgpu::Device) -> Self {
        let hdr = TextureFormat::Rgba16Float;
        let ldr = TextureFormat::Rgba8Unorm;
        Self {
            simulate: support::compute_pipeline::<Simulate>(device),
            integrate: support::compute_pipeline::<Integrate>(device),
            scene: support::render_pipeline::<Scene>(device, hdr, false),
            tonemap: support::render_pipeline::<Tonemap>(device, ldr, false),
        }
    }
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
    let pipeline = pipelines.simulate.clone();
    frame.add(Simulate { particles: state }, move |mut cx| {
        cx.pass.set_pipeline(&pipeline);
        cx.set_bind_groups();
        cx.pass.dispatch_workgroups(particles / 256, 1, 1);
        Ok(())
    })?;
    let pipeline = pipelines.integrate.clone();
    frame.add(Integrate { particles: state, energy }, move |mut cx| {
        cx.pass.set_pipeline(&pipeline);
        cx.set_bind_groups();
        cx.pass.dispatch_workgroups(particles / 256, 1, 1);
        Ok(())
    })?;
    frame.pop_debug_group()?;

    frame.push_debug_group("lighting")?;
    let pipeline = pipelines.scene.clone();
    frame.add(Scene { hdr }, move |cx| {
        cx.pass.set_pipeline(&pipeline);
        cx.pass.draw(0..3, 0..1);
        Ok(())
    })?;
    let pipeline = pipelines.tonemap.clone();
    frame.add(Tonemap { hdr, ldr }, move |mut cx| {
        cx.pass.set_pipeline(&pipeline);
        cx.set_bind_groups();
        cx.pass.draw(0..3, 0..1);
        Ok(())
    })?;
    frame.pop_debug_group()?;

    let options = ExecutionOptions::default().with_frame_index(frame_index).with_gpu_debug_groups(true);
    frame.compile(CompileOptions::default())?.execute_with_timing(queue, options, TimingMode::Both)
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
    let pipelines = Pipelines::new(device);
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
        let gpu = timing.gpu.as_mut().ok_or("GPU timing was requested")?.wait(Duration::from_secs(60))?;
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
