use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, shader = "shaders/missing.wgsl")]
struct Blur<'f> {
    #[sampled]
    src: Texture<'f>,
    #[storage_write(overwrite)]
    dst: Texture<'f>,
}

fn main() {}
