use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[sampled(binding = 0, binding = 1)]
    src: Texture<'f>,
    #[storage_write(overwrite, binding = 2)]
    dst: Buffer<'f>,
}

fn main() {}
