//! A derived compute pass with a real WGSL pipeline writes a transient
//! buffer, which the runtime binds as the pass's shader declares it; a copy
//! node moves it into a caller-owned readback buffer, whose values are
//! printed. The example fails unless every value is the square of its index.
//!
//!     cargo run --example compute-output

mod support;

use std::error::Error;

use zenfg_runtime::prelude::*;

const COUNT: u64 = 16;

/// Writes the square of each index. Its binding comes from the shader: the
/// field binds the WGSL variable of its name.
#[derive(Pass)]
#[pass(compute, shader = "shaders/compute_output.wgsl")]
struct Squares<'f> {
    #[storage_write(overwrite)]
    squares: Buffer<'f>,
}

/// Runs the frame on `device` and returns the squares read back, after
/// checking that each is the square of its index.
///
/// # Errors
///
/// Recording, compiling or executing fails, or a value is wrong.
pub fn run(device: &wgpu::Device, queue: &wgpu::Queue) -> Result<Vec<u32>, Box<dyn Error>> {
    let pipeline = support::compute_pipeline::<Squares>(device);
    let readback = support::readback_buffer(device, "squares-readback", COUNT * 4);

    let mut graph = FrameGraph::with_device(device);
    let mut frame = graph.begin_frame();
    let squares = frame.create_buffer(BufferDesc::new("squares", COUNT * 4))?;
    let output = frame.import_native_buffer("readback", &readback, InitialContents::Undefined)?;

    frame.add(Squares { squares }, move |mut cx: SquaresContext<'_>| {
        cx.pass.set_pipeline(&pipeline);
        cx.set_bind_groups();
        cx.pass.dispatch_workgroups(1, 1, 1);
        Ok(())
    })?;
    let mut copy = frame.copy_pass("readback");
    copy.copy_buffer_to_buffer(squares, 0, output, 0, COUNT * 4)?;
    copy.finish()?;
    frame.mark_readback(output, BufferRange::whole())?;
    frame.compile(CompileOptions::default())?.execute(queue)?;

    let values = support::words(&support::read_buffer(device, &readback));
    let expected: Vec<u32> = (0..COUNT as u32).map(|index| index * index).collect();
    if values != expected {
        return Err(format!("expected {expected:?}, got {values:?}").into());
    }
    Ok(values)
}

fn main() -> Result<(), Box<dyn Error>> {
    let (device, queue, _) = support::device("compute-output");
    println!("squares: {:?}", run(&device, &queue)?);
    Ok(())
}
