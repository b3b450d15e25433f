use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, shader = "shaders/unsupported_bindings.wgsl")]
struct Composite<'f> {
    #[sampled]
    layers: Texture<'f>,
    #[storage_write(preserve)]
    counts: Texture<'f>,
    #[storage_write(overwrite)]
    dst: Buffer<'f>,
}

fn main() {}
