use zenfg_runtime::prelude::*;
use zenfg_runtime::wgpu;

fn run(device: &wgpu::Device, queue: &wgpu::Queue) -> Result<(), FrameGraphError> {
    let mut graph = FrameGraph::with_device(device);
    let mut frame = graph.begin_frame();
    frame.command_pass("work").finish_command_repeatable(|_| Ok(()))?;
    let mut repeatable = frame.compile(CompileOptions::default())?.into_repeatable()?;
    let other = graph.begin_frame();
    repeatable.execute(queue)?;
    drop(other);
    Ok(())
}

fn main() {
    let _ = run;
}
