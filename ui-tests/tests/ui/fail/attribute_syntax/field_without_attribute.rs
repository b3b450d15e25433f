use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[storage_write(overwrite)]
    dst: Texture<'f>,
    radius: f32,
}

fn main() {}
