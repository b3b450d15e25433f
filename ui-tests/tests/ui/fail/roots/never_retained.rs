use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Probe<'f> {
    #[sampled]
    src: Texture<'f>,
    #[uniform]
    params: Buffer<'f>,
}

fn main() {}
