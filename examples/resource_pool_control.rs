//! Keeping the transient pool in check: size-dependent targets live in a
//! pool scope that is cleared when the window is resized, and an idle policy
//! evicts objects no execution used for 60 executions. Runs on wgpu's no-op
//! device: the passes record nothing, the pool behaves as on a GPU.
//!
//!     cargo run --example resource-pool-control

use wgpu::{Color, TextureFormat};
use zenfg_runtime::{
    BufferDesc, BufferRange, ColorAttachmentOps, CompileOptions, FrameGraph, FrameGraphError, ResourcePoolScope,
    RootReason, TextureDesc, WriteContents,
};

/// One frame: a scene and a post pass at the window size, plus a scratch
/// buffer that only the loading phase uses.
fn frame(
    graph: &mut FrameGraph,
    queue: &wgpu::Queue,
    window: ResourcePoolScope,
    (width, height): (u32, u32),
    loading: bool,
) -> Result<(), FrameGraphError> {
    let mut frame = graph.begin_frame();
    let scene =
        frame.create_texture_in(window, TextureDesc::new_2d("scene", width, height, TextureFormat::Rgba16Float))?;
    let output =
        frame.create_texture_in(window, TextureDesc::new_2d("output", width, height, TextureFormat::Rgba8Unorm))?;
    if loading {
        let scratch = frame.create_buffer(BufferDesc::new("decompression-scratch", 4 << 20))?;
        let mut pass = frame.command_pass("stream-assets");
        let _ = pass.buffer_copy_dst(scratch, BufferRange::whole(), WriteContents::Overwrite)?;
        pass.finish_command(|_| Ok(()))?;
    }
    let mut pass = frame.render_pass("scene");
    let _ = pass.color_attachment(scene, ColorAttachmentOps::clear_store(Color::BLACK))?;
    pass.finish_render(|_| Ok(()))?;
    let mut pass = frame.render_pass("post");
    let _ = pass.sampled_texture(scene)?;
    let _ = pass.color_attachment(output, ColorAttachmentOps::clear_store(Color::BLACK))?;
    pass.finish_render(|_| Ok(()))?;
    frame.mark_texture_root(output, RootReason::Output)?;
    frame.compile(CompileOptions::default())?.execute(queue)
}

fn report(graph: &FrameGraph, when: &str) {
    let stats = graph.resource_pool_stats();
    println!(
        "{when:<34} retained {:>2} objects, {:>9} bytes; created {:>2}, reused {:>3}, evicted {:>2} ({} bytes)",
        stats.retained_count,
        stats.estimated_retained_bytes,
        stats.created_count,
        stats.reuse_count,
        stats.evicted_count,
        stats.estimated_evicted_bytes
    );
}

fn main() -> Result<(), FrameGraphError> {
    let (device, queue) = wgpu::Device::noop(&wgpu::DeviceDescriptor::default());
    let mut graph = FrameGraph::with_device(&device);
    let window = graph.create_resource_pool_scope();
    let mut size = (1280, 720);
    for frame_index in 0..200 {
        if frame_index == 100 {
            report(&graph, "before the resize:");
            size = (1920, 1080);
            graph.clear_resource_pool_scope(window)?;
            report(&graph, "after clearing the window scope:");
        }
        frame(&mut graph, &queue, window, size, frame_index < 30)?;
        let evicted = graph.evict_resource_pool(|info| info.unused_executions > 60);
        if evicted > 0 {
            println!("frame {frame_index}: the idle policy evicted {evicted} bytes");
        }
    }
    report(&graph, "after 200 frames:");
    Ok(())
}
