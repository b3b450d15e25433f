//! Every texture role, on every texture handle type.

use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Textures<'f> {
    #[sampled]
    sampled: Texture<'f>,
    #[sampled]
    sampled_view: TextureView<'f>,
    #[sampled]
    sampled_surface: SurfaceTexture<'f>,
    #[storage_read]
    storage_read: TextureView<'f>,
    #[storage_read]
    storage_read_texture: Texture<'f>,
    #[storage_read]
    storage_read_surface: SurfaceTexture<'f>,
    #[storage_write(overwrite)]
    overwrite: Texture<'f>,
    #[storage_write(preserve)]
    preserve: TextureView<'f>,
    #[storage_write(overwrite)]
    overwrite_surface: SurfaceTexture<'f>,
}

#[derive(Pass)]
#[pass(command)]
struct Copies<'f> {
    #[copy_src]
    src: Texture<'f>,
    #[copy_src]
    surface_src: SurfaceTexture<'f>,
    #[copy_dst(overwrite)]
    dst: TextureView<'f>,
    #[copy_dst(preserve)]
    keep: SurfaceTexture<'f>,
}

#[derive(Pass)]
#[pass(external)]
struct External<'f> {
    #[copy_src]
    src: TextureView<'f>,
    #[storage_write(preserve)]
    dst: Texture<'f>,
}

fn main() {}
