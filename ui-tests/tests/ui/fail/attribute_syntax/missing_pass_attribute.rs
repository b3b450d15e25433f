use zenfg_runtime::prelude::*;

#[derive(Pass)]
struct Blur<'f> {
    #[storage_write(overwrite)]
    dst: Texture<'f>,
}

fn main() {}
