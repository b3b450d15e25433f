use zenfg_runtime::prelude::*;

fn record(frame: &mut Frame<'_>) -> Result<(), FrameGraphError> {
    let desc = TextureDesc::new_2d("target", 8, 8, zenfg_runtime::wgpu::TextureFormat::Rgba8Unorm);
    let target = frame.create_texture(desc)?;
    let mut pass = frame.command_pass("upload");
    let token = pass.texture_copy_dst(target, WriteContents::Overwrite)?;
    pass.finish_command(move |cx| {
        let _view = cx.resources.texture_view(token)?;
        Ok(())
    })?;
    Ok(())
}

fn main() {}
