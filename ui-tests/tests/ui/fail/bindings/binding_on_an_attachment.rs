use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Shade<'f> {
    #[sampled(binding = 0)]
    src: Texture<'f>,
    #[color_attachment(clear = wgpu::Color::BLACK, binding = 1)]
    target: Texture<'f>,
}

fn main() {}
