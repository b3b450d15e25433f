use zenfg_runtime::prelude::*;

// `entry` without a shader picks nothing.
#[derive(Pass)]
#[pass(compute, entry = "main")]
struct NoShader<'f> {
    #[storage_write(overwrite)]
    dst: Buffer<'f>,
}

// A render pass picks its entry points with `vertex` and `fragment`; which
// stage `entry` meant is not known, so the shader's two fragment entry points
// are reported too.
#[derive(Pass)]
#[pass(render, shader = "shaders/pass_render.wgsl", entry = "fs_opaque")]
struct RenderWithEntry<'f> {
    #[vertex]
    vertices: Buffer<'f>,
    #[uniform]
    camera: BufferSlice<'f>,
    #[untracked(uniform)]
    tint: &'f wgpu::Buffer,
    #[sampled]
    albedo: Texture<'f>,
    #[sampler]
    linear: &'f wgpu::Sampler,
    #[sampled]
    mask: Texture<'f>,
    #[color_attachment(load)]
    target: Texture<'f>,
}

// A compute pass picks its entry points with `entry`; the misplaced
// `fragment` still picks one of the shader's two, so only this is reported.
#[derive(Pass)]
#[pass(compute, shader = "shaders/pass_compute_entries.wgsl", fragment = "accumulate")]
struct ComputeWithFragment<'f> {
    #[storage_read]
    samples: Buffer<'f>,
    #[storage_write(preserve)]
    sums: Buffer<'f>,
}

// A command pass is checked against every entry point of its shader.
#[derive(Pass)]
#[pass(command, shader = "shaders/pass_command.wgsl", entry = "main")]
struct CommandWithEntry<'f> {
    #[storage_read]
    input: Buffer<'f>,
    #[storage_write(overwrite)]
    output: Buffer<'f>,
}

fn main() {}
