//! Pool maintenance on wgpu's no-op device: scopes, clearing, predicate
//! eviction and idle ages.

use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::execution_common::noop;
use wgpu::{BufferUsages, Color, TextureFormat, TextureUsages};
use zenfg_runtime::{
    Buffer, BufferDesc, BufferRange, ColorAttachmentOps, CompileOptions, ExecutionOptions, Frame, FrameGraph,
    FrameGraphError, ImportBufferOptions, InitialContents, PooledResourceDesc, ResourcePoolScope, RootReason,
    TextureDesc, WriteContents,
};

/// A command node overwriting `buffer`, then one reading it.
fn write_then_read<'f>(frame: &mut Frame<'f>, buffer: Buffer<'f>) {
    let mut pass = frame.command_pass("write");
    let _ = pass.buffer_copy_dst(buffer, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    pass.finish_command(|_| Ok(())).unwrap();
    let mut pass = frame.command_pass("read");
    let _ = pass.buffer_copy_src(buffer, BufferRange::whole()).unwrap();
    pass.finish_command(|_| Ok(())).unwrap();
}

/// Executes one frame using a `size`-byte transient, in `scope` when given.
fn buffer_frame(graph: &mut FrameGraph, queue: &wgpu::Queue, size: u64, scope: Option<ResourcePoolScope>) {
    let mut frame = graph.begin_frame();
    let desc = BufferDesc::new("buffer", size);
    let buffer = match scope {
        Some(scope) => frame.create_buffer_in(scope, desc).unwrap(),
        None => frame.create_buffer(desc).unwrap(),
    };
    write_then_read(&mut frame, buffer);
    frame.compile(CompileOptions::default()).unwrap().execute(queue).unwrap();
}

/// Executes a frame with nothing in it.
fn empty_frame(graph: &mut FrameGraph, queue: &wgpu::Queue) {
    graph.begin_frame().compile(CompileOptions::default()).unwrap().execute(queue).unwrap();
}

/// The idle ages of every retained object, sorted.
fn ages(graph: &mut FrameGraph) -> Vec<u64> {
    let mut ages = Vec::new();
    graph.evict_resource_pool(|info| {
        ages.push(info.unused_executions);
        false
    });
    ages.sort_unstable();
    ages
}

#[test]
fn scopes_partition_reuse_across_executions() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let scope = graph.create_resource_pool_scope();
    buffer_frame(&mut graph, &queue, 64, None);
    buffer_frame(&mut graph, &queue, 64, Some(scope));
    assert_eq!(graph.resource_pool_stats().created_count, 2, "the scoped transient does not reuse the default one");
    buffer_frame(&mut graph, &queue, 64, Some(scope));
    buffer_frame(&mut graph, &queue, 64, None);
    let stats = graph.resource_pool_stats();
    assert_eq!((stats.created_count, stats.reuse_count, stats.retained_count), (2, 2, 2));
}

#[test]
fn scopes_partition_aliasing_within_a_frame() {
    let (device, _queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let scope = graph.create_resource_pool_scope();
    let mut frame = graph.begin_frame();
    let first = frame.create_buffer(BufferDesc::new("first", 64)).unwrap();
    let second = frame.create_buffer_in(scope, BufferDesc::new("second", 64)).unwrap();
    let third = frame.create_buffer(BufferDesc::new("third", 64)).unwrap();
    write_then_read(&mut frame, first);
    write_then_read(&mut frame, second);
    write_then_read(&mut frame, third);
    assert_eq!(frame.compile(CompileOptions::default()).unwrap().allocation_count(), 2);
}

#[test]
fn clearing_a_scope_removes_only_its_objects_and_the_scope_stays_usable() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let scope = graph.create_resource_pool_scope();
    let other = graph.create_resource_pool_scope();
    buffer_frame(&mut graph, &queue, 64, None);
    buffer_frame(&mut graph, &queue, 128, Some(scope));
    buffer_frame(&mut graph, &queue, 256, Some(other));
    graph.clear_resource_pool_scope(scope).unwrap();
    let stats = graph.resource_pool_stats();
    assert_eq!((stats.retained_count, stats.estimated_retained_bytes), (2, 64 + 256));
    assert_eq!((stats.evicted_count, stats.estimated_evicted_bytes), (1, 128));
    buffer_frame(&mut graph, &queue, 128, Some(scope));
    let stats = graph.resource_pool_stats();
    assert_eq!((stats.created_count, stats.retained_count), (4, 3), "the cleared scope creates again");
    graph.clear_resource_pool();
    let stats = graph.resource_pool_stats();
    assert_eq!((stats.retained_count, stats.estimated_retained_bytes), (0, 0));
    assert_eq!((stats.evicted_count, stats.estimated_evicted_bytes), (4, 128 + 64 + 128 + 256));
    assert_eq!(stats.acquire_count, 4, "cumulative counters survive clearing");
}

