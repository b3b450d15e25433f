use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[uniform]
    params: TextureView<'f>,
    #[storage_write(overwrite)]
    dst: Texture<'f>,
}

fn main() {}
