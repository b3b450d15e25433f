//! A renderer that owns its encoders runs as an external submission between
//! two graph-owned command nodes. The graph submits its first segment before
//! the external callback, and starts a new segment after it: the three
//! writes land in the shared buffer in recording order.
//!
//!     cargo run --example external-submission

mod support;

use wgpu::BufferUsages;
use wgpu::util::DeviceExt;
use zenfg_runtime::{
    BufferDesc, BufferRange, CompileOptions, FrameGraph, FrameGraphError, ImportBufferOptions, InitialContents,
    WriteContents,
};

fn main() -> Result<(), FrameGraphError> {
    let (device, queue, _) = support::device("external-submission");
    let source = |value: u32| {
        device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("source"),
            contents: &[value.to_le_bytes(); 4].concat(),
            usage: BufferUsages::COPY_SRC,
        })
    };
    let (ones, twos, threes) = (source(1), source(2), source(3));
    let shared_native = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("shared"),
        size: 16,
        usage: BufferUsages::COPY_SRC | BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let readback = support::readback_buffer(&device, "shared-readback", 16);

    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let shared =
        frame.import_buffer(BufferDesc::new("shared", 16), ImportBufferOptions::new(InitialContents::Undefined))?;
    frame.bind_imported_buffer(shared, &shared_native)?;
    let output = frame.import_buffer(
        BufferDesc::new("readback", 16),
        ImportBufferOptions::new(InitialContents::Undefined)
            .with_exposed_usage(BufferUsages::MAP_READ | BufferUsages::COPY_DST),
    )?;
    frame.bind_imported_buffer(output, &readback)?;

    let mut first = frame.command_pass("graph-first");
    let token = first.buffer_copy_dst(shared, BufferRange::whole(), WriteContents::Overwrite)?;
    first.finish_command(move |cx| {
        cx.encoder.copy_buffer_to_buffer(&ones, 0, cx.resources.buffer(token)?, 0, 16);
        Ok(())
    })?;
    let mut external = frame.external_submission("third-party-renderer");
    let token = external.buffer_copy_dst(shared, BufferRange::new(4, Some(12)), WriteContents::Overwrite)?;
    external.finish_external(move |cx| {
        let mut encoder = cx.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("renderer") });
        encoder.copy_buffer_to_buffer(&twos, 0, cx.resources.buffer(token)?, 4, 12);
        cx.queue.submit([encoder.finish()]);
        Ok(())
    })?;
    let mut last = frame.command_pass("graph-last");
    let token = last.buffer_copy_dst(shared, BufferRange::new(8, Some(8)), WriteContents::Overwrite)?;
    last.finish_command(move |cx| {
        cx.encoder.copy_buffer_to_buffer(&threes, 0, cx.resources.buffer(token)?, 8, 8);
        Ok(())
    })?;
    let mut copy = frame.copy_pass("readback");
    copy.copy_buffer_to_buffer(shared, 0, output, 0, 16)?;
    copy.finish()?;
    frame.mark_readback(output, BufferRange::whole())?;

    let compiled = frame.compile(CompileOptions::default())?;
    for (index, segment) in compiled.execution_segments().iter().enumerate() {
        println!("segment {index}: {:?} with nodes {:?}", segment.kind, segment.nodes);
    }
    compiled.execute(&queue)?;
    let values: Vec<u32> = support::read_buffer(&device, &readback)
        .chunks_exact(4)
        .map(|bytes| u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
        .collect();
    println!("shared buffer after the frame: {values:?} (expected [1, 2, 3, 3])");
    Ok(())
}
