use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, shader = "shaders/validation_error.wgsl")]
struct Count<'f> {
    #[storage_write(overwrite)]
    dst: Buffer<'f>,
}

fn main() {}
