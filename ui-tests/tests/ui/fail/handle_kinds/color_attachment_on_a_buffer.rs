use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Draw<'f> {
    #[color_attachment(load)]
    color: Buffer<'f>,
}

fn main() {}
