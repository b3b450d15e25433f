use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(command)]
struct Upload<'f> {
    #[copy_src(group = 1)]
    staging: Buffer<'f>,
    #[copy_dst(overwrite)]
    target: Texture<'f>,
}

fn main() {}
