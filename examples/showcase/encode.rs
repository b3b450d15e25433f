//! What each pass encodes when it executes, given its typed context. Every
//! pass that binds sets the bind groups the runtime made from its fields
//! (`cx.set_bind_groups()`), on a pipeline built with its layout.

use wgpu::{IndexFormat, TexelCopyBufferLayout};
use zenfg_runtime::prelude::*;

use crate::passes::{
    AnimateLightsContext, BloomDownsampleContext, BloomUpsampleContext, DebugNormalsContext, FxaaContext,
    GBufferContext, LightingContext, ReadbackContext, TonemapContext, UiOverlayContext,
};
use crate::renderer::Renderer;
use crate::scene::LIGHT_BYTES;

impl Renderer {
    /// One invocation per light.
    pub fn animate_lights(&self, mut cx: AnimateLightsContext<'_>) -> Result<(), FrameGraphError> {
        cx.pass.set_pipeline(&self.pipelines.animate_lights);
        cx.set_bind_groups();
        cx.pass.dispatch_workgroups((cx.lights.size() / LIGHT_BYTES).div_ceil(64) as u32, 1, 1);
        Ok(())
    }

    /// Every draw of the scene, then the bulbs.
    pub fn g_buffer(&self, mut cx: GBufferContext<'_>) -> Result<(), FrameGraphError> {
        cx.pass.set_pipeline(&self.pipelines.mesh);
        cx.set_bind_groups();
        cx.pass.set_vertex_view(0, &cx.vertices)?;
        cx.pass.set_vertex_view(1, &cx.instances)?;
        cx.pass.set_index_view(&cx.indices, IndexFormat::Uint32)?;
        for draw in &self.draws {
            cx.pass.draw_indexed(draw.mesh.indices(), draw.mesh.base_vertex, draw.instances.clone());
        }

        cx.pass.set_pipeline(&self.pipelines.bulb);
        cx.set_bind_groups();
        cx.pass.set_vertex_view(1, &cx.lights)?;
        let lights = (cx.lights.size() / LIGHT_BYTES) as u32;
        cx.pass.draw_indexed(self.bulb.indices(), self.bulb.base_vertex, 0..lights);
        Ok(())
    }

    /// A fullscreen triangle reading the G-buffer.
    pub fn lighting(&self, mut cx: LightingContext<'_>) -> Result<(), FrameGraphError> {
        cx.pass.set_pipeline(&self.pipelines.lighting);
        cx.set_bind_groups();
        cx.pass.draw(0..3, 0..1);
        Ok(())
    }

    /// A fullscreen triangle coloring the normals.
    pub fn debug_normals(&self, mut cx: DebugNormalsContext<'_>) -> Result<(), FrameGraphError> {
        cx.pass.set_pipeline(&self.pipelines.debug_normals);
        cx.set_bind_groups();
        cx.pass.draw(0..3, 0..1);
        Ok(())
    }

    /// Mip 0 thresholds the HDR image; the others filter the larger mip.
    pub fn bloom_downsample(&self, mut cx: BloomDownsampleContext<'_>, mip: u32) -> Result<(), FrameGraphError> {
        let pipeline = if mip == 0 { &self.pipelines.bloom_prefilter } else { &self.pipelines.bloom_downsample };
        cx.pass.set_pipeline(pipeline);
        cx.set_bind_groups();
        cx.pass.draw(0..3, 0..1);
        Ok(())
    }

    /// The smaller mip, tent-filtered and added by the pipeline's blend state.
    pub fn bloom_upsample(&self, mut cx: BloomUpsampleContext<'_>) -> Result<(), FrameGraphError> {
        cx.pass.set_pipeline(&self.pipelines.bloom_upsample);
        cx.set_bind_groups();
        cx.pass.draw(0..3, 0..1);
        Ok(())
    }

    /// A fullscreen triangle combining the HDR image and the bloom.
    pub fn tonemap(&self, mut cx: TonemapContext<'_>) -> Result<(), FrameGraphError> {
        cx.pass.set_pipeline(&self.pipelines.tonemap);
        cx.set_bind_groups();
        cx.pass.draw(0..3, 0..1);
        Ok(())
    }

    /// A fullscreen triangle antialiasing the tonemapped image.
    pub fn fxaa(&self, mut cx: FxaaContext<'_>) -> Result<(), FrameGraphError> {
        cx.pass.set_pipeline(&self.pipelines.fxaa);
        cx.set_bind_groups();
        cx.pass.draw(0..3, 0..1);
        Ok(())
    }

    /// One instanced quad per rectangle.
    pub fn ui_overlay(&self, mut cx: UiOverlayContext<'_>) -> Result<(), FrameGraphError> {
        cx.pass.set_pipeline(&self.pipelines.overlay);
        cx.set_bind_groups();
        cx.pass.set_vertex_view(0, &cx.rects)?;
        cx.pass.draw(0..4, 0..self.rect_count);
        Ok(())
    }

    /// One copy of the whole image into tightly packed rows.
    pub fn readback(&self, cx: ReadbackContext<'_>) -> Result<(), FrameGraphError> {
        let extent = cx.image.extent();
        let layout = TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(extent.width * 4), rows_per_image: None };
        cx.encoder.copy_texture_view_to_buffer_view(&cx.image, CopyOrigin::default(), &cx.pixels, layout, extent)
    }
}
