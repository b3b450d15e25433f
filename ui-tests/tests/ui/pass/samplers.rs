//! Samplers of each kind, by reference and by value, explicit and from a
//! shader.

use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Explicit<'f> {
    #[sampled(binding = 0)]
    image: Texture<'f>,
    #[sampled(binding = 1, sample_type = depth)]
    depth: Texture<'f>,
    #[sampler(binding = 2)]
    linear: &'f wgpu::Sampler,
    #[sampler(binding = 3, comparison)]
    shadow: wgpu::Sampler,
    #[sampler(non_filtering, group = 1, binding = 0)]
    nearest: &'f wgpu::Sampler,
    #[storage_write(overwrite, binding = 4)]
    out: Buffer<'f>,
}

#[derive(Pass)]
#[pass(compute, shader = "shaders/pass_samplers.wgsl")]
struct FromShader<'f> {
    #[sampled]
    image: Texture<'f>,
    #[sampled]
    depth: Texture<'f>,
    #[sampler]
    linear: wgpu::Sampler,
    #[sampler(comparison)]
    shadow: &'f wgpu::Sampler,
    #[sampler(non_filtering)]
    nearest: wgpu::Sampler,
    #[storage_write(overwrite)]
    out: Buffer<'f>,
}

fn record<'f>(frame: &mut Frame<'f>, explicit: Explicit<'f>, shader: FromShader<'f>) -> Result<(), FrameGraphError> {
    frame.add(explicit, |mut cx| {
        cx.set_bind_groups();
        Ok(())
    })?;
    frame.add(shader, |mut cx| {
        cx.set_bind_groups();
        Ok(())
    })?;
    Ok(())
}

fn main() {
    let _ = record;
}
