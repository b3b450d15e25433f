use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, crate = 3)]
struct Blur<'f> {
    #[storage_write(overwrite)]
    #[root(output)]
    dst: Buffer<'f>,
}

fn main() {}
