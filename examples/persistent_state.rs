//! State that survives across frames: the same caller-owned buffer is
//! imported every frame — with undefined contents the first time, so the
//! frame clears it, and with defined contents afterwards — and a
//! `persistent_state` root on the derived pass's field keeps the passes that
//! update it. Each frame adds `index + 1` to every word, and the example
//! fails unless frame `n` reads back `(n + 1) * (index + 1)`, and unless every
//! frame after the first finds the pass's bind group again in the runtime's
//! cache (it binds the same buffer).
//!
//!     cargo run --example persistent-state

mod support;

use std::error::Error;

use wgpu::BufferUsages;
use zenfg_runtime::ExecutionOptions;
use zenfg_runtime::prelude::*;

/// Frames the example runs.
pub const FRAMES: u64 = 4;

/// Adds to the history, which the next frame reads again.
#[derive(Pass)]
#[pass(compute, shader = "shaders/persistent_state.wgsl")]
struct Accumulate<'f> {
    #[storage_write(preserve)]
    #[root(persistent_state)]
    history: Buffer<'f>,
}

/// Runs [`FRAMES`] frames on `device` and returns the history read back
/// after each, after checking it.
///
/// # Errors
///
/// Recording, compiling or executing fails, or a frame reads back a wrong
/// history.
pub fn run(device: &wgpu::Device, queue: &wgpu::Queue) -> Result<Vec<Vec<u32>>, Box<dyn Error>> {
    let pipeline = support::compute_pipeline::<Accumulate>(device);
    let history_native = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("history"),
        size: 16,
        usage: BufferUsages::STORAGE | BufferUsages::COPY_DST | BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let readback = support::readback_buffer(device, "history-readback", 16);

    let mut graph = FrameGraph::with_device(device);
    let mut histories = Vec::new();
    for frame_index in 0..FRAMES {
        let initial = if frame_index == 0 { InitialContents::Undefined } else { InitialContents::Defined };
        let mut frame = graph.begin_frame();
        let history = frame.import_native_buffer("history", &history_native, initial)?;
        let output = frame.import_native_buffer("readback", &readback, InitialContents::Undefined)?;
        if frame_index == 0 {
            frame.clear_buffer("reset-history", history, BufferRange::whole())?;
        }
        let pipeline = pipeline.clone();
        frame.add(Accumulate { history }, move |mut cx| {
            cx.pass.set_pipeline(&pipeline);
            cx.set_bind_groups();
            cx.pass.dispatch_workgroups(1, 1, 1);
            Ok(())
        })?;
        let mut copy = frame.copy_pass("readback");
        copy.copy_buffer_to_buffer(history, 0, output, 0, 16)?;
        copy.finish()?;
        frame.mark_readback(output, BufferRange::whole())?;
        let compiled = frame.compile(CompileOptions::default())?;
        compiled.execute_with_options(queue, ExecutionOptions::default().with_frame_index(frame_index))?;
        let values = support::words(&support::read_buffer(device, &readback));
        let frames = frame_index as u32 + 1;
        let expected: Vec<u32> = (1..=4).map(|word| frames * word).collect();
        if values != expected {
            return Err(
                format!("frame {frame_index} ({initial:?} at import): expected {expected:?}, got {values:?}").into()
            );
        }
        histories.push(values);
    }
    let cache = graph.bind_group_cache_stats();
    if (cache.created, cache.hits) != (1, FRAMES - 1) {
        return Err(format!("expected one bind group, found again by every later frame, got {cache:?}").into());
    }
    Ok(histories)
}

fn main() -> Result<(), Box<dyn Error>> {
    let (device, queue, _) = support::device("persistent-state");
    for (frame_index, history) in run(&device, &queue)?.iter().enumerate() {
        let initial = if frame_index == 0 { "undefined" } else { "defined" };
        println!("frame {frame_index} ({initial} at import): history = {history:?}");
    }
    Ok(())
}
