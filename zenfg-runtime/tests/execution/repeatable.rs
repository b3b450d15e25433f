//! Repeatable frames on wgpu's no-op device: compiled once, executed many
//! times, with callbacks, frame indices, transients, bind groups and timing
//! on every execution.

use std::cell::{Cell, RefCell};

use crate::execution_common::{download, noop, readback_buffer};
use wgpu::{BufferUsages, TextureFormat, TextureUsages};
use zenfg_runtime::prelude::*;
use zenfg_runtime::{
    BufferDesc, ColorAttachmentOps, ExecutionOptions, GpuTimingReadback, GpuTimingReport, ImportBufferOptions,
    InitialContents, TimingMode,
};

fn wait(device: &wgpu::Device, readback: &mut GpuTimingReadback) -> GpuTimingReport {
    loop {
        if let Some(report) = readback.try_take() {
            return report;
        }
        device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
    }
}

#[test]
fn every_kind_of_node_runs_on_every_execution_with_its_frame_index() -> Result<(), FrameGraphError> {
    let (device, queue) = noop();
    let log = RefCell::new(Vec::new());
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let target = frame.create_texture(TextureDesc::new_2d("target", 4, 4, TextureFormat::Rgba8Unorm))?;
    let data = frame.create_buffer(BufferDesc::new("data", 64))?;
    let copy = frame.create_buffer(BufferDesc::new("copy", 64))?;
    let mut render = frame.render_pass("render");
    let _ = render.color_attachment(target, ColorAttachmentOps::clear_store(wgpu::Color::BLACK))?;
    render.finish_render_repeatable(|ctx| {
        log.borrow_mut().push(("render", ctx.frame_index));
        Ok(())
    })?;
    let mut compute = frame.compute_pass("compute");
    let _ = compute.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite)?;
    compute.finish_compute_repeatable(|ctx| {
        log.borrow_mut().push(("compute", ctx.frame_index));
        Ok(())
    })?;
    let mut pass = frame.copy_pass("copy");
    pass.copy_buffer_to_buffer(data, 0, copy, 0, 64)?;
    pass.finish()?;
    frame.clear_buffer("clear", copy, BufferRange::new(0, Some(16)))?;
    frame.command_pass("command").finish_command_repeatable(|ctx| {
        log.borrow_mut().push(("command", ctx.frame_index));
        Ok(())
    })?;
    frame.external_submission("external").finish_external_repeatable(|ctx| {
        log.borrow_mut().push(("external", ctx.frame_index));
        Ok(())
    })?;
    frame.mark_texture_root(target, RootReason::Output)?;
    frame.mark_buffer_root(copy, BufferRange::whole(), RootReason::Output)?;
    let mut repeatable = frame.compile(CompileOptions::default())?.into_repeatable()?;
    assert_eq!(repeatable.compiled().retained_node_count(), 6);
    repeatable.execute(&queue)?;
    repeatable.execute(&queue)?;
    repeatable.execute_with_options(&queue, ExecutionOptions::default().with_frame_index(40))?;
    repeatable.execute(&queue)?;
    assert_eq!(repeatable.executions(), 4);
    drop(repeatable);
    let expected: Vec<(&str, u64)> = [0, 1, 40, 3]
        .into_iter()
        .flat_map(|index| ["render", "compute", "command", "external"].map(|label| (label, index)))
        .collect();
    assert_eq!(log.take(), expected);
    Ok(())
}

