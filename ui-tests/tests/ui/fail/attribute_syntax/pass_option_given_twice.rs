use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, label = "blur", side_effect, label = "blur-h", side_effect)]
struct Blur<'f> {
    #[storage_write(overwrite)]
    dst: Buffer<'f>,
}

fn main() {}