#[test]
fn a_scope_of_another_runtime_is_fg2014_even_on_an_empty_pool() {
    let (device, _queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let mut other = FrameGraph::with_device(&device);
    let foreign = other.create_resource_pool_scope();
    let error = graph.clear_resource_pool_scope(foreign).unwrap_err();
    assert_eq!(error.code(), "FG2014");
    assert!(matches!(error, FrameGraphError::ForeignResourcePoolScope { .. }));
    let mut cpu_only = FrameGraph::new();
    assert_eq!(cpu_only.clear_resource_pool_scope(foreign).unwrap_err().code(), "FG2014");
    let own = cpu_only.create_resource_pool_scope();
    cpu_only.clear_resource_pool_scope(own).unwrap();
    let mut frame = graph.begin_frame();
    assert_eq!(frame.create_buffer_in(foreign, BufferDesc::new("buffer", 4)).unwrap_err().code(), "FG2014");
}

#[test]
fn eviction_sees_every_retained_object_once_with_its_description() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let scope = graph.create_resource_pool_scope();
    buffer_frame(&mut graph, &queue, 100, None);
    let mut frame = graph.begin_frame();
    let target =
        frame.create_texture_in(scope, TextureDesc::new_2d("target", 8, 4, TextureFormat::Rgba8Unorm)).unwrap();
    let mut pass = frame.render_pass("draw");
    let _ = pass.color_attachment(target, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    pass.finish_render(|_| Ok(())).unwrap();
    frame.mark_texture_root(target, RootReason::Output).unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();

    let mut seen = Vec::new();
    let removed = graph.evict_resource_pool(|info| {
        seen.push((info.scope, info.estimated_bytes, info.unused_executions));
        match info.descriptor {
            PooledResourceDesc::Buffer { size, usage } => {
                assert_eq!(size, 112, "buffers show their size class");
                assert_eq!(usage, BufferUsages::COPY_SRC | BufferUsages::COPY_DST);
                false
            }
            PooledResourceDesc::Texture { format, size, usage, .. } => {
                assert_eq!((format, size.width, size.height), (TextureFormat::Rgba8Unorm, 8, 4));
                assert_eq!(usage, TextureUsages::RENDER_ATTACHMENT);
                true
            }
            _ => unreachable!("only buffers and textures are pooled"),
        }
    });
    seen.sort_by_key(|&(scope, ..)| scope.is_some());
    assert_eq!(seen, [(None, 112, 1), (Some(scope), 8 * 4 * 4, 0)]);
    assert_eq!(removed, 128);
    let stats = graph.resource_pool_stats();
    assert_eq!((stats.retained_count, stats.estimated_retained_bytes), (1, 112));
    assert_eq!((stats.evicted_count, stats.estimated_evicted_bytes), (1, 128));
    assert_eq!(graph.evict_resource_pool(|info| info.scope.is_none()), 112, "the default domain alone");
    assert_eq!(graph.resource_pool_stats().retained_count, 0);
}

#[test]
fn a_panicking_predicate_leaves_the_pool_unchanged() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    for size in [16, 32, 64] {
        let mut frame = graph.begin_frame();
        let buffer = frame.create_buffer(BufferDesc::new("buffer", size)).unwrap();
        write_then_read(&mut frame, buffer);
        frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();
    }
    let before = graph.resource_pool_stats();
    let mut visited = 0;
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        graph.evict_resource_pool(|_| {
            visited += 1;
            assert!(visited < 3, "the third object makes the predicate panic");
            true
        })
    }));
    assert!(outcome.is_err());
    assert_eq!(visited, 3);
    assert_eq!(graph.resource_pool_stats(), before);
    assert_eq!(ages(&mut graph).len(), 3, "all three objects are still retained");
    assert_eq!(graph.evict_resource_pool(|_| true), 16 + 32 + 64);
}

