#![allow(unused_variables, unused_assignments)]

use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[sampled]
    src: Texture<'f>,
    #[storage_write(overwrite)]
    dst: Texture<'f>,
}

fn record<'f>(frame: &mut Frame<'f>, pass: Blur<'f>) -> Result<(), FrameGraphError> {
    let mut stolen = None;
    frame.add(pass, move |cx| {
        stolen = Some(cx.src.texture_view_unchecked());
        Ok(())
    })?;
    Ok(())
}

fn main() {}
