use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f, T> {
    #[sampled]
    src: Texture<'f>,
    #[storage_write]
    dst: Texture<'f>,
    #[label]
    name: T,
}

#[derive(Pass)]
#[pass(render)]
struct Draw<'f>(Texture<'f>);

fn record<'f>(frame: &mut Frame<'f>, blur: Blur<'f, String>, target: Texture<'f>) -> Result<(), FrameGraphError> {
    frame.add(blur, |cx: BlurContext<'_>| {
        let _entries = [cx.src.sampled_binding(), cx.dst.storage_write_binding()];
        cx.pass.dispatch_workgroups(8, 8, 1);
        Ok(())
    })?;
    frame.add(Draw(target), |cx: DrawContext<'_>| {
        cx.pass.draw(0..3, 0..1);
        Ok(())
    })?;
    Ok(())
}

fn main() {}
