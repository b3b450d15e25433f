use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Scatter<'f> {
    #[storage_write(overwrite, binding = 0)]
    dst: Buffer<'f>,
    #[untracked]
    params: &'f wgpu::Buffer,
    #[untracked(binding = 2)]
    weights: &'f wgpu::Buffer,
    #[untracked(unifrom, binding = 3)]
    lut: wgpu::Buffer,
    #[untracked(vertex, binding = 4)]
    positions: wgpu::Buffer,
}

fn main() {}
