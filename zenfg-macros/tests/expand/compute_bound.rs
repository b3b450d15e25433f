#[derive(Pass)]
#[pass(compute)]
pub struct Blur<'f> {
    #[sampled(binding = 0)]
    src: TextureView<'f>,
    #[storage_write(overwrite, binding = 1, format = Rgba16Float)]
    #[root(output)]
    dst: Texture<'f>,
    #[uniform(binding = 0, group = 1)]
    params: BufferSlice<'f>,
    #[sampler(binding = 2)]
    linear: &'f wgpu::Sampler,
    #[untracked(storage_read, binding = 3)]
    weights: &'f wgpu::Buffer,
}
