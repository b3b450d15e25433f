use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[sampled]
    #[root(output)]
    src: Texture<'f>,
    #[storage_write(overwrite)]
    dst: Texture<'f>,
}

fn main() {}
