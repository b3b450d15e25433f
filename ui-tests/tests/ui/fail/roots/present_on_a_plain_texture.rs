use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Final<'f> {
    #[color_attachment(clear = [0.0, 0.0, 0.0, 1.0])]
    #[root(present)]
    target: Texture<'f>,
}

fn main() {}
