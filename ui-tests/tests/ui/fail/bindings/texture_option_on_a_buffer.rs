use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Reduce<'f> {
    #[storage_read(binding = 0, format = R32Float)]
    values: Buffer<'f>,
    #[storage_write(overwrite, binding = 1, dimension = D1)]
    sum: BufferSlice<'f>,
    #[untracked(storage_write, binding = 2, read_write)]
    weights: &'f wgpu::Buffer,
}

fn main() {}
