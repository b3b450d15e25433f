use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[sampled]
    src: Texture<'f>,
    #[storage_write(overwrite)]
    dst: Texture<'f>,
}

fn main() -> Result<(), FrameGraphError> {
    let mut graph = FrameGraph::new();
    let mut first = graph.begin_frame();
    let desc = TextureDesc::new_2d("t", 8, 8, zenfg_runtime::wgpu::TextureFormat::Rgba8Unorm);
    let src = first.create_texture(desc.clone())?;
    let dst = first.create_texture(desc)?;
    let pass = Blur { src, dst };
    let mut second = graph.begin_frame();
    second.add(pass, |_| Ok(()))?;
    Ok(())
}

