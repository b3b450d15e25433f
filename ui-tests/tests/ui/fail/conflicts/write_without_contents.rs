use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[storage_write]
    dst: Texture<'f>,
}

fn main() {}
