use zenfg_runtime::prelude::*;

// `target` is meant for `dst`, the only storage texture the shader declares
// that no field binds.
#[derive(Pass)]
#[pass(compute, shader = "shaders/pass_compute.wgsl")]
struct Blur<'f> {
    #[sampled]
    src: Texture<'f>,
    #[sampler]
    linear: &'f wgpu::Sampler,
    #[storage_write(overwrite)]
    target: Texture<'f>,
    #[uniform]
    params: BufferSlice<'f>,
}

// Neither misnamed field can be told which variable it means: both could
// bind either buffer.
#[derive(Pass)]
#[pass(compute, shader = "shaders/two_buffers.wgsl")]
struct Sum<'f> {
    #[storage_read]
    first: Buffer<'f>,
    #[storage_read]
    second: Buffer<'f>,
    #[storage_write(overwrite)]
    total: Buffer<'f>,
}

fn main() {}
