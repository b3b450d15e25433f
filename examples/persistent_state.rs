//! State that survives across frames: the same caller-owned buffer is
//! imported every frame — with undefined contents the first time, so the
//! frame clears it, and with defined contents afterwards — and a
//! `PersistentState` root keeps the passes that update it.
//!
//!     cargo run --example persistent-state

mod support;

use wgpu::BufferUsages;
use zenfg_runtime::{
    BufferDesc, BufferRange, CompileOptions, ExecutionOptions, FrameGraph, FrameGraphError, ImportBufferOptions,
    InitialContents, RootReason, WriteContents,
};

const SHADER: &str = "
@group(0) @binding(0) var<storage, read_write> history: array<u32>;
@compute @workgroup_size(4)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    history[id.x] = history[id.x] + id.x + 1u;
}";

fn main() -> Result<(), FrameGraphError> {
    let (device, queue, _) = support::device("persistent-state");
    let pipeline = support::compute_pipeline(&device, "accumulate", SHADER);
    let history_native = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("history"),
        size: 16,
        usage: BufferUsages::STORAGE | BufferUsages::COPY_DST | BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let readback = support::readback_buffer(&device, "history-readback", 16);

    let mut graph = FrameGraph::with_device(&device);
    for frame_index in 0..4_u64 {
        let initial = if frame_index == 0 { InitialContents::Undefined } else { InitialContents::Defined };
        let mut frame = graph.begin_frame();
        let history = frame.import_buffer(BufferDesc::new("history", 16), ImportBufferOptions::new(initial))?;
        frame.bind_imported_buffer(history, &history_native)?;
        let output = frame.import_buffer(
            BufferDesc::new("readback", 16),
            ImportBufferOptions::new(InitialContents::Undefined)
                .with_exposed_usage(BufferUsages::MAP_READ | BufferUsages::COPY_DST),
        )?;
        frame.bind_imported_buffer(output, &readback)?;
        if frame_index == 0 {
            frame.clear_buffer("reset-history", history, BufferRange::whole())?;
        }
        let mut pass = frame.compute_pass("accumulate");
        let token = pass.storage_buffer_write(history, BufferRange::whole(), WriteContents::Preserve)?;
        let pipeline = pipeline.clone();
        pass.finish_compute(move |mut cx| {
            let bind_group = cx.device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("accumulate"),
                layout: &pipeline.get_bind_group_layout(0),
                entries: &[wgpu::BindGroupEntry {
                    binding: 0,
                    resource: cx.resources.buffer(token)?.as_entire_binding(),
                }],
            });
            cx.pass.set_pipeline(&pipeline);
            cx.pass.set_bind_group(0, &bind_group, &[]);
            cx.pass.dispatch_workgroups(1, 1, 1);
            Ok(())
        })?;
        frame.mark_buffer_root(history, BufferRange::whole(), RootReason::PersistentState)?;
        let mut copy = frame.copy_pass("readback");
        copy.copy_buffer_to_buffer(history, 0, output, 0, 16)?;
        copy.finish()?;
        frame.mark_readback(output, BufferRange::whole())?;
        let compiled = frame.compile(CompileOptions::default())?;
        compiled.execute_with_options(&queue, ExecutionOptions::default().with_frame_index(frame_index))?;
        let values: Vec<u32> = support::read_buffer(&device, &readback)
            .chunks_exact(4)
            .map(|bytes| u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
            .collect();
        println!("frame {frame_index} ({initial:?} at import): history = {values:?}");
    }
    Ok(())
}
