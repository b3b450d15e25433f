//! The showcase's pipelines, each built from the shader module and the
//! layout of the pass that sets it, and the formats of the targets it
//! renders to.

use wgpu::{
    BlendComponent, BlendFactor, BlendOperation, BlendState, ColorTargetState, CompareFunction, DepthStencilState,
    PrimitiveTopology, TextureFormat, VertexBufferLayout, VertexStepMode,
};
use zenfg_runtime::Pass;

use crate::passes::{
    AnimateLights, BloomDownsample, BloomUpsample, DebugNormals, Fxaa, GBuffer, Lighting, Tonemap, UiOverlay,
};
use crate::scene::{INSTANCE_FLOATS, LIGHT_BYTES, RECT_FLOATS, VERTEX_FLOATS};

/// G-buffer albedo (rgb) and emission (a).
pub const ALBEDO_FORMAT: TextureFormat = TextureFormat::Rgba8Unorm;
/// G-buffer world normal (xyz) and gloss (w).
pub const NORMAL_FORMAT: TextureFormat = TextureFormat::Rgba16Float;
/// Scene depth, sampled again by the lighting pass.
pub const DEPTH_FORMAT: TextureFormat = TextureFormat::Depth32Float;
/// Lit scene radiance, and every mip of the bloom chain.
pub const HDR_FORMAT: TextureFormat = TextureFormat::Rgba16Float;
/// The tonemapped, sRGB-encoded image.
pub const LDR_FORMAT: TextureFormat = TextureFormat::Rgba8Unorm;

/// Every pipeline the frame's passes use.
pub struct Pipelines {
    /// Moves the lights along their orbits.
    pub animate_lights: wgpu::ComputePipeline,
    /// Instanced meshes into the G-buffer.
    pub mesh: wgpu::RenderPipeline,
    /// One emissive sphere per animated light into the G-buffer.
    pub bulb: wgpu::RenderPipeline,
    /// Deferred shading into the HDR target.
    pub lighting: wgpu::RenderPipeline,
    /// The normals as colors (the debug view).
    pub debug_normals: wgpu::RenderPipeline,
    /// The thresholded first bloom downsample.
    pub bloom_prefilter: wgpu::RenderPipeline,
    /// The other bloom downsamples.
    pub bloom_downsample: wgpu::RenderPipeline,
    /// The bloom upsamples, added onto the larger mip.
    pub bloom_upsample: wgpu::RenderPipeline,
    /// HDR plus bloom to sRGB.
    pub tonemap: wgpu::RenderPipeline,
    /// Antialiasing.
    pub fxaa: wgpu::RenderPipeline,
    /// Translucent rectangles.
    pub overlay: wgpu::RenderPipeline,
}

/// How a render pipeline is put together.
struct RenderDesc<'a> {
    label: &'a str,
    layout: &'a wgpu::PipelineLayout,
    module: &'a wgpu::ShaderModule,
    vertex: &'a str,
    fragment: &'a str,
    buffers: &'a [Option<VertexBufferLayout<'a>>],
    targets: &'a [Option<ColorTargetState>],
    depth: bool,
    topology: PrimitiveTopology,
}

impl<'a> RenderDesc<'a> {
    /// A fullscreen triangle shaded by `fragment` into `targets`.
    fn fullscreen(
        label: &'a str,
        layout: &'a wgpu::PipelineLayout,
        module: &'a wgpu::ShaderModule,
        fragment: &'a str,
        targets: &'a [Option<ColorTargetState>],
    ) -> Self {
        Self {
            label,
            layout,
            module,
            vertex: "vs_fullscreen",
            fragment,
            buffers: &[],
            targets,
            depth: false,
            topology: PrimitiveTopology::TriangleList,
        }
    }

    fn build(&self, device: &wgpu::Device) -> wgpu::RenderPipeline {
        device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some(self.label),
            layout: Some(self.layout),
            vertex: wgpu::VertexState {
                module: self.module,
                entry_point: Some(self.vertex),
                compilation_options: Default::default(),
                buffers: self.buffers,
            },
            primitive: wgpu::PrimitiveState { topology: self.topology, ..Default::default() },
            depth_stencil: self.depth.then(|| DepthStencilState {
                format: DEPTH_FORMAT,
                depth_write_enabled: Some(true),
                depth_compare: Some(CompareFunction::Less),
                stencil: Default::default(),
                bias: Default::default(),
            }),
            multisample: Default::default(),
            fragment: Some(wgpu::FragmentState {
                module: self.module,
                entry_point: Some(self.fragment),
                compilation_options: Default::default(),
                targets: self.targets,
            }),
            multiview_mask: None,
            cache: None,
        })
    }
}

/// The module of the shader pass `P` names, labelled after the pass.
fn module<'f, P: Pass<'f>>(device: &wgpu::Device) -> wgpu::ShaderModule {
    P::shader_module(device).expect("every pass with a pipeline names its shader")
}

const MESH_VERTEX: VertexBufferLayout<'static> = VertexBufferLayout {
    array_stride: (VERTEX_FLOATS * 4) as u64,
    step_mode: VertexStepMode::Vertex,
    attributes: &wgpu::vertex_attr_array![0 => Float32x3, 1 => Float32x3],
};

