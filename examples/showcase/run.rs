//! Runs the showcase: renders its frames on a device (or only compiles the
//! frame without one), then writes the image and the Snapshot and prints the
//! plan through the runtime's reports.

use std::error::Error;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use zenfg_runtime::snapshot::CreateFrameGraphSnapshotOptions;
use zenfg_runtime::{
    CompilationReport, CompileOptions, CpuTimingReport, ExecutionOptions, FrameGraph, GpuTimingReport,
    ResourcePoolStats, TimingMode,
};

use crate::camera::{Camera, FrameParams};
use crate::device::Gpu;
use crate::frame::{HEIGHT, PIXEL_BYTES, WIDTH, record};
use crate::output::{IMAGE_FILE, SNAPSHOT_FILE, write_png, write_snapshot};
use crate::renderer::{Renderer, Samplers};
use crate::scene::{Scene, float_bytes};

/// Frames rendered; the last one is exported, after the first has filled
/// the transient pool.
pub const FRAMES: u64 = 2;

const CAMERA: Camera = Camera { eye: [0.0, 4.2, 10.5], target: [0.0, 1.0, 0.0], fov_y: 0.8, near: 0.1, far: 100.0 };

/// What can be changed between runs.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// How much of the bloom chain's result the tonemap adds; 0 renders the
    /// chain but shows none of it.
    pub bloom_strength: f32,
}

impl Default for Settings {
    fn default() -> Self {
        Self { bloom_strength: 0.1 }
    }
}

/// What the plan says when no adapter could execute the frame.
pub const NO_ADAPTER: &str = "no GPU adapter was found. For software Vulkan: \
                              apt-get install -y mesa-vulkan-drivers libvulkan1";

/// What a run produced.
pub struct Showcase {
    /// Where the frame executed, when it did.
    pub device: Option<String>,
    /// The full compilation report of the exported frame.
    pub report: CompilationReport,
    /// The CPU timing of its execution.
    pub cpu: Option<CpuTimingReport>,
    /// The GPU timing of its execution.
    pub gpu: Option<GpuTimingReport>,
    /// The pool's counters after the execution, over every frame it served.
    pub pool: Option<ResourcePoolStats>,
    /// Where the image was written, when the frame executed.
    pub image_path: Option<PathBuf>,
    /// Where the Snapshot was written.
    pub snapshot_path: PathBuf,
}

fn params(frame_index: u64, settings: Settings) -> FrameParams {
    FrameParams {
        time: 1.6 + frame_index as f32 / 60.0,
        width: WIDTH,
        height: HEIGHT,
        bloom_strength: settings.bloom_strength,
        exposure: 1.0,
    }
}

/// Runs the showcase into `directory`: on `gpu` when there is one, or, without
/// one, records and compiles the frame on a CPU-only graph.
///
/// # Errors
///
/// Recording, compiling, executing or exporting fails, or a file cannot be written.
pub fn run(directory: &Path, gpu: Option<&Gpu>, settings: Settings) -> Result<Showcase, Box<dyn Error>> {
    std::fs::create_dir_all(directory)?;
    let scene = Scene::new();
    match gpu {
        Some(gpu) => render(directory, gpu, &scene, settings),
        None => compile_only(directory, &scene),
    }
}

