use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(command)]
struct Overlay<'f> {
    #[color_attachment(load, slot = 1)]
    target: Texture<'f>,
}

fn main() {}
