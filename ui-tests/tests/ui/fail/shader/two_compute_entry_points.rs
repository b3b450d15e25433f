use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, shader = "shaders/two_compute_entry_points.wgsl")]
struct Accumulate<'f> {
    #[storage_write(preserve)]
    dst: Buffer<'f>,
}

fn main() {}
