use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Draw<'f> {
    #[vertex(binding = 0)]
    vertices: Buffer<'f>,
    #[color_attachment(load)]
    target: Texture<'f>,
}

fn main() {}
