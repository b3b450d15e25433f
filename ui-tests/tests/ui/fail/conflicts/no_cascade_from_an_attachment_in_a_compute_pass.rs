use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Tint<'f> {
    #[color_attachment(load)]
    color: Texture<'f>,
    #[storage_write(overwrite)]
    #[root(output)]
    dst: Texture<'f>,
}

fn record<'f>(frame: &mut Frame<'f>, pass: Tint<'f>) -> Result<(), FrameGraphError> {
    frame.add(pass, |cx: TintContext<'_>| {
        let _ = (cx.color.extent(), cx.dst.storage_write_binding());
        cx.pass.dispatch_workgroups(1, 1, 1);
        Ok(())
    })?;
    Ok(())
}

fn main() {}
