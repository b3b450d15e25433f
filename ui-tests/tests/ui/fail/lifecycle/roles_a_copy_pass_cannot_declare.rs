use zenfg_runtime::prelude::*;

fn record(frame: &mut Frame<'_>) -> Result<(), FrameGraphError> {
    let desc = TextureDesc::new_2d("color", 8, 8, zenfg_runtime::wgpu::TextureFormat::Rgba8Unorm);
    let color = frame.create_texture(desc)?;
    let data = frame.create_buffer(BufferDesc::new("data", 256))?;
    let mut pass = frame.copy_pass("pass");
    // Copy passes declare their accesses through the typed `copy_*` methods.
    let _ = pass.buffer_copy_src(data, BufferRange::whole())?;
    let _ = pass.texture_copy_dst(color, WriteContents::Overwrite)?;
    let _ = pass.sampled_texture(color)?;
    pass.finish()?;
    Ok(())
}

fn main() {}
