use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[sampled]
    src: Texture<'f>,
    #[storage_write]
    dst: Texture<'f>,
    params: Buffer<'f>,
    #[uniform(slot = 0)]
    weights: Vec<BufferSlice<'f>>,
}

fn bind<'cx>(_: &impl AsUniformBinding<'cx>) {}

fn record<'f>(frame: &mut Frame<'f>, pass: Blur<'f>) -> Result<(), FrameGraphError> {
    frame.add(pass, |cx: BlurContext<'_>| {
        let _entries = [cx.src.sampled_binding(), cx.dst.storage_write_binding(), cx.params.uniform_binding()];
        bind(&cx.params);
        let _ = (cx.params.offset(), cx.params.size(), cx.weights.len());
        cx.pass.dispatch_workgroups(8, 8, 1);
        Ok(())
    })?;
    Ok(())
}

fn main() {}
