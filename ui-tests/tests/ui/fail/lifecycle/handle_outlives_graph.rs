use zenfg_runtime::prelude::*;

fn main() -> Result<(), FrameGraphError> {
    let handle;
    {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        handle = frame.create_buffer(BufferDesc::new("outlives its graph", 16))?;
    }
    println!("{handle:?}");
    Ok(())
}
