use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Main<'f> {
    #[color_attachment(clear)]
    color: Texture<'f>,
}

fn main() {}
