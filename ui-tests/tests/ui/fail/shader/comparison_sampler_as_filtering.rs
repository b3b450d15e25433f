use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, shader = "shaders/comparison_sampler_as_filtering.wgsl")]
struct Shadow<'f> {
    #[sampled]
    depth: Texture<'f>,
    #[sampler]
    compare: &'f wgpu::Sampler,
    #[storage_write(overwrite)]
    lit: Buffer<'f>,
}

fn main() {}
