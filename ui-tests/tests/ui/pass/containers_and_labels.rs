//! `Option`, arrays and `Vec` of handles, runtime labels, static labels and
//! side effects.

use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Mrt<'f> {
    #[color_attachment(load)]
    targets: [Texture<'f>; 3],
    #[color_attachment(load)]
    extra: Option<TextureView<'f>>,
    #[color_attachment(load)]
    more: Vec<Texture<'f>>,
    #[sampled]
    inputs: Vec<TextureView<'f>>,
    #[vertex]
    streams: [BufferSlice<'f>; 2],
    #[uniform]
    optional: Option<Buffer<'f>>,
}

#[derive(Pass)]
#[pass(compute)]
struct Gather<'f> {
    #[storage_read]
    buffers: Vec<Buffer<'f>>,
    #[uniform]
    params: Vec<BufferSlice<'f>>,
    #[storage_write(overwrite)]
    outputs: Vec<BufferSlice<'f>>,
}

#[derive(Pass)]
#[pass(compute)]
struct Downsample<'f> {
    #[label]
    label: String,
    #[sampled]
    src: TextureView<'f>,
    #[storage_write(overwrite)]
    #[root(debug_capture)]
    dst: TextureView<'f>,
}

#[derive(Pass)]
#[pass(compute, label = "static label", side_effect)]
struct Probe<'f> {
    #[storage_read]
    data: Buffer<'f>,
}

#[derive(Pass)]
#[pass(external)]
struct Fence;

#[derive(Pass)]
#[pass(command, label = "marker")]
struct Marker {
    #[label]
    name: &'static str,
}

fn main() {}
