use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Draw<'f> {
    #[color_attachment(clear = 1.0)]
    color: Texture<'f>,
}

fn main() {}
