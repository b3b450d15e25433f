//! What each pass encodes when it executes, given its typed context.

use wgpu::{BindingResource, Extent3d, IndexFormat, Origin3d, TexelCopyBufferInfo, TexelCopyBufferLayout};
use zenfg_runtime::prelude::*;

use crate::passes::{
    AnimateLightsContext, BloomDownsampleContext, BloomUpsampleContext, DebugNormalsContext, FxaaContext,
    GBufferContext, LightingContext, ReadbackContext, TonemapContext, UiOverlayContext,
};
use crate::renderer::Renderer;
use crate::scene::LIGHT_BYTES;

/// A bind group for `layout` with `resources` at bindings 0, 1, 2, ...
fn bind_group(
    device: &wgpu::Device,
    layout: &wgpu::BindGroupLayout,
    resources: &[BindingResource<'_>],
) -> wgpu::BindGroup {
    let entries: Vec<wgpu::BindGroupEntry<'_>> = resources
        .iter()
        .zip(0..)
        .map(|(resource, binding)| wgpu::BindGroupEntry { binding, resource: resource.clone() })
        .collect();
    device.create_bind_group(&wgpu::BindGroupDescriptor { label: None, layout, entries: &entries })
}

/// Draws a fullscreen triangle with `pipeline` and `resources` bound.
fn fullscreen(
    pass: &mut wgpu::RenderPass<'_>,
    device: &wgpu::Device,
    pipeline: &wgpu::RenderPipeline,
    resources: &[BindingResource<'_>],
) {
    let group = bind_group(device, &pipeline.get_bind_group_layout(0), resources);
    pass.set_pipeline(pipeline);
    pass.set_bind_group(0, &group, &[]);
    pass.draw(0..3, 0..1);
}

impl Renderer {
    /// One invocation per light.
    pub fn animate_lights(&self, mut cx: AnimateLightsContext<'_>) -> Result<(), FrameGraphError> {
        let pipeline = &self.pipelines.animate_lights;
        let resources = [cx.uniforms.binding(), cx.rig.binding(), cx.lights.binding()];
        let group = bind_group(cx.device, &pipeline.get_bind_group_layout(0), &resources);
        cx.pass.set_pipeline(pipeline);
        cx.pass.set_bind_group(0, &group, &[]);
        cx.pass.dispatch_workgroups((cx.lights.size() / LIGHT_BYTES).div_ceil(64) as u32, 1, 1);
        Ok(())
    }

    /// Every draw of the scene, then the bulbs.
    pub fn g_buffer(&self, mut cx: GBufferContext<'_>) -> Result<(), FrameGraphError> {
        let mesh = &self.pipelines.mesh;
        let group = bind_group(cx.device, &mesh.get_bind_group_layout(0), &[cx.uniforms.binding()]);
        cx.pass.set_pipeline(mesh);
        cx.pass.set_bind_group(0, &group, &[]);
        cx.pass.set_vertex_view(0, &cx.vertices);
        cx.pass.set_vertex_view(1, &cx.instances);
        cx.pass.set_index_view(&cx.indices, IndexFormat::Uint32);
        for draw in &self.draws {
            cx.pass.draw_indexed(draw.mesh.indices(), draw.mesh.base_vertex, draw.instances.clone());
        }

        let bulb = &self.pipelines.bulb;
        let group = bind_group(cx.device, &bulb.get_bind_group_layout(0), &[cx.uniforms.binding()]);
        cx.pass.set_pipeline(bulb);
        cx.pass.set_bind_group(0, &group, &[]);
        cx.pass.set_vertex_view(1, &cx.lights);
        let lights = (cx.lights.size() / LIGHT_BYTES) as u32;
        cx.pass.draw_indexed(self.bulb.indices(), self.bulb.base_vertex, 0..lights);
        Ok(())
    }

    /// A fullscreen triangle reading the G-buffer.
    pub fn lighting(&self, mut cx: LightingContext<'_>) -> Result<(), FrameGraphError> {
        let resources =
            [cx.uniforms.binding(), cx.albedo.binding(), cx.normal.binding(), cx.depth.binding(), cx.lights.binding()];
        fullscreen(&mut cx.pass, cx.device, &self.pipelines.lighting, &resources);
        Ok(())
    }

    /// A fullscreen triangle coloring the normals.
    pub fn debug_normals(&self, mut cx: DebugNormalsContext<'_>) -> Result<(), FrameGraphError> {
        fullscreen(&mut cx.pass, cx.device, &self.pipelines.debug_normals, &[cx.normal.binding()]);
        Ok(())
    }

    /// Mip 0 thresholds the HDR image; the others filter the larger mip.
    pub fn bloom_downsample(&self, mut cx: BloomDownsampleContext<'_>, mip: u32) -> Result<(), FrameGraphError> {
        let pipeline = if mip == 0 { &self.pipelines.bloom_prefilter } else { &self.pipelines.bloom_downsample };
        let resources = [cx.source.binding(), BindingResource::Sampler(&self.linear_clamp)];
        fullscreen(&mut cx.pass, cx.device, pipeline, &resources);
        Ok(())
    }

    /// The smaller mip, tent-filtered and added by the pipeline's blend state.
    pub fn bloom_upsample(&self, mut cx: BloomUpsampleContext<'_>) -> Result<(), FrameGraphError> {
        let resources = [cx.source.binding(), BindingResource::Sampler(&self.linear_clamp)];
        fullscreen(&mut cx.pass, cx.device, &self.pipelines.bloom_upsample, &resources);
        Ok(())
    }

    /// A fullscreen triangle combining the HDR image and the bloom.
    pub fn tonemap(&self, mut cx: TonemapContext<'_>) -> Result<(), FrameGraphError> {
        let resources =
            [cx.uniforms.binding(), cx.hdr.binding(), cx.bloom.binding(), BindingResource::Sampler(&self.linear_clamp)];
        fullscreen(&mut cx.pass, cx.device, &self.pipelines.tonemap, &resources);
        Ok(())
    }

    /// A fullscreen triangle antialiasing the tonemapped image.
    pub fn fxaa(&self, mut cx: FxaaContext<'_>) -> Result<(), FrameGraphError> {
        let resources = [cx.ldr.binding(), BindingResource::Sampler(&self.linear_clamp)];
        fullscreen(&mut cx.pass, cx.device, &self.pipelines.fxaa, &resources);
        Ok(())
    }

    /// One instanced quad per rectangle.
    pub fn ui_overlay(&self, mut cx: UiOverlayContext<'_>) -> Result<(), FrameGraphError> {
        let overlay = &self.pipelines.overlay;
        let group = bind_group(cx.device, &overlay.get_bind_group_layout(0), &[cx.uniforms.binding()]);
        cx.pass.set_pipeline(overlay);
        cx.pass.set_bind_group(0, &group, &[]);
        cx.pass.set_vertex_view(0, &cx.rects);
        cx.pass.draw(0..4, 0..self.rect_count);
        Ok(())
    }

    /// One copy of the whole image into tightly packed rows.
    pub fn readback(&self, cx: ReadbackContext<'_>) -> Result<(), FrameGraphError> {
        let size = cx.image.texture().size();
        let layout = TexelCopyBufferLayout {
            offset: cx.pixels.offset(),
            bytes_per_row: Some(size.width * 4),
            rows_per_image: None,
        };
        cx.encoder.copy_texture_to_buffer(
            cx.image.location(0, Origin3d::ZERO),
            TexelCopyBufferInfo { buffer: cx.pixels.buffer(), layout },
            Extent3d { depth_or_array_layers: 1, ..size },
        );
        Ok(())
    }
}
