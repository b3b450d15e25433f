//! Every example's own run, on a real adapter (software Vulkan on machines
//! without a GPU), or on wgpu's no-op device where the example is made for
//! it. The examples check their results themselves and fail when they are
//! wrong; these tests check what the runs return as well. With `CI` set, a
//! missing adapter fails.

// Each example is a binary of its own with its own `support` module; here
// they share one test binary, so that file (and the adapter file it
// includes) is loaded once per example.
#![allow(clippy::duplicate_mod, reason = "each example declares the support module of its own binary")]

#[path = "../compiled_once.rs"]
#[allow(dead_code, reason = "an example's `main` is the entry point of its own binary")]
mod compiled_once;
#[path = "../compute_output.rs"]
#[allow(dead_code, reason = "an example's `main` is the entry point of its own binary")]
mod compute_output;
#[path = "../external_submission.rs"]
#[allow(dead_code, reason = "an example's `main` is the entry point of its own binary")]
mod external_submission;
#[path = "../gpu_timing.rs"]
#[allow(dead_code, reason = "an example's `main` is the entry point of its own binary")]
mod gpu_timing;
#[path = "../imported_resource.rs"]
#[allow(dead_code, reason = "an example's `main` is the entry point of its own binary")]
mod imported_resource;
#[path = "../minimal_frame.rs"]
#[allow(dead_code, reason = "an example's `main` is the entry point of its own binary")]
mod minimal_frame;
#[path = "../persistent_state.rs"]
#[allow(dead_code, reason = "an example's `main` is the entry point of its own binary")]
mod persistent_state;
#[path = "../resource_pool_control.rs"]
#[allow(dead_code, reason = "an example's `main` is the entry point of its own binary")]
mod resource_pool_control;
#[path = "../snapshot_export.rs"]
#[allow(dead_code, reason = "an example's `main` is the entry point of its own binary")]
mod snapshot_export;
#[path = "../support.rs"]
mod support;
#[path = "../transient_to_present.rs"]
#[allow(dead_code, reason = "an example's `main` is the entry point of its own binary")]
mod transient_to_present;

use std::path::PathBuf;

use support::adapter::{NoDevice, headless_device};
use zenfg_runtime::snapshot::{SnapshotCpuTimings, SnapshotPoolReport, parse_frame_graph_snapshot};
use zenfg_runtime::{ExecutionSegmentKind, GpuTimingNodeKind, GpuTimingReport, GpuTimingUnavailableReason};

/// The headless device the examples run on, or `None` (after a notice) when
/// there is no adapter and `CI` is not set.
fn gpu(test: &str) -> Option<(wgpu::Device, wgpu::Queue, wgpu::AdapterInfo)> {
    match headless_device(test) {
        Ok(device) => Some(device),
        Err(NoDevice::NoAdapter(error)) => {
            assert!(std::env::var_os("CI").is_none(), "{test}: CI is set but no GPU adapter was found: {error}");
            eprintln!("notice: {test} skipped: no GPU adapter (install mesa-vulkan-drivers for software Vulkan)");
            None
        }
        Err(refused @ NoDevice::Refused(_)) => panic!("{test}: {refused}"),
    }
}

fn has_timestamps(device: &wgpu::Device) -> bool {
    device.features().contains(wgpu::Features::TIMESTAMP_QUERY)
}

