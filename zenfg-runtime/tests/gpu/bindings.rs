//! Derived passes whose bindings come from their WGSL shaders, on a real
//! adapter: the pipelines are built from the passes' shader modules and
//! generated layouts, the bind groups come from the runtime's cache, and the
//! values and pixels they produce are read back, frame after frame.

use crate::execution_common::{gpu, read_buffer, readback_buffer};
use crate::{READBACK, words};
use wgpu::{Color, Extent3d, TexelCopyBufferLayout, TextureFormat};
use zenfg_runtime::prelude::*;
use zenfg_runtime::{
    BindGroupCacheStats, BufferTextureCopyLocation, ImportBufferOptions, InitialContents, TextureCopyLocation,
};

const SIDE: u32 = 16;

#[derive(Pass)]
#[pass(compute, shader = "tests/shaders/generate.wgsl")]
struct Generate<'f> {
    #[storage_write(overwrite)]
    pattern: Texture<'f>,
    #[storage_write(overwrite)]
    values: Buffer<'f>,
    #[untracked(uniform)]
    params: &'f wgpu::Buffer,
}

#[derive(Pass)]
#[pass(render, shader = "tests/shaders/present.wgsl")]
struct Present<'f> {
    #[sampled]
    pattern: Texture<'f>,
    #[sampler]
    nearest: &'f wgpu::Sampler,
    #[color_attachment(clear = Color::BLACK)]
    target: Texture<'f>,
}

struct Pipelines {
    generate: wgpu::ComputePipeline,
    present: wgpu::RenderPipeline,
}

impl Pipelines {
    fn new(device: &wgpu::Device) -> Self {
        let generate = Generate::shader_module(device).expect("Generate names its shader");
        let present = Present::shader_module(device).expect("Present names its shader");
        Self {
            generate: device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some("generate"),
                layout: Some(&Generate::pipeline_layout(device)),
                module: &generate,
                entry_point: None,
                compilation_options: Default::default(),
                cache: None,
            }),
            present: device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                label: Some("present"),
                layout: Some(&Present::pipeline_layout(device)),
                vertex: wgpu::VertexState {
                    module: &present,
                    entry_point: None,
                    compilation_options: Default::default(),
                    buffers: &[],
                },
                primitive: wgpu::PrimitiveState::default(),
                depth_stencil: None,
                multisample: wgpu::MultisampleState::default(),
                fragment: Some(wgpu::FragmentState {
                    module: &present,
                    entry_point: None,
                    compilation_options: Default::default(),
                    targets: &[Some(TextureFormat::Rgba8Unorm.into())],
                }),
                multiview_mask: None,
                cache: None,
            }),
        }
    }
}

