//! Recording + compilation cost of fixed graph shapes.
//!
//! ```text
//! cargo run --release --example compile-bench -- <scenario> [nodes=64] [iterations=1000]
//! ```
//!
//! Each iteration records the whole frame on a CPU-only runtime that plans
//! without any device's rules (`DeviceCapabilities::unchecked`: the
//! `texture-subresources` array has up to 1024 layers, past the 256 WebGPU
//! guarantees) and compiles it with plan reuse ruled out
//! (`CompileOptions::without_plan_reuse`), so that every stage runs although
//! every frame is recorded alike. One untimed
//! frame comes first, so that the mean is the steady-state cost of a frame
//! rather than including the first frame's growth of the runtime's reusable
//! tables. The line printed is
//! `scenario=<s> nodes=<n> iterations=<i> total_ms=<t> mean_us=<m>`.
//!
//! Scenarios (`nodes` is the number of passes, at least 2):
//! - `linear-chain`: pass `i` reads 256-byte transient buffer `i - 1` and
//!   overwrites buffer `i`; the last buffer is an output root. No report.
//! - `buffer-ranges`: half the passes overwrite consecutive 64-byte slots of
//!   one buffer; the other half each read 64 bytes straddling two slots and
//!   overwrite a slot of a second buffer; both buffers are output roots. No report.
//! - `texture-subresources`: one 2D array texture with `min(nodes, 1024)`
//!   layers; each pass overwrites one layer through a single-layer view
//!   (cycling through the layers), and a final pass samples every layer into
//!   an output buffer. No report.
//! - `allocation-aliasing`: the linear chain, compiled with a full report;
//!   the chain's transients alias into two allocations.
//! - `mixed`: a deferred renderer repeated to reach the node count: G-buffer
//!   (two color targets and depth), lighting, a four-mip bloom downsample and
//!   three-mip upsample chain, tonemap and a UI overlay, per repetition;
//!   every repetition's output is a root. No report.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use zenfg_runtime::wgpu::{Color, TextureFormat};
use zenfg_runtime::{
    BufferDesc, BufferRange, ColorAttachmentOps, CompileOptions, DepthAttachmentOps, DeviceCapabilities, Frame,
    FrameGraph, FrameGraphError, RootReason, TextureDesc, TextureViewDesc, WriteContents,
};

