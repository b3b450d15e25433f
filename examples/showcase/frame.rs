//! One frame of the showcase, recorded entirely with derived passes.
//!
//! The caller's buffers are imported (and bound when there is a device); the
//! intermediates are transients the graph allocates, aliases and pools. The
//! passes run in recording order: the light animation, the G-buffer and the
//! lighting (group `scene`); a debug view of the normals nobody uses (group
//! `debug`, culled); the bloom chain over the mips of one texture (group
//! `bloom`, stages `downsample` and `upsample`); tonemap, antialiasing and the
//! overlay (group `post`); the copy into the caller's readback buffer.

use wgpu::BufferUsages;
use zenfg_runtime::prelude::*;
use zenfg_runtime::{ImportBufferOptions, InitialContents};

use crate::camera::UNIFORM_FLOATS;
use crate::passes::{
    AnimateLights, BloomDownsample, BloomUpsample, DebugNormals, Fxaa, GBuffer, Lighting, Readback, Tonemap, UiOverlay,
};
use crate::pipelines::{ALBEDO_FORMAT, DEPTH_FORMAT, HDR_FORMAT, LDR_FORMAT, NORMAL_FORMAT};
use crate::renderer::Renderer;
use crate::scene::{LIGHT_BYTES, LIGHT_COUNT, Scene};

/// Width of the rendered image.
pub const WIDTH: u32 = 1280;
/// Height of the rendered image.
pub const HEIGHT: u32 = 720;
/// Bytes of the image read back: tightly packed RGBA rows.
pub const PIXEL_BYTES: u64 = WIDTH as u64 * HEIGHT as u64 * 4;
/// Mips of the bloom texture, the first at half the image's resolution.
pub const BLOOM_MIPS: u32 = 5;

// Rows are copied out without padding.
const _: () = assert!((WIDTH * 4).is_multiple_of(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT));

/// Imports a caller-owned buffer, bound to `native` when there is one.
fn import<'f>(
    frame: &mut Frame<'f>,
    label: &'static str,
    size: u64,
    options: ImportBufferOptions,
    native: Option<&wgpu::Buffer>,
) -> Result<Buffer<'f>, FrameGraphError> {
    let buffer = frame.import_buffer(BufferDesc::new(label, size), options)?;
    if let Some(native) = native {
        frame.bind_imported_buffer(buffer, native)?;
    }
    Ok(buffer)
}

fn bytes(floats: usize) -> u64 {
    (floats * 4) as u64
}

