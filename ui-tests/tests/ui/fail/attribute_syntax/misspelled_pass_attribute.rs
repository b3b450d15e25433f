use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pas(compute, lable = "blur")]
struct Blur<'f> {
    #[storage_write(overwrite)]
    dst: Texture<'f>,
}

fn main() {}
