#[derive(Pass)]
#[pass(render, shader = "tests/shaders/render.wgsl")]
pub struct Shade<'f> {
    #[uniform]
    camera: BufferSlice<'f>,
    #[storage_read]
    positions: Buffer<'f>,
    #[sampled]
    albedo: TextureView<'f>,
    #[sampler]
    albedo_sampler: &'f wgpu::Sampler,
    #[color_attachment(clear = wgpu::Color::BLACK)]
    #[root(output)]
    target: Texture<'f>,
}
