//! The smallest executed frame: one compute pass overwrites a transient
//! buffer that is an output root; the frame is compiled with a summary
//! report and executed headless.
//!
//!     cargo run --example minimal-frame

mod support;

use zenfg_runtime::{
    BufferDesc, BufferRange, CompileOptions, FrameGraph, FrameGraphError, RootReason, UsagePolicy, WriteContents,
};

const SHADER: &str = "
@group(0) @binding(0) var<storage, read_write> output: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    output[id.x] = id.x;
}";

fn main() -> Result<(), FrameGraphError> {
    let (device, queue, adapter) = support::device("minimal-frame");
    println!("adapter: {} ({:?})", adapter.name, adapter.backend);
    let pipeline = support::compute_pipeline(&device, "produce", SHADER);

    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let output = frame.create_buffer(BufferDesc { label: "output".into(), size: 1024, usage: UsagePolicy::Infer })?;
    let mut pass = frame.compute_pass("produce");
    let token = pass.storage_buffer_write(output, BufferRange::whole(), WriteContents::Overwrite)?;
    pass.finish_compute(move |mut cx| {
        let bind_group = cx.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("produce"),
            layout: &pipeline.get_bind_group_layout(0),
            entries: &[wgpu::BindGroupEntry { binding: 0, resource: cx.resources.buffer(token)?.as_entire_binding() }],
        });
        cx.pass.set_pipeline(&pipeline);
        cx.pass.set_bind_group(0, &bind_group, &[]);
        cx.pass.dispatch_workgroups(4, 1, 1);
        Ok(())
    })?;
    frame.mark_buffer_root(output, BufferRange::whole(), RootReason::Output)?;

    let compiled = frame.compile(CompileOptions::summary_report())?;
    let summary = &compiled.report().expect("a summary was requested").summary;
    println!(
        "retained {} of {} nodes, {} allocation(s), {} transient bytes",
        summary.retained_node_count,
        summary.recorded_node_count,
        summary.allocation_count,
        summary.physical_allocation_bytes
    );
    compiled.execute(&queue)?;
    device.poll(wgpu::PollType::wait_indefinitely()).expect("the device finishes its work");
    println!("executed; pool: {:?}", graph.resource_pool_stats());
    Ok(())
}
