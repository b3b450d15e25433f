use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Reduce<'f> {
    #[storage_read]
    input: Buffer<'f>,
    #[storage_write(overwrite)]
    output: Buffer<'f>,
}

/// A helper that binds the buffer it writes.
fn bind_output<'cx>(_: &impl AsStorageWriteBinding<'cx>) {}

fn record<'f>(frame: &mut Frame<'f>, pass: Reduce<'f>) -> Result<(), FrameGraphError> {
    frame.add(pass, |cx| {
        bind_output(&cx.output);
        bind_output(&cx.input);
        Ok(())
    })?;
    Ok(())
}

fn main() {}
