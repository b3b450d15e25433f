//! The showcase's frame, run through the example's own code: on a real
//! adapter (software Vulkan on machines without a GPU) the image, the
//! Snapshot and the printed plan are checked; on a CPU-only graph the
//! Snapshot and the plan. With `CI` set, a missing adapter fails.

#[path = "../showcase/camera.rs"]
mod camera;
#[path = "../showcase/device.rs"]
mod device;
#[path = "../showcase/encode.rs"]
mod encode;
#[path = "../showcase/frame.rs"]
mod frame;
#[path = "../showcase/output.rs"]
mod output;
#[path = "../showcase/passes.rs"]
mod passes;
#[path = "../showcase/pipelines.rs"]
mod pipelines;
#[path = "../showcase/renderer.rs"]
mod renderer;
#[path = "../showcase/run.rs"]
mod run;
#[path = "../showcase/scene.rs"]
mod scene;
#[path = "../support.rs"]
mod support;

use std::collections::HashSet;
use std::fs::File;
use std::path::{Path, PathBuf};

use zenfg_runtime::GpuTimingReport;
use zenfg_runtime::snapshot::{
    SnapshotCpuTimings, SnapshotDecodeSource, SnapshotNodeCompileState, SnapshotPoolReport, parse_frame_graph_snapshot,
};

use crate::device::Gpu;
use crate::frame::{BLOOM_MIPS, HEIGHT, WIDTH};
use crate::run::{Settings, Showcase, run};
use crate::scene::Scene;

/// The default adapter's device, or `None` (after a notice) when there is no
/// adapter and `CI` is not set.
fn gpu(test: &str) -> Option<Gpu> {
    let gpu = device::default_gpu();
    if gpu.is_none() {
        assert!(std::env::var_os("CI").is_none(), "{test}: CI is set but no GPU adapter was found");
        eprintln!("notice: {test} skipped: no GPU adapter (install mesa-vulkan-drivers for software Vulkan)");
    }
    gpu
}

/// A directory of its own under the system's temporary directory, removed
/// when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(test: &str) -> Self {
        let path = std::env::temp_dir().join(format!("zenfg-showcase-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        Self(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// An 8-bit RGBA image.
struct Image {
    width: usize,
    pixels: Vec<u8>,
}

impl Image {
    fn read(path: &Path) -> Self {
        let decoder = png::Decoder::new(std::io::BufReader::new(File::open(path).expect("the image was written")));
        let mut reader = decoder.read_info().expect("the image is a PNG");
        let info = reader.info();
        assert_eq!((info.width, info.height), (WIDTH, HEIGHT));
        assert_eq!((info.color_type, info.bit_depth), (png::ColorType::Rgba, png::BitDepth::Eight));
        let mut pixels = vec![0; reader.output_buffer_size().expect("the image fits in memory")];
        reader.next_frame(&mut pixels).expect("the image decodes");
        Self { width: WIDTH as usize, pixels }
    }

    /// Rec. 601 luma of every pixel, with its position.
    fn lumas(&self) -> impl Iterator<Item = ((usize, usize), f64)> + '_ {
        self.pixels.chunks_exact(4).enumerate().map(|(index, pixel)| {
            let [r, g, b] = [pixel[0], pixel[1], pixel[2]].map(f64::from);
            ((index % self.width, index / self.width), 0.299 * r + 0.587 * g + 0.114 * b)
        })
    }
}

/// Whether a pixel lies outside the overlay's panel (the first rectangle).
fn outside_overlay(scene: &Scene) -> impl Fn((usize, usize)) -> bool + use<> {
    let [left, top, right, bottom] = [scene.rects[0], scene.rects[1], scene.rects[2], scene.rects[3]];
    move |(x, y)| {
        let (x, y) = (x as f32, y as f32);
        x < left || x >= right || y < top || y >= bottom
    }
}

/// The facts every run shares, whether it executed or not, read from the
/// report and from the plan the showcase prints.
fn check_plan(showcase: &Showcase) {
    let report = &showcase.report;
    let summary = &report.summary;
    assert_eq!(summary.recorded_node_count, 17);
    let full = report.full.as_ref().expect("the showcase asks for a full report");
    assert_eq!(full.culled_nodes.len(), 1, "exactly the debug view is culled");
    assert_eq!(full.culled_nodes[0].label, "debug-normals");
    assert_eq!(full.nodes.len(), 16);
    assert!(
        summary.allocation_count < summary.logical_transient_count,
        "{} allocations for {} transients",
        summary.allocation_count,
        summary.logical_transient_count
    );
    assert!(summary.physical_allocation_bytes < summary.logical_transient_bytes);
    let shared: Vec<_> = full.allocations.iter().filter(|allocation| allocation.resource_ids.len() > 1).collect();
    assert_eq!(shared.len(), 1);
    let label = |id| full.resources.iter().find(|resource| resource.id == id).map(|resource| resource.label.as_ref());
    let shared: Vec<_> = shared[0].resource_ids.iter().map(|&id| label(id)).collect();
    assert_eq!(shared, [Some("albedo"), Some("ldr")]);

    let printed = showcase.to_string();
    for fact in [
        "16 retained, 1 culled",
        "culled   debug-normals (render, group debug): not-reachable-from-root",
        "aliased  albedo + ldr share one",
    ] {
        assert!(printed.contains(fact), "the plan says {fact:?}:\n{printed}");
    }
    // Rows of the pass table: order, label, group, kind.
    let bloom: Vec<(String, String)> = printed
        .lines()
        .filter_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                [order, label, group, "render"] if order.parse::<u32>().is_ok() && label.starts_with("bloom.") => {
                    Some((label.to_string(), group.to_string()))
                }
                _ => None,
            }
        })
        .collect();
    let downsamples = (0..BLOOM_MIPS).map(|mip| (format!("bloom.downsample.mip-{mip}"), "bloom.downsample".to_owned()));
    let upsamples =
        (0..BLOOM_MIPS - 1).rev().map(|mip| (format!("bloom.upsample.mip-{mip}"), "bloom.upsample".to_owned()));
    let expected: Vec<(String, String)> = downsamples.chain(upsamples).collect();
    assert_eq!(bloom, expected, "the bloom passes run in chain order, labelled with their mips, in their stage groups");
}