const MESH_INSTANCE: VertexBufferLayout<'static> = VertexBufferLayout {
    array_stride: (INSTANCE_FLOATS * 4) as u64,
    step_mode: VertexStepMode::Instance,
    attributes: &wgpu::vertex_attr_array![2 => Float32x4, 3 => Float32x4, 4 => Float32x4, 5 => Float32x4],
};

const LIGHT_INSTANCE: VertexBufferLayout<'static> = VertexBufferLayout {
    array_stride: LIGHT_BYTES,
    step_mode: VertexStepMode::Instance,
    attributes: &wgpu::vertex_attr_array![2 => Float32x4, 3 => Float32x4],
};

const RECT_INSTANCE: VertexBufferLayout<'static> = VertexBufferLayout {
    array_stride: (RECT_FLOATS * 4) as u64,
    step_mode: VertexStepMode::Instance,
    attributes: &wgpu::vertex_attr_array![0 => Float32x4, 1 => Float32x4],
};

const ADDITIVE: BlendState = BlendState {
    color: BlendComponent {
        src_factor: BlendFactor::One,
        dst_factor: BlendFactor::One,
        operation: BlendOperation::Add,
    },
    alpha: BlendComponent::OVER,
};

impl Pipelines {
    /// Compiles every shader and builds every pipeline on `device`.
    pub fn new(device: &wgpu::Device) -> Self {
        let lights = module::<AnimateLights>(device);
        let scene = module::<GBuffer>(device);
        let lighting = module::<Lighting>(device);
        let debug = module::<DebugNormals>(device);
        let bloom_down = module::<BloomDownsample>(device);
        let bloom_up = module::<BloomUpsample>(device);
        let tonemap = module::<Tonemap>(device);
        let fxaa = module::<Fxaa>(device);
        let overlay = module::<UiOverlay>(device);

        let gbuffer = [Some(ALBEDO_FORMAT.into()), Some(NORMAL_FORMAT.into())];
        let hdr = [Some(HDR_FORMAT.into())];
        let ldr = [Some(LDR_FORMAT.into())];
        let added = [Some(ColorTargetState { blend: Some(ADDITIVE), ..HDR_FORMAT.into() })];
        let blended = [Some(ColorTargetState { blend: Some(BlendState::ALPHA_BLENDING), ..LDR_FORMAT.into() })];
        let g_buffer = GBuffer::pipeline_layout(device);
        let bloom_downsample = BloomDownsample::pipeline_layout(device);
        let geometry = |label, vertex, buffers| RenderDesc {
            label,
            layout: &g_buffer,
            module: &scene,
            vertex,
            fragment: "fs_surface",
            buffers,
            targets: &gbuffer,
            depth: true,
            topology: PrimitiveTopology::TriangleList,
        };
        Self {
            animate_lights: device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some("animate-lights"),
                layout: Some(&AnimateLights::pipeline_layout(device)),
                module: &lights,
                entry_point: Some("animate"),
                compilation_options: Default::default(),
                cache: None,
            }),
            mesh: geometry("mesh", "vs_mesh", &[Some(MESH_VERTEX), Some(MESH_INSTANCE)]).build(device),
            bulb: geometry("bulb", "vs_bulb", &[Some(MESH_VERTEX), Some(LIGHT_INSTANCE)]).build(device),
            lighting: RenderDesc::fullscreen(
                "lighting",
                &Lighting::pipeline_layout(device),
                &lighting,
                "fs_lighting",
                &hdr,
            )
            .build(device),
            debug_normals: RenderDesc::fullscreen(
                "debug-normals",
                &DebugNormals::pipeline_layout(device),
                &debug,
                "fs_normals",
                &ldr,
            )
            .build(device),
            bloom_prefilter: RenderDesc::fullscreen(
                "bloom-prefilter",
                &bloom_downsample,
                &bloom_down,
                "fs_prefilter",
                &hdr,
            )
            .build(device),
            bloom_downsample: RenderDesc::fullscreen(
                "bloom-downsample",
                &bloom_downsample,
                &bloom_down,
                "fs_downsample",
                &hdr,
            )
            .build(device),
            bloom_upsample: RenderDesc::fullscreen(
                "bloom-upsample",
                &BloomUpsample::pipeline_layout(device),
                &bloom_up,
                "fs_upsample",
                &added,
            )
            .build(device),
            tonemap: RenderDesc::fullscreen("tonemap", &Tonemap::pipeline_layout(device), &tonemap, "fs_tonemap", &ldr)
                .build(device),
            fxaa: RenderDesc::fullscreen("fxaa", &Fxaa::pipeline_layout(device), &fxaa, "fs_fxaa", &ldr).build(device),
            overlay: RenderDesc {
                label: "overlay",
                layout: &UiOverlay::pipeline_layout(device),
                module: &overlay,
                vertex: "vs_overlay",
                fragment: "fs_overlay",
                buffers: &[Some(RECT_INSTANCE)],
                targets: &blended,
                depth: false,
                topology: PrimitiveTopology::TriangleStrip,
            }
            .build(device),
        }
    }
}
