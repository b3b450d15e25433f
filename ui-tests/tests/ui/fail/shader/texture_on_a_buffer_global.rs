use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, shader = "shaders/texture_on_a_buffer_global.wgsl")]
struct Histogram<'f> {
    #[sampled]
    image: Texture<'f>,
    #[storage_read]
    weights: Texture<'f>,
    #[storage_write(preserve)]
    bins: Buffer<'f>,
}

fn main() {}
