use zenfg_runtime::prelude::*;

fn record(frame: &mut Frame<'_>) -> Result<(), FrameGraphError> {
    frame.compute_pass("pass").finish_render(|_| Ok(()))?;
    Ok(())
}

fn main() {}
