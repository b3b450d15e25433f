#![allow(unused_variables, unused_assignments)]

use zenfg_runtime::prelude::*;

fn record(frame: &mut Frame<'_>) -> Result<(), FrameGraphError> {
    let mut stolen = None;
    frame.render_pass("steal").finish_render(move |cx| {
        stolen = Some(cx.pass);
        Ok(())
    })?;
    Ok(())
}

fn main() {}