#[test]
fn accepted_executions_age_retained_objects_and_acquisition_resets_them() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    buffer_frame(&mut graph, &queue, 64, None);
    assert_eq!(ages(&mut graph), [0]);
    empty_frame(&mut graph, &queue);
    assert_eq!(ages(&mut graph), [1], "an empty execution ages the pool");

    let mut frame = graph.begin_frame();
    frame.command_pass("fails").finish_command(|_| Err(FrameGraphError::callback_failed("late failure"))).unwrap();
    assert!(frame.compile(CompileOptions::default()).unwrap().execute(&queue).is_err());
    assert_eq!(ages(&mut graph), [2], "an accepted execution that fails later ages the pool");

    let mut frame = graph.begin_frame();
    let unbound =
        frame.import_buffer(BufferDesc::new("unbound", 4), ImportBufferOptions::new(InitialContents::Defined)).unwrap();
    let mut pass = frame.command_pass("read");
    let _ = pass.buffer_copy_src(unbound, BufferRange::whole()).unwrap();
    pass.finish_command(|_| Ok(())).unwrap();
    let compiled = frame.compile(CompileOptions::default()).unwrap();
    assert_eq!(compiled.execute(&queue).unwrap_err().code(), "FG4002");
    assert_eq!(ages(&mut graph), [2], "a preflight failure is not an accepted execution");

    for _ in 0..3 {
        let mut frame = graph.begin_frame();
        frame.command_pass("work").finish_command(|_| Ok(())).unwrap();
        drop(frame.compile(CompileOptions::default()).unwrap());
    }
    assert_eq!(ages(&mut graph), [2], "compilation does not age the pool");
    let scope = graph.create_resource_pool_scope();
    graph.clear_resource_pool_scope(scope).unwrap();
    graph.evict_resource_pool(|_| false);
    assert_eq!(ages(&mut graph), [2], "maintenance does not age the pool");

    let timed = graph.begin_frame().compile(CompileOptions::default()).unwrap();
    let timing = timed.execute_with_timing(
        &queue,
        ExecutionOptions::default().with_frame_index(1_000),
        zenfg_runtime::TimingMode::Both,
    );
    assert!(timing.unwrap().cpu.is_some());
    device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
    assert_eq!(ages(&mut graph), [3], "frame indices and GPU completion do not age the pool");

    buffer_frame(&mut graph, &queue, 64, None);
    assert_eq!(ages(&mut graph), [0], "acquisition resets the age");
}

#[test]
fn an_idle_policy_evicts_only_objects_unused_long_enough() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    buffer_frame(&mut graph, &queue, 1024, None);
    for _ in 0..61 {
        buffer_frame(&mut graph, &queue, 64, None);
    }
    assert_eq!(ages(&mut graph), [0, 61]);
    assert_eq!(graph.evict_resource_pool(|info| info.unused_executions > 60), 1024);
    assert_eq!(ages(&mut graph), [0]);
}

/// One frame of a renderer whose three targets follow the window size.
fn resized_frame(
    graph: &mut FrameGraph,
    queue: &wgpu::Queue,
    scope: ResourcePoolScope,
    width: u32,
    height: u32,
) -> u64 {
    let mut frame = graph.begin_frame();
    let color = frame.create_texture_in(scope, TextureDesc::new_2d("color", width, height, TextureFormat::Rgba8Unorm));
    let depth =
        frame.create_texture_in(scope, TextureDesc::new_2d("depth", width, height, TextureFormat::Depth32Float));
    let output =
        frame.create_texture_in(scope, TextureDesc::new_2d("output", width, height, TextureFormat::Rgba8Unorm));
    let (color, depth, output) = (color.unwrap(), depth.unwrap(), output.unwrap());
    let mut scene = frame.render_pass("scene");
    let _ = scene.color_attachment(color, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    let _ = scene.depth_attachment(depth, zenfg_runtime::DepthAttachmentOps::clear_discard(1.0)).unwrap();
    scene.finish_render(|_| Ok(())).unwrap();
    let mut post = frame.render_pass("post");
    let _ = post.sampled_texture(color).unwrap();
    let _ = post.color_attachment(output, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    post.finish_render(|_| Ok(())).unwrap();
    frame.mark_texture_root(output, RootReason::Output).unwrap();
    let compiled = frame.compile(CompileOptions::summary_report()).unwrap();
    let working_set = compiled.report().unwrap().summary.physical_allocation_bytes;
    compiled.execute(queue).unwrap();
    working_set
}

#[test]
fn clearing_a_scope_on_resize_bounds_retained_bytes_by_twice_the_working_set() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let scope = graph.create_resource_pool_scope();
    for cycle in 0..100 {
        graph.clear_resource_pool_scope(scope).unwrap();
        let working_set = resized_frame(&mut graph, &queue, scope, 64 + 4 * cycle, 48 + 2 * cycle);
        let retained = graph.resource_pool_stats().estimated_retained_bytes;
        assert!(retained <= 2 * working_set, "cycle {cycle}: {retained} retained for a {working_set}-byte working set");
    }

    let mut uncleared = FrameGraph::with_device(&device);
    let scope = uncleared.create_resource_pool_scope();
    let mut working_set = 0;
    for cycle in 0..100 {
        working_set = resized_frame(&mut uncleared, &queue, scope, 64 + 4 * cycle, 48 + 2 * cycle);
    }
    assert!(
        uncleared.resource_pool_stats().estimated_retained_bytes > 2 * working_set,
        "without clearing, every old size stays retained"
    );
}
