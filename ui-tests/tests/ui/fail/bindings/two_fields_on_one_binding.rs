use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[sampled(binding = 0)]
    src: Texture<'f>,
    #[storage_write(overwrite, binding = 0)]
    dst: Buffer<'f>,
    #[uniform(binding = 0, group = 1)]
    params: Buffer<'f>,
}

fn main() {}
