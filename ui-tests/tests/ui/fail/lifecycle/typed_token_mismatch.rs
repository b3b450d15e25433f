use zenfg_runtime::prelude::*;

use zenfg_runtime::{AccessToken, StorageBufferRead};

fn expects_storage(_token: AccessToken<'_, StorageBufferRead>) {}

fn record(frame: &mut Frame<'_>) -> Result<(), FrameGraphError> {
    let desc = TextureDesc::new_2d("color", 8, 8, zenfg_runtime::wgpu::TextureFormat::Rgba8Unorm);
    let texture = frame.create_texture(desc)?;
    let mut pass = frame.compute_pass("pass");
    let token = pass.sampled_texture(texture)?;
    expects_storage(token);
    pass.finish()?;
    Ok(())
}

fn main() {}
