use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Store<'f> {
    #[storage_write(overwrite, binding = 0, format = rgba8unorm)]
    wgsl_spelling: Texture<'f>,
    #[storage_write(overwrite, binding = 1, format = Rgba16Flaot)]
    misspelled: Texture<'f>,
    #[storage_write(overwrite, binding = 2, format = Depth32Float)]
    depth: Texture<'f>,
}

fn main() {}
