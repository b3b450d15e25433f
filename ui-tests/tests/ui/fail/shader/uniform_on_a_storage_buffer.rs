use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, shader = "shaders/uniform_on_a_storage_buffer.wgsl")]
struct Fill<'f> {
    #[uniform]
    params: BufferSlice<'f>,
    #[storage_write(overwrite)]
    dst: Buffer<'f>,
}

fn main() {}