/// A path of its own under the system's temporary directory; the file is
/// removed when this is dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str) -> Self {
        let path = std::env::temp_dir().join(format!("zenfg-examples-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        Self(path)
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn minimal_frame_retains_its_pass_and_pools_its_transient() {
    let Some((device, queue, _)) = gpu("minimal_frame_retains_its_pass_and_pools_its_transient") else { return };
    let outcome = minimal_frame::run(&device, &queue).unwrap();
    assert_eq!((outcome.summary.retained_node_count, outcome.summary.culled_node_count), (1, 0));
    assert_eq!(outcome.summary.physical_allocation_bytes, 1024);
    assert_eq!((outcome.pool.acquire_count, outcome.pool.retained_count), (1, 1));
}

#[test]
fn compiled_once_executes_its_chain_every_frame_with_the_right_values() {
    let Some((device, queue, _)) = gpu("compiled_once_executes_its_chain_every_frame_with_the_right_values") else {
        return;
    };
    let run = compiled_once::run(&device, &queue).unwrap();
    assert_eq!((run.frames, run.passes), (8, 16));
    assert_eq!(run.last[..3], [49, 64, 81], "the last frame offsets by 7");
}

#[test]
fn compute_output_reads_back_the_squares() {
    let Some((device, queue, _)) = gpu("compute_output_reads_back_the_squares") else { return };
    let squares = compute_output::run(&device, &queue).unwrap();
    assert_eq!(squares.len(), 16);
    assert!(squares.iter().enumerate().all(|(index, &square)| square as usize == index * index), "{squares:?}");
}

#[test]
fn transient_to_present_writes_the_presented_triangle_as_a_png() {
    let Some((device, queue, _)) = gpu("transient_to_present_writes_the_presented_triangle_as_a_png") else { return };
    let file = TempFile::new("present.png");
    let pixels = transient_to_present::run(&device, &queue, &file.0).unwrap();

    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&file.0).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let size = transient_to_present::SIZE;
    assert_eq!((reader.info().width, reader.info().height), (size, size));
    let mut image = vec![0; reader.output_buffer_size().unwrap()];
    reader.next_frame(&mut image).unwrap();
    assert!(image == pixels, "the PNG holds the presented pixels");

    let pixel = |x: u32, y: u32| {
        let offset = ((y * size + x) * 4) as usize;
        <[u8; 4]>::try_from(&pixels[offset..offset + 4]).unwrap()
    };
    let [r, g, b, a] = pixel(size / 2, size / 2);
    assert!(r > g && r > b && a == 255, "the center leans to the red top vertex: {:?}", [r, g, b, a]);
    assert_eq!(pixel(0, 0), pixel(size - 1, size - 1), "both corners show the clear color");
    assert!(pixel(0, 0)[2] > pixel(0, 0)[0], "the clear color is bluish: {:?}", pixel(0, 0));
}

#[test]
fn imported_resource_scales_the_imported_input() {
    let Some((device, queue, _)) = gpu("imported_resource_scales_the_imported_input") else { return };
    let scaled = imported_resource::run(&device, &queue).unwrap();
    assert_eq!(scaled, [10, 20, 30, 50, 80, 130, 210, 340]);
}

#[test]
fn persistent_state_accumulates_across_frames() {
    let Some((device, queue, _)) = gpu("persistent_state_accumulates_across_frames") else { return };
    let histories = persistent_state::run(&device, &queue).unwrap();
    assert_eq!(histories, [[1, 2, 3, 4], [2, 4, 6, 8], [3, 6, 9, 12], [4, 8, 12, 16]]);
}

#[test]
fn external_submission_lands_between_the_graph_segments() {
    let Some((device, queue, _)) = gpu("external_submission_lands_between_the_graph_segments") else { return };
    let outcome = external_submission::run(&device, &queue).unwrap();
    let segments: Vec<(ExecutionSegmentKind, Vec<u32>)> = outcome
        .segments
        .iter()
        .map(|segment| (segment.kind, segment.nodes.iter().map(|node| node.get()).collect()))
        .collect();
    assert_eq!(
        segments,
        [
            (ExecutionSegmentKind::FrameGraph, vec![0]),
            (ExecutionSegmentKind::ExternalSubmission, vec![1]),
            (ExecutionSegmentKind::FrameGraph, vec![2, 3]),
        ]
    );
    assert_eq!(outcome.values, [1, 2, 3, 3]);
}

#[test]
fn gpu_timing_times_every_pass_of_every_frame() {
    let Some((device, queue, _)) = gpu("gpu_timing_times_every_pass_of_every_frame") else { return };
    let workload = gpu_timing::Workload { frames: 2, particles: 1024, side: 32 };
    let frames = gpu_timing::run(&device, &queue, workload).unwrap();
    assert_eq!(frames.len(), 2);
    for (frame_index, frame) in frames.iter().enumerate() {
        assert_eq!(frame.cpu.frame_index, frame_index as u64);
        assert_eq!(frame.cpu.nodes.len(), 5, "every node is CPU-timed");
        assert_eq!(frame.gpu.frame_index(), frame_index as u64);
        match &frame.gpu {
            GpuTimingReport::Available { nodes, .. } => {
                assert!(has_timestamps(&device));
                let kinds: Vec<GpuTimingNodeKind> = nodes.iter().map(|node| node.kind).collect();
                let compute = GpuTimingNodeKind::Compute;
                let render = GpuTimingNodeKind::Render;
                assert_eq!(kinds, [compute, compute, render, render]);
            }
            GpuTimingReport::Unavailable { reason, .. } => {
                assert!(!has_timestamps(&device));
                assert_eq!(*reason, GpuTimingUnavailableReason::Unsupported);
            }
        }
    }
}

#[test]
fn gpu_timing_rejects_a_particle_count_it_cannot_dispatch() {
    let (device, queue) = wgpu::Device::noop(&wgpu::DeviceDescriptor::default());
    let workload = gpu_timing::Workload { frames: 1, particles: 1000, side: 32 };
    let error = gpu_timing::run(&device, &queue, workload).err().expect("1000 is not a multiple of 256");
    assert!(error.to_string().contains("multiple of 256"), "{error}");
}

/// Runs snapshot-export on `device` and checks the file it wrote.
fn check_snapshot_export(device: &wgpu::Device, queue: &wgpu::Queue, backend: &str, name: &str) {
    let file = TempFile::new(name);
    let export = snapshot_export::run(device, queue, backend, &file.0).unwrap();
    assert_eq!(export.pool.created_count, export.report.summary.allocation_count as u64);
    assert_eq!(export.pool.reuse_count, export.pool.created_count, "the second execution reuses every transient");
    assert_eq!(matches!(export.gpu, Some(GpuTimingReport::Available { .. })), has_timestamps(device));

    let decoded = parse_frame_graph_snapshot(&std::fs::read_to_string(&file.0).unwrap()).unwrap();
    assert!(decoded.issues.is_empty(), "{:?}", decoded.issues);
    let snapshot = decoded.snapshot;
    assert_eq!(snapshot.graph.nodes.len(), 5);
    assert!(
        snapshot.capture.captured_at.as_deref().is_some_and(|at| at.ends_with('Z')),
        "the capture time is recorded"
    );
    let runtime = snapshot.producer.runtime.as_ref().expect("the producer names its runtime");
    assert_eq!(runtime.backend.as_deref(), Some(backend));
    let SnapshotCpuTimings::Available { nodes, .. } = &snapshot.timings.cpu else {
        panic!("the CPU timing is exported: {:?}", snapshot.timings.cpu);
    };
    assert_eq!(nodes.len(), 4, "every retained node is CPU-timed");
    assert!(matches!(snapshot.memory.pool_report, SnapshotPoolReport::Available { .. }));
}

#[test]
fn snapshot_export_writes_a_valid_snapshot_on_an_adapter() {
    let Some((device, queue, info)) = gpu("snapshot_export_writes_a_valid_snapshot_on_an_adapter") else { return };
    check_snapshot_export(&device, &queue, info.backend.to_str(), "adapter.fgsnapshot.json");
}

#[test]
fn snapshot_export_writes_a_valid_snapshot_on_the_no_op_device() {
    let (device, queue) = wgpu::Device::noop(&wgpu::DeviceDescriptor::default());
    check_snapshot_export(&device, &queue, wgpu::Backend::Noop.to_str(), "noop.fgsnapshot.json");
}

#[test]
fn resource_pool_control_evicts_idle_objects_and_clears_the_window_scope() {
    let (device, queue) = wgpu::Device::noop(&wgpu::DeviceDescriptor::default());
    let outcome = resource_pool_control::run(&device, &queue).unwrap();
    assert_eq!(outcome.idle_evictions, [(90, 4 << 20)], "the scratch buffer goes after 61 unused executions");
    assert_eq!(outcome.before_resize.retained_count, 2);
    assert_eq!((outcome.after_clear.retained_count, outcome.after_clear.estimated_retained_bytes), (0, 0));
    assert_eq!(outcome.last.retained_count, 2);
    assert_eq!(outcome.last.estimated_retained_bytes, 1920 * 1080 * (8 + 4));
    assert_eq!(outcome.last.created_count, 5, "three objects before the resize, two after");
}
