use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[pass(compute)]
    #[storage_write(overwrite)]
    dst: Texture<'f>,
}

fn main() {}
