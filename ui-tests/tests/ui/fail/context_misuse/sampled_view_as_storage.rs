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

fn record<'f>(frame: &mut Frame<'f>, pass: Blur<'f>) -> Result<(), FrameGraphError> {
    frame.add(pass, |cx| {
        let _ = cx.src.storage_read_binding();
        Ok(())
    })?;
    Ok(())
}

fn main() {}
