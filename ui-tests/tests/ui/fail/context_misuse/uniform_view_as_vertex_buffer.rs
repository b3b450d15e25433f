use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Draw<'f> {
    #[uniform]
    camera: Buffer<'f>,
    #[vertex]
    vertices: Buffer<'f>,
    #[sampled]
    albedo: Texture<'f>,
    #[color_attachment(load)]
    color: Texture<'f>,
}

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[sampled]
    src: Texture<'f>,
    #[storage_write(overwrite)]
    dst: Texture<'f>,
}

fn record<'f>(frame: &mut Frame<'f>, pass: Draw<'f>) -> Result<(), FrameGraphError> {
    frame.add(pass, |mut cx| {
        cx.pass.set_vertex_view(0, &cx.camera)?;
        Ok(())
    })?;
    Ok(())
}

fn main() {}
