use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[sampled]
    src: Buffer<'f>,
    #[storage_write(overwrite)]
    dst: Texture<'f>,
}

fn main() {}
