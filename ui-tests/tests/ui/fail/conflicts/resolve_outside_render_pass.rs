use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(command)]
struct Resolve<'f> {
    #[color_attachment(load)]
    msaa: Texture<'f>,
    #[resolve_target(source = msaa)]
    resolved: Texture<'f>,
}

fn main() {}
