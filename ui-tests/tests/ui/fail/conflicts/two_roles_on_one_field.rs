use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[sampled]
    #[storage_write(overwrite)]
    texture: Texture<'f>,
}

fn main() {}
