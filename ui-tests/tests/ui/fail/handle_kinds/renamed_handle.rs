//! A handle imported under another handle's name: the spelling misleads the
//! derive, and the pass still does not compile.

use zenfg_runtime::prelude::*;
use zenfg_runtime::Texture as Buffer;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[sampled]
    src: Buffer<'f>,
    #[storage_write(overwrite)]
    dst: Texture<'f>,
}

fn main() {}
