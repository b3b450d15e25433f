use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Shadow<'f> {
    #[depth_attachment(clear = 2.0)]
    depth: Texture<'f>,
}

#[derive(Pass)]
#[pass(render)]
struct Reversed<'f> {
    #[color_attachment(clear = wgpu::Color::BLACK)]
    color: Texture<'f>,
    #[depth_attachment(clear = -1.0, discard)]
    depth: Texture<'f>,
}

fn main() {}
