//! Derive overhead: records and compiles one graph declared with derived
//! passes and the same graph written against the builder API, and compares
//! their times. Both record the same tables, so every compile after the first
//! reuses the plan the other version's frame left: what differs is the
//! recording.
//!
//! `cargo run --release --example derive-bench -- [passes=1000] [iterations=100] [runs=15]`
//!
//! Each run times `iterations` record + compile cycles of each version,
//! interleaved one by one in alternating order, so that other work on the
//! machine slows both alike. The program prints the median run of each
//! version and the overhead of the derived one: the median over runs of the
//! ratio of the two times of a run. Both versions do what a real pass does:
//! the callback keeps what it needs to reach its resources (the builder
//! version its tokens, the derived one the declarations behind its views).

use std::hint::black_box;
use std::num::NonZeroU64;
use std::time::{Duration, Instant};

use zenfg_runtime::prelude::*;
use zenfg_runtime::wgpu::{BindingResource, BufferBinding, Color, TextureFormat};
use zenfg_runtime::{ColorAttachmentOps, DepthAttachmentOps};

#[derive(Pass)]
#[pass(compute)]
struct Filter<'f> {
    #[sampled]
    src: Texture<'f>,
    #[storage_write(overwrite)]
    dst: Texture<'f>,
    #[uniform]
    params: BufferSlice<'f>,
}

#[derive(Pass)]
#[pass(render)]
struct Draw<'f> {
    #[sampled]
    src: Texture<'f>,
    #[color_attachment(clear = Color::BLACK)]
    color: Texture<'f>,
    #[depth_attachment(clear = 1.0, discard)]
    depth: Texture<'f>,
    #[vertex]
    vertices: Buffer<'f>,
}

/// The resources of one frame: a chain of textures, shared buffers and depth.
struct Chain<'f> {
    textures: Vec<Texture<'f>>,
    depth: Texture<'f>,
    params: Buffer<'f>,
    vertices: Buffer<'f>,
}

fn chain<'f>(frame: &mut Frame<'f>, passes: usize) -> Result<Chain<'f>, FrameGraphError> {
    let defined = ImportBufferOptions::new(InitialContents::Defined);
    let params = frame.import_buffer(BufferDesc::new("params", 256), defined)?;
    let vertices = frame.import_buffer(BufferDesc::new("vertices", 4096), defined)?;
    let depth = frame.create_texture(TextureDesc::new_2d("depth", 256, 256, TextureFormat::Depth32Float))?;
    let first = frame.import_texture(
        TextureDesc::new_2d("input", 256, 256, TextureFormat::Rgba8Unorm),
        zenfg_runtime::ImportTextureOptions::new(InitialContents::Defined),
    )?;
    let mut textures = vec![first];
    for _ in 0..passes {
        textures.push(frame.create_texture(TextureDesc::new_2d("step", 256, 256, TextureFormat::Rgba8Unorm))?);
    }
    Ok(Chain { textures, depth, params, vertices })
}

fn derived(frame: &mut Frame<'_>, passes: usize) -> Result<(), FrameGraphError> {
    let c = chain(frame, passes)?;
    for i in 0..passes {
        let (src, dst) = (c.textures[i], c.textures[i + 1]);
        if i % 4 == 3 {
            frame.add(Draw { src, color: dst, depth: c.depth, vertices: c.vertices }, |cx| {
                cx.pass.set_vertex_view(0, &cx.vertices)?;
                black_box(cx.src.extent());
                Ok(())
            })?;
        } else {
            let params = c.params.slice(BufferRange::new(0, Some(64)));
            frame.add(Filter { src, dst, params }, |cx| {
                black_box((cx.src.sampled_binding(), cx.dst.storage_write_binding(), cx.params.uniform_binding()));
                Ok(())
            })?;
        }
    }
    frame.mark_texture_root(c.textures[passes], RootReason::Output)
}

