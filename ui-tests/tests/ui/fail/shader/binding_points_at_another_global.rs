use zenfg_runtime::prelude::*;

// `binding = 1` is `linear` in the shader, while `src` is at binding 0.
#[derive(Pass)]
#[pass(compute, shader = "shaders/pass_compute.wgsl")]
struct Blur<'f> {
    #[sampled(binding = 1)]
    src: Texture<'f>,
    #[storage_write(overwrite)]
    dst: Texture<'f>,
    #[uniform]
    params: BufferSlice<'f>,
    #[sampler]
    linear: &'f wgpu::Sampler,
}

fn main() {}
