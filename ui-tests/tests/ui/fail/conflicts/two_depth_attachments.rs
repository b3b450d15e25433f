use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Main<'f> {
    #[color_attachment(load)]
    color: Texture<'f>,
    #[depth_attachment(load)]
    depth: Texture<'f>,
    #[depth_read]
    shadow: Texture<'f>,
}

fn main() {}
