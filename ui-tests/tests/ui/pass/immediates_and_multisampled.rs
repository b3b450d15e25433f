//! Immediates the shader's entry point reads size the pass's pipeline
//! layout; a multisampled texture is laid out unfilterable unless it says
//! otherwise.

use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, shader = "shaders/immediates.wgsl", entry = "tinted")]
struct Tinted<'f> {
    #[storage_write(overwrite)]
    #[root(output)]
    result: Buffer<'f>,
}

#[derive(Pass)]
#[pass(compute, shader = "shaders/immediates.wgsl", entry = "plain")]
struct Plain<'f> {
    #[storage_write(overwrite)]
    #[root(output)]
    result: Buffer<'f>,
}

#[derive(Pass)]
#[pass(compute)]
struct Resolve<'f> {
    #[sampled(binding = 0, multisampled)]
    samples: Texture<'f>,
    #[storage_write(overwrite, binding = 1)]
    #[root(output)]
    out: Buffer<'f>,
}

const _: () = assert!(<Tinted<'static> as Pass<'static>>::IMMEDIATE_SIZE == 32);
const _: () = assert!(<Plain<'static> as Pass<'static>>::IMMEDIATE_SIZE == 0);
const _: () = assert!(matches!(
    <Resolve<'static> as Pass<'static>>::BIND_GROUPS[0].entries[0].ty,
    wgpu::BindingType::Texture {
        sample_type: wgpu::TextureSampleType::Float { filterable: false },
        multisampled: true,
        ..
    }
));

fn main() {}
