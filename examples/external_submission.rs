//! A renderer that owns its encoders runs as an external submission between
//! two graph-owned command nodes. The graph submits its first segment before
//! the external callback, and starts a new segment after it: the three
//! writes land in the shared buffer in recording order. The example fails
//! unless the frame has three segments and the buffer reads back
//! `[1, 2, 3, 3]`.
//!
//!     cargo run --example external-submission

mod support;

use std::error::Error;

use wgpu::BufferUsages;
use wgpu::util::DeviceExt;
use zenfg_runtime::{
    BufferRange, CompileOptions, ExecutionSegmentKind, ExecutionSegmentReport, FrameGraph, InitialContents,
    WriteContents,
};

/// The shared buffer after the frame: the first command writes 1 to all four
/// words, the external renderer 2 to the last three, the last command 3 to
/// the last two.
pub const EXPECTED: [u32; 4] = [1, 2, 3, 3];

/// What one run did.
pub struct Outcome {
    /// The execution segments, in order.
    pub segments: Vec<ExecutionSegmentReport>,
    /// The shared buffer read back after the frame.
    pub values: Vec<u32>,
}

/// Runs the frame on `device`, after checking its segments before execution
/// and the shared buffer after.
///
/// # Errors
///
/// Recording, compiling or executing fails, the frame is not split into
/// graph, external and graph segments, or the buffer is not [`EXPECTED`].
pub fn run(device: &wgpu::Device, queue: &wgpu::Queue) -> Result<Outcome, Box<dyn Error>> {
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
    let readback = support::readback_buffer(device, "shared-readback", 16);

    let mut graph = FrameGraph::with_device(device);
    let mut frame = graph.begin_frame();
    let shared = frame.import_native_buffer("shared", &shared_native, InitialContents::Undefined)?;
    let output = frame.import_native_buffer("readback", &readback, InitialContents::Undefined)?;

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
    let segments = compiled.execution_segments();
    let kinds: Vec<ExecutionSegmentKind> = segments.iter().map(|segment| segment.kind).collect();
    let split =
        [ExecutionSegmentKind::FrameGraph, ExecutionSegmentKind::ExternalSubmission, ExecutionSegmentKind::FrameGraph];
    if kinds != split {
        return Err(format!("expected the segments {split:?}, got {kinds:?}").into());
    }
    compiled.execute(queue)?;
    let values = support::words(&support::read_buffer(device, &readback));
    if values != EXPECTED {
        return Err(format!("expected {EXPECTED:?} in the shared buffer, got {values:?}").into());
    }
    Ok(Outcome { segments, values })
}

fn main() -> Result<(), Box<dyn Error>> {
    let (device, queue, _) = support::device("external-submission");
    let Outcome { segments, values } = run(&device, &queue)?;
    for (index, segment) in segments.iter().enumerate() {
        println!("segment {index}: {:?} with nodes {:?}", segment.kind, segment.nodes);
    }
    println!("shared buffer after the frame: {values:?}");
    Ok(())
}
