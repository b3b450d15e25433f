use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Bloom<'f> {
    #[storage_write(overwrite)]
    #[root(output)]
    dst: Texture<'f>,
    #[label]
    level: u32,
}

fn main() {}
