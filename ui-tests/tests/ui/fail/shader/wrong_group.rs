use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, shader = "shaders/wrong_group.wgsl")]
struct Blur<'f> {
    #[sampled]
    src: Texture<'f>,
    #[storage_write(overwrite)]
    dst: Texture<'f>,
    #[uniform(group = 1)]
    params: BufferSlice<'f>,
    #[sampler]
    linear: &'f wgpu::Sampler,
}

fn main() {}
