use zenfg_runtime::prelude::*;

// `vs_main` reads @location(0) and @location(1) from a vertex buffer the
// struct does not declare.
#[derive(Pass)]
#[pass(render, shader = "shaders/mesh.wgsl")]
struct DrawMesh<'f> {
    #[color_attachment(clear = wgpu::Color::BLACK)]
    #[root(output)]
    color: Texture<'f>,
}

fn main() {}
