use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Shadow<'f> {
    #[sampled(binding = 0, sample_type = depth)]
    depth: Texture<'f>,
    #[storage_write(overwrite, binding = 1)]
    dst: Buffer<'f>,
    #[sampler(comparison, binding = 2, non_filtering)]
    compare: &'f wgpu::Sampler,
}

fn main() {}
