#[derive(Pass)]
#[pass(render, label = "main")]
struct Main<'f> {
    #[sampled]
    shadows: [TextureView<'f>; 4],
    #[vertex]
    vertices: BufferSlice<'f>,
    #[color_attachment(clear = wgpu::Color::BLACK, discard)]
    msaa: Texture<'f>,
    #[color_attachment(load, slot = 0)]
    ids: Texture<'f>,
    #[depth_attachment(clear = 1.0)]
    depth: Option<Texture<'f>>,
    #[resolve_target(source = msaa)]
    #[root(present)]
    surface: SurfaceTexture<'f>,
}
