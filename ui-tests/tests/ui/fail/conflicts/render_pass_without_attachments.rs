use zenfg_runtime::prelude::*;

// A storage write does not make a render pass: wgpu begins none without an
// attachment. Reported once, not also as a pass that writes nothing.
#[derive(Pass)]
#[pass(render)]
struct Scatter<'f> {
    #[storage_write(overwrite)]
    points: Buffer<'f>,
}

#[derive(Pass)]
#[pass(render, side_effect)]
struct Draw<'f> {
    #[uniform]
    camera: Buffer<'f>,
}

fn main() {}
