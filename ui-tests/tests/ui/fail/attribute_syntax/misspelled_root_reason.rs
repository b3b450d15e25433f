use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[storage_write(overwrite)]
    #[root(ouput)]
    dst: Texture<'f>,
}

fn main() {}
