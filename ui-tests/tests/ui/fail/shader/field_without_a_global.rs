use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, shader = "shaders/field_without_a_global.wgsl")]
struct Blur<'f> {
    #[sampled]
    src: Texture<'f>,
    #[storage_write(overwrite)]
    dst: Texture<'f>,
    #[uniform]
    parms: BufferSlice<'f>,
    #[sampler]
    linear: &'f wgpu::Sampler,
    #[storage_read]
    weights: Buffer<'f>,
}

fn main() {}