#[test]
fn a_retained_one_shot_callback_is_fg4013_and_a_culled_one_is_not() -> Result<(), FrameGraphError> {
    let (device, _queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let unused = frame.create_buffer(BufferDesc::new("unused", 16))?;
    let mut culled = frame.compute_pass("culled");
    let _ = culled.storage_buffer_write(unused, BufferRange::whole(), WriteContents::Overwrite)?;
    culled.finish_compute(|_| Ok(()))?;
    frame.command_pass("kept").finish_command_repeatable(|_| Ok(()))?;
    assert!(frame.compile(CompileOptions::default())?.into_repeatable().is_ok());

    let mut frame = graph.begin_frame();
    frame.command_pass("repeated").finish_command_repeatable(|_| Ok(()))?;
    let once = frame.command_pass("once").finish_command(|_| Ok(()))?;
    let error = frame.compile(CompileOptions::default())?.into_repeatable().unwrap_err();
    assert_eq!((error.code(), error.pass()), ("FG4013", Some(once)));
    assert!(error.to_string().contains("`once`"), "{error}");
    Ok(())
}

#[test]
fn a_frame_holding_a_surface_texture_is_frame_scoped_fg4014() -> Result<(), FrameGraphError> {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let desc = TextureDesc::new_2d("swapchain", 8, 8, TextureFormat::Bgra8Unorm);
    let surface = frame.import_surface_texture(desc, Some(TextureUsages::RENDER_ATTACHMENT))?;
    let mut pass = frame.render_pass("draw");
    let _ = pass.color_attachment(surface, ColorAttachmentOps::clear_store(wgpu::Color::BLACK))?;
    pass.finish_render_repeatable(|_| Ok(()))?;
    frame.mark_present(surface)?;
    let error = frame.compile(CompileOptions::default())?.into_repeatable().unwrap_err();
    assert_eq!((error.code(), error.resource()), ("FG4014", Some(surface.id())));
    assert!(error.to_string().contains("frame-scoped"), "{error}");
    Ok(())
}

#[test]
fn transients_are_acquired_on_every_execution_and_a_cleared_scope_is_recreated() -> Result<(), FrameGraphError> {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let scope = graph.create_resource_pool_scope();
    let mut frame = graph.begin_frame();
    let scratch = frame.create_buffer_in(scope, BufferDesc::new("scratch", 256))?;
    let mut pass = frame.compute_pass("fill");
    let _ = pass.storage_buffer_write(scratch, BufferRange::whole(), WriteContents::Overwrite)?;
    pass.finish_compute_repeatable(|_| Ok(()))?;
    frame.mark_buffer_root(scratch, BufferRange::whole(), RootReason::Output)?;
    let mut repeatable = frame.compile(CompileOptions::default())?.into_repeatable()?;
    for _ in 0..3 {
        repeatable.execute(&queue)?;
    }
    let stats = repeatable.graph().resource_pool_stats();
    assert_eq!((stats.acquire_count, stats.created_count, stats.reuse_count), (3, 1, 2));
    repeatable.clear_resource_pool_scope(scope)?;
    assert_eq!(repeatable.graph().resource_pool_stats().retained_count, 0);
    repeatable.execute(&queue)?;
    let stats = repeatable.graph().resource_pool_stats();
    assert_eq!((stats.acquire_count, stats.created_count, stats.retained_count), (4, 2, 1));
    let foreign = FrameGraph::new().create_resource_pool_scope();
    assert_eq!(repeatable.clear_resource_pool_scope(foreign).unwrap_err().code(), "FG2014");
    Ok(())
}

#[derive(Pass)]
#[pass(compute)]
struct Accumulate<'f> {
    #[storage_write(preserve, binding = 0)]
    #[root(persistent_state)]
    state: Buffer<'f>,
    #[storage_write(overwrite, binding = 1)]
    scratch: Buffer<'f>,
}

#[test]
fn a_derived_pass_gets_its_context_and_cached_bind_groups_on_every_execution() -> Result<(), FrameGraphError> {
    let (device, queue) = noop();
    let native = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("state"),
        size: 64,
        usage: BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    let groups = Cell::new(0);
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let state =
        frame.import_buffer(BufferDesc::new("state", 64), ImportBufferOptions::new(InitialContents::Defined))?;
    frame.bind_imported_buffer(state, &native)?;
    let scratch = frame.create_buffer(BufferDesc::new("scratch", 64))?;
    frame.add_repeatable(Accumulate { state, scratch }, |cx: AccumulateContext<'_>| {
        assert_eq!(cx.state.buffer_unchecked(), &native);
        groups.set(groups.get() + cx.bind_groups.iter().count());
        Ok(())
    })?;
    let mut repeatable = frame.compile(CompileOptions::default())?.into_repeatable()?;
    for _ in 0..4 {
        repeatable.execute(&queue)?;
    }
    assert_eq!(repeatable.graph().bind_group_cache_stats().created, 1, "every execution reuses the bind group");
    drop(repeatable);
    assert_eq!(groups.get(), 4);
    Ok(())
}

#[test]
fn a_failed_execution_leaves_the_frame_executable() -> Result<(), FrameGraphError> {
    let (device, queue) = noop();
    let runs = Cell::new(0);
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    frame.command_pass("flaky").finish_command_repeatable(|ctx| {
        runs.set(runs.get() + 1);
        if ctx.frame_index == 1 { Err(FrameGraphError::callback_failed("out of budget")) } else { Ok(()) }
    })?;
    let mut repeatable = frame.compile(CompileOptions::default())?.into_repeatable()?;
    repeatable.execute(&queue)?;
    let error = repeatable.execute(&queue).unwrap_err();
    assert_eq!(error.code(), "FG4007");
    assert!(error.to_string().contains("`flaky`"), "{error}");
    repeatable.execute(&queue)?;
    assert_eq!(repeatable.graph().resource_pool_stats().acquire_count, 0);
    drop(repeatable);
    assert_eq!(runs.get(), 3);
    Ok(())
}

