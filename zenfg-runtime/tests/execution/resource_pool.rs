//! The transient pool on wgpu's no-op device: acquisition, reuse across
//! executions, compatibility keys, and return on every exit path.

use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::rc::Rc;

use crate::execution_common::noop;
use wgpu::{Color, TextureFormat};
use zenfg_runtime::{
    Buffer, BufferDesc, BufferRange, ColorAttachmentOps, CompileOptions, Frame, FrameGraph, FrameGraphError,
    ImportBufferOptions, InitialContents, ResourcePoolStats, RootReason, TextureDesc, WriteContents,
};

/// A command node overwriting `buffer`.
fn write<'f>(frame: &mut Frame<'f>, buffer: Buffer<'f>) {
    let mut pass = frame.command_pass("write");
    let _ = pass.buffer_copy_dst(buffer, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    pass.finish_command(|_| Ok(())).unwrap();
}

/// A command node reading `buffer`.
fn read<'f>(frame: &mut Frame<'f>, buffer: Buffer<'f>) {
    let mut pass = frame.command_pass("read");
    let _ = pass.buffer_copy_src(buffer, BufferRange::whole()).unwrap();
    pass.finish_command(|_| Ok(())).unwrap();
}

/// One frame writing then reading a transient buffer of `size` bytes.
fn buffer_frame(graph: &mut FrameGraph, queue: &wgpu::Queue, size: u64) {
    let mut frame = graph.begin_frame();
    let buffer = frame.create_buffer(BufferDesc::new("buffer", size)).unwrap();
    write(&mut frame, buffer);
    read(&mut frame, buffer);
    frame.compile(CompileOptions::default()).unwrap().execute(queue).unwrap();
}

fn stats(acquire: u64, reuse: u64, created: u64, retained: u64, bytes: u64) -> ResourcePoolStats {
    ResourcePoolStats {
        acquire_count: acquire,
        reuse_count: reuse,
        created_count: created,
        retained_count: retained,
        estimated_retained_bytes: bytes,
        ..ResourcePoolStats::default()
    }
}

#[test]
fn every_executable_kind_resolves_transients() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let order = Rc::new(RefCell::new(Vec::new()));
    let mut frame = graph.begin_frame();
    let data = frame.create_buffer(BufferDesc::new("data", 64)).unwrap();
    let target = frame.create_texture(TextureDesc::new_2d("target", 4, 4, TextureFormat::Rgba8Unorm)).unwrap();
    let mut compute = frame.compute_pass("compute");
    let token = compute.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let log = Rc::clone(&order);
    compute
        .finish_compute(move |cx| {
            assert_eq!(cx.resources.buffer(token)?.size(), 64);
            log.borrow_mut().push("compute");
            Ok(())
        })
        .unwrap();
    let mut render = frame.render_pass("render");
    let token = render.color_attachment(target, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    let log = Rc::clone(&order);
    render
        .finish_render(move |cx| {
            assert_eq!(cx.resources.texture(token)?.width(), 4);
            log.borrow_mut().push("render");
            Ok(())
        })
        .unwrap();
    let mut command = frame.command_pass("command");
    let token = command.buffer_copy_src(data, BufferRange::whole()).unwrap();
    let log = Rc::clone(&order);
    command
        .finish_command(move |cx| {
            cx.resources.buffer(token)?;
            log.borrow_mut().push("command");
            Ok(())
        })
        .unwrap();
    let mut external = frame.external_submission("external");
    let token = external.sampled_texture(target).unwrap();
    let log = Rc::clone(&order);
    external
        .finish_external(move |cx| {
            cx.resources.texture_view(token)?;
            log.borrow_mut().push("external");
            Ok(())
        })
        .unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();
    assert_eq!(*order.borrow(), ["compute", "render", "command", "external"]);
    assert_eq!(graph.resource_pool_stats(), stats(2, 0, 2, 2, 64 + 64));
}

#[test]
fn a_transient_of_a_command_node_is_pooled_after_execution() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let buffer = frame.create_buffer(BufferDesc::new("tiny", 4)).unwrap();
    write(&mut frame, buffer);
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();
    assert_eq!(graph.resource_pool_stats(), stats(1, 0, 1, 1, 4));
}

