use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(command)]
struct Upload<'f> {
    #[copy_src]
    staging: Buffer<'f>,
    #[copy_dst(overwrite)]
    target: Buffer<'f>,
}

fn record<'f>(frame: &mut Frame<'f>, pass: Upload<'f>) -> Result<(), FrameGraphError> {
    frame.add(pass, |cx| cx.encoder.copy_buffer_view(&cx.target, 0, &cx.staging, 0, 256))?;
    Ok(())
}

fn main() {}
