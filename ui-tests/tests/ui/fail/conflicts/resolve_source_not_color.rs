use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Resolve<'f> {
    #[color_attachment(load)]
    color: Texture<'f>,
    #[depth_attachment(load)]
    depth: Texture<'f>,
    #[resolve_target(source = depth)]
    resolved: Texture<'f>,
}

fn main() {}
