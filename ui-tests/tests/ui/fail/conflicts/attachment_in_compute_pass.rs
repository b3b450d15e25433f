use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[color_attachment(load)]
    color: Texture<'f>,
    #[depth_read]
    depth: Texture<'f>,
}

fn main() {}