fn render(directory: &Path, gpu: &Gpu, scene: &Scene, settings: Settings) -> Result<Showcase, Box<dyn Error>> {
    let renderer = Renderer::new(&gpu.device, scene, PIXEL_BYTES);
    let mut graph = FrameGraph::with_device(&gpu.device);
    let mut exported = None;
    for frame_index in 0..FRAMES {
        let uniforms = CAMERA.uniforms(params(frame_index, settings));
        gpu.queue.write_buffer(&renderer.uniforms, 0, &float_bytes(&uniforms));
        let mut frame = graph.begin_frame();
        record(&mut frame, scene, &renderer.samplers, Some(&renderer))?;
        let mut compiled = frame.compile(CompileOptions::full_report())?;
        let report = compiled.take_report().ok_or("the compiler returned no report")?;
        // The debug groups become native markers for GPU capture tools; in
        // a debug build, what wgpu refuses of a callback's commands comes
        // back as FG4018 naming the pass.
        let options = ExecutionOptions::default()
            .with_frame_index(frame_index)
            .with_gpu_debug_groups(true)
            .with_pass_errors(cfg!(debug_assertions));
        let mut timing = compiled.execute_with_timing(&gpu.queue, options, TimingMode::Both)?;
        let gpu_timing = timing.gpu.as_mut().map(|readback| readback.wait(Duration::from_secs(60))).transpose()?;
        exported = Some((report, timing, gpu_timing));
    }
    let (report, mut timing, gpu_timing) = exported.ok_or("no frame was rendered")?;
    let pixels = read_pixels(&gpu.device, &renderer.pixels)?;
    let image_path = directory.join(IMAGE_FILE);
    write_png(&image_path, WIDTH, HEIGHT, &pixels)?;

    let pool = graph.resource_pool_stats();
    let backend = gpu.info.backend.to_str();
    let captured_at = crate::support::utc_now();
    let mut options = CreateFrameGraphSnapshotOptions::new(timing.frame_index)
        .with_backend(backend)
        .with_pool_stats(pool)
        .with_captured_at(&captured_at);
    if let Some(cpu) = &timing.cpu {
        options = options.with_cpu_timing(cpu);
    }
    if let Some(gpu_timing) = &gpu_timing {
        options = options.with_gpu_timing(gpu_timing);
    }
    let snapshot_path = directory.join(SNAPSHOT_FILE);
    write_snapshot(&snapshot_path, &report, options)?;
    Ok(Showcase {
        device: Some(gpu.describe()),
        report,
        cpu: timing.cpu.take(),
        gpu: gpu_timing,
        pool: Some(pool),
        image_path: Some(image_path),
        snapshot_path,
    })
}

fn compile_only(directory: &Path, scene: &Scene) -> Result<Showcase, Box<dyn Error>> {
    // The passes hold the samplers they bind, and only a device makes
    // samplers: wgpu's no-op device makes them here, and nothing else.
    let (device, _queue) = wgpu::Device::noop(&wgpu::DeviceDescriptor::default());
    let samplers = Samplers::new(&device);
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    record(&mut frame, scene, &samplers, None)?;
    let report =
        frame.compile(CompileOptions::full_report())?.take_report().ok_or("the compiler returned no report")?;
    let snapshot_path = directory.join(SNAPSHOT_FILE);
    let captured_at = crate::support::utc_now();
    write_snapshot(&snapshot_path, &report, CreateFrameGraphSnapshotOptions::new(0).with_captured_at(&captured_at))?;
    Ok(Showcase { device: None, report, cpu: None, gpu: None, pool: None, image_path: None, snapshot_path })
}

/// The plan as the runtime's reports print it: the device, the compilation
/// report, then what the execution measured.
impl fmt::Display for Showcase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let device = self.device.as_deref().unwrap_or("none: the frame is recorded and compiled only");
        writeln!(f, "device     {device}")?;
        write!(f, "{}", self.report)?;
        writeln!(f)?;
        match (&self.cpu, &self.gpu) {
            (None, None) => writeln!(f, "execute    not executed: {NO_ADAPTER}")?,
            (cpu, gpu) => {
                if let Some(cpu) = cpu {
                    write!(f, "{cpu}")?;
                }
                if let Some(gpu) = gpu {
                    write!(f, "{gpu}")?;
                }
            }
        }
        if let Some(pool) = &self.pool {
            write!(f, "{pool}")?;
        }
        Ok(())
    }
}

/// Waits for the queue, then copies the image out of the mapped buffer.
fn read_pixels(device: &wgpu::Device, buffer: &wgpu::Buffer) -> Result<Vec<u8>, Box<dyn Error>> {
    Ok(zenfg_runtime::readback::read_buffer(device, buffer, Duration::from_secs(60))?)
}
