use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, shader = "shaders/filtering_sampler_on_an_integer_texture.wgsl")]
struct Pick<'f> {
    #[sampled]
    ids: Texture<'f>,
    #[sampler]
    pick: &'f wgpu::Sampler,
    #[storage_write(overwrite)]
    out: BufferSlice<'f>,
}

fn main() {}
