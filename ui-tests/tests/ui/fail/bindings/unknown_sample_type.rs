use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[sampled(binding = 0, sample_type = unfiltered_float)]
    src: Texture<'f>,
    #[storage_write(overwrite, binding = 1)]
    dst: Buffer<'f>,
}

fn main() {}