type Recorder = fn(&mut Frame<'_>, usize) -> Result<(), FrameGraphError>;

fn linear_chain(frame: &mut Frame<'_>, nodes: usize) -> Result<(), FrameGraphError> {
    let mut previous = frame.create_buffer(BufferDesc::new("chain", 256))?;
    let mut pass = frame.compute_pass("chain");
    let _ = pass.storage_buffer_write(previous, BufferRange::whole(), WriteContents::Overwrite)?;
    pass.finish()?;
    for _ in 1..nodes {
        let next = frame.create_buffer(BufferDesc::new("chain", 256))?;
        let mut pass = frame.compute_pass("chain");
        let _ = pass.storage_buffer_read(previous, BufferRange::whole())?;
        let _ = pass.storage_buffer_write(next, BufferRange::whole(), WriteContents::Overwrite)?;
        pass.finish()?;
        previous = next;
    }
    frame.mark_buffer_root(previous, BufferRange::whole(), RootReason::Output)
}

fn buffer_ranges(frame: &mut Frame<'_>, nodes: usize) -> Result<(), FrameGraphError> {
    let writers = nodes / 2;
    let readers = nodes - writers;
    let slots = frame.create_buffer(BufferDesc::new("slots", 64 * writers as u64))?;
    let results = frame.create_buffer(BufferDesc::new("results", 64 * readers as u64))?;
    for slot in 0..writers as u64 {
        let mut pass = frame.compute_pass("write-slot");
        let _ = pass.storage_buffer_write(slots, BufferRange::new(slot * 64, Some(64)), WriteContents::Overwrite)?;
        pass.finish()?;
    }
    for reader in 0..readers as u64 {
        let start = (reader * 64 + 32).min(64 * (writers as u64 - 1));
        let mut pass = frame.compute_pass("read-straddling");
        let _ = pass.storage_buffer_read(slots, BufferRange::new(start, Some(64)))?;
        let _ =
            pass.storage_buffer_write(results, BufferRange::new(reader * 64, Some(64)), WriteContents::Overwrite)?;
        pass.finish()?;
    }
    frame.mark_buffer_root(slots, BufferRange::whole(), RootReason::Output)?;
    frame.mark_buffer_root(results, BufferRange::whole(), RootReason::Output)
}

fn texture_subresources(frame: &mut Frame<'_>, nodes: usize) -> Result<(), FrameGraphError> {
    let layers = (nodes - 1).clamp(1, 1024) as u32;
    let texture =
        frame.create_texture(TextureDesc::new_2d("layers", 16, 16, TextureFormat::Rgba8Unorm).with_layers(layers))?;
    let views = (0..layers)
        .map(|layer| frame.create_texture_view(texture, TextureViewDesc::layer(layer)))
        .collect::<Result<Vec<_>, _>>()?;
    for index in 0..nodes - 1 {
        let mut pass = frame.compute_pass("write-layer");
        let _ = pass.storage_texture_write(views[index % views.len()], WriteContents::Overwrite)?;
        pass.finish()?;
    }
    let output = frame.create_buffer(BufferDesc::new("sum", 16))?;
    let mut pass = frame.compute_pass("sample-layers");
    let _ = pass.sampled_texture(texture)?;
    let _ = pass.storage_buffer_write(output, BufferRange::whole(), WriteContents::Overwrite)?;
    pass.finish()?;
    frame.mark_buffer_root(output, BufferRange::whole(), RootReason::Output)
}

const MIXED_NODES: usize = 11;

fn mixed(frame: &mut Frame<'_>, nodes: usize) -> Result<(), FrameGraphError> {
    let clear = ColorAttachmentOps::clear_store(Color::BLACK);
    for _ in 0..nodes.div_ceil(MIXED_NODES) {
        let albedo = frame.create_texture(TextureDesc::new_2d("albedo", 1280, 720, TextureFormat::Rgba8Unorm))?;
        let normal = frame.create_texture(TextureDesc::new_2d("normal", 1280, 720, TextureFormat::Rgba16Float))?;
        let depth = frame.create_texture(TextureDesc::new_2d("depth", 1280, 720, TextureFormat::Depth32Float))?;
        let hdr = frame.create_texture(TextureDesc::new_2d("hdr", 1280, 720, TextureFormat::Rgba16Float))?;
        let bloom =
            frame.create_texture(TextureDesc::new_2d("bloom", 640, 360, TextureFormat::Rgba16Float).with_mips(4))?;
        let ldr = frame.create_texture(TextureDesc::new_2d("ldr", 1280, 720, TextureFormat::Rgba8Unorm))?;
        let [mip0, mip1, mip2, mip3] =
            [0, 1, 2, 3].map(|mip| frame.create_texture_view(bloom, TextureViewDesc::mip(mip)));
        let mips = [mip0?, mip1?, mip2?, mip3?];

        let mut pass = frame.render_pass("gbuffer");
        let _ = pass.color_attachment(albedo, clear)?;
        let _ = pass.color_attachment(normal, clear)?;
        let _ = pass.depth_attachment(depth, DepthAttachmentOps::clear_store(1.0))?;
        pass.finish()?;

        let mut pass = frame.render_pass("lighting");
        let _ = pass.sampled_texture(albedo)?;
        let _ = pass.sampled_texture(normal)?;
        let _ = pass.sampled_texture(depth)?;
        let _ = pass.color_attachment(hdr, clear)?;
        pass.finish()?;

        for mip in 0..4 {
            let mut pass = frame.render_pass("bloom-downsample");
            if mip == 0 {
                let _ = pass.sampled_texture(hdr)?;
            } else {
                let _ = pass.sampled_texture(mips[mip - 1])?;
            }
            let _ = pass.color_attachment(mips[mip], clear)?;
            pass.finish()?;
        }
        for mip in (0..3).rev() {
            let mut pass = frame.render_pass("bloom-upsample");
            let _ = pass.sampled_texture(mips[mip + 1])?;
            let _ = pass.color_attachment(mips[mip], ColorAttachmentOps::load_store())?;
            pass.finish()?;
        }

        let mut pass = frame.render_pass("tonemap");
        let _ = pass.sampled_texture(hdr)?;
        let _ = pass.sampled_texture(mips[0])?;
        let _ = pass.color_attachment(ldr, clear)?;
        pass.finish()?;

        let mut pass = frame.render_pass("ui-overlay");
        let _ = pass.color_attachment(ldr, ColorAttachmentOps::load_store())?;
        pass.finish()?;
        frame.mark_texture_root(ldr, RootReason::Output)?;
    }
    Ok(())
}

fn scenario(name: &str) -> Option<(Recorder, CompileOptions)> {
    Some(match name {
        "linear-chain" => (linear_chain as Recorder, CompileOptions::default()),
        "buffer-ranges" => (buffer_ranges, CompileOptions::default()),
        "texture-subresources" => (texture_subresources, CompileOptions::default()),
        "allocation-aliasing" => (linear_chain, CompileOptions::full_report()),
        "mixed" => (mixed, CompileOptions::default()),
        _ => return None,
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: compile-bench <linear-chain|buffer-ranges|texture-subresources|allocation-aliasing|mixed> \
                 [nodes=64] [iterations=1000]";
    let Some((record, options)) = args.first().and_then(|name| scenario(name)) else {
        eprintln!("{usage}");
        return ExitCode::FAILURE;
    };
    let number = |index: usize, default: usize| args.get(index).map_or(Ok(default), |text| text.parse::<usize>());
    let (Ok(nodes), Ok(iterations)) = (number(1, 64), number(2, 1000)) else {
        eprintln!("{usage}");
        return ExitCode::FAILURE;
    };
    let nodes = nodes.max(2);
    let iterations = iterations.max(1);

    let mut graph = FrameGraph::with_capabilities(DeviceCapabilities::unchecked());
    let mut frame = || {
        let mut frame = graph.begin_frame();
        let compiled = record(&mut frame, nodes).and_then(|()| frame.compile(options.without_plan_reuse()));
        compiled.map(|compiled| black_box(compiled.retained_node_count()))
    };
    if let Err(error) = frame() {
        eprintln!("{error}");
        return ExitCode::FAILURE;
    }
    let started = Instant::now();
    for _ in 0..iterations {
        if let Err(error) = frame() {
            eprintln!("{error}");
            return ExitCode::FAILURE;
        }
    }
    let elapsed = started.elapsed();
    println!(
        "scenario={} nodes={nodes} iterations={iterations} total_ms={:.3} mean_us={:.3}",
        args[0],
        elapsed.as_secs_f64() * 1e3,
        elapsed.as_secs_f64() * 1e6 / iterations as f64
    );
    ExitCode::SUCCESS
}
