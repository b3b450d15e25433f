use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Shadow<'f> {
    #[sampled]
    depth: Texture<'f>,
    #[storage_write(overwrite)]
    dst: Buffer<'f>,
    #[sampler(comparison, non_filtering)]
    compare: &'f wgpu::Sampler,
}

fn record<'f>(frame: &mut Frame<'f>, pass: Shadow<'f>) -> Result<(), FrameGraphError> {
    frame.add(pass, |mut cx| {
        cx.set_bind_groups();
        let _ = cx.bind_groups.get(0);
        let _ = (cx.depth.sampled_binding(), cx.dst.storage_write_binding());
        cx.pass.dispatch_workgroups(1, 1, 1);
        Ok(())
    })?;
    Ok(())
}

fn main() {}
