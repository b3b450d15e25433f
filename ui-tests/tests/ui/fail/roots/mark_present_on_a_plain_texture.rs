use zenfg_runtime::prelude::*;

fn record(frame: &mut Frame<'_>) -> Result<(), FrameGraphError> {
    let desc = TextureDesc::new_2d("color", 8, 8, zenfg_runtime::wgpu::TextureFormat::Rgba8Unorm);
    let texture = frame.create_texture(desc)?;
    frame.mark_present(texture)
}

fn main() {}
