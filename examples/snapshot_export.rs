//! Exports an executed multi-pass frame as a FrameGraph Snapshot 1.2 file, with the
//! CPU timing of its execution, its GPU timing (when the adapter has timestamp
//! queries) and the pool counters.
//!
//! The frame simulates particles, renders a scene with a depth buffer, tonemaps it and
//! copies the result into a buffer; a debug overlay nobody uses is culled. It runs
//! twice so that the second execution reuses pooled transients; the second one is
//! exported. It executes on the system's adapter, or on wgpu's no-op device when there
//! is none (or with `--noop`). The Snapshot records when it was captured. Look at it
//! with the `zenfg-snapshot` command (`html`, `summary`, `dot`), with
//! `zenfg_runtime::snapshot::{to_html, SnapshotSummary, to_dot}`, or decode it with
//! `zenfg_runtime::snapshot::parse_frame_graph_snapshot`. The example decodes
//! the file it wrote and fails unless it is valid and canonical, the overlay
//! alone is culled, every retained node is CPU-timed, the second execution
//! reused every transient, and GPU timing is available exactly when the device
//! has timestamp queries.
//!
//!     cargo run --example snapshot-export [-- [--noop] [output.fgsnapshot.json]]

mod support;

use std::error::Error;
use std::path::{Path, PathBuf};
use std::time::Duration;

use wgpu::{Color, Extent3d, TexelCopyBufferLayout, TextureFormat};
use zenfg_runtime::snapshot::{
    CreateFrameGraphSnapshotOptions, SnapshotDecodeSource, create_frame_graph_snapshot, parse_frame_graph_snapshot,
    to_json_pretty,
};
use zenfg_runtime::{
    BufferDesc, BufferRange, BufferTextureCopyLocation, ColorAttachmentOps, CompilationReport, CompileOptions,
    DepthAttachmentOps, ExecutionOptions, ExecutionTiming, FrameGraph, FrameGraphError, GpuTimingReport,
    ResourcePoolStats, RootReason, TextureCopyLocation, TextureDesc, TimingMode, WriteContents,
};

const SIZE: u32 = 64;

/// Records, compiles and executes one frame; returns its full report and timing.
fn run_frame(
    graph: &mut FrameGraph,
    queue: &wgpu::Queue,
    frame_index: u64,
) -> Result<(CompilationReport, ExecutionTiming), FrameGraphError> {
    let mut frame = graph.begin_frame();
    let particles = frame.create_buffer(BufferDesc::new("particles", 64 * 1024))?;
    let hdr = frame.create_texture(TextureDesc::new_2d("hdr", SIZE, SIZE, TextureFormat::Rgba16Float))?;
    let depth = frame.create_texture(TextureDesc::new_2d("depth", SIZE, SIZE, TextureFormat::Depth32Float))?;
    let output = frame.create_texture(TextureDesc::new_2d("output", SIZE, SIZE, TextureFormat::Rgba8Unorm))?;
    let overlay = frame.create_texture(TextureDesc::new_2d("overlay", SIZE, SIZE, TextureFormat::Rgba8Unorm))?;
    let pixels = frame.create_buffer(BufferDesc::new("pixels", u64::from(SIZE * SIZE * 4)))?;

    frame.with_debug_group("simulation", |frame| {
        let mut pass = frame.compute_pass("simulate");
        let _ = pass.storage_buffer_write(particles, BufferRange::whole(), WriteContents::Overwrite)?;
        pass.finish_compute(|_| Ok(()))
    })?;
    frame.with_debug_group("rendering", |frame| {
        let mut pass = frame.render_pass("scene");
        let _ = pass.storage_buffer_read(particles, BufferRange::whole())?;
        let _ = pass.color_attachment(hdr, ColorAttachmentOps::clear_store(Color::BLACK))?;
        let _ = pass.depth_attachment(depth, DepthAttachmentOps::clear_discard(1.0))?;
        pass.finish_render(|_| Ok(()))?;
        let mut pass = frame.render_pass("debug-overlay");
        let _ = pass.color_attachment(overlay, ColorAttachmentOps::clear_store(Color::TRANSPARENT))?;
        pass.finish_render(|_| Ok(()))?;
        let mut pass = frame.render_pass("tonemap");
        let _ = pass.sampled_texture(hdr)?;
        let _ = pass.color_attachment(output, ColorAttachmentOps::clear_store(Color::BLACK))?;
        pass.finish_render(|_| Ok(()))
    })?;
    let mut pass = frame.copy_pass("copy-pixels");
    pass.copy_texture_to_buffer(
        TextureCopyLocation::new(output),
        BufferTextureCopyLocation::new(
            pixels,
            TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(SIZE * 4), rows_per_image: None },
        ),
        Extent3d { width: SIZE, height: SIZE, depth_or_array_layers: 1 },
    )?;
    pass.finish()?;
    frame.mark_buffer_root(pixels, BufferRange::whole(), RootReason::Output)?;

    let mut compiled = frame.compile(CompileOptions::full_report())?;
    let report = compiled.take_report().expect("a full report was asked for");
    let options = ExecutionOptions::default().with_frame_index(frame_index);
    let timing = compiled.execute_with_timing(queue, options, TimingMode::Both)?;
    Ok((report, timing))
}

