use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, shader = "shaders/binding_points_at_nothing.wgsl")]
struct Blur<'f> {
    #[sampled]
    src: Texture<'f>,
    #[storage_write(overwrite)]
    dst: Texture<'f>,
    #[uniform(binding = 7)]
    params: BufferSlice<'f>,
    #[sampler]
    linear: &'f wgpu::Sampler,
}

fn main() {}
