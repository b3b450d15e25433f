use zenfg_runtime::prelude::*;

fn main() -> Result<(), FrameGraphError> {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let _compiled = frame.compile(CompileOptions::default())?;
    let _late = frame.compute_pass("after compile");
    Ok(())
}

