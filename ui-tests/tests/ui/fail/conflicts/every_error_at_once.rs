use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[sampeld]
    src: Texture<'f>,
    #[storage_write]
    dst: Texture<'f>,
    #[uniform(slot = 0)]
    params: Buffer<'f>,
    #[storage_read]
    #[root(output)]
    input: Buffer<'f>,
}

fn main() {}
