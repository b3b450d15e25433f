use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Draw<'f> {
    #[copy_src]
    src: Texture<'f>,
    #[color_attachment(load)]
    color: Texture<'f>,
}

fn main() {}
