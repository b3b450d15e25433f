use zenfg_runtime::prelude::*;
use zenfg_runtime::InitialContents;
use zenfg_runtime::wgpu;

fn run(device: &wgpu::Device, queue: &wgpu::Queue) -> Result<(), FrameGraphError> {
    let native = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("state"),
        size: 64,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    let mut graph = FrameGraph::with_device(device);
    let mut frame = graph.begin_frame();
    let state = frame.import_native_buffer("state", &native, InitialContents::Defined)?;
    frame.mark_buffer_root(state, BufferRange::whole(), RootReason::PersistentState)?;
    let mut repeatable = frame.compile(CompileOptions::default())?.into_repeatable()?;
    repeatable.execute(queue)?;
    drop(native);
    repeatable.execute(queue)?;
    Ok(())
}

fn main() {
    let _ = run;
}
