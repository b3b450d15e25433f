use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, shader = "shaders/storage_write_on_a_read_only_texture.wgsl")]
struct Flatten<'f> {
    #[storage_write(preserve)]
    heights: Texture<'f>,
    #[storage_write(overwrite)]
    dst: Buffer<'f>,
}

fn main() {}
