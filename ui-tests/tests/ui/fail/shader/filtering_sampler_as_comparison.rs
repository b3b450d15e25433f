use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, shader = "shaders/filtering_sampler_as_comparison.wgsl")]
struct Blur<'f> {
    #[sampled]
    src: Texture<'f>,
    #[sampler(comparison)]
    linear: wgpu::Sampler,
    #[storage_write(overwrite)]
    dst: Buffer<'f>,
}

fn main() {}