/// One frame: generate, present, and copy the values and the pixels out.
fn frame(
    graph: &mut FrameGraph,
    queue: &wgpu::Queue,
    pipelines: &Pipelines,
    natives: &Natives,
) -> Result<(), FrameGraphError> {
    let mut frame = graph.begin_frame();
    let desc = |label| TextureDesc::new_2d(label, SIDE, SIDE, TextureFormat::Rgba8Unorm);
    let pattern = frame.create_texture(desc("pattern"))?;
    let target = frame.create_texture(desc("target"))?;
    let values = frame.create_buffer(BufferDesc::new("values", u64::from(SIDE * SIDE) * 4))?;
    let readback = ImportBufferOptions::new(InitialContents::Undefined).with_exposed_usage(READBACK);
    let values_out = frame.import_buffer(BufferDesc::new("values-out", u64::from(SIDE * SIDE) * 4), readback)?;
    frame.bind_imported_buffer(values_out, &natives.values)?;
    // Padded rows keep the bytes between them: the buffer's contents count as defined.
    let padded = ImportBufferOptions::new(InitialContents::Defined).with_exposed_usage(READBACK);
    let pixels_out = frame.import_buffer(BufferDesc::new("pixels-out", 256 * u64::from(SIDE)), padded)?;
    frame.bind_imported_buffer(pixels_out, &natives.pixels)?;

    let generate = pipelines.generate.clone();
    frame.add(Generate { pattern, values, params: &natives.params }, move |mut cx| {
        cx.pass.set_pipeline(&generate);
        cx.set_bind_groups();
        cx.pass.dispatch_workgroups(1, 1, 1);
        Ok(())
    })?;
    let present = pipelines.present.clone();
    frame.add(Present { pattern, nearest: &natives.sampler, target }, move |mut cx| {
        cx.pass.set_pipeline(&present);
        cx.set_bind_groups();
        cx.pass.draw(0..3, 0..1);
        Ok(())
    })?;
    let mut copy = frame.copy_pass("read-back");
    copy.copy_buffer_to_buffer(values, 0, values_out, 0, u64::from(SIDE * SIDE) * 4)?;
    let layout = TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(256), rows_per_image: None };
    copy.copy_texture_to_buffer(
        TextureCopyLocation::new(target),
        BufferTextureCopyLocation::new(pixels_out, layout),
        Extent3d { width: SIDE, height: SIDE, depth_or_array_layers: 1 },
    )?;
    copy.finish()?;
    frame.mark_readback(values_out, BufferRange::whole())?;
    frame.mark_readback(pixels_out, BufferRange::whole())?;
    frame.compile(CompileOptions::default())?.execute(queue)
}

/// The caller's objects: the uniforms, the sampler and the readback buffers.
struct Natives {
    params: wgpu::Buffer,
    sampler: wgpu::Sampler,
    values: wgpu::Buffer,
    pixels: wgpu::Buffer,
}

#[test]
fn passes_bound_from_their_shaders_compute_and_render_through_cached_bind_groups() -> Result<(), FrameGraphError> {
    let Some((device, queue)) = gpu("passes_bound_from_their_shaders") else { return Ok(()) };
    let pipelines = Pipelines::new(&device);
    let params = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("params"),
        size: 16,
        usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let natives = Natives {
        params,
        sampler: device.create_sampler(&wgpu::SamplerDescriptor::default()),
        values: readback_buffer(&device, u64::from(SIDE * SIDE) * 4),
        pixels: readback_buffer(&device, 256 * u64::from(SIDE)),
    };
    let mut graph = FrameGraph::with_device(&device);
    for scale in 1..=3_u32 {
        let blue = 0.25 * scale as f32;
        let mut uniforms = scale.to_le_bytes().to_vec();
        uniforms.extend(blue.to_le_bytes());
        uniforms.resize(16, 0);
        queue.write_buffer(&natives.params, 0, &uniforms);
        frame(&mut graph, &queue, &pipelines, &natives)?;

        let values = words(&read_buffer(&device, &natives.values));
        let expected: Vec<u32> = (0..SIDE * SIDE).map(|index| index * scale).collect();
        assert_eq!(values, expected, "frame {scale}: the compute pass's values");
        let pixels = read_buffer(&device, &natives.pixels);
        for (x, y) in [(0, 0), (15, 0), (3, 9), (15, 15)] {
            let at = (y * 256 + x * 4) as usize;
            let texel = &pixels[at..at + 4];
            let expect = |value: f32| (value * 255.0).round() as i32;
            let want = [expect(x as f32 / 15.0), expect(y as f32 / 15.0), expect(blue), 255];
            for (channel, (got, want)) in texel.iter().zip(want).enumerate() {
                assert!(
                    (i32::from(*got) - want).abs() <= 1,
                    "frame {scale}: pixel ({x}, {y}) channel {channel} is {got}, expected {want}"
                );
            }
        }
    }
    let stats = graph.bind_group_cache_stats();
    assert_eq!(
        stats,
        BindGroupCacheStats { hits: 6, misses: 3, created: 3, evicted: 0, retained: 3 },
        "the first frame creates the three bind groups, the next two find them"
    );
    Ok(())
}
