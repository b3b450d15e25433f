use zenfg_runtime::prelude::*;
use zenfg_runtime::InitialContents;
use zenfg_runtime::wgpu;

fn target(device: &wgpu::Device) -> wgpu::Texture {
    device.create_texture(&wgpu::TextureDescriptor {
        label: Some("output"),
        size: wgpu::Extent3d { width: 64, height: 64, depth_or_array_layers: 1 },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba8Unorm,
        usage: wgpu::TextureUsages::STORAGE_BINDING,
        view_formats: &[],
    })
}

fn run(device: &wgpu::Device, queue: &wgpu::Queue) -> Result<(), FrameGraphError> {
    let mut output = target(device);
    let mut graph = FrameGraph::with_device(device);
    let mut frame = graph.begin_frame();
    let texture = frame.import_native_texture("output", &output, InitialContents::Defined)?;
    frame.mark_texture_root(texture, RootReason::Output)?;
    let mut repeatable = frame.compile(CompileOptions::default())?.into_repeatable()?;
    repeatable.execute(queue)?;
    // A resize replaces the import; the frame compiled for the old one must go first.
    output = target(device);
    repeatable.execute(queue)?;
    drop(output);
    Ok(())
}

fn main() {
    let _ = run;
}
