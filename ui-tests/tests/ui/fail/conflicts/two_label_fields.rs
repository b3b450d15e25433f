use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[label]
    name: String,
    #[label]
    other: String,
    #[storage_write(overwrite)]
    dst: Texture<'f>,
}

fn main() {}
