use zenfg_runtime::prelude::*;

// The misspelled option is the one error: the shader's `data` is not
// reported as a binding without a field.
#[derive(Pass)]
#[pass(compute, shader = "shaders/double.wgsl")]
struct Double<'f> {
    #[storage_write(presrve)]
    data: Buffer<'f>,
}

fn main() {}
