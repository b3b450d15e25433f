use zenfg_runtime::prelude::*;

fn record(frame: &mut Frame<'_>) -> Result<(), FrameGraphError> {
    let desc = TextureDesc::new_2d("depth", 8, 8, zenfg_runtime::wgpu::TextureFormat::Depth32Float);
    let depth = frame.create_texture(desc)?;
    let mesh = frame.create_buffer(BufferDesc::new("mesh", 256))?;
    let mut pass = frame.compute_pass("pass");
    let _ = pass.depth_attachment(depth, zenfg_runtime::DepthAttachmentOps::load_store())?;
    let _ = pass.vertex_buffer(mesh, BufferRange::new(0, Some(128)))?;
    let _ = pass.index_buffer(mesh, BufferRange::new(128, Some(64)))?;
    let _ = pass.buffer_copy_src(mesh, BufferRange::new(192, Some(64)))?;
    let _ = pass.texture_copy_dst(depth, WriteContents::Overwrite)?;
    pass.finish()?;
    Ok(())
}

fn main() {}
