use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Scatter<'f> {
    #[storage_write(overwrite)]
    dst: Buffer<'f>,
    #[untracked(uniform)]
    params: &'f wgpu::Buffer,
}

fn main() {}
