use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, shader = "shaders/sample_in_compute.wgsl")]
struct Blur<'f> {
    #[sampled]
    source: Texture<'f>,
    #[sampler]
    linear: &'f wgpu::Sampler,
    #[storage_write(overwrite)]
    #[root(output)]
    out: Buffer<'f>,
}

#[derive(Pass)]
#[pass(render, shader = "shaders/barrier_in_fragment.wgsl")]
struct Paint<'f> {
    #[color_attachment(clear = wgpu::Color::BLACK)]
    #[root(output)]
    target: Texture<'f>,
}

#[derive(Pass)]
#[pass(render, shader = "shaders/derivative_in_vertex.wgsl")]
struct Shade<'f> {
    #[color_attachment(clear = wgpu::Color::BLACK)]
    #[root(output)]
    target: Texture<'f>,
}

fn main() {}
