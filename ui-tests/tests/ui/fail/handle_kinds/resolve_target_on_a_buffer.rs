use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Resolve<'f> {
    #[color_attachment(load)]
    msaa: Texture<'f>,
    #[resolve_target(source = msaa)]
    resolved: Buffer<'f>,
}

fn main() {}
