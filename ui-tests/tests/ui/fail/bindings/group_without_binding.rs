use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[sampled(group = 1)]
    src: Texture<'f>,
    #[storage_write(overwrite)]
    dst: Buffer<'f>,
}

fn main() {}
