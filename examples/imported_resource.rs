//! Caller-owned buffers imported into a frame: an input array and a uniform
//! with a scale factor, both with exposed usage, read by a derived compute
//! pass that writes a transient (the runtime binds all three); a copy node moves the result into a caller-owned
//! readback buffer. The graph borrows the imports and never destroys them.
//! The example fails unless every value comes back scaled.
//!
//!     cargo run --example imported-resource

mod support;

use std::error::Error;

use wgpu::BufferUsages;
use wgpu::util::DeviceExt;
use zenfg_runtime::prelude::*;

/// The imported input array.
pub const INPUT: [u32; 8] = [1, 2, 3, 5, 8, 13, 21, 34];

/// The imported scale factor.
pub const SCALE: u32 = 10;

/// Scales the imported input by the imported factor into a transient; each
/// field binds the WGSL variable of its name.
#[derive(Pass)]
#[pass(compute, shader = "shaders/imported_resource.wgsl")]
struct Scale<'f> {
    #[storage_read]
    input: Buffer<'f>,
    #[uniform]
    scale: Buffer<'f>,
    #[storage_write(overwrite)]
    output: Buffer<'f>,
}

/// Runs the frame on `device` and returns the scaled values read back, after
/// checking them against [`INPUT`] times [`SCALE`].
///
/// # Errors
///
/// Recording, compiling or executing fails, or a value is wrong.
pub fn run(device: &wgpu::Device, queue: &wgpu::Queue) -> Result<Vec<u32>, Box<dyn Error>> {
    let input_native = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some("input"),
        contents: &INPUT.map(u32::to_le_bytes).concat(),
        usage: BufferUsages::STORAGE,
    });
    let scale_native = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some("scale"),
        contents: &SCALE.to_le_bytes(),
        usage: BufferUsages::UNIFORM,
    });
    let readback = support::readback_buffer(device, "output-readback", 32);
    let pipeline = support::compute_pipeline::<Scale>(device);

    let mut graph = FrameGraph::with_device(device);
    let mut frame = graph.begin_frame();
    let input = frame.import_native_buffer("input", &input_native, InitialContents::Defined)?;
    let scale = frame.import_native_buffer("scale", &scale_native, InitialContents::Defined)?;
    let output = frame.import_native_buffer("readback", &readback, InitialContents::Undefined)?;
    let scaled = frame.create_buffer(BufferDesc::new("scaled", 32))?;

    frame.add(Scale { input, scale, output: scaled }, move |mut cx| {
        cx.pass.set_pipeline(&pipeline);
        cx.set_bind_groups();
        cx.pass.dispatch_workgroups(1, 1, 1);
        Ok(())
    })?;
    let mut copy = frame.copy_pass("readback");
    copy.copy_buffer_to_buffer(scaled, 0, output, 0, 32)?;
    copy.finish()?;
    frame.mark_readback(output, BufferRange::whole())?;
    frame.compile(CompileOptions::default())?.execute(queue)?;

    let values = support::words(&support::read_buffer(device, &readback));
    let expected = INPUT.map(|value| value * SCALE);
    if values != expected {
        return Err(format!("expected {expected:?}, got {values:?}").into());
    }
    Ok(values)
}

fn main() -> Result<(), Box<dyn Error>> {
    let (device, queue, _) = support::device("imported-resource");
    let values = run(&device, &queue)?;
    println!("input  {INPUT:?}\nscaled {values:?}");
    Ok(())
}
