//! Buffers and texture views the graph does not track, by reference and by
//! value, in each role they bind as.

use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Untracked<'f> {
    #[untracked(uniform, binding = 0)]
    params: &'f wgpu::Buffer,
    #[untracked(storage_read, binding = 1)]
    weights: wgpu::Buffer,
    #[untracked(storage_write, binding = 2)]
    scratch: &'f wgpu::Buffer,
    #[untracked(sampled, binding = 3)]
    lut: &'f wgpu::TextureView,
    #[untracked(sampled, binding = 4, sample_type = uint, dimension = D2Array)]
    masks: wgpu::TextureView,
    #[untracked(storage_read, binding = 5, format = R32Float)]
    heights: wgpu::TextureView,
    #[untracked(storage_write, group = 1, binding = 0, format = Rgba8Unorm, read_write)]
    canvas: &'f wgpu::TextureView,
    #[storage_write(overwrite, group = 1, binding = 1)]
    out: Buffer<'f>,
}

/// A pass that binds only what the graph does not track.
#[derive(Pass)]
#[pass(compute, side_effect)]
struct OnlyUntracked<'f> {
    #[untracked(storage_write, binding = 0)]
    counters: &'f wgpu::Buffer,
    #[untracked(uniform, binding = 1)]
    params: wgpu::Buffer,
}

fn record<'f>(frame: &mut Frame<'f>, untracked: Untracked<'f>, only: OnlyUntracked<'f>) -> Result<(), FrameGraphError> {
    frame.add(untracked, |mut cx| {
        cx.set_bind_groups();
        let _ = cx.out.storage_write_binding();
        Ok(())
    })?;
    frame.add(only, |mut cx| {
        cx.set_bind_groups();
        cx.pass.dispatch_workgroups(1, 1, 1);
        Ok(())
    })?;
    Ok(())
}

fn main() {
    let _ = record;
}
