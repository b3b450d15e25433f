use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Main<'f> {
    #[color_attachment(load, slot = 2)]
    albedo: Texture<'f>,
    #[color_attachment(load)]
    normal: Texture<'f>,
}

fn main() {}
