use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Resolve<'f> {
    #[color_attachment(clear = [0.0, 0.0, 0.0, 1.0], discard)]
    msaa: Texture<'f>,
    #[color_attachment(clear = [0.0, 0.0, 0.0, 1.0], discard)]
    bloom: Texture<'f>,
    #[resolve_target(source = msaa, source = bloom)]
    resolved: Texture<'f>,
}

fn main() {}