#[test]
fn disjoint_lifetimes_share_one_object_and_overlapping_ones_do_not() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let first = frame.create_buffer(BufferDesc::new("first", 100)).unwrap();
    let second = frame.create_buffer(BufferDesc::new("second", 100)).unwrap();
    write(&mut frame, first);
    read(&mut frame, first);
    write(&mut frame, second);
    read(&mut frame, second);
    let compiled = frame.compile(CompileOptions::default()).unwrap();
    assert_eq!(compiled.allocation_count(), 1);
    compiled.execute(&queue).unwrap();
    assert_eq!(graph.resource_pool_stats(), stats(1, 0, 1, 1, 112), "100 bytes round up to the 112-byte class");

    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let first = frame.create_buffer(BufferDesc::new("first", 100)).unwrap();
    let second = frame.create_buffer(BufferDesc::new("second", 100)).unwrap();
    write(&mut frame, first);
    write(&mut frame, second);
    read(&mut frame, first);
    read(&mut frame, second);
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();
    assert_eq!(graph.resource_pool_stats(), stats(2, 0, 2, 2, 224));
}

#[test]
fn buffers_of_one_size_class_are_reused_across_executions() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    buffer_frame(&mut graph, &queue, 100);
    buffer_frame(&mut graph, &queue, 110);
    assert_eq!(graph.resource_pool_stats(), stats(2, 1, 1, 1, 112));
    buffer_frame(&mut graph, &queue, 120);
    assert_eq!(graph.resource_pool_stats().created_count, 2, "120 bytes fall in the next class (128)");
}

#[test]
fn textures_are_reused_across_executions() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    for _ in 0..3 {
        let mut frame = graph.begin_frame();
        let target = frame.create_texture(TextureDesc::new_2d("target", 16, 16, TextureFormat::Rgba8Unorm)).unwrap();
        let mut pass = frame.render_pass("draw");
        let _ = pass.color_attachment(target, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
        pass.finish_render(|_| Ok(())).unwrap();
        frame.mark_texture_root(target, RootReason::Output).unwrap();
        frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();
    }
    assert_eq!(graph.resource_pool_stats(), stats(3, 2, 1, 1, 16 * 16 * 4));
}

#[test]
fn different_usages_never_share_an_object() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    for round in 0..2 {
        let mut frame = graph.begin_frame();
        let storage = frame.create_buffer(BufferDesc::new("storage", 64)).unwrap();
        let uniform = frame.create_buffer(BufferDesc::new("uniform", 64)).unwrap();
        let mut pass = frame.command_pass("storage");
        let _ = pass.storage_buffer_write(storage, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish_command(|_| Ok(())).unwrap();
        write(&mut frame, uniform);
        let mut pass = frame.command_pass("uniform");
        let _ = pass.uniform_buffer(uniform, BufferRange::whole()).unwrap();
        pass.finish_command(|_| Ok(())).unwrap();
        let compiled = frame.compile(CompileOptions::default()).unwrap();
        assert_eq!(compiled.allocation_count(), 2);
        compiled.execute(&queue).unwrap();
        assert_eq!(graph.resource_pool_stats().created_count, 2, "round {round}");
    }
    assert_eq!(graph.resource_pool_stats().reuse_count, 2);
}

/// How the last node of [`failing_frame`] ends.
#[derive(Clone, Copy)]
enum Ending {
    CommandError,
    ExternalError,
    ExternalPanic,
    Success,
}

/// A frame whose transient's last user ends as `ending` says.
fn failing_frame(graph: &mut FrameGraph, queue: &wgpu::Queue, ending: Ending) -> Result<(), FrameGraphError> {
    let mut frame = graph.begin_frame();
    let buffer = frame.create_buffer(BufferDesc::new("buffer", 64)).unwrap();
    write(&mut frame, buffer);
    if let Ending::CommandError = ending {
        let mut pass = frame.command_pass("fails");
        let _ = pass.buffer_copy_src(buffer, BufferRange::whole()).unwrap();
        pass.finish_command(|_| Err(FrameGraphError::callback_failed("command failed"))).unwrap();
    } else {
        let mut pass = frame.external_submission("external");
        let _ = pass.buffer_copy_src(buffer, BufferRange::whole()).unwrap();
        pass.finish_external(move |_| match ending {
            Ending::ExternalPanic => panic!("external renderer panicked"),
            Ending::Success => Ok(()),
            _ => Err(FrameGraphError::callback_failed("external renderer failed")),
        })
        .unwrap();
    }
    frame.compile(CompileOptions::default()).unwrap().execute(queue)
}

