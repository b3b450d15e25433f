use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render, shader = "shaders/vertex_only.wgsl")]
struct Scene<'f> {
    #[color_attachment(clear = [0.0, 0.0, 0.0, 1.0])]
    color: Texture<'f>,
}

fn main() {}
