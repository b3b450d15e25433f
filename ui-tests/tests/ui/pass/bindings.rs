//! Every bound role with an explicit group and binding, and every texture
//! option, in each pass kind that binds.

use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Sampled<'f> {
    #[sampled(binding = 0)]
    plain: Texture<'f>,
    #[sampled(binding = 1, sample_type = float)]
    float: TextureView<'f>,
    #[sampled(binding = 2, sample_type = unfilterable_float)]
    unfilterable: SurfaceTexture<'f>,
    #[sampled(binding = 3, sample_type = depth)]
    depth: Texture<'f>,
    #[sampled(binding = 4, sample_type = sint)]
    sint: Texture<'f>,
    #[sampled(binding = 5, sample_type = uint)]
    uint: Texture<'f>,
    #[sampled(group = 1, binding = 0, dimension = D1)]
    line: Texture<'f>,
    #[sampled(group = 1, binding = 1, dimension = D2)]
    image: Texture<'f>,
    #[sampled(group = 1, binding = 2, dimension = D2Array)]
    layers: TextureView<'f>,
    #[sampled(group = 1, binding = 3, dimension = Cube)]
    sky: TextureView<'f>,
    #[sampled(group = 1, binding = 4, dimension = CubeArray)]
    probes: TextureView<'f>,
    #[sampled(group = 1, binding = 5, dimension = D3)]
    volume: Texture<'f>,
    #[sampled(group = 1, binding = 6, multisampled, sample_type = depth, dimension = D2)]
    msaa_depth: Texture<'f>,
    #[storage_write(overwrite, group = 2, binding = 0)]
    out: Buffer<'f>,
}

#[derive(Pass)]
#[pass(compute)]
struct Storage<'f> {
    #[storage_read(binding = 0, format = R32Float)]
    read: Texture<'f>,
    #[storage_read(binding = 1, format = Rgba8Unorm, dimension = D2Array)]
    read_layers: TextureView<'f>,
    #[storage_write(overwrite, binding = 2, format = Rgba16Float)]
    write: Texture<'f>,
    #[storage_write(preserve, binding = 3, format = R32Uint, read_write)]
    read_write: TextureView<'f>,
    #[storage_write(overwrite, binding = 4, format = Rgba8Unorm, dimension = D3)]
    volume: Texture<'f>,
    #[storage_read(group = 1, binding = 0)]
    input: Buffer<'f>,
    #[storage_read(group = 1, binding = 1)]
    input_range: BufferSlice<'f>,
    #[storage_write(overwrite, group = 1, binding = 2)]
    output: Buffer<'f>,
    #[storage_write(preserve, group = 1, binding = 3)]
    output_range: BufferSlice<'f>,
    #[uniform(group = 3, binding = 0)]
    params: Buffer<'f>,
    #[uniform(group = 3, binding = 1)]
    params_range: BufferSlice<'f>,
}

#[derive(Pass)]
#[pass(render)]
struct Draw<'f> {
    #[vertex]
    vertices: Buffer<'f>,
    #[uniform(binding = 0)]
    camera: BufferSlice<'f>,
    #[sampled(binding = 1)]
    albedo: Texture<'f>,
    #[sampler(binding = 2)]
    linear: &'f wgpu::Sampler,
    #[color_attachment(clear = wgpu::Color::BLACK)]
    target: Texture<'f>,
}

#[derive(Pass)]
#[pass(command)]
struct Encode<'f> {
    #[storage_read(binding = 0)]
    input: Buffer<'f>,
    #[storage_write(overwrite, binding = 1)]
    output: Buffer<'f>,
    #[copy_dst(overwrite)]
    staging: Buffer<'f>,
}

fn record<'f>(
    frame: &mut Frame<'f>,
    passes: (Sampled<'f>, Storage<'f>, Draw<'f>, Encode<'f>),
) -> Result<(), FrameGraphError> {
    let (sampled, storage, draw, encode) = passes;
    frame.add(sampled, |mut cx| {
        cx.set_bind_groups();
        let _: Option<&wgpu::BindGroup> = cx.bind_groups.get(2);
        cx.pass.dispatch_workgroups(1, 1, 1);
        Ok(())
    })?;
    frame.add(storage, |mut cx: StorageContext<'_>| {
        cx.set_bind_groups();
        let _ = (cx.read.storage_read_binding(), cx.output.storage_write_binding(), cx.params.uniform_binding());
        Ok(())
    })?;
    frame.add(draw, |mut cx| {
        cx.set_bind_groups();
        cx.pass.set_vertex_view(0, &cx.vertices)?;
        cx.pass.draw(0..3, 0..1);
        Ok(())
    })?;
    frame.add(encode, |cx| {
        let groups: Vec<(u32, &wgpu::BindGroup)> = cx.bind_groups.iter().collect();
        assert_eq!(groups.len(), 1);
        let _ = cx.bind_groups.get(0);
        Ok(())
    })?;
    Ok(())
}

fn layouts(device: &wgpu::Device) -> Vec<wgpu::PipelineLayout> {
    let _: Option<wgpu::BindGroupLayout> = Storage::bind_group_layout(device, 2);
    vec![
        Sampled::pipeline_layout(device),
        Storage::pipeline_layout(device),
        Draw::pipeline_layout(device),
        Encode::pipeline_layout(device),
    ]
}

fn main() {
    let _ = (record, layouts);
}
