use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur {
    #[sampled]
    src: Texture<'f>,
    #[storage_write(overwrite)]
    #[root(output)]
    dst: Texture<'f>,
}

fn record(frame: &mut Frame<'_>, pass: Blur) -> Result<(), FrameGraphError> {
    frame.add(pass, |cx: BlurContext<'_>| {
        let size = cx.dst.extent();
        let _ = cx.src.sampled_binding();
        cx.pass.dispatch_workgroups(size.width, size.height, 1);
        Ok(())
    })?;
    Ok(())
}

fn main() {}
