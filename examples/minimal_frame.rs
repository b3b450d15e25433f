//! The smallest executed frame: one derived compute pass overwrites a
//! transient buffer that is an output root, bound as the pass's shader
//! declares it; the frame is compiled with a summary report and executed
//! headless. The example checks the plan (one retained
//! node, one 1024-byte allocation) and that the executed transient went back
//! to the pool, and fails otherwise.
//!
//!     cargo run --example minimal-frame

mod support;

use std::error::Error;

use zenfg_runtime::prelude::*;
use zenfg_runtime::{CompilationSummary, ResourcePoolStats, UsagePolicy};

/// Writes each word's index into `output`, the frame's result.
#[derive(Pass)]
#[pass(compute, shader = "shaders/minimal_frame.wgsl")]
struct Produce<'f> {
    #[storage_write(overwrite)]
    #[root(output)]
    output: Buffer<'f>,
}

/// What one run planned and left in the pool.
pub struct Outcome {
    /// The compiled frame's summary.
    pub summary: CompilationSummary,
    /// The pool after the execution.
    pub pool: ResourcePoolStats,
}

/// Records, compiles and executes the frame on `device`, and checks the
/// plan and the pool.
///
/// # Errors
///
/// Recording, compiling or executing fails, or the plan or the pool is not
/// what the frame asks for.
pub fn run(device: &wgpu::Device, queue: &wgpu::Queue) -> Result<Outcome, Box<dyn Error>> {
    let pipeline = support::compute_pipeline::<Produce>(device);
    let mut graph = FrameGraph::with_device(device);
    let mut frame = graph.begin_frame();
    let output = frame.create_buffer(BufferDesc { label: "output".into(), size: 1024, usage: UsagePolicy::Infer })?;
    frame.add(Produce { output }, move |mut cx| {
        cx.pass.set_pipeline(&pipeline);
        cx.set_bind_groups();
        cx.pass.dispatch_workgroups(4, 1, 1);
        Ok(())
    })?;

    let compiled = frame.compile(CompileOptions::summary_report())?;
    let summary = compiled.report().ok_or("a summary was requested")?.summary.clone();
    compiled.execute(queue)?;
    device.poll(wgpu::PollType::wait_indefinitely())?;
    let pool = graph.resource_pool_stats();

    let planned = (summary.recorded_node_count, summary.retained_node_count, summary.allocation_count);
    if planned != (1, 1, 1) || summary.physical_allocation_bytes != 1024 {
        return Err(format!("expected 1 of 1 nodes retained in one 1024-byte allocation, got {summary:?}").into());
    }
    if (pool.created_count, pool.retained_count, pool.estimated_retained_bytes) != (1, 1, 1024) {
        return Err(format!("expected the one transient back in the pool, got {pool:?}").into());
    }
    Ok(Outcome { summary, pool })
}

fn main() -> Result<(), Box<dyn Error>> {
    let (device, queue, adapter) = support::device("minimal-frame");
    println!("adapter: {} ({:?})", adapter.name, adapter.backend);
    let Outcome { summary, pool } = run(&device, &queue)?;
    println!(
        "retained {} of {} nodes, {} allocation(s), {} transient bytes",
        summary.retained_node_count,
        summary.recorded_node_count,
        summary.allocation_count,
        summary.physical_allocation_bytes
    );
    println!("executed; pool: {pool:?}");
    Ok(())
}
