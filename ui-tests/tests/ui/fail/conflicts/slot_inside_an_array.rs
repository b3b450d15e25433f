use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Gbuffer<'f> {
    #[color_attachment(clear = [0.0, 0.0, 0.0, 1.0])]
    layers: [Texture<'f>; 2],
    #[color_attachment(clear = [0.0, 0.0, 0.0, 1.0], slot = 1)]
    ids: Texture<'f>,
}

fn record<'f>(frame: &mut Frame<'f>, pass: Gbuffer<'f>) -> Result<(), FrameGraphError> {
    frame.add(pass, |cx| {
        cx.pass.draw(0..3, 0..1);
        Ok(())
    })?;
    Ok(())
}

fn main() {}
