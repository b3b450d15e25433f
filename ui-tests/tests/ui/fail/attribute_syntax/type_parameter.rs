use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f, T> {
    #[storage_write(overwrite)]
    dst: Texture<'f>,
    #[label]
    name: T,
}

fn main() {}
