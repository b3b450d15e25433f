use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, shader = "shaders/unknown_entry_point.wgsl", entry = "acumulate")]
struct Accumulate<'f> {
    #[storage_write(preserve)]
    dst: Buffer<'f>,
}

fn main() {}
