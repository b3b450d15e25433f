//! Field and lifetime names that the generated code also uses internally do
//! not clash with it.

use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Names<'f> {
    #[sampled]
    builder: Texture<'f>,
    #[storage_write(overwrite)]
    #[root(output)]
    frame: Texture<'f>,
    #[uniform]
    resources: Buffer<'f>,
    #[storage_read]
    declared: Option<Buffer<'f>>,
    #[sampled]
    raw: [Texture<'f>; 2],
    #[sampled]
    handle: Vec<TextureView<'f>>,
    #[storage_read]
    item: BufferSlice<'f>,
    #[storage_read]
    r#in: Buffer<'f>,
}

/// A pass whose lifetime has the name the context's lifetime would have.
#[derive(Pass)]
#[pass(compute)]
struct Exec<'cx> {
    #[sampled]
    src: Texture<'cx>,
    #[storage_write(overwrite)]
    dst: Texture<'cx>,
}

fn record<'cx>(frame: &mut Frame<'cx>, pass: Exec<'cx>) -> Result<(), FrameGraphError> {
    frame.add(pass, |cx: ExecContext<'_>| {
        let _entries = [cx.src.sampled_binding(), cx.dst.storage_write_binding()];
        cx.pass.dispatch_workgroups(1, 1, 1);
        Ok(())
    })?;
    Ok(())
}

fn main() {}
