//! Every root reason, on every written role and on containers.

use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Roots<'f> {
    #[storage_write(overwrite)]
    #[root(output)]
    output: Texture<'f>,
    #[storage_write(preserve)]
    #[root(persistent_state)]
    state: BufferSlice<'f>,
    #[storage_write(overwrite)]
    #[root(debug_capture)]
    captures: Vec<TextureView<'f>>,
    #[storage_write(overwrite)]
    #[root(output)]
    optional: Option<Buffer<'f>>,
}

#[derive(Pass)]
#[pass(render)]
struct Present<'f> {
    #[color_attachment(clear = [0.0, 0.0, 0.0, 1.0])]
    #[root(present)]
    surface: SurfaceTexture<'f>,
    #[depth_attachment(clear = 1.0)]
    #[root(debug_capture)]
    depth: Texture<'f>,
}

#[derive(Pass)]
#[pass(command)]
struct Copy<'f> {
    #[copy_dst(overwrite)]
    #[root(output)]
    dst: [Buffer<'f>; 2],
    // A readback root is a buffer a pass copies into.
    #[copy_dst(overwrite)]
    #[root(readback)]
    readback: BufferSlice<'f>,
}

fn main() {}
