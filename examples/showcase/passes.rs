//! The frame's passes, each a struct whose fields say what it does to each
//! resource. `#[derive(Pass)]` turns each into its declarations and a typed
//! context (`AnimateLightsContext`, `GBufferContext`, ...).
//!
//! Each pass that draws or dispatches names its shader in `shaders/`: the
//! derive lays out the pass's bind groups from the shader's bindings, each
//! field binding the WGSL variable of its name, and checks the struct against
//! the shader when the example is built. Pipelines are built with the pass's
//! `shader_module` and `pipeline_layout`, and each callback sets the bind
//! groups the runtime made from the fields. Samplers are not graph
//! resources: the passes that sample hold the sampler they bind in a
//! `#[sampler]` field.

use zenfg_runtime::prelude::*;

/// Moves the lights of the rig along their orbits; the G-buffer draws them
/// and the lighting pass shades with them.
#[derive(Pass)]
#[pass(compute, shader = "showcase/shaders/lights.wgsl")]
pub struct AnimateLights<'f> {
    /// The time.
    #[uniform]
    pub uniforms: Buffer<'f>,
    /// Each light's orbit and color.
    #[storage_read]
    pub rig: Buffer<'f>,
    /// Each light's position and color this frame.
    #[storage_write(overwrite)]
    pub lights: Buffer<'f>,
}

/// Draws the instanced meshes and one emissive bulb per light into the
/// G-buffer, with one pipeline per vertex entry point (`vs_mesh`, `vs_bulb`);
/// the pass binds what either uses, so one layout serves both pipelines.
#[derive(Pass)]
#[pass(render, shader = "showcase/shaders/scene.wgsl", vertex = ["vs_mesh", "vs_bulb"])]
pub struct GBuffer<'f> {
    /// The camera.
    #[uniform]
    pub uniforms: Buffer<'f>,
    /// Every mesh's vertices.
    #[vertex]
    pub vertices: Buffer<'f>,
    /// Every mesh's indices.
    #[index]
    pub indices: Buffer<'f>,
    /// The meshes' instances.
    #[vertex]
    pub instances: Buffer<'f>,
    /// The animated lights, one bulb instance each.
    #[vertex]
    pub lights: Buffer<'f>,
    /// Albedo and emission.
    #[color_attachment(clear = [0.0, 0.0, 0.0, 0.0])]
    pub albedo: Texture<'f>,
    /// World normal and gloss.
    #[color_attachment(clear = [0.0, 1.0, 0.0, 0.0])]
    pub normal: Texture<'f>,
    /// Depth, kept for the lighting pass.
    #[depth_attachment(clear = 1.0, store)]
    pub depth: Texture<'f>,
}

/// Shades the G-buffer with the animated lights into the HDR target.
#[derive(Pass)]
#[pass(render, shader = "showcase/shaders/lighting.wgsl")]
pub struct Lighting<'f> {
    /// The camera.
    #[uniform]
    pub uniforms: Buffer<'f>,
    /// Albedo and emission.
    #[sampled]
    pub albedo: Texture<'f>,
    /// World normal and gloss.
    #[sampled]
    pub normal: Texture<'f>,
    /// Depth, to rebuild positions.
    #[sampled]
    pub depth: Texture<'f>,
    /// The animated lights.
    #[storage_read]
    pub lights: Buffer<'f>,
    /// Lit radiance.
    #[color_attachment(clear = [0.0, 0.0, 0.0, 1.0])]
    pub hdr: Texture<'f>,
}

/// A view of the G-buffer's normals, for looking at them. Nothing reads or
/// roots its target, so the frame culls it.
#[derive(Pass)]
#[pass(render, shader = "showcase/shaders/debug.wgsl")]
pub struct DebugNormals<'f> {
    /// World normal and gloss.
    #[sampled]
    pub normal: Texture<'f>,
    /// The visualization.
    #[color_attachment(clear = [0.0, 0.0, 0.0, 1.0])]
    pub view: Texture<'f>,
}

