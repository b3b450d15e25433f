use zenfg_runtime::prelude::*;

fn main() -> Result<(), FrameGraphError> {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let old = frame.create_buffer(BufferDesc::new("old", 16))?;
    let mut next = graph.begin_frame();
    let mut pass = next.compute_pass("uses the old handle");
    let _ = pass.storage_buffer_write(old, BufferRange::whole(), WriteContents::Overwrite)?;
    Ok(())
}

