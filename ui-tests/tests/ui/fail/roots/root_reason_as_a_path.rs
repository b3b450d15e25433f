use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[storage_write(overwrite)]
    #[root(RootReason::Output)]
    dst: Texture<'f>,
}

fn record<'f>(frame: &mut Frame<'f>, pass: Blur<'f>) -> Result<(), FrameGraphError> {
    frame.add(pass, |cx| {
        let size = cx.dst.extent();
        cx.pass.dispatch_workgroups(size.width, size.height, 1);
        Ok(())
    })?;
    Ok(())
}

fn main() {}
