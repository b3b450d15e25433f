use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Layers<'f> {
    #[color_attachment(load)]
    layers: Vec<Texture<'f>>,
    #[color_attachment(load)]
    overlay: Texture<'f>,
}

fn main() {}
