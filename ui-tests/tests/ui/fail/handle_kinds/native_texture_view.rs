use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[sampled]
    src: wgpu::TextureView,
    #[storage_write(overwrite)]
    #[root(output)]
    dst: Texture<'f>,
}

fn record<'f>(frame: &mut Frame<'f>, pass: Blur<'f>) -> Result<(), FrameGraphError> {
    frame.add(pass, |cx| {
        let _ = (cx.src.sampled_binding(), cx.dst.storage_write_binding());
        cx.pass.dispatch_workgroups(1, 1, 1);
        Ok(())
    })?;
    Ok(())
}

fn main() {}
