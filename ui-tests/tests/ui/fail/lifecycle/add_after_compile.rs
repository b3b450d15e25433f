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
    let mut frame = graph.begin_frame();
    let desc = TextureDesc::new_2d("t", 8, 8, zenfg_runtime::wgpu::TextureFormat::Rgba8Unorm);
    let src = frame.create_texture(desc.clone())?;
    let dst = frame.create_texture(desc)?;
    let compiled = frame.compile(CompileOptions::default())?;
    frame.add(Blur { src, dst }, |_| Ok(()))?;
    drop(compiled);
    Ok(())
}

