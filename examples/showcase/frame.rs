//! One frame of the showcase, recorded entirely with derived passes.
//!
//! The caller's buffers are imported (and bound when there is a device); the
//! intermediates are transients the graph allocates, aliases and pools; the
//! samplers, which the graph does not track, are fields of the passes that
//! bind them. The
//! passes run in recording order: the light animation, the G-buffer and the
//! lighting (group `scene`); a debug view of the normals nobody uses (group
//! `debug`, culled); the bloom chain over the mips of one texture (group
//! `bloom`, stages `downsample` and `upsample`); tonemap, antialiasing and the
//! overlay (group `post`); the copy into the caller's readback buffer.

use wgpu::{BufferUsages, TextureFormat};
use zenfg_runtime::prelude::*;

use crate::camera::UNIFORM_FLOATS;
use crate::passes::{
    AnimateLights, BloomDownsample, BloomUpsample, DebugNormals, Fxaa, GBuffer, Lighting, Readback, Tonemap, UiOverlay,
};
use crate::pipelines::{ALBEDO_FORMAT, DEPTH_FORMAT, HDR_FORMAT, LDR_FORMAT, NORMAL_FORMAT};
use crate::renderer::{Renderer, Samplers};
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

/// The caller-owned buffers the frame imports.
struct Imports<'f> {
    uniforms: Buffer<'f>,
    vertices: Buffer<'f>,
    indices: Buffer<'f>,
    instances: Buffer<'f>,
    rig: Buffer<'f>,
    rects: Buffer<'f>,
    pixels: Buffer<'f>,
}

/// Imports a caller-owned buffer of `floats` floats, bound to `native` when there is one.
fn import<'f>(
    frame: &mut Frame<'f>,
    label: &'static str,
    floats: usize,
    native: Option<&'f wgpu::Buffer>,
) -> Result<Buffer<'f>, FrameGraphError> {
    let desc = BufferDesc::new(label, (floats * 4) as u64);
    let buffer = frame.import_buffer(desc, ImportBufferOptions::new(InitialContents::Defined))?;
    if let Some(native) = native {
        frame.bind_imported_buffer(buffer, native)?;
    }
    Ok(buffer)
}

impl<'f> Imports<'f> {
    fn new(frame: &mut Frame<'f>, scene: &Scene, renderer: Option<&'f Renderer>) -> Result<Self, FrameGraphError> {
        // A readback root must be a buffer the CPU maps and nothing else uses.
        let readback = ImportBufferOptions::new(InitialContents::Undefined)
            .with_exposed_usage(BufferUsages::MAP_READ | BufferUsages::COPY_DST);
        let pixels = frame.import_buffer(BufferDesc::new("pixels", PIXEL_BYTES), readback)?;
        if let Some(renderer) = renderer {
            frame.bind_imported_buffer(pixels, &renderer.pixels)?;
        }
        Ok(Self {
            uniforms: import(frame, "uniforms", UNIFORM_FLOATS, renderer.map(|r| &r.uniforms))?,
            vertices: import(frame, "vertices", scene.vertices.len(), renderer.map(|r| &r.vertices))?,
            indices: import(frame, "indices", scene.indices.len(), renderer.map(|r| &r.indices))?,
            instances: import(frame, "instances", scene.instances.len(), renderer.map(|r| &r.instances))?,
            rig: import(frame, "light-rig", scene.rig.len(), renderer.map(|r| &r.rig))?,
            rects: import(frame, "overlay-rects", scene.rects.len(), renderer.map(|r| &r.rects))?,
            pixels,
        })
    }
}

fn full_size(label: &'static str, format: TextureFormat) -> TextureDesc {
    TextureDesc::new_2d(label, WIDTH, HEIGHT, format)
}

/// Records the frame, its passes binding `samplers`. With a `renderer`, the
/// imports are bound and the passes encode real work; without one, the frame
/// can be compiled but not executed, so the callbacks, which never run, have
/// nothing to do.
pub fn record<'f>(
    frame: &mut Frame<'f>,
    scene: &Scene,
    samplers: &'f Samplers,
    renderer: Option<&'f Renderer>,
) -> Result<(), FrameGraphError> {
    let imports = Imports::new(frame, scene, renderer)?;
    let hdr = frame.create_texture(full_size("hdr", HDR_FORMAT))?;
    let normal = frame.with_debug_group("scene", |frame| record_scene(frame, &imports, hdr, renderer))?;
    frame.with_debug_group("debug", |frame| {
        let view = frame.create_texture(full_size("debug-view", LDR_FORMAT))?;
        frame.add(DebugNormals { normal, view }, move |cx| {
            renderer.map_or(Ok(()), |renderer| renderer.debug_normals(cx))
        })
    })?;
    let linear_clamp = &samplers.linear_clamp;
    let bloom = frame.with_debug_group("bloom", |frame| record_bloom(frame, hdr, linear_clamp, renderer))?;
    let image =
        frame.with_debug_group("post", |frame| record_post(frame, &imports, (hdr, bloom), linear_clamp, renderer))?;
    let pixels = imports.pixels;
    frame.add(Readback { image, pixels }, move |cx| renderer.map_or(Ok(()), |renderer| renderer.readback(cx)))?;
    Ok(())
}

