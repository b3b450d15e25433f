use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Draw<'f> {
    #[vertex]
    vertices: Buffer<'f>,
    #[index]
    indices: Buffer<'f>,
    #[color_attachment(load)]
    color: Texture<'f>,
}

fn record<'f>(frame: &mut Frame<'f>, pass: Draw<'f>) -> Result<(), FrameGraphError> {
    frame.add(pass, |mut cx| {
        cx.pass.set_vertex_buffer(0, cx.indices.slice());
        Ok(())
    })?;
    Ok(())
}

fn main() {}
