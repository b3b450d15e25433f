use zenfg_runtime::prelude::*;

fn record(frame: &mut Frame<'_>) -> Result<(), FrameGraphError> {
    let desc = TextureDesc::new_2d("color", 8, 8, zenfg_runtime::wgpu::TextureFormat::Rgba8Unorm);
    let texture = frame.create_texture(desc)?;
    let mut pass = frame.compute_pass("pass");
    let _ = pass.color_attachment(texture, zenfg_runtime::ColorAttachmentOps::load_store())?;
    pass.finish()?;
    Ok(())
}

fn main() {}
