#[derive(Pass)]
#[pass(compute, shader = "tests/shaders/blur.wgsl")]
pub struct Blur<'f> {
    #[sampled]
    src: TextureView<'f>,
    #[sampler]
    samp: &'f wgpu::Sampler,
    #[storage_write(overwrite)]
    #[root(output)]
    dst: Texture<'f>,
    #[uniform]
    params: BufferSlice<'f>,
}
