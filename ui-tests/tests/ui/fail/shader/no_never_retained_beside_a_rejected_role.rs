use zenfg_runtime::prelude::*;

// The read-only role the shader rejects is the one error: the pass "writes
// nothing" only because of it, so that is not reported too.
#[derive(Pass)]
#[pass(compute, shader = "shaders/double.wgsl")]
struct Double<'f> {
    #[storage_read]
    data: Buffer<'f>,
}

fn main() {}
