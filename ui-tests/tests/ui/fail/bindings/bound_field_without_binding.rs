use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[sampled(binding = 0)]
    src: Texture<'f>,
    #[storage_write(overwrite, binding = 1, format = Rgba8Unorm)]
    dst: Texture<'f>,
    #[uniform]
    params: BufferSlice<'f>,
}

fn main() {}
