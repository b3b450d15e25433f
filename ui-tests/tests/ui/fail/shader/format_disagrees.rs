use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, shader = "shaders/format_disagrees.wgsl")]
struct Blur<'f> {
    #[sampled]
    src: Texture<'f>,
    #[storage_write(overwrite, format = Rgba8Unorm)]
    dst: Texture<'f>,
    #[uniform]
    params: BufferSlice<'f>,
    #[sampler]
    linear: &'f wgpu::Sampler,
}

fn main() {}
