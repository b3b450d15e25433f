use zenfg_runtime::prelude::*;

type Target<'f> = Texture<'f>;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[sampled(binding = 0)]
    src: Texture<'f>,
    #[storage_write(overwrite, binding = 1)]
    dst: Target<'f>,
}

fn main() {}
