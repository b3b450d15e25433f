//! A fixed compute chain compiled once and executed for many frames.
//!
//! Two derived compute passes (each index plus the frame number, then the
//! square of that) and a copy into a caller-owned readback buffer are
//! recorded and compiled once into a repeatable frame. Every frame writes the
//! frame number into an imported uniform buffer with the queue, executes the
//! frame again, reads the squares back and checks them; the callbacks count
//! their runs in a `Cell` they borrow. The transients come from the pool on
//! every execution, and the passes' bind groups from the runtime's cache.
//! The example fails unless every frame's values are right.
//!
//!     cargo run --example compiled-once

mod support;

use std::cell::Cell;
use std::error::Error;

use zenfg_runtime::prelude::*;

const COUNT: u64 = 256;
const FRAMES: u32 = 8;

/// Writes each index plus the frame number.
#[derive(Pass)]
#[pass(compute, shader = "shaders/compiled_once/offset.wgsl")]
struct Offset<'f> {
    #[uniform]
    params: Buffer<'f>,
    #[storage_write(overwrite)]
    values: Buffer<'f>,
}

/// Writes the square of each value.
#[derive(Pass)]
#[pass(compute, shader = "shaders/compiled_once/square.wgsl")]
struct Square<'f> {
    #[storage_read]
    values: Buffer<'f>,
    #[storage_write(overwrite)]
    squares: Buffer<'f>,
}

/// What a run did: frames executed, passes run, and the squares of the last
/// frame.
#[derive(Debug)]
pub struct Run {
    pub frames: u32,
    pub passes: u32,
    pub last: Vec<u32>,
}

/// Compiles the chain once, executes it for [`FRAMES`] frames on `device`,
/// and checks every frame's squares.
///
/// # Errors
///
/// Recording, compiling or executing fails, or a value is wrong.
pub fn run(device: &wgpu::Device, queue: &wgpu::Queue) -> Result<Run, Box<dyn Error>> {
    let offset = support::compute_pipeline::<Offset>(device);
    let square = support::compute_pipeline::<Square>(device);
    let uniforms = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("params"),
        size: 16,
        usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let readback = support::readback_buffer(device, "squares-readback", COUNT * 4);
    let passes = Cell::new(0);

    let mut graph = FrameGraph::with_device(device);
    let mut frame = graph.begin_frame();
    let params = frame.import_native_buffer("params", &uniforms, InitialContents::Defined)?;
    let values = frame.create_buffer(BufferDesc::new("values", COUNT * 4))?;
    let squares = frame.create_buffer(BufferDesc::new("squares", COUNT * 4))?;
    let output = frame.import_native_buffer("readback", &readback, InitialContents::Undefined)?;
    frame.add_repeatable(Offset { params, values }, |mut cx: OffsetContext<'_>| {
        cx.pass.set_pipeline(&offset);
        cx.set_bind_groups();
        cx.pass.dispatch_workgroups((COUNT / 64) as u32, 1, 1);
        passes.set(passes.get() + 1);
        Ok(())
    })?;
    frame.add_repeatable(Square { values, squares }, |mut cx: SquareContext<'_>| {
        cx.pass.set_pipeline(&square);
        cx.set_bind_groups();
        cx.pass.dispatch_workgroups((COUNT / 64) as u32, 1, 1);
        passes.set(passes.get() + 1);
        Ok(())
    })?;
    let mut copy = frame.copy_pass("readback");
    copy.copy_buffer_to_buffer(squares, 0, output, 0, COUNT * 4)?;
    copy.finish()?;
    frame.mark_readback(output, BufferRange::whole())?;
    let mut chain = frame.compile(CompileOptions::default())?.into_repeatable()?;

    let mut last = Vec::new();
    for number in 0..FRAMES {
        queue.write_buffer(&uniforms, 0, &[number, 0, 0, 0].map(u32::to_le_bytes).concat());
        chain.execute(queue)?;
        last = support::words(&support::read_buffer(device, &readback));
        let expected: Vec<u32> = (0..COUNT as u32).map(|index| (index + number) * (index + number)).collect();
        if last != expected {
            return Err(format!("frame {number}: expected {expected:?}, got {last:?}").into());
        }
    }
    let stats = chain.graph().resource_pool_stats();
    if stats.created_count != 2 || stats.acquire_count != u64::from(FRAMES) * 2 {
        return Err(format!("the transients should be created once and reused, but the pool says {stats:?}").into());
    }
    let frames = u32::try_from(chain.executions())?;
    drop(chain);
    Ok(Run { frames, passes: passes.get(), last })
}

fn main() -> Result<(), Box<dyn Error>> {
    let (device, queue, _) = support::device("compiled-once");
    let run = run(&device, &queue)?;
    println!("{} frames from one compile, {} passes run; last squares: {:?}", run.frames, run.passes, &run.last[..8]);
    Ok(())
}
