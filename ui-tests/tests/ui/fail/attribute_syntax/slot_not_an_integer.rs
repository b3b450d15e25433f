use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Main<'f> {
    #[color_attachment(load, slot = "one")]
    color: Texture<'f>,
}

fn main() {}
