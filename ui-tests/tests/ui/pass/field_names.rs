//! Field names that the generated code also uses internally do not clash
//! with it.

use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Names<'f> {
    #[sampled]
    builder: Texture<'f>,
    #[storage_write(overwrite)]
    #[root(output)]
    frame: Texture<'f>,
    #[uniform]
    resources: Buffer<'f>,
    #[storage_read]
    declared: Option<Buffer<'f>>,
    #[sampled]
    raw: [Texture<'f>; 2],
    #[sampled]
    handle: Vec<TextureView<'f>>,
    #[storage_read]
    item: BufferSlice<'f>,
}

fn main() {}
