//! Every buffer role, on `Buffer` (the whole buffer) and `BufferSlice`.

use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Draw<'f> {
    #[uniform]
    camera: BufferSlice<'f>,
    #[vertex]
    vertices: Buffer<'f>,
    #[index]
    indices: BufferSlice<'f>,
    #[indirect]
    args: Buffer<'f>,
    #[storage_read]
    instances: BufferSlice<'f>,
    #[storage_write(overwrite)]
    counters: Buffer<'f>,
    #[color_attachment(load)]
    color: Texture<'f>,
}

#[derive(Pass)]
#[pass(compute)]
struct Dispatch<'f> {
    #[uniform]
    params: Buffer<'f>,
    #[indirect]
    args: BufferSlice<'f>,
    #[storage_write(preserve)]
    state: BufferSlice<'f>,
}

#[derive(Pass)]
#[pass(command)]
struct Copy<'f> {
    #[copy_src]
    src: BufferSlice<'f>,
    #[copy_src]
    whole: Buffer<'f>,
    #[copy_dst(overwrite)]
    dst: Buffer<'f>,
    #[copy_dst(preserve)]
    partial: BufferSlice<'f>,
}

fn main() {}
