//! Handle types spelled through a path or an alias, which only the role
//! traits resolve.

use zenfg_runtime::prelude::*;

type Scratch<'f> = Buffer<'f>;
type Target<'f> = zenfg_runtime::TextureView<'f>;

#[derive(Pass)]
#[pass(compute)]
struct Aliased<'f> {
    #[storage_read]
    scratch: Scratch<'f>,
    #[storage_write(overwrite)]
    target: Target<'f>,
    #[sampled]
    full_path: zenfg_runtime::Texture<'f>,
    #[uniform]
    params: Option<Scratch<'f>>,
}

fn record<'f>(frame: &mut Frame<'f>, pass: Aliased<'f>) -> Result<(), FrameGraphError> {
    frame.add(pass, |cx: AliasedContext<'_>| {
        let _entries =
            [cx.scratch.storage_read_binding(), cx.target.storage_write_binding(), cx.full_path.sampled_binding()];
        let _ = cx.params.map(|params| params.uniform_binding());
        Ok(())
    })?;
    Ok(())
}

fn main() {}
