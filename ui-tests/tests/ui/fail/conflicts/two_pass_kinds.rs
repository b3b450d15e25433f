use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, render)]
struct Blur<'f> {
    #[storage_write(overwrite)]
    dst: Texture<'f>,
}

fn main() {}
