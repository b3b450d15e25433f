use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Count<'f> {
    #[untracked(storage_write, binding = 0)]
    counters: &'f wgpu::Buffer,
    #[untracked(uniform, binding = 1)]
    params: &'f wgpu::Buffer,
}

fn main() {}
