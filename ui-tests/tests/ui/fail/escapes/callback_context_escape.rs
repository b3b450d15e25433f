#![allow(unused_variables, unused_assignments)]

use zenfg_runtime::prelude::*;

fn record(frame: &mut Frame<'_>) -> Result<(), FrameGraphError> {
    let mut stolen = None;
    frame.command_pass("steal").finish_command(move |cx| {
        stolen = Some(cx.encoder);
        Ok(())
    })?;
    Ok(())
}

fn main() {}