/// The Snapshot decodes as canonical 1.2 (decoding validates it), with the
/// culled node and the timing and pool state the run had.
fn check_snapshot(path: &Path, executed: bool) {
    let page = std::fs::read_to_string(path.with_file_name(output::HTML_FILE)).expect("the page was written");
    assert!(page.starts_with("<!doctype html>") && page.contains("id=\"snapshot-data\""));
    let text = std::fs::read_to_string(path).expect("the Snapshot was written");
    let decoded = parse_frame_graph_snapshot(&text).unwrap_or_else(|error| panic!("invalid Snapshot: {error:?}"));
    assert_eq!(decoded.source, SnapshotDecodeSource::V1);
    assert!(decoded.issues.is_empty(), "{:?}", decoded.issues);
    let snapshot = decoded.snapshot;
    assert_eq!(snapshot.graph.nodes.len(), 17);
    let captured_at = snapshot.capture.captured_at.as_deref().expect("the capture time is recorded");
    assert!(captured_at.len() == 20 && captured_at.starts_with("20") && captured_at.ends_with('Z'), "{captured_at}");
    let culled: Vec<_> = snapshot
        .graph
        .nodes
        .iter()
        .filter_map(|node| match &node.compile_state {
            SnapshotNodeCompileState::Culled { reason } => Some((node.label.as_deref(), reason.as_str())),
            SnapshotNodeCompileState::Retained { .. } => None,
        })
        .collect();
    assert_eq!(culled, [(Some("debug-normals"), "not-reachable-from-root")]);
    let groups: HashSet<_> = snapshot.graph.groups.iter().map(|group| group.label.as_str()).collect();
    assert!(["scene", "debug", "bloom", "downsample", "upsample", "post"].iter().all(|label| groups.contains(label)));
    let cpu_nodes = match &snapshot.timings.cpu {
        SnapshotCpuTimings::Available { nodes, .. } => Some(nodes.len()),
        SnapshotCpuTimings::Unavailable { .. } => None,
    };
    let pooled = matches!(snapshot.memory.pool_report, SnapshotPoolReport::Available { .. });
    if executed {
        assert_eq!(cpu_nodes, Some(16), "every retained node is CPU-timed");
        assert!(pooled, "the pool counters are exported");
    } else {
        assert_eq!(cpu_nodes, None);
    }
}

