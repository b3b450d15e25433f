//! Attachment forms: clear values, load, store and discard, slots, depth
//! ops, read-only depth and resolve targets.

use zenfg_runtime::prelude::*;
use zenfg_runtime::wgpu::Color;

#[derive(Pass)]
#[pass(render)]
struct GBuffer<'f> {
    #[color_attachment(clear = Color::BLACK)]
    albedo: Texture<'f>,
    #[color_attachment(clear = [0.5, 0.5, 1.0, 1.0], store, slot = 0)]
    normal: TextureView<'f>,
    #[color_attachment(load, discard)]
    scratch: Texture<'f>,
    #[depth_attachment(clear = 1.0, store)]
    depth: Texture<'f>,
}

#[derive(Pass)]
#[pass(render)]
struct Overlay<'f> {
    #[color_attachment(load, store)]
    color: SurfaceTexture<'f>,
    #[depth_read]
    depth: TextureView<'f>,
}

#[derive(Pass)]
#[pass(render)]
struct Shadow<'f> {
    #[depth_attachment(load, discard)]
    depth: Option<Texture<'f>>,
    #[color_attachment(clear = Color { r: 0.0, g: 0.0, b: 0.0, a: 0.0 })]
    moments: Texture<'f>,
}

#[derive(Pass)]
#[pass(render)]
struct Resolve<'f> {
    #[color_attachment(clear = Color::TRANSPARENT, discard)]
    msaa: Texture<'f>,
    #[resolve_target(source = msaa)]
    #[root(present)]
    surface: SurfaceTexture<'f>,
}

#[derive(Pass)]
#[pass(render)]
struct ResolveIntoTextures<'f> {
    #[color_attachment(clear = Color::BLACK)]
    msaa: Texture<'f>,
    #[resolve_target(source = msaa)]
    resolved: Texture<'f>,
    #[color_attachment(load)]
    msaa_view: TextureView<'f>,
    #[resolve_target(source = msaa_view)]
    resolved_view: TextureView<'f>,
}

#[derive(Pass)]
#[pass(render)]
struct DepthOnAView<'f> {
    #[depth_attachment(clear = 1.0)]
    depth: TextureView<'f>,
}

#[derive(Pass)]
#[pass(render)]
struct DepthOnASurface<'f> {
    #[depth_attachment(load, store)]
    depth: SurfaceTexture<'f>,
}

#[derive(Pass)]
#[pass(render)]
struct DepthReadTexture<'f> {
    #[color_attachment(load)]
    color: Texture<'f>,
    #[depth_read]
    depth: Texture<'f>,
}

#[derive(Pass)]
#[pass(render)]
struct DepthReadSurface<'f> {
    #[color_attachment(load)]
    color: Texture<'f>,
    #[depth_read]
    depth: SurfaceTexture<'f>,
}

#[derive(Pass)]
#[pass(render)]
struct DepthReadOptional<'f> {
    #[color_attachment(load)]
    color: Texture<'f>,
    #[depth_read]
    depth: Option<Texture<'f>>,
}

#[derive(Pass)]
#[pass(command)]
struct OwnRenderPass<'f> {
    #[color_attachment(load)]
    color: Texture<'f>,
    #[depth_attachment(clear = 0.0)]
    depth: Texture<'f>,
}

fn main() {}
