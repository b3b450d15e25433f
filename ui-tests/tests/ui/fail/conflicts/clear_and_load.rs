use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Main<'f> {
    #[color_attachment(clear = [0.0, 0.0, 0.0, 1.0], load, store, discard)]
    color: Texture<'f>,
}

fn main() {}
