use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[sampled(binding = 0)]
    src: Texture<'f>,
    #[storage_write(overwrite, binding = 1)]
    bind_groups: Buffer<'f>,
}

fn record<'f>(frame: &mut Frame<'f>, pass: Blur<'f>) -> Result<(), FrameGraphError> {
    frame.add(pass, |mut cx| {
        cx.set_bind_groups();
        let _ = cx.bind_groups.get(0);
        let _ = cx.src.sampled_binding();
        Ok(())
    })?;
    Ok(())
}

fn main() {}
