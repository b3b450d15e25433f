use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[sampled(binding = 0)]
    src: Texture<'f>,
    #[storage_write(overwrite, binding = 1)]
    dst: Texture<'f>,
}

fn main() {}
