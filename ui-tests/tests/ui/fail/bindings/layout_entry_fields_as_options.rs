use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Scatter<'f> {
    #[uniform(binding = 0, has_dynamic_offset)]
    params: Buffer<'f>,
    #[storage_write(overwrite, binding = 1, visibility = COMPUTE)]
    out: Buffer<'f>,
    #[untracked(storage_read, binding = 2, min_binding_size = 16)]
    weights: &'f wgpu::Buffer,
}

fn main() {}
