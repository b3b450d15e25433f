use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Draw<'f> {
    #[vertex]
    vertices: Option<Texture<'f>>,
    #[color_attachment(load)]
    color: Texture<'f>,
}

fn main() {}
