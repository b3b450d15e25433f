use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Far<'f> {
    #[storage_write(overwrite, binding = 0, group = 8)]
    out: Buffer<'f>,
    #[uniform(binding = 0, group = 4294967295)]
    params: Buffer<'f>,
}

fn main() {}
