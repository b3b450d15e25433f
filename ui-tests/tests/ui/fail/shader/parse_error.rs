use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, shader = "shaders/parse_error.wgsl")]
struct Scale<'f> {
    #[storage_write(overwrite)]
    dst: Buffer<'f>,
}

fn main() {}
