use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Shade<'f> {
    #[storage_write(overwrite, binding = 0)]
    dst: Buffer<'f>,
    #[untracked(uniform, binding = 1)]
    params: &'f wgpu::TextureView,
    #[untracked(sampled, binding = 2)]
    lut: wgpu::Buffer,
    #[untracked(storage_read, binding = 3)]
    linear: &'f wgpu::Sampler,
}

fn main() {}
