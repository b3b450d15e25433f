//! A derived compute pass with a real WGSL pipeline writes a transient
//! buffer; a copy node moves it into a caller-owned readback buffer, whose
//! values are printed. The example fails unless every value is the square
//! of its index.
//!
//!     cargo run --example compute-output

mod support;

use std::error::Error;

use wgpu::BufferUsages;
use zenfg_runtime::prelude::*;
use zenfg_runtime::{ImportBufferOptions, InitialContents};

const COUNT: u64 = 16;

const SHADER: &str = "
@group(0) @binding(0) var<storage, read_write> squares: array<u32>;
@compute @workgroup_size(16)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    squares[id.x] = id.x * id.x;
}";

/// Writes the square of each index.
#[derive(Pass)]
#[pass(compute)]
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
    let pipeline = support::compute_pipeline(device, "squares", SHADER, None);
    let readback = support::readback_buffer(device, "squares-readback", COUNT * 4);

    let mut graph = FrameGraph::with_device(device);
    let mut frame = graph.begin_frame();
    let squares = frame.create_buffer(BufferDesc::new("squares", COUNT * 4))?;
    let output = frame.import_buffer(
        BufferDesc::new("readback", COUNT * 4),
        ImportBufferOptions::new(InitialContents::Undefined)
            .with_exposed_usage(BufferUsages::MAP_READ | BufferUsages::COPY_DST),
    )?;
    frame.bind_imported_buffer(output, &readback)?;

    frame.add(Squares { squares }, move |mut cx: SquaresContext<'_>| {
        let bind_group = cx.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("squares"),
            layout: &pipeline.get_bind_group_layout(0),
            entries: &[wgpu::BindGroupEntry { binding: 0, resource: cx.squares.binding() }],
        });
        cx.pass.set_pipeline(&pipeline);
        cx.pass.set_bind_group(0, &bind_group, &[]);
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
