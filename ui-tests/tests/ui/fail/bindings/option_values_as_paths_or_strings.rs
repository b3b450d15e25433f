use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Store<'f> {
    #[storage_write(overwrite, binding = 0, format = wgpu::TextureFormat::R32Float)]
    path: Texture<'f>,
    #[storage_write(overwrite, binding = 1, format = "r32float")]
    string: Texture<'f>,
    #[sampled(binding = 2, sample_type = "uint", dimension = wgpu::TextureViewDimension::D3)]
    volume: Texture<'f>,
    #[sampled(binding = 3, dimension = 3)]
    unknown: Texture<'f>,
}

fn main() {}
