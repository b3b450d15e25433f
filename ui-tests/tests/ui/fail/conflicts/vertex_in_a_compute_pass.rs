use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Skin<'f> {
    #[vertex]
    vertices: Buffer<'f>,
    #[storage_write(overwrite)]
    skinned: Buffer<'f>,
}

fn main() {}