fn built(frame: &mut Frame<'_>, passes: usize) -> Result<(), FrameGraphError> {
    let c = chain(frame, passes)?;
    for i in 0..passes {
        let (src, dst) = (c.textures[i], c.textures[i + 1]);
        if i % 4 == 3 {
            let mut pass = frame.render_pass("draw");
            let src = pass.sampled_texture(src)?;
            let _ = pass.color_attachment(dst, ColorAttachmentOps::clear_store(Color::BLACK))?;
            let _ = pass.depth_attachment(c.depth, DepthAttachmentOps::clear_discard(1.0))?;
            let vertices = pass.vertex_buffer(c.vertices, BufferRange::whole())?;
            pass.finish_render(move |cx| {
                cx.pass.set_vertex_buffer(0, cx.resources.buffer(vertices)?.slice(..));
                black_box(cx.resources.texture_view(src)?);
                Ok(())
            })?;
        } else {
            let mut pass = frame.compute_pass("filter");
            let src = pass.sampled_texture(src)?;
            let dst = pass.storage_texture_write(dst, WriteContents::Overwrite)?;
            let params = pass.uniform_buffer(c.params, BufferRange::new(0, Some(64)))?;
            pass.finish_compute(move |cx| {
                let params =
                    BufferBinding { buffer: cx.resources.buffer(params)?, offset: 0, size: NonZeroU64::new(64) };
                black_box((
                    BindingResource::TextureView(cx.resources.texture_view(src)?),
                    BindingResource::TextureView(cx.resources.texture_view(dst)?),
                    BindingResource::Buffer(params),
                ));
                Ok(())
            })?;
        }
    }
    frame.mark_texture_root(c.textures[passes], RootReason::Output)
}

type Record = fn(&mut Frame<'_>, usize) -> Result<(), FrameGraphError>;

/// Times one record + compile cycle.
fn cycle(graph: &mut FrameGraph, record: Record, passes: usize) -> Duration {
    let start = Instant::now();
    let mut frame = graph.begin_frame();
    record(&mut frame, passes).expect("the graph records");
    let compiled = frame.compile(CompileOptions::default()).expect("the graph compiles");
    black_box(compiled.retained_node_count());
    drop(compiled);
    start.elapsed()
}

/// One run: `iterations` cycles of each version, interleaved one by one (in
/// alternating order) so that the load of the machine falls on both alike.
fn run(graph: &mut FrameGraph, passes: usize, iterations: usize) -> (Duration, Duration) {
    let (mut builder, mut derive) = (Duration::ZERO, Duration::ZERO);
    for iteration in 0..iterations {
        if iteration % 2 == 0 {
            builder += cycle(graph, built, passes);
            derive += cycle(graph, derived, passes);
        } else {
            derive += cycle(graph, derived, passes);
            builder += cycle(graph, built, passes);
        }
    }
    (builder, derive)
}

fn median<T: PartialOrd + Copy>(mut samples: Vec<T>) -> T {
    samples.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    samples[samples.len() / 2]
}

fn arg(index: usize, default: usize) -> usize {
    std::env::args().nth(index).and_then(|value| value.parse().ok()).unwrap_or(default)
}

fn main() {
    let passes = arg(1, 1000).max(1);
    let iterations = arg(2, 100).max(1);
    let runs = arg(3, 15).max(5);
    let mut graph = FrameGraph::new();
    run(&mut graph, passes, iterations);
    let (mut builder_runs, mut derive_runs, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..runs {
        let (builder, derive) = run(&mut graph, passes, iterations);
        ratios.push(derive.as_secs_f64() / builder.as_secs_f64());
        builder_runs.push(builder);
        derive_runs.push(derive);
    }
    let per_iteration = |total: Duration| total.as_secs_f64() * 1e6 / iterations as f64;
    let builder = per_iteration(median(builder_runs));
    let derive = per_iteration(median(derive_runs));
    let overhead = (median(ratios) - 1.0) * 100.0;
    println!(
        "passes={passes} iterations={iterations} runs={runs} builder_median_us={builder:.1} \
         derive_median_us={derive:.1} overhead_percent={overhead:+.2}"
    );
}
