use zenfg_runtime::prelude::*;

// The misspelled option is the one error: a pass that does not bind may call
// a field `bind_groups`, and the callback still sees that field.
#[derive(Pass)]
#[pass(compute, side_efect)]
struct Fill<'f> {
    #[storage_write(overwrite)]
    bind_groups: Buffer<'f>,
}

fn record<'f>(frame: &mut Frame<'f>, pass: Fill<'f>) -> Result<(), FrameGraphError> {
    frame.add(pass, |cx| {
        let _ = cx.bind_groups.storage_write_binding();
        cx.pass.dispatch_workgroups(1, 1, 1);
        Ok(())
    })?;
    Ok(())
}

fn main() {}
