//! Keeping the transient pool in check: size-dependent targets live in a
//! pool scope that is cleared when the window is resized, and an idle policy
//! evicts objects no execution used for 60 executions. Runs on wgpu's no-op
//! device: the passes record nothing, the pool behaves as on a GPU. The
//! example fails unless the idle policy evicts only the loading scratch
//! buffer, clearing the scope drops only the window-sized targets, and the
//! pool ends up holding just the resized targets.
//!
//!     cargo run --example resource-pool-control

use std::error::Error;

use wgpu::{Color, TextureFormat};
use zenfg_runtime::{
    BufferDesc, BufferRange, ColorAttachmentOps, CompileOptions, FrameGraph, FrameGraphError, ResourcePoolScope,
    ResourcePoolStats, RootReason, TextureDesc, WriteContents,
};

/// Frames the example runs.
const FRAMES: u64 = 200;
/// The first frames, which stream assets through the scratch buffer.
const LOADING_FRAMES: u64 = 30;
/// The frame at which the window is resized.
const RESIZE_AT: u64 = 100;
/// The window size before and after the resize.
const SIZES: [(u32, u32); 2] = [(1280, 720), (1920, 1080)];
/// Executions an object may go unused before the idle policy evicts it.
const IDLE_LIMIT: u64 = 60;
/// The bytes of the scratch buffer.
const SCRATCH_BYTES: u64 = 4 << 20;
/// The bytes per pixel of the two window-sized targets together.
const TARGET_PIXEL_BYTES: u64 = 8 + 4;

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
        let scratch = frame.create_buffer(BufferDesc::new("decompression-scratch", SCRATCH_BYTES))?;
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

/// The pool at the moments the example looks at it.
pub struct Outcome {
    /// Just before the resize.
    pub before_resize: ResourcePoolStats,
    /// Just after the window scope was cleared.
    pub after_clear: ResourcePoolStats,
    /// The frames after which the idle policy evicted something, with the
    /// bytes it evicted.
    pub idle_evictions: Vec<(u64, u64)>,
    /// After the last frame.
    pub last: ResourcePoolStats,
}

/// The bytes of the two window-sized targets at `size`.
fn target_bytes((width, height): (u32, u32)) -> u64 {
    u64::from(width) * u64::from(height) * TARGET_PIXEL_BYTES
}

/// Runs the frames on `device` (the no-op device will do) and checks what the
/// pool held along the way.
///
/// # Errors
///
/// Recording, compiling, executing or clearing fails, or the pool is not in
/// the state the policy promises.
pub fn run(device: &wgpu::Device, queue: &wgpu::Queue) -> Result<Outcome, Box<dyn Error>> {
    let mut graph = FrameGraph::with_device(device);
    let window = graph.create_resource_pool_scope();
    let mut size = SIZES[0];
    let (mut before_resize, mut after_clear) = Default::default();
    let mut idle_evictions = Vec::new();
    for frame_index in 0..FRAMES {
        if frame_index == RESIZE_AT {
            before_resize = graph.resource_pool_stats();
            size = SIZES[1];
            graph.clear_resource_pool_scope(window)?;
            after_clear = graph.resource_pool_stats();
        }
        frame(&mut graph, queue, window, size, frame_index < LOADING_FRAMES)?;
        let evicted = graph.evict_resource_pool(|info| info.unused_executions > IDLE_LIMIT);
        if evicted > 0 {
            idle_evictions.push((frame_index, evicted));
        }
    }
    let outcome = Outcome { before_resize, after_clear, idle_evictions, last: graph.resource_pool_stats() };

    // The scratch buffer is last used by the last loading frame and is
    // evicted once it has gone unused for more than IDLE_LIMIT executions.
    let scratch_evicted = [(LOADING_FRAMES - 1 + IDLE_LIMIT + 1, SCRATCH_BYTES)];
    if outcome.idle_evictions != scratch_evicted {
        return Err(format!("expected the idle evictions {scratch_evicted:?}, got {:?}", outcome.idle_evictions).into());
    }
    let held = |stats: &ResourcePoolStats| (stats.retained_count, stats.estimated_retained_bytes);
    if held(&outcome.before_resize) != (2, target_bytes(SIZES[0])) {
        return Err(format!("before the resize, expected only the two targets, got {:?}", outcome.before_resize).into());
    }
    if held(&outcome.after_clear) != (0, 0) || outcome.after_clear.evicted_count != 3 {
        return Err(format!("clearing the scope should drop both targets, got {:?}", outcome.after_clear).into());
    }
    if held(&outcome.last) != (2, target_bytes(SIZES[1])) || outcome.last.created_count != 5 {
        return Err(format!("expected only the two resized targets at the end, got {:?}", outcome.last).into());
    }
    Ok(outcome)
}

fn report(stats: &ResourcePoolStats, when: &str) {
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

fn main() -> Result<(), Box<dyn Error>> {
    let (device, queue) = wgpu::Device::noop(&wgpu::DeviceDescriptor::default());
    let outcome = run(&device, &queue)?;
    for (frame_index, bytes) in &outcome.idle_evictions {
        println!("frame {frame_index}: the idle policy evicted {bytes} bytes");
    }
    report(&outcome.before_resize, "before the resize:");
    report(&outcome.after_clear, "after clearing the window scope:");
    report(&outcome.last, &format!("after {FRAMES} frames:"));
    Ok(())
}