/// One step down the bloom chain: a mip from the next larger one (or from
/// the HDR image, thresholded, for mip 0), with one pipeline per fragment
/// entry point (`fs_prefilter` for mip 0, `fs_downsample` for the others);
/// the pass binds what either uses, so one layout serves both pipelines.
#[derive(Pass)]
#[pass(render, shader = "showcase/shaders/bloom.wgsl", fragment = ["fs_prefilter", "fs_downsample"])]
pub struct BloomDownsample<'f> {
    /// `bloom.downsample.mip-N`.
    #[label]
    pub label: String,
    /// The larger level.
    #[sampled]
    pub source: TextureView<'f>,
    /// Bilinear filtering, clamped at the edges.
    #[sampler]
    pub linear_clamp: &'f wgpu::Sampler,
    /// The mip this step fills.
    #[color_attachment(clear = [0.0, 0.0, 0.0, 1.0])]
    pub target: TextureView<'f>,
}

/// One step up the bloom chain: the next smaller mip, filtered, added onto
/// this one.
#[derive(Pass)]
#[pass(render, shader = "showcase/shaders/bloom.wgsl", fragment = "fs_upsample")]
pub struct BloomUpsample<'f> {
    /// `bloom.upsample.mip-N`.
    #[label]
    pub label: String,
    /// The smaller level.
    #[sampled]
    pub source: TextureView<'f>,
    /// Bilinear filtering, clamped at the edges.
    #[sampler]
    pub linear_clamp: &'f wgpu::Sampler,
    /// The mip the result is added onto.
    #[color_attachment(load)]
    pub target: TextureView<'f>,
}

/// Adds the bloom to the HDR image and maps it to displayable sRGB.
#[derive(Pass)]
#[pass(render, shader = "showcase/shaders/tonemap.wgsl")]
pub struct Tonemap<'f> {
    /// Exposure and bloom strength.
    #[uniform]
    pub uniforms: Buffer<'f>,
    /// Lit radiance.
    #[sampled]
    pub hdr: Texture<'f>,
    /// Mip 0 of the bloom chain, the sum of every level.
    #[sampled]
    pub bloom: TextureView<'f>,
    /// Bilinear filtering, clamped at the edges, for the half-size bloom.
    #[sampler]
    pub linear_clamp: &'f wgpu::Sampler,
    /// The tonemapped image.
    #[color_attachment(clear = [0.0, 0.0, 0.0, 1.0])]
    pub ldr: Texture<'f>,
}

/// Smooths the tonemapped image's edges into the final image.
#[derive(Pass)]
#[pass(render, shader = "showcase/shaders/fxaa.wgsl")]
pub struct Fxaa<'f> {
    /// The tonemapped image.
    #[sampled]
    pub ldr: Texture<'f>,
    /// Bilinear filtering, clamped at the edges.
    #[sampler]
    pub linear_clamp: &'f wgpu::Sampler,
    /// The final image.
    #[color_attachment(clear = [0.0, 0.0, 0.0, 1.0])]
    pub image: Texture<'f>,
}

/// Blends the overlay's rectangles over the final image.
#[derive(Pass)]
#[pass(render, shader = "showcase/shaders/overlay.wgsl")]
pub struct UiOverlay<'f> {
    /// The target size.
    #[uniform]
    pub uniforms: Buffer<'f>,
    /// The rectangles.
    #[vertex]
    pub rects: Buffer<'f>,
    /// The final image, drawn over.
    #[color_attachment(load)]
    pub image: Texture<'f>,
}

/// Copies the final image into the caller's buffer.
#[derive(Pass)]
#[pass(command)]
pub struct Readback<'f> {
    /// The final image.
    #[copy_src]
    pub image: Texture<'f>,
    /// Tightly packed RGBA rows.
    #[copy_dst(overwrite)]
    #[root(readback)]
    pub pixels: Buffer<'f>,
}
