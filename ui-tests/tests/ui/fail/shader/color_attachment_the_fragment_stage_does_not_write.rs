use zenfg_runtime::prelude::*;

// `fs_albedo` writes @location(0) only: nothing would be drawn into `normal`.
#[derive(Pass)]
#[pass(render, shader = "shaders/gbuffer.wgsl", fragment = ["fs_gbuffer", "fs_albedo"])]
struct Geometry<'f> {
    #[color_attachment(clear = wgpu::Color::BLACK)]
    #[root(output)]
    albedo: Texture<'f>,
    #[color_attachment(clear = wgpu::Color::BLACK)]
    #[root(output)]
    normal: Texture<'f>,
}

// The second slot is past what `fs_gbuffer` writes.
#[derive(Pass)]
#[pass(render, shader = "shaders/gbuffer.wgsl", fragment = "fs_gbuffer")]
struct Shifted<'f> {
    #[color_attachment(clear = wgpu::Color::BLACK, slot = 2)]
    #[root(output)]
    albedo: Texture<'f>,
    #[color_attachment(clear = wgpu::Color::BLACK)]
    #[root(output)]
    normal: [Texture<'f>; 2],
}

fn main() {}
