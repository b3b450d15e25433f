use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Resolve<'f> {
    #[color_attachment(clear = [0.0, 0.0, 0.0, 1.0], discard)]
    msaa: Texture<'f>,
    #[resolve_target(source = msa)]
    resolved: Texture<'f>,
}

fn main() {}