/// Records the frame. With a `renderer`, the imports are bound and the passes
/// encode real work; without one, the frame can be compiled but not executed.
pub fn record<'f>(frame: &mut Frame<'f>, scene: &Scene, renderer: Option<&'f Renderer>) -> Result<(), FrameGraphError> {
    let defined = ImportBufferOptions::new(InitialContents::Defined);
    // A readback root must be a buffer the CPU maps and nothing else uses.
    let readback = ImportBufferOptions::new(InitialContents::Undefined)
        .with_exposed_usage(BufferUsages::MAP_READ | BufferUsages::COPY_DST);
    let uniforms = import(frame, "uniforms", bytes(UNIFORM_FLOATS), defined, renderer.map(|r| &r.uniforms))?;
    let vertices = import(frame, "vertices", bytes(scene.vertices.len()), defined, renderer.map(|r| &r.vertices))?;
    let indices = import(frame, "indices", bytes(scene.indices.len()), defined, renderer.map(|r| &r.indices))?;
    let instances = import(frame, "instances", bytes(scene.instances.len()), defined, renderer.map(|r| &r.instances))?;
    let rig = import(frame, "light-rig", bytes(scene.rig.len()), defined, renderer.map(|r| &r.rig))?;
    let rects = import(frame, "overlay-rects", bytes(scene.rects.len()), defined, renderer.map(|r| &r.rects))?;
    let pixels = import(frame, "pixels", PIXEL_BYTES, readback, renderer.map(|r| &r.pixels))?;

    let target = |label, format| TextureDesc::new_2d(label, WIDTH, HEIGHT, format);
    let hdr = frame.create_texture(target("hdr", HDR_FORMAT))?;
    let normal = frame.with_debug_group("scene", |frame| {
        let lights = frame.create_buffer(BufferDesc::new("lights", LIGHT_COUNT as u64 * LIGHT_BYTES))?;
        let albedo = frame.create_texture(target("albedo", ALBEDO_FORMAT))?;
        let normal = frame.create_texture(target("normal", NORMAL_FORMAT))?;
        let depth = frame.create_texture(target("depth", DEPTH_FORMAT))?;
        frame.add(AnimateLights { uniforms, rig, lights }, move |cx| {
            renderer.map_or(Ok(()), |renderer| renderer.animate_lights(cx))
        })?;
        let g_buffer = GBuffer { uniforms, vertices, indices, instances, lights, albedo, normal, depth };
        frame.add(g_buffer, move |cx| renderer.map_or(Ok(()), |renderer| renderer.g_buffer(cx)))?;
        frame.add(Lighting { uniforms, albedo, normal, depth, lights, hdr }, move |cx| {
            renderer.map_or(Ok(()), |renderer| renderer.lighting(cx))
        })?;
        Ok(normal)
    })?;

    frame.with_debug_group("debug", |frame| {
        let view = frame.create_texture(target("debug-view", LDR_FORMAT))?;
        frame.add(DebugNormals { normal, view }, move |cx| {
            renderer.map_or(Ok(()), |renderer| renderer.debug_normals(cx))
        })?;
        Ok(())
    })?;

    let bloom = frame.with_debug_group("bloom", |frame| {
        let desc = TextureDesc::new_2d("bloom", WIDTH / 2, HEIGHT / 2, HDR_FORMAT).with_mips(BLOOM_MIPS);
        let bloom = frame.create_texture(desc)?;
        let mips = (0..BLOOM_MIPS)
            .map(|mip| frame.create_texture_view(bloom, TextureViewDesc::mip(mip)))
            .collect::<Result<Vec<_>, _>>()?;
        let scene = frame.create_texture_view(hdr, TextureViewDesc::default())?;
        frame.with_debug_group("downsample", |frame| {
            for (mip, &target) in (0..).zip(&mips) {
                let source = if mip == 0 { scene } else { mips[mip as usize - 1] };
                let label = format!("bloom.downsample.mip-{mip}");
                frame.add(BloomDownsample { label, source, target }, move |cx| {
                    renderer.map_or(Ok(()), |renderer| renderer.bloom_downsample(cx, mip))
                })?;
            }
            Ok(())
        })?;
        frame.with_debug_group("upsample", |frame| {
            for mip in (0..mips.len() - 1).rev() {
                let label = format!("bloom.upsample.mip-{mip}");
                frame.add(BloomUpsample { label, source: mips[mip + 1], target: mips[mip] }, move |cx| {
                    renderer.map_or(Ok(()), |renderer| renderer.bloom_upsample(cx))
                })?;
            }
            Ok(())
        })?;
        Ok(mips[0])
    })?;

    let image = frame.with_debug_group("post", |frame| {
        let ldr = frame.create_texture(target("ldr", LDR_FORMAT))?;
        let image = frame.create_texture(target("image", LDR_FORMAT))?;
        frame.add(Tonemap { uniforms, hdr, bloom, ldr }, move |cx| {
            renderer.map_or(Ok(()), |renderer| renderer.tonemap(cx))
        })?;
        frame.add(Fxaa { ldr, image }, move |cx| renderer.map_or(Ok(()), |renderer| renderer.fxaa(cx)))?;
        frame.add(UiOverlay { uniforms, rects, image }, move |cx| {
            renderer.map_or(Ok(()), |renderer| renderer.ui_overlay(cx))
        })?;
        Ok(image)
    })?;

    frame.add(Readback { image, pixels }, move |cx| renderer.map_or(Ok(()), |renderer| renderer.readback(cx)))?;
    Ok(())
}
