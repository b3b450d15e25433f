use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, label = blur)]
struct Blur<'f> {
    #[storage_write(overwrite)]
    dst: Texture<'f>,
}

fn main() {}
