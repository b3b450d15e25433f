use zenfg_runtime::prelude::*;

// The shader reads `data` before writing it: `overwrite` would cull the pass
// that filled it.
#[derive(Pass)]
#[pass(compute, shader = "shaders/double.wgsl")]
struct Double<'f> {
    #[storage_write(overwrite)]
    #[root(output)]
    data: Buffer<'f>,
}

// A read-write storage texture the shader loads.
#[derive(Pass)]
#[pass(compute, shader = "shaders/fade.wgsl")]
struct Fade<'f> {
    #[storage_write(overwrite)]
    #[root(output)]
    trail: Texture<'f>,
}

// `reads_own_writes` belongs to `overwrite`: `preserve` keeps the contents.
#[derive(Pass)]
#[pass(compute, shader = "shaders/double.wgsl")]
struct Both<'f> {
    #[storage_write(preserve, reads_own_writes)]
    #[root(output)]
    data: Buffer<'f>,
}

fn main() {}
