use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[sampled(binding = 0)]
    layers: [Texture<'f>; 2],
    #[uniform(binding = 1)]
    params: Option<BufferSlice<'f>>,
    #[storage_write(overwrite, binding = 2)]
    outputs: Vec<Buffer<'f>>,
}

fn main() {}