/// The light animation, the G-buffer and the lighting into `hdr`; returns the
/// G-buffer's normals.
fn record_scene<'f>(
    frame: &mut Frame<'f>,
    imports: &Imports<'f>,
    hdr: Texture<'f>,
    renderer: Option<&'f Renderer>,
) -> Result<Texture<'f>, FrameGraphError> {
    let Imports { uniforms, vertices, indices, instances, rig, .. } = *imports;
    let lights = frame.create_buffer(BufferDesc::new("lights", LIGHT_COUNT as u64 * LIGHT_BYTES))?;
    let albedo = frame.create_texture(full_size("albedo", ALBEDO_FORMAT))?;
    let normal = frame.create_texture(full_size("normal", NORMAL_FORMAT))?;
    let depth = frame.create_texture(full_size("depth", DEPTH_FORMAT))?;
    frame.add(AnimateLights { uniforms, rig, lights }, move |cx| {
        renderer.map_or(Ok(()), |renderer| renderer.animate_lights(cx))
    })?;
    let g_buffer = GBuffer { uniforms, vertices, indices, instances, lights, albedo, normal, depth };
    frame.add(g_buffer, move |cx| renderer.map_or(Ok(()), |renderer| renderer.g_buffer(cx)))?;
    frame.add(Lighting { uniforms, albedo, normal, depth, lights, hdr }, move |cx| {
        renderer.map_or(Ok(()), |renderer| renderer.lighting(cx))
    })?;
    Ok(normal)
}

/// The bloom chain over the mips of one texture, in its `downsample` and
/// `upsample` stages; returns the view of mip 0, where every level ends up.
fn record_bloom<'f>(
    frame: &mut Frame<'f>,
    hdr: Texture<'f>,
    linear_clamp: &'f wgpu::Sampler,
    renderer: Option<&'f Renderer>,
) -> Result<TextureView<'f>, FrameGraphError> {
    let desc = TextureDesc::new_2d("bloom", WIDTH / 2, HEIGHT / 2, HDR_FORMAT).with_mips(BLOOM_MIPS);
    let bloom = frame.create_texture(desc)?;
    let mips = (0..BLOOM_MIPS)
        .map(|mip| frame.create_texture_view(bloom, TextureViewDesc::mip(mip)))
        .collect::<Result<Vec<_>, _>>()?;
    let scene = frame.create_texture_view(hdr, TextureViewDesc::default())?;
    frame.with_debug_group("downsample", |frame| {
        let mut source = scene;
        for (mip, &target) in (0..).zip(&mips) {
            let label = format!("bloom.downsample.mip-{mip}");
            frame.add(BloomDownsample { label, source, linear_clamp, target }, move |cx| {
                renderer.map_or(Ok(()), |renderer| renderer.bloom_downsample(cx, mip))
            })?;
            source = target;
        }
        Ok(())
    })?;
    frame.with_debug_group("upsample", |frame| {
        for mip in (0..mips.len() - 1).rev() {
            let label = format!("bloom.upsample.mip-{mip}");
            let pass = BloomUpsample { label, source: mips[mip + 1], linear_clamp, target: mips[mip] };
            frame.add(pass, move |cx| renderer.map_or(Ok(()), |renderer| renderer.bloom_upsample(cx)))?;
        }
        Ok(())
    })?;
    Ok(mips[0])
}

/// Tonemapping, antialiasing and the overlay; returns the final image.
fn record_post<'f>(
    frame: &mut Frame<'f>,
    imports: &Imports<'f>,
    (hdr, bloom): (Texture<'f>, TextureView<'f>),
    linear_clamp: &'f wgpu::Sampler,
    renderer: Option<&'f Renderer>,
) -> Result<Texture<'f>, FrameGraphError> {
    let Imports { uniforms, rects, .. } = *imports;
    let ldr = frame.create_texture(full_size("ldr", LDR_FORMAT))?;
    let image = frame.create_texture(full_size("image", LDR_FORMAT))?;
    frame.add(Tonemap { uniforms, hdr, bloom, linear_clamp, ldr }, move |cx| {
        renderer.map_or(Ok(()), |renderer| renderer.tonemap(cx))
    })?;
    frame.add(Fxaa { ldr, linear_clamp, image }, move |cx| renderer.map_or(Ok(()), |renderer| renderer.fxaa(cx)))?;
    frame.add(UiOverlay { uniforms, rects, image }, move |cx| {
        renderer.map_or(Ok(()), |renderer| renderer.ui_overlay(cx))
    })?;
    Ok(image)
}