#[test]
fn on_an_adapter_the_showcase_renders_a_lit_frame_with_bloom() {
    let Some(gpu) = gpu("on_an_adapter_the_showcase_renders_a_lit_frame_with_bloom") else { return };
    let directory = TempDir::new("render");
    let showcase = run(&directory.0.join("bloom"), Some(&gpu), Settings::default()).expect("the showcase runs");
    check_plan(&showcase);
    check_snapshot(&showcase.snapshot_path, true);
    let cpu = showcase.cpu.as_ref().expect("the execution is CPU-timed");
    assert_eq!(cpu.nodes.len(), 16, "every retained pass is CPU-timed");
    let pool = showcase.pool.expect("the pool counters are kept");
    assert!(pool.reuse_count > 0, "the last frame reuses the transients of the first");
    if let Some(GpuTimingReport::Available { nodes, .. }) = &showcase.gpu {
        assert_eq!(nodes.len(), 15, "every render and compute pass is GPU-timed");
    }
    let printed = showcase.to_string();
    assert!(printed.contains("CPU time   ") && printed.contains("pool       "), "{printed}");

    let image = Image::read(showcase.image_path.as_deref().expect("the image was written"));
    let colors: HashSet<&[u8]> = image.pixels.chunks_exact(4).map(|pixel| &pixel[..3]).collect();
    assert!(colors.len() > 5000, "only {} distinct colors", colors.len());
    let lumas: Vec<f64> = image.lumas().map(|(_, luma)| luma).collect();
    let mean = lumas.iter().sum::<f64>() / lumas.len() as f64;
    let deviation = (lumas.iter().map(|luma| (luma - mean).powi(2)).sum::<f64>() / lumas.len() as f64).sqrt();
    assert!((20.0..200.0).contains(&mean), "mean luma {mean:.1}");
    assert!(deviation > 15.0, "luma deviation {deviation:.1}");

    let plain =
        run(&directory.0.join("plain"), Some(&gpu), Settings { bloom_strength: 0.0 }).expect("the showcase runs");
    let plain = Image::read(plain.image_path.as_deref().expect("the image was written"));
    let outside = outside_overlay(&Scene::new());
    let (mut brighter, mut darker, mut pixels) = (0, 0, 0);
    for ((position, with_bloom), (_, without_bloom)) in image.lumas().zip(plain.lumas()) {
        if outside(position) {
            pixels += 1;
            brighter += usize::from(with_bloom > without_bloom + 8.0);
            darker += usize::from(with_bloom < without_bloom - 8.0);
        }
    }
    assert!(brighter * 20 > pixels, "bloom brightens {brighter} of {pixels} pixels outside the overlay");
    assert!(darker * 100 < brighter, "bloom darkens {darker} pixels, brightens {brighter}");
}

/// Each pass names one WGSL module, so the shaders repeat what they share:
/// every copy of a shared declaration is the same.
#[test]
fn the_shaders_share_identical_declarations() {
    let directory = Path::new(env!("CARGO_MANIFEST_DIR")).join("showcase/shaders");
    let mut shaders: Vec<(String, String)> = std::fs::read_dir(&directory)
        .expect("the shaders are there")
        .map(|entry| {
            let path = entry.expect("the directory is readable").path();
            let name = path.file_name().expect("a file").to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&path).expect("the shader is readable"))
        })
        .collect();
    shaders.sort();
    for declaration in ["struct Uniforms {", "struct Light {", "struct Fullscreen {", "fn vs_fullscreen("] {
        let copies: Vec<(&str, String)> = shaders
            .iter()
            .filter_map(|(name, source)| {
                let start = source.lines().position(|line| line.starts_with(declaration))?;
                let body: Vec<&str> = source.lines().skip(start).take_while(|line| *line != "}").collect();
                Some((name.as_str(), body.join("\n")))
            })
            .collect();
        assert!(copies.len() > 1, "`{declaration}` is shared");
        for (name, copy) in &copies[1..] {
            assert_eq!(copy, &copies[0].1, "`{declaration}` in {name} differs from the one in {}", copies[0].0);
        }
    }
}

#[test]
fn without_an_adapter_the_showcase_compiles_its_frame_and_exports_it() {
    let directory = TempDir::new("compile");
    let showcase = run(&directory.0, None, Settings::default()).expect("the frame compiles");
    assert!(showcase.image_path.is_none());
    assert!(!directory.0.join(output::IMAGE_FILE).exists());
    check_plan(&showcase);
    check_snapshot(&showcase.snapshot_path, false);
    assert!(showcase.gpu.is_none() && showcase.cpu.is_none() && showcase.pool.is_none());
    let printed = showcase.to_string();
    let hint = printed.lines().find(|line| line.contains("not executed")).expect("the summary says why");
    assert!(hint.ends_with("apt-get install -y mesa-vulkan-drivers libvulkan1"), "{hint}");
}