#[test]
fn a_frame_that_fails_preflight_fails_it_on_every_execution() -> Result<(), FrameGraphError> {
    let (device, queue) = noop();
    let runs = Cell::new(0);
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let input =
        frame.import_buffer(BufferDesc::new("input", 16), ImportBufferOptions::new(InitialContents::Defined))?;
    let mut pass = frame.command_pass("read");
    let _ = pass.storage_buffer_read(input, BufferRange::whole())?;
    pass.set_side_effect(true);
    pass.finish_command_repeatable(|_| {
        runs.set(runs.get() + 1);
        Ok(())
    })?;
    let mut repeatable = frame.compile(CompileOptions::default())?.into_repeatable()?;
    for _ in 0..2 {
        let error = repeatable.execute(&queue).unwrap_err();
        assert_eq!((error.code(), error.resource()), ("FG4002", Some(input.id())), "the import is still unbound");
    }
    drop(repeatable);
    assert_eq!(runs.get(), 0, "no execution got past preflight");
    Ok(())
}

#[test]
fn cpu_and_gpu_timing_report_every_execution() -> Result<(), FrameGraphError> {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let data = frame.create_buffer(BufferDesc::new("data", 64))?;
    let mut pass = frame.compute_pass(String::from("simulate"));
    let _ = pass.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite)?;
    pass.finish_compute_repeatable(|_| Ok(()))?;
    frame.mark_buffer_root(data, BufferRange::whole(), RootReason::Output)?;
    let mut repeatable = frame.compile(CompileOptions::default())?.into_repeatable()?;
    for index in 0..3 {
        let options = ExecutionOptions::default().with_frame_index(index);
        let timing = repeatable.execute_with_timing(&queue, options, TimingMode::Both)?;
        let cpu = timing.cpu.expect("CPU timing was requested");
        assert_eq!(cpu.frame_index, index);
        let labels: Vec<&str> = cpu.nodes.iter().map(|node| &*node.label).collect();
        assert_eq!(labels, ["simulate"], "an owned label is reported by every execution");
        let mut readback = timing.gpu.expect("GPU timing was requested");
        let GpuTimingReport::Available { frame_index, nodes, .. } = wait(&device, &mut readback) else {
            panic!("GPU timing is available on a device with timestamp queries");
        };
        assert_eq!((frame_index, nodes.len(), &*nodes[0].label), (index, 1, "simulate"));
    }
    Ok(())
}

fn map(device: &wgpu::Device, slice: wgpu::BufferSlice<'_>, mode: wgpu::MapMode) {
    slice.map_async(mode, |result| result.expect("the buffer maps"));
    device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
}

#[test]
fn a_bound_buffer_mapped_between_executions_is_fg4003_on_the_next_one() -> Result<(), FrameGraphError> {
    let (device, queue) = noop();
    let readback = readback_buffer(&device, 1024);
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let out = download(&mut frame, &readback)?;
    let mut repeatable = frame.compile(CompileOptions::default())?.into_repeatable()?;
    repeatable.execute(&queue)?;
    // The whole buffer, a part of it, and a part away from its start.
    for range in [0..1024, 0..256, 512..768] {
        map(&device, readback.slice(range.clone()), wgpu::MapMode::Read);
        let error = repeatable.execute(&queue).unwrap_err();
        assert_eq!((error.code(), error.resource()), ("FG4003", Some(out.id())), "{range:?}: {error}");
        readback.unmap();
        repeatable.execute(&queue)?;
    }
    Ok(())
}

#[test]
fn a_buffer_written_through_a_mapped_view_is_mapped() -> Result<(), FrameGraphError> {
    let (device, queue) = noop();
    let upload = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("upload"),
        size: 256,
        usage: BufferUsages::MAP_WRITE | BufferUsages::COPY_SRC,
        mapped_at_creation: true,
    });
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let source = frame.import_native_buffer("upload", &upload, InitialContents::Defined)?;
    let target = frame.create_buffer(BufferDesc::new("target", 256))?;
    let mut copy = frame.copy_pass("upload");
    copy.copy_buffer_to_buffer(source, 0, target, 0, 256)?;
    copy.finish()?;
    frame.mark_buffer_root(target, BufferRange::whole(), RootReason::Output)?;
    let mut repeatable = frame.compile(CompileOptions::default())?.into_repeatable()?;
    let view = upload.slice(..).get_mapped_range_mut();
    let error = repeatable.execute(&queue).unwrap_err();
    assert_eq!((error.code(), error.resource()), ("FG4003", Some(source.id())), "{error}");
    drop(view);
    upload.unmap();
    repeatable.execute(&queue)?;
    Ok(())
}
