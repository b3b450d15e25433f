use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Main<'f> {
    #[color_attachment(load, slot = 1)]
    albedo: Texture<'f>,
    #[color_attachment(load, slot = 1)]
    normal: Texture<'f>,
}

fn main() {}
