use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Cascades<'f> {
    #[depth_attachment(clear = 1.0)]
    depth: [Texture<'f>; 4],
}

fn main() {}
