use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(comptue)]
struct Blur<'f> {
    #[storage_write(overwrite)]
    dst: Texture<'f>,
}

fn main() {}
