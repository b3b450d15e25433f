use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Shadow<'f> {
    #[depth_attachment(clear = 1.0, slot = 0)]
    depth: Texture<'f>,
}

fn main() {}
