use zenfg_runtime::prelude::*;

fn main() -> Result<(), FrameGraphError> {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let log = vec![String::from("ran")];
    frame.command_pass("work").finish_command_repeatable(move |_| {
        drop(log);
        Ok(())
    })?;
    drop(frame);
    Ok(())
}