#[test]
fn callback_errors_and_panics_return_transients_to_the_pool() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    assert_eq!(failing_frame(&mut graph, &queue, Ending::CommandError).unwrap_err().code(), "FG4007");
    assert_eq!(graph.resource_pool_stats(), stats(1, 0, 1, 1, 64));
    assert_eq!(failing_frame(&mut graph, &queue, Ending::ExternalError).unwrap_err().code(), "FG4007");
    assert_eq!(graph.resource_pool_stats(), stats(2, 1, 1, 1, 64));
    let panicked = catch_unwind(AssertUnwindSafe(|| failing_frame(&mut graph, &queue, Ending::ExternalPanic)));
    assert!(panicked.is_err());
    assert_eq!(graph.resource_pool_stats(), stats(3, 2, 1, 1, 64));
    failing_frame(&mut graph, &queue, Ending::Success).unwrap();
    assert_eq!(graph.resource_pool_stats(), stats(4, 3, 1, 1, 64));
}

/// The callback of [`panicking_frame`] that panics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Panicking {
    Compute,
    Render,
    Command,
}

/// A frame in which a compute pass writes a transient buffer, a render pass
/// reads it while drawing into a transient texture, and a command node
/// copies from both, so that both transients are acquired before the first
/// callback and in use until the last; the callback `panicking` names panics.
fn panicking_frame(graph: &mut FrameGraph, queue: &wgpu::Queue, panicking: Option<Panicking>) {
    let panic_in = move |callback: Panicking| {
        if panicking == Some(callback) {
            panic!("the {callback:?} callback panicked");
        }
    };
    let mut frame = graph.begin_frame();
    let buffer = frame.create_buffer(BufferDesc::new("buffer", 64)).unwrap();
    let target = frame.create_texture(TextureDesc::new_2d("target", 4, 4, TextureFormat::Rgba8Unorm)).unwrap();
    let mut compute = frame.compute_pass("compute");
    let _ = compute.storage_buffer_write(buffer, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    compute
        .finish_compute(move |_| {
            panic_in(Panicking::Compute);
            Ok(())
        })
        .unwrap();
    let mut render = frame.render_pass("render");
    let _ = render.storage_buffer_read(buffer, BufferRange::whole()).unwrap();
    let _ = render.color_attachment(target, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    render
        .finish_render(move |_| {
            panic_in(Panicking::Render);
            Ok(())
        })
        .unwrap();
    let mut command = frame.command_pass("command");
    let _ = command.buffer_copy_src(buffer, BufferRange::whole()).unwrap();
    let _ = command.texture_copy_src(target).unwrap();
    command
        .finish_command(move |_| {
            panic_in(Panicking::Command);
            Ok(())
        })
        .unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(queue).unwrap();
}

/// A panic in the `panicking` callback unwinds out of the execution with
/// its own message, both transients are back in the pool, and the next
/// frame reuses them.
fn check_a_panic_returns_every_transient(panicking: Panicking) {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let payload = catch_unwind(AssertUnwindSafe(|| panicking_frame(&mut graph, &queue, Some(panicking))))
        .expect_err("the callback panics");
    let message = payload.downcast_ref::<String>().map(String::as_str);
    assert_eq!(message, Some(&*format!("the {panicking:?} callback panicked")), "the callback's own panic unwinds");
    let both = 64 + 4 * 4 * 4;
    assert_eq!(graph.resource_pool_stats(), stats(2, 0, 2, 2, both), "both transients are back in the pool");
    panicking_frame(&mut graph, &queue, None);
    assert_eq!(graph.resource_pool_stats(), stats(4, 2, 2, 2, both), "the next frame reuses both");
}

#[test]
fn a_panic_in_a_compute_callback_returns_every_transient() {
    check_a_panic_returns_every_transient(Panicking::Compute);
}

#[test]
fn a_panic_in_a_render_callback_returns_every_transient() {
    check_a_panic_returns_every_transient(Panicking::Render);
}

#[test]
fn a_panic_in_a_command_callback_with_the_encoder_open_returns_every_transient() {
    check_a_panic_returns_every_transient(Panicking::Command);
}

#[test]
fn preflight_failures_and_culled_transients_acquire_nothing() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let unused = frame.create_buffer(BufferDesc::new("culled", 64)).unwrap();
    let mut culled = frame.compute_pass("culled");
    let _ = culled.storage_buffer_write(unused, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    culled.finish_compute(|_| Ok(())).unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();
    assert_eq!(graph.resource_pool_stats(), ResourcePoolStats::default());

    let mut frame = graph.begin_frame();
    let buffer = frame.create_buffer(BufferDesc::new("buffer", 64)).unwrap();
    write(&mut frame, buffer);
    let import = frame
        .import_buffer(BufferDesc::new("unbound", 64), ImportBufferOptions::new(InitialContents::Defined))
        .unwrap();
    read(&mut frame, import);
    let error = frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap_err();
    assert_eq!(error.code(), "FG4002");
    assert_eq!(graph.resource_pool_stats(), ResourcePoolStats::default());
}

#[test]
fn clearing_keeps_counters_and_forces_recreation() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    buffer_frame(&mut graph, &queue, 64);
    buffer_frame(&mut graph, &queue, 64);
    graph.clear_resource_pool();
    assert_eq!(
        graph.resource_pool_stats(),
        ResourcePoolStats { evicted_count: 1, estimated_evicted_bytes: 64, ..stats(2, 1, 1, 0, 0) }
    );
    buffer_frame(&mut graph, &queue, 64);
    assert_eq!(
        graph.resource_pool_stats(),
        ResourcePoolStats { evicted_count: 1, estimated_evicted_bytes: 64, ..stats(3, 1, 2, 1, 64) }
    );
}

#[test]
fn a_cpu_only_runtime_has_an_empty_pool() {
    let mut graph = FrameGraph::new();
    assert_eq!(graph.resource_pool_stats(), ResourcePoolStats::default());
    graph.clear_resource_pool();
    assert_eq!(graph.resource_pool_stats(), ResourcePoolStats::default());
}

/// Executes a frame sampling a pooled texture through two explicit views
/// with one descriptor; returns the native views the callback resolved.
fn sampled_views(graph: &mut FrameGraph, queue: &wgpu::Queue) -> Vec<wgpu::TextureView> {
    let resolved = Rc::new(RefCell::new(Vec::new()));
    let mut frame = graph.begin_frame();
    let texture = frame.create_texture(TextureDesc::new_2d("texture", 4, 4, TextureFormat::Rgba8Unorm)).unwrap();
    let first = frame.create_texture_view(texture, zenfg_runtime::TextureViewDesc::default()).unwrap();
    let second = frame.create_texture_view(texture, zenfg_runtime::TextureViewDesc::default()).unwrap();
    let mut writer = frame.render_pass("writer");
    let _ = writer.color_attachment(texture, ColorAttachmentOps::clear_store(Color::RED)).unwrap();
    writer.finish_render(|_| Ok(())).unwrap();
    let mut reader = frame.command_pass("reader");
    let a = reader.sampled_texture(first).unwrap();
    let b = reader.sampled_texture(second).unwrap();
    let out = Rc::clone(&resolved);
    reader
        .finish_command(move |cx| {
            out.borrow_mut().extend([cx.resources.texture_view(a)?.clone(), cx.resources.texture_view(b)?.clone()]);
            Ok(())
        })
        .unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(queue).unwrap();
    resolved.take()
}

#[test]
fn pooled_textures_keep_their_views_across_executions() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let first = sampled_views(&mut graph, &queue);
    let second = sampled_views(&mut graph, &queue);
    assert_ne!(first[0], first[1], "identical explicit views stay distinct within an execution");
    assert_eq!(first, second, "the next execution reuses the pooled texture's views");
    graph.clear_resource_pool();
    let third = sampled_views(&mut graph, &queue);
    assert_ne!(third[0], first[0], "a recreated texture has new views");
}
