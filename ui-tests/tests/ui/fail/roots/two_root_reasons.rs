use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[storage_write(overwrite)]
    #[root(output, debug_capture)]
    dst: Texture<'f>,
}

fn main() {}
