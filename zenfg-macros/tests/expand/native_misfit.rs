#[derive(Pass)]
#[pass(compute)]
pub struct Shade<'f> {
    #[storage_write(overwrite, binding = 0)]
    dst: Buffer<'f>,
    #[sampler(binding = 1)]
    linear: &'f wgpu::TextureView,
    #[untracked(uniform, binding = 2)]
    params: &'f wgpu::Buffer,
}
