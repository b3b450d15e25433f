use zenfg_runtime::prelude::*;

#[derive(Pass)]
struct Blur<'f> {
    #[sampled]
    src: Texture<'f>,
    #[storage_write(overwrite)]
    #[root(output)]
    dst: Texture<'f>,
}

fn record<'f>(frame: &mut Frame<'f>, pass: Blur<'f>) -> Result<(), FrameGraphError> {
    frame.add(pass, |cx: BlurContext<'_>| {
        let size = cx.dst.extent();
        let _ = cx.src.sampled_binding();
        cx.pass.dispatch_workgroups(size.width.div_ceil(8), size.height.div_ceil(8), 1);
        Ok(())
    })?;
    Ok(())
}

fn main() {}
