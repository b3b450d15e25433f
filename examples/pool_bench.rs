//! The transient pool under three workloads on wgpu's no-op device:
//!
//! - a cold frame of 256 logical 4 KiB buffers with disjoint lifetimes (one
//!   physical allocation, created on the spot);
//! - 200 warm frames of 64 such buffers (the allocation is reused);
//! - one frame of 128 buffers alive at once (127 more objects created).
//!
//! Every buffer has the same fixed usage, so all share one compatibility key.
//! Each frame is recorded, compiled and executed; the whole frame and its
//! `execute` call are timed separately. No arguments.
//!
//!     cargo run --release --example pool-bench

use std::time::{Duration, Instant};

use wgpu::BufferUsages;
use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, ResourcePoolStats, WriteContents};

const BYTES: u64 = 4096;
const USAGE: BufferUsages = BufferUsages::COPY_SRC.union(BufferUsages::COPY_DST);

/// Records `buffers` transients written by one node each; with `overlap`, a
/// final node reads them all so every lifetime overlaps. Returns the frame
/// time and the execute time.
fn frame(graph: &mut FrameGraph, queue: &wgpu::Queue, buffers: usize, overlap: bool) -> (Duration, Duration) {
    let started = Instant::now();
    let mut frame = graph.begin_frame();
    let handles: Vec<_> = (0..buffers)
        .map(|_| frame.create_buffer(BufferDesc::new("transient", BYTES).with_usage(USAGE)).expect("a buffer"))
        .collect();
    for &buffer in &handles {
        let mut pass = frame.command_pass("write");
        let _ = pass.buffer_copy_dst(buffer, BufferRange::whole(), WriteContents::Overwrite).expect("an access");
        pass.finish_command(|_| Ok(())).expect("a node");
    }
    if overlap {
        let mut pass = frame.command_pass("read-all");
        for &buffer in &handles {
            let _ = pass.buffer_copy_src(buffer, BufferRange::whole()).expect("an access");
        }
        pass.finish_command(|_| Ok(())).expect("a node");
    }
    let compiled = frame.compile(CompileOptions::default()).expect("the frame compiles");
    let executing = Instant::now();
    compiled.execute(queue).expect("the frame executes");
    let done = Instant::now();
    (done - started, done - executing)
}

fn print(name: &str, frames: usize, (total, execute): (Duration, Duration), stats: ResourcePoolStats) {
    let per_frame = |duration: Duration| duration.as_secs_f64() * 1e6 / frames as f64;
    println!(
        "{name}: frames={frames} frame_us={:.1} execute_us={:.1} acquire={} reuse={} created={} retained={} retained_bytes={}",
        per_frame(total),
        per_frame(execute),
        stats.acquire_count,
        stats.reuse_count,
        stats.created_count,
        stats.retained_count,
        stats.estimated_retained_bytes
    );
}

fn main() {
    let (device, queue) = wgpu::Device::noop(&wgpu::DeviceDescriptor::default());
    let mut graph = FrameGraph::with_device(&device);

    let cold = frame(&mut graph, &queue, 256, false);
    print("cold-256-aliasing", 1, cold, graph.resource_pool_stats());

    let mut warm = (Duration::ZERO, Duration::ZERO);
    for _ in 0..200 {
        let (total, execute) = frame(&mut graph, &queue, 64, false);
        warm = (warm.0 + total, warm.1 + execute);
    }
    print("warm-64", 200, warm, graph.resource_pool_stats());

    let overlap = frame(&mut graph, &queue, 128, true);
    print("overlap-128", 1, overlap, graph.resource_pool_stats());
}