/// What a run exported.
pub struct Export {
    /// The full report of the exported frame.
    pub report: CompilationReport,
    /// The pool after both executions.
    pub pool: ResourcePoolStats,
    /// The exported frame's GPU timing.
    pub gpu: Option<GpuTimingReport>,
}

/// Runs the frame twice on `device`, writes the second execution's Snapshot
/// to `path` with `backend` as the producer's backend, and checks it.
///
/// # Errors
///
/// Recording, compiling, executing or exporting fails, the file cannot be
/// written, or the Snapshot, the plan or the timing is not what the frame
/// asks for.
pub fn run(device: &wgpu::Device, queue: &wgpu::Queue, backend: &str, path: &Path) -> Result<Export, Box<dyn Error>> {
    let mut graph = FrameGraph::with_device(device);
    let (_, mut warm_up) = run_frame(&mut graph, queue, 0)?;
    if let Some(readback) = warm_up.gpu.as_mut() {
        readback.wait(Duration::from_secs(60))?;
    }
    let (report, mut timing) = run_frame(&mut graph, queue, 1)?;
    let gpu = timing.gpu.as_mut().map(|readback| readback.wait(Duration::from_secs(60))).transpose()?;
    let pool = graph.resource_pool_stats();

    let captured_at = support::utc_now();
    let mut options = CreateFrameGraphSnapshotOptions::new(timing.frame_index)
        .with_backend(backend)
        .with_pool_stats(pool)
        .with_captured_at(&captured_at);
    if let Some(cpu) = &timing.cpu {
        options = options.with_cpu_timing(cpu);
    }
    if let Some(gpu) = &gpu {
        options = options.with_gpu_timing(gpu);
    }
    let snapshot = create_frame_graph_snapshot(&report, options)?;
    std::fs::write(path, to_json_pretty(&snapshot)?)?;

    let decoded = parse_frame_graph_snapshot(&std::fs::read_to_string(path)?)?;
    if decoded.source != SnapshotDecodeSource::V1 || !decoded.issues.is_empty() {
        return Err(format!("the Snapshot is not canonical 1.2: {:?}", decoded.issues).into());
    }
    let summary = &report.summary;
    let counts = (summary.recorded_node_count, summary.retained_node_count, summary.culled_node_count);
    if counts != (5, 4, 1) {
        return Err(format!("expected 4 of 5 nodes retained and the overlay culled, got {counts:?}").into());
    }
    let full = report.full.as_ref().ok_or("a full report was asked for")?;
    let culled: Vec<&str> = full.culled_nodes.iter().map(|node| &*node.label).collect();
    if culled != ["debug-overlay"] {
        return Err(format!("expected the overlay alone culled, got {culled:?}").into());
    }
    let cpu_nodes = timing.cpu.as_ref().map(|cpu| cpu.nodes.len());
    if cpu_nodes != Some(4) {
        return Err(format!("expected 4 CPU-timed nodes, got {cpu_nodes:?}").into());
    }
    let allocations = summary.allocation_count as u64;
    if (pool.created_count, pool.reuse_count) != (allocations, allocations) {
        return Err(
            format!("expected the second execution to reuse all {allocations} allocations, got {pool:?}").into()
        );
    }
    let timestamps = device.features().contains(wgpu::Features::TIMESTAMP_QUERY);
    if matches!(gpu, Some(GpuTimingReport::Available { .. })) != timestamps {
        return Err(format!("GPU timing {gpu:?} on a device with timestamp queries: {timestamps}").into());
    }
    Ok(Export { report, pool, gpu })
}

fn main() -> Result<(), Box<dyn Error>> {
    let mut noop = false;
    let mut path = std::env::temp_dir().join("snapshot-export.fgsnapshot.json");
    for argument in std::env::args().skip(1) {
        if argument == "--noop" {
            noop = true;
        } else {
            path = PathBuf::from(argument);
        }
    }
    let adapter = if noop { None } else { support::try_device("snapshot-export") };
    let (device, queue, backend) = match adapter {
        Some((device, queue, info)) => {
            println!("executing on {} ({})", info.name, info.backend);
            (device, queue, info.backend.to_str())
        }
        None => {
            println!("executing on wgpu's no-op device");
            let (device, queue) = wgpu::Device::noop(&wgpu::DeviceDescriptor::default());
            (device, queue, wgpu::Backend::Noop.to_str())
        }
    };

    let Export { report, pool, gpu } = run(&device, &queue, backend, &path)?;
    let summary = &report.summary;
    println!(
        "{} nodes recorded, {} retained, {} culled; {} transients in {} allocations",
        summary.recorded_node_count,
        summary.retained_node_count,
        summary.culled_node_count,
        summary.logical_transient_count,
        summary.allocation_count
    );
    println!(
        "pool: {} acquired, {} reused, {} created, {} retained",
        pool.acquire_count, pool.reuse_count, pool.created_count, pool.retained_count
    );
    match &gpu {
        Some(GpuTimingReport::Available { frame_duration, .. }) => println!("GPU frame span: {frame_duration:?}"),
        Some(GpuTimingReport::Unavailable { reason, .. }) => println!("GPU timing unavailable: {}", reason.name()),
        None => {}
    }
    println!("wrote {}", path.display());
    Ok(())
}
