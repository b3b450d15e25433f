//! Passes whose bindings come from their WGSL shader: a compute pass matched
//! by name, with explicit binding numbers and with a named entry point; a
//! render pass whose bindings are visible to the stages that use them; a
//! command pass; raw identifiers binding globals named like Rust keywords.

use wgpu::ShaderStages;
use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, shader = "shaders/pass_compute.wgsl")]
struct ByName<'f> {
    #[sampled]
    src: Texture<'f>,
    #[sampler]
    linear: &'f wgpu::Sampler,
    #[storage_write(overwrite)]
    dst: Texture<'f>,
    #[uniform]
    params: BufferSlice<'f>,
}

#[derive(Pass)]
#[pass(compute, shader = "shaders/pass_compute.wgsl")]
struct ByBinding<'f> {
    #[sampled(binding = 0)]
    source: TextureView<'f>,
    #[sampler(binding = 1)]
    filter: wgpu::Sampler,
    #[storage_write(overwrite, binding = 0, group = 1, format = Rgba16Float)]
    target: Texture<'f>,
    #[uniform(binding = 1, group = 1)]
    settings: Buffer<'f>,
}

#[derive(Pass)]
#[pass(compute, shader = "shaders/pass_compute_entries.wgsl", entry = "accumulate")]
struct Accumulate<'f> {
    #[storage_read]
    samples: Buffer<'f>,
    #[storage_write(preserve)]
    sums: Buffer<'f>,
}

#[derive(Pass)]
#[pass(compute, shader = "shaders/keyword_names.wgsl")]
struct Keywords<'f> {
    #[storage_read]
    r#gen: Buffer<'f>,
    #[storage_write(overwrite)]
    #[root(output)]
    r#out: Buffer<'f>,
    #[uniform]
    r#dyn: BufferSlice<'f>,
}

/// A scratch buffer the shader reads only after writing it itself.
#[derive(Pass)]
#[pass(compute, shader = "shaders/double.wgsl")]
struct Scratch<'f> {
    #[storage_write(overwrite, reads_own_writes)]
    #[root(output)]
    data: Buffer<'f>,
}

#[derive(Pass)]
#[pass(compute, shader = "shaders/double.wgsl")]
struct DoubleInPlace<'f> {
    #[storage_write(preserve)]
    #[root(output)]
    data: Buffer<'f>,
}

#[derive(Pass)]
#[pass(compute, shader = "shaders/context_names.wgsl")]
struct ContextNames<'f> {
    #[storage_read(binding = 0)]
    device_binding: Buffer<'f>,
    #[storage_write(preserve, binding = 3, group = 1)]
    #[root(output)]
    frame_index_binding: Buffer<'f>,
}

#[derive(Pass)]
#[pass(render, shader = "shaders/pass_render.wgsl", fragment = "fs_opaque")]
struct Draw<'f> {
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
    #[color_attachment(clear = wgpu::Color::BLACK)]
    target: Texture<'f>,
}

// One pass whose two pipelines run both fragment entry points: it binds what either uses.
#[derive(Pass)]
#[pass(render, shader = "shaders/pass_render.wgsl", fragment = ["fs_opaque", "fs_masked"])]
struct DrawBoth<'f> {
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

#[derive(Pass)]
#[pass(render, shader = "shaders/pass_render.wgsl", vertex = "vs_main", fragment = "fs_masked")]
struct DrawMasked<'f> {
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

#[derive(Pass)]
#[pass(command, shader = "shaders/pass_command.wgsl")]
struct Encode<'f> {
    #[storage_read]
    input: BufferSlice<'f>,
    #[storage_write(overwrite)]
    output: Buffer<'f>,
}

/// The stages each entry of group `group` of `groups` is visible to.
const fn visibility(groups: &[zenfg_runtime::BindGroupTable], group: usize, entry: usize) -> u32 {
    groups[group].entries[entry].visibility.bits()
}

// The camera is used by the vertex stage, the tint by both, the texture and
// sampler by the fragment stage.
const _: () = {
    let groups = <Draw<'static> as Pass<'static>>::BIND_GROUPS;
    assert!(visibility(groups, 0, 0) == ShaderStages::VERTEX.bits());
    assert!(visibility(groups, 0, 1) == ShaderStages::VERTEX_FRAGMENT.bits());
    assert!(visibility(groups, 1, 0) == ShaderStages::FRAGMENT.bits());
    assert!(visibility(groups, 1, 1) == ShaderStages::FRAGMENT.bits());
    assert!(<Encode<'static> as Pass<'static>>::BIND_GROUPS[0].entries.len() == 2);
};

fn record<'f>(
    frame: &mut Frame<'f>,
    by_name: ByName<'f>,
    draw: Draw<'f>,
    encode: Encode<'f>,
) -> Result<(), FrameGraphError> {
    frame.add(by_name, |mut cx| {
        cx.set_bind_groups();
        cx.pass.dispatch_workgroups(8, 8, 1);
        Ok(())
    })?;
    frame.add(draw, |mut cx| {
        cx.set_bind_groups();
        let _ = cx.bind_groups.get(1);
        cx.pass.draw(0..3, 0..1);
        Ok(())
    })?;
    frame.add(encode, |cx| {
        let _ = (cx.bind_groups.get(0), &cx.encoder);
        Ok(())
    })?;
    Ok(())
}

fn layouts(device: &wgpu::Device) -> [wgpu::PipelineLayout; 10] {
    [
        ByName::pipeline_layout(device),
        ByBinding::pipeline_layout(device),
        Accumulate::pipeline_layout(device),
        Keywords::pipeline_layout(device),
        ContextNames::pipeline_layout(device),
        Scratch::pipeline_layout(device),
        DoubleInPlace::pipeline_layout(device),
        Draw::pipeline_layout(device),
        DrawMasked::pipeline_layout(device),
        Encode::pipeline_layout(device),
    ]
}

fn main() {
    let _ = (record, layouts);
}
