use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, shader = "shaders/sampled_on_a_storage_texture.wgsl")]
struct Copy<'f> {
    #[sampled]
    src: Texture<'f>,
    #[storage_write(overwrite)]
    dst: Buffer<'f>,
}

fn main() {}
