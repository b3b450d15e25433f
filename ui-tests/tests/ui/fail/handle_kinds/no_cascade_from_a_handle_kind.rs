use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Draw<'f> {
    #[vertex]
    vertices: Texture<'f>,
    #[storage_read]
    instances: [u32; 2],
    #[color_attachment(load)]
    color: Texture<'f>,
}

fn record<'f>(frame: &mut Frame<'f>, pass: Draw<'f>) -> Result<(), FrameGraphError> {
    frame.add(pass, |cx: DrawContext<'_>| {
        cx.pass.set_vertex_view(0, &cx.vertices)?;
        let _ = cx.instances.map(|instances| instances.storage_read_binding());
        cx.pass.draw(0..3, 0..1);
        Ok(())
    })?;
    Ok(())
}

fn main() {}
