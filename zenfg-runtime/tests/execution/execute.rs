//! Execution on wgpu's no-op device: order, resolution, preflight errors,
//! segments, debug groups and timing bookkeeping.

use std::cell::{Cell, RefCell};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::rc::Rc;

use crate::execution_common::{download, noop, noop_without_timestamps};
use wgpu::{BufferUsages, Color, Extent3d, TexelCopyBufferLayout, TextureFormat, TextureUsages};
use zenfg_runtime::{
    BufferDesc, BufferRange, BufferTextureCopyLocation, ColorAttachmentOps, CompileOptions, DepthAttachmentOps,
    ExecutionOptions, FrameGraph, FrameGraphError, GpuTimingNodeKind, GpuTimingReadback, GpuTimingReport,
    GpuTimingUnavailableReason, ImportBufferOptions, ImportTextureOptions, InitialContents, NodeKind, PassId,
    RootReason, TextureCopyLocation, TextureDesc, TextureViewDesc, TimingMode, WriteContents,
};

type Log = Rc<RefCell<Vec<&'static str>>>;

fn log() -> Log {
    Rc::default()
}

fn entries(log: &Log) -> Vec<&'static str> {
    log.borrow().clone()
}

/// Waits for a GPU timing report.
fn wait(device: &wgpu::Device, readback: &mut GpuTimingReadback) -> GpuTimingReport {
    loop {
        if let Some(report) = readback.try_take() {
            return report;
        }
        device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
    }
}

fn unavailable_reason(report: &GpuTimingReport) -> Option<GpuTimingUnavailableReason> {
    match report {
        GpuTimingReport::Unavailable { reason, .. } => Some(*reason),
        GpuTimingReport::Available { .. } => None,
    }
}

fn rgba(label: &'static str, width: u32, height: u32) -> TextureDesc {
    TextureDesc::new_2d(label, width, height, TextureFormat::Rgba8Unorm)
}

/// Records `count` side-effecting compute passes that count their calls.
fn compute_passes<'g>(
    graph: &'g mut FrameGraph,
    count: usize,
    calls: &Rc<Cell<usize>>,
) -> zenfg_runtime::CompiledFrame<'g> {
    let mut frame = graph.begin_frame();
    for _ in 0..count {
        let calls = Rc::clone(calls);
        let mut pass = frame.compute_pass("work");
        pass.set_side_effect(true);
        pass.finish_compute(move |_| {
            calls.set(calls.get() + 1);
            Ok(())
        })
        .unwrap();
    }
    frame.compile(CompileOptions::default()).unwrap()
}

#[test]
fn msaa_resolve_and_read_only_depth_execute_in_order() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let order = log();
    let mut frame = graph.begin_frame();
    let msaa = frame.create_texture(rgba("msaa", 8, 8).with_samples(4)).unwrap();
    let resolved = frame.create_texture(rgba("resolved", 8, 8)).unwrap();
    let depth =
        frame.create_texture(TextureDesc::new_2d("depth", 8, 8, TextureFormat::Depth32Float).with_samples(4)).unwrap();
    let scene = frame.create_texture(rgba("scene", 8, 8)).unwrap();

    let mut prepass = frame.render_pass("depth-prepass");
    let _ = prepass.depth_attachment(depth, DepthAttachmentOps::clear_store(1.0)).unwrap();
    let log_prepass = Rc::clone(&order);
    prepass
        .finish_render(move |_| {
            log_prepass.borrow_mut().push("depth-prepass");
            Ok(())
        })
        .unwrap();

    let mut resolve = frame.render_pass("msaa");
    let _ =
        resolve.color_attachment_with_resolve(msaa, resolved, ColorAttachmentOps::clear_discard(Color::RED)).unwrap();
    let _ = resolve.depth_attachment_read_only(depth).unwrap();
    let log_resolve = Rc::clone(&order);
    resolve
        .finish_render(move |_| {
            log_resolve.borrow_mut().push("msaa");
            Ok(())
        })
        .unwrap();

    let mut shade = frame.render_pass("shade");
    let _ = shade.color_attachment(scene, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    let _ = shade.sampled_texture(resolved).unwrap();
    let log_shade = Rc::clone(&order);
    shade
        .finish_render(move |_| {
            log_shade.borrow_mut().push("shade");
            Ok(())
        })
        .unwrap();
    frame.mark_texture_root(scene, RootReason::Output).unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();
    assert_eq!(entries(&order), ["depth-prepass", "msaa", "shade"]);
    assert_eq!(graph.resource_pool_stats().created_count, 4);
}

#[test]
fn multiple_color_attachments_and_a_depth_only_pass_execute() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let calls = Rc::new(Cell::new(0));
    let mut frame = graph.begin_frame();
    let albedo = frame.create_texture(rgba("albedo", 4, 4)).unwrap();
    let normal = frame.create_texture(TextureDesc::new_2d("normal", 4, 4, TextureFormat::Rgba16Float)).unwrap();
    let shadow = frame.create_texture(TextureDesc::new_2d("shadow", 4, 4, TextureFormat::Depth32Float)).unwrap();
    let mut gbuffer = frame.render_pass("gbuffer");
    let _ = gbuffer.color_attachment(albedo, ColorAttachmentOps::clear_store(Color::WHITE)).unwrap();
    let _ = gbuffer.color_attachment(normal, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    let counter = Rc::clone(&calls);
    gbuffer
        .finish_render(move |_| {
            counter.set(counter.get() + 1);
            Ok(())
        })
        .unwrap();
    let mut depth_only = frame.render_pass("shadow");
    let _ = depth_only.depth_attachment(shadow, DepthAttachmentOps::clear_store(0.0)).unwrap();
    let counter = Rc::clone(&calls);
    depth_only
        .finish_render(move |_| {
            counter.set(counter.get() + 1);
            Ok(())
        })
        .unwrap();
    for texture in [albedo, normal, shadow] {
        frame.mark_texture_root(texture, RootReason::Output).unwrap();
    }
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();
    assert_eq!(calls.get(), 2);
}

#[test]
fn a_render_pass_targets_one_depth_slice_of_a_3d_texture() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let calls = Rc::new(Cell::new(0));
    let mut frame = graph.begin_frame();
    let mut desc = rgba("volume", 4, 4).with_layers(4);
    desc.dimension = wgpu::TextureDimension::D3;
    let volume = frame.create_texture(desc).unwrap();
    for slice in 0..4 {
        let mut pass = frame.render_pass("slice");
        let _ = pass
            .color_attachment(volume, ColorAttachmentOps::clear_store(Color::BLUE).with_depth_slice(slice))
            .unwrap();
        let counter = Rc::clone(&calls);
        pass.finish_render(move |_| {
            counter.set(counter.get() + 1);
            Ok(())
        })
        .unwrap();
    }
    frame.mark_texture_root(volume, RootReason::Output).unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();
    assert_eq!(calls.get(), 4);
}

#[test]
fn callbacks_run_in_recording_order_compute_before_render() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let order = log();
    let mut frame = graph.begin_frame();
    let data = frame.create_buffer(BufferDesc::new("data", 64)).unwrap();
    let target = frame.create_texture(rgba("target", 4, 4)).unwrap();
    let mut compute = frame.compute_pass("simulate");
    let _ = compute.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let log_compute = Rc::clone(&order);
    compute
        .finish_compute(move |_| {
            log_compute.borrow_mut().push("compute");
            Ok(())
        })
        .unwrap();
    let mut render = frame.render_pass("draw");
    let _ = render.vertex_buffer(data, BufferRange::whole()).unwrap();
    let _ = render.color_attachment(target, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    let log_render = Rc::clone(&order);
    render
        .finish_render(move |_| {
            log_render.borrow_mut().push("render");
            Ok(())
        })
        .unwrap();
    frame.mark_texture_root(target, RootReason::Output).unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();
    assert_eq!(entries(&order), ["compute", "render"]);
}

#[test]
fn command_callback_resolves_the_bound_native_buffer_and_frame_index() {
    let (device, queue) = noop();
    let native = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("native"),
        size: 256,
        usage: BufferUsages::STORAGE | BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let seen = Rc::new(RefCell::new(None));
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let buffer =
        frame.import_buffer(BufferDesc::new("state", 256), ImportBufferOptions::new(InitialContents::Defined)).unwrap();
    frame.bind_imported_buffer(buffer, &native).unwrap();
    let mut pass = frame.command_pass("inspect");
    let token = pass.storage_buffer_read(buffer, BufferRange::whole()).unwrap();
    let out = Rc::clone(&seen);
    pass.finish_command(move |cx| {
        *out.borrow_mut() = Some((cx.resources.buffer(token)?.clone(), cx.frame_index));
        Ok(())
    })
    .unwrap();
    let compiled = frame.compile(CompileOptions::default()).unwrap();
    compiled.execute_with_options(&queue, ExecutionOptions::default().with_frame_index(9)).unwrap();
    let (resolved, frame_index) = seen.borrow_mut().take().expect("the callback ran");
    assert_eq!(resolved, native);
    assert_eq!(frame_index, 9);
}

#[test]
fn command_resolves_textures_and_planned_views() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let results = Rc::new(RefCell::new(Vec::new()));
    let mut frame = graph.begin_frame();
    let texture = frame.create_texture(rgba("texture", 4, 4)).unwrap();
    let target = frame.create_texture(rgba("target", 4, 4)).unwrap();
    let mut writer = frame.render_pass("writer");
    let _ = writer.color_attachment(texture, ColorAttachmentOps::clear_store(Color::RED)).unwrap();
    writer.finish_render(|_| Ok(())).unwrap();
    let mut pass = frame.command_pass("inspect");
    let sampled = pass.sampled_texture(texture).unwrap();
    let copy = pass.texture_copy_dst(target, WriteContents::Overwrite).unwrap();
    let out = Rc::clone(&results);
    pass.finish_command(move |cx| {
        let mut out = out.borrow_mut();
        out.push(cx.resources.texture(sampled).map(|texture| texture.format()).map_err(|error| error.code()));
        out.push(cx.resources.texture_view(sampled).map(|_| TextureFormat::Rgba8Unorm).map_err(|error| error.code()));
        out.push(cx.resources.texture(copy).map(|texture| texture.format()).map_err(|error| error.code()));
        Ok(())
    })
    .unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();
    assert_eq!(*results.borrow(), [Ok(TextureFormat::Rgba8Unorm); 3]);
}

/// Records the native views a command callback resolves.
fn capture_views(out: &Rc<RefCell<Vec<wgpu::TextureView>>>) -> impl Fn(wgpu::TextureView) + use<> {
    let out = Rc::clone(out);
    move |view| out.borrow_mut().push(view)
}

#[test]
fn an_explicit_view_serves_sampled_and_storage_roles_with_one_native_view() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let views = Rc::new(RefCell::new(Vec::new()));
    let mut frame = graph.begin_frame();
    let texture = frame.create_texture(rgba("texture", 4, 4)).unwrap();
    let view = frame.create_texture_view(texture, TextureViewDesc::default()).unwrap();
    let mut writer = frame.compute_pass("writer");
    let _ = writer.storage_texture_write(view, WriteContents::Overwrite).unwrap();
    writer.finish_compute(|_| Ok(())).unwrap();
    let mut reader = frame.command_pass("reader");
    let sampled = reader.sampled_texture(view).unwrap();
    let storage = reader.storage_texture_read(view).unwrap();
    let push = capture_views(&views);
    reader
        .finish_command(move |cx| {
            push(cx.resources.texture_view(sampled)?.clone());
            push(cx.resources.texture_view(storage)?.clone());
            Ok(())
        })
        .unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();
    let views = views.borrow();
    assert_eq!(views[0], views[1]);
}

#[test]
fn implicit_views_are_shared_per_descriptor_and_usage() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let views = Rc::new(RefCell::new(Vec::new()));
    let mut frame = graph.begin_frame();
    let texture = frame.create_texture(rgba("texture", 4, 4)).unwrap();
    let mut writer = frame.command_pass("writer");
    let write = writer.storage_texture_write(texture, WriteContents::Overwrite).unwrap();
    let push = capture_views(&views);
    writer
        .finish_command(move |cx| {
            push(cx.resources.texture_view(write)?.clone());
            Ok(())
        })
        .unwrap();
    let mut reader = frame.command_pass("reader");
    let storage = reader.storage_texture_read(texture).unwrap();
    let sampled = reader.sampled_texture(texture).unwrap();
    let push = capture_views(&views);
    reader
        .finish_command(move |cx| {
            push(cx.resources.texture_view(storage)?.clone());
            push(cx.resources.texture_view(sampled)?.clone());
            Ok(())
        })
        .unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();
    let views = views.borrow();
    assert_eq!(views[0], views[1], "storage write and storage read share a view");
    assert_ne!(views[1], views[2], "sampled and storage views differ in usage");
}

#[test]
fn explicit_views_with_identical_descriptors_stay_distinct() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let views = Rc::new(RefCell::new(Vec::new()));
    let mut frame = graph.begin_frame();
    let texture = frame.create_texture(rgba("texture", 4, 4)).unwrap();
    let first = frame.create_texture_view(texture, TextureViewDesc::default()).unwrap();
    let second = frame.create_texture_view(texture, TextureViewDesc::default()).unwrap();
    let mut writer = frame.render_pass("writer");
    let _ = writer.color_attachment(texture, ColorAttachmentOps::clear_store(Color::RED)).unwrap();
    writer.finish_render(|_| Ok(())).unwrap();
    let mut reader = frame.command_pass("reader");
    let a = reader.sampled_texture(first).unwrap();
    let b = reader.sampled_texture(second).unwrap();
    let push = capture_views(&views);
    reader
        .finish_command(move |cx| {
            push(cx.resources.texture_view(a)?.clone());
            push(cx.resources.texture_view(b)?.clone());
            Ok(())
        })
        .unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();
    let views = views.borrow();
    assert_ne!(views[0], views[1]);
}

struct DropCounter(Rc<Cell<u32>>);

impl Drop for DropCounter {
    fn drop(&mut self) {
        self.0.set(self.0.get() + 1);
    }
}

#[test]
fn culled_callbacks_never_run_and_drop_at_compile_while_retained_ones_drop_with_the_frame() {
    let (device, _queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let drops = Rc::new(Cell::new(0));
    let ran = Rc::new(Cell::new(false));
    let mut frame = graph.begin_frame();
    let unused = frame.create_buffer(BufferDesc::new("unused", 16)).unwrap();
    let mut culled = frame.compute_pass("culled");
    let _ = culled.storage_buffer_write(unused, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let (guard, flag) = (DropCounter(Rc::clone(&drops)), Rc::clone(&ran));
    culled
        .finish_compute(move |_| {
            let _guard = &guard;
            flag.set(true);
            Ok(())
        })
        .unwrap();
    let guard = DropCounter(Rc::clone(&drops));
    frame
        .command_pass("kept")
        .finish_command(move |_| {
            let _guard = &guard;
            Ok(())
        })
        .unwrap();
    let compiled = frame.compile(CompileOptions::default()).unwrap();
    assert_eq!(drops.get(), 1, "the culled callback's capture is dropped at compile");
    assert_eq!(compiled.retained_node_count(), 1);
    drop(compiled);
    assert_eq!(drops.get(), 2, "the retained callback's capture is dropped with the compiled frame");
    assert!(!ran.get());
}

#[test]
fn an_unbound_import_fails_preflight_before_any_callback() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let calls = Rc::new(Cell::new(0));
    let mut frame = graph.begin_frame();
    let counter = Rc::clone(&calls);
    frame
        .command_pass("early")
        .finish_command(move |_| {
            counter.set(counter.get() + 1);
            Ok(())
        })
        .unwrap();
    let scratch = frame.create_buffer(BufferDesc::new("scratch", 16)).unwrap();
    let mut transient_user = frame.command_pass("transient-user");
    let _ = transient_user.buffer_copy_dst(scratch, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    transient_user.finish_command(|_| Ok(())).unwrap();
    let import =
        frame.import_buffer(BufferDesc::new("late", 16), ImportBufferOptions::new(InitialContents::Defined)).unwrap();
    let mut late = frame.command_pass("late");
    let _ = late.storage_buffer_read(import, BufferRange::whole()).unwrap();
    late.finish_command(|_| Ok(())).unwrap();
    let error = frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap_err();
    assert_eq!(error.code(), "FG4002");
    assert_eq!(error.resource(), Some(import.id()));
    assert_eq!(calls.get(), 0);
    assert_eq!(graph.resource_pool_stats().acquire_count, 0, "preflight failures acquire nothing");
}

#[test]
fn a_native_without_the_effective_usage_fails_preflight() {
    let (device, queue) = noop();
    let native = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("native"),
        size: 16,
        usage: BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let import =
        frame.import_buffer(BufferDesc::new("input", 16), ImportBufferOptions::new(InitialContents::Defined)).unwrap();
    frame.bind_imported_buffer(import, &native).unwrap();
    let mut pass = frame.command_pass("read");
    let _ = pass.storage_buffer_read(import, BufferRange::whole()).unwrap();
    pass.finish_command(|_| Ok(())).unwrap();
    let error = frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap_err();
    assert_eq!(error.code(), "FG4003");
    assert_eq!(error.resource(), Some(import.id()));
}

#[test]
fn binding_checks_size_and_uniqueness() {
    let (device, _queue) = noop();
    let native = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("native"),
        size: 16,
        usage: BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    let texture = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("native-texture"),
        size: Extent3d { width: 4, height: 4, depth_or_array_layers: 1 },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: TextureFormat::Rgba8Unorm,
        usage: TextureUsages::TEXTURE_BINDING,
        view_formats: &[],
    });
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let options = ImportBufferOptions::new(InitialContents::Defined);
    let big = frame.import_buffer(BufferDesc::new("big", 32), options).unwrap();
    assert_eq!(frame.bind_imported_buffer(big, &native).unwrap_err().code(), "FG4003");
    let first = frame.import_buffer(BufferDesc::new("first", 16), options).unwrap();
    let second = frame.import_buffer(BufferDesc::new("second", 16), options).unwrap();
    frame.bind_imported_buffer(first, &native).unwrap();
    assert_eq!(frame.bind_imported_buffer(second, &native).unwrap_err().code(), "FG4003");
    let again = frame.import_native_buffer("again", &native, InitialContents::Defined).unwrap_err();
    assert_eq!((again.code(), again.resource()), ("FG4003", Some(first.id())), "{again}");
    assert!(again.to_string().contains("`again` was not imported"), "{again}");
    let wrong = frame.import_texture(rgba("wrong", 8, 8), ImportTextureOptions::new(InitialContents::Defined)).unwrap();
    assert_eq!(frame.bind_imported_texture(wrong, &texture).unwrap_err().code(), "FG4003");
    let transient = frame.create_buffer(BufferDesc::new("transient", 16)).unwrap();
    assert_eq!(frame.bind_imported_buffer(transient, &native).unwrap_err().code(), "FG4003");
}

#[test]
fn a_cpu_only_runtime_cannot_execute() {
    let (_device, queue) = noop();
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    frame.command_pass("work").finish_command(|_| Ok(())).unwrap();
    let error = frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap_err();
    assert_eq!(error, FrameGraphError::MissingGpuDevice);
    let mut frame = graph.begin_frame();
    frame.command_pass("work").finish_command(|_| Ok(())).unwrap();
    let compiled = frame.compile(CompileOptions::default()).unwrap();
    let error = compiled.execute_with_timing(&queue, ExecutionOptions::default(), TimingMode::Both).unwrap_err();
    assert_eq!(error.code(), "FG4001");
}

#[test]
fn retained_nodes_without_an_executor_fail_with_fg4004() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let cases: [fn(&mut zenfg_runtime::Frame<'_>) -> PassId; 5] = [
        |frame| frame.command_pass("command").finish().unwrap(),
        |frame| frame.external_submission("external").finish().unwrap(),
        |frame| {
            let mut pass = frame.compute_pass("compute");
            pass.set_side_effect(true);
            pass.finish().unwrap()
        },
        |frame| {
            let target = frame.create_texture(rgba("target", 4, 4)).unwrap();
            let mut pass = frame.render_pass("render");
            let _ = pass.color_attachment(target, ColorAttachmentOps::clear_store(Color::RED)).unwrap();
            let id = pass.finish().unwrap();
            frame.mark_texture_root(target, RootReason::Output).unwrap();
            id
        },
        |frame| {
            let mut pass = frame.copy_pass("no-copies");
            pass.set_side_effect(true);
            pass.finish().unwrap()
        },
    ];
    for case in cases {
        let mut frame = graph.begin_frame();
        let pass = case(&mut frame);
        let error = frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap_err();
        assert_eq!(error.code(), "FG4004");
        assert_eq!(error.pass(), Some(pass));
    }
}

#[test]
fn a_token_of_another_pass_is_fg4005() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let outcome = Rc::new(RefCell::new(None));
    let mut frame = graph.begin_frame();
    let buffer = frame.create_buffer(BufferDesc::new("buffer", 16)).unwrap();
    let mut first = frame.command_pass("first");
    let token = first.buffer_copy_dst(buffer, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let first_id = first.finish_command(|_| Ok(())).unwrap();
    let out = Rc::clone(&outcome);
    let second_id = frame
        .command_pass("second")
        .finish_command(move |cx| {
            *out.borrow_mut() = Some(cx.resources.buffer(token).map(|_| ()));
            Ok(())
        })
        .unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();
    let error = outcome.borrow_mut().take().unwrap().unwrap_err();
    assert_eq!(error.code(), "FG4005");
    assert_eq!(error.pass(), Some(second_id));
    let FrameGraphError::WrongPassToken { token_pass, .. } = error else { unreachable!() };
    assert_eq!(token_pass.id, first_id);
}

#[test]
fn foreign_tokens_with_colliding_ids_are_fg2001_in_command_and_external_contexts() {
    let (device, queue) = noop();
    let mut foreign_graph = FrameGraph::with_device(&device);
    let mut foreign = foreign_graph.begin_frame();
    let foreign_buffer = foreign.create_buffer(BufferDesc::new("buffer", 16)).unwrap();
    let foreign_texture = foreign.create_texture(rgba("texture", 4, 4)).unwrap();
    let mut foreign_pass = foreign.command_pass("pass");
    let foreign_buffer_token =
        foreign_pass.buffer_copy_dst(foreign_buffer, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let foreign_texture_token = foreign_pass.storage_texture_write(foreign_texture, WriteContents::Overwrite).unwrap();
    foreign_pass.finish_command(|_| Ok(())).unwrap();

    let mut graph = FrameGraph::with_device(&device);
    let codes = Rc::new(RefCell::new(Vec::new()));
    let mut frame = graph.begin_frame();
    let buffer = frame.create_buffer(BufferDesc::new("buffer", 16)).unwrap();
    let texture = frame.create_texture(rgba("texture", 4, 4)).unwrap();
    let mut pass = frame.command_pass("pass");
    let own = pass.buffer_copy_dst(buffer, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let _ = pass.storage_texture_write(texture, WriteContents::Overwrite).unwrap();
    assert_eq!((own.pass_id(), own.access_id()), (foreign_buffer_token.pass_id(), foreign_buffer_token.access_id()));
    let out = Rc::clone(&codes);
    pass.finish_command(move |cx| {
        let mut out = out.borrow_mut();
        out.push(cx.resources.buffer(foreign_buffer_token).unwrap_err().code());
        out.push(cx.resources.texture(foreign_texture_token).unwrap_err().code());
        out.push(cx.resources.texture_view(foreign_texture_token).unwrap_err().code());
        Ok(())
    })
    .unwrap();
    let out = Rc::clone(&codes);
    frame
        .external_submission("external")
        .finish_external(move |cx| {
            let mut out = out.borrow_mut();
            out.push(cx.resources.buffer(foreign_buffer_token).unwrap_err().code());
            out.push(cx.resources.texture_view(foreign_texture_token).unwrap_err().code());
            Ok(())
        })
        .unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();
    assert_eq!(*codes.borrow(), ["FG2001"; 5]);
    drop(foreign);
}

#[test]
fn external_callbacks_run_between_graph_segments() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let order = log();
    let mut frame = graph.begin_frame();
    for (label, external) in [("1", false), ("2", true), ("3", false)] {
        let order = Rc::clone(&order);
        if external {
            frame
                .external_submission(label)
                .finish_external(move |cx| {
                    cx.queue.submit([]);
                    order.borrow_mut().push(label);
                    Ok(())
                })
                .unwrap();
        } else {
            frame
                .command_pass(label)
                .finish_command(move |_| {
                    order.borrow_mut().push(label);
                    Ok(())
                })
                .unwrap();
        }
    }
    let compiled = frame.compile(CompileOptions::default()).unwrap();
    assert_eq!(compiled.execution_segments().len(), 3);
    compiled.execute(&queue).unwrap();
    assert_eq!(entries(&order), ["1", "2", "3"]);
}

#[test]
fn a_callback_failure_names_its_pass() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let pass = frame
        .command_pass("fails")
        .finish_command(|_| Err(FrameGraphError::callback_failed("pipeline missing")))
        .unwrap();
    let error = frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap_err();
    assert_eq!(error.code(), "FG4007");
    assert_eq!(error.pass(), Some(pass));
    assert!(error.to_string().contains("pipeline missing"));
}

#[test]
fn all_copy_directions_and_clears_encode() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let layout = TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(256), rows_per_image: Some(1) };
    let extent = Extent3d { width: 64, height: 1, depth_or_array_layers: 1 };
    let staging = frame.create_buffer(BufferDesc::new("staging", 256)).unwrap();
    let texture = frame.create_texture(rgba("texture", 64, 1)).unwrap();
    let copy = frame.create_texture(rgba("copy", 64, 1)).unwrap();
    let readback = frame.create_buffer(BufferDesc::new("readback", 256)).unwrap();
    let result = frame.create_buffer(BufferDesc::new("result", 512)).unwrap();
    frame.clear_buffer("clear-staging", staging, BufferRange::whole()).unwrap();
    let mut pass = frame.copy_pass("copies");
    pass.copy_buffer_to_texture(
        BufferTextureCopyLocation::new(staging, layout),
        TextureCopyLocation::new(texture),
        extent,
    )
    .unwrap();
    pass.finish().unwrap();
    let mut pass = frame.copy_pass("texture-copies");
    pass.copy_texture_to_texture(TextureCopyLocation::new(texture), TextureCopyLocation::new(copy), extent).unwrap();
    pass.finish().unwrap();
    let mut pass = frame.copy_pass("readback");
    pass.copy_texture_to_buffer(
        TextureCopyLocation::new(copy),
        BufferTextureCopyLocation::new(readback, layout),
        extent,
    )
    .unwrap();
    pass.finish().unwrap();
    let mut pass = frame.copy_pass("gather");
    pass.copy_buffer_to_buffer(readback, 0, result, 0, 256).unwrap();
    pass.finish().unwrap();
    frame
        .clear_buffers("clear-tail", [zenfg_runtime::ClearBufferOp::new(result, BufferRange::new(256, Some(256)))])
        .unwrap();
    frame.mark_buffer_root(result, BufferRange::whole(), RootReason::Output).unwrap();
    let compiled = frame.compile(CompileOptions::default()).unwrap();
    assert_eq!(compiled.retained_node_count(), 6);
    let timing = compiled.execute_with_timing(&queue, ExecutionOptions::default(), TimingMode::Cpu).unwrap();
    let kinds: Vec<NodeKind> = timing.cpu.unwrap().nodes.iter().map(|node| node.kind).collect();
    assert_eq!(
        kinds,
        [NodeKind::ClearBuffer, NodeKind::Copy, NodeKind::Copy, NodeKind::Copy, NodeKind::Copy, NodeKind::ClearBuffer]
    );
}

#[test]
fn gpu_debug_groups_nest_across_an_external_boundary_and_sparse_groups() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let calls = Rc::new(Cell::new(0));
    let mut frame = graph.begin_frame();
    frame.push_debug_group("unused").unwrap();
    frame.pop_debug_group().unwrap();
    frame.push_debug_group("scene").unwrap();
    frame.push_debug_group("opaque").unwrap();
    let counter = Rc::clone(&calls);
    frame
        .command_pass("draw")
        .finish_command(move |_| {
            counter.set(counter.get() + 1);
            Ok(())
        })
        .unwrap();
    frame.pop_debug_group().unwrap();
    let counter = Rc::clone(&calls);
    frame
        .external_submission("middleware")
        .finish_external(move |_| {
            counter.set(counter.get() + 1);
            Ok(())
        })
        .unwrap();
    frame.push_debug_group("transparent").unwrap();
    let counter = Rc::clone(&calls);
    frame
        .command_pass("blend")
        .finish_command(move |_| {
            counter.set(counter.get() + 1);
            Ok(())
        })
        .unwrap();
    frame.pop_debug_group().unwrap();
    frame.pop_debug_group().unwrap();
    let counter = Rc::clone(&calls);
    frame
        .command_pass("ui")
        .finish_command(move |_| {
            counter.set(counter.get() + 1);
            Ok(())
        })
        .unwrap();
    let compiled = frame.compile(CompileOptions::default()).unwrap();
    compiled.execute_with_options(&queue, ExecutionOptions::default().with_gpu_debug_groups(true)).unwrap();
    assert_eq!(calls.get(), 4);
}

#[test]
fn gpu_timing_reports_retained_render_and_compute_passes_in_order() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let target = frame.create_texture(rgba("target", 4, 4)).unwrap();
    let data = frame.create_buffer(BufferDesc::new("data", 64)).unwrap();
    let unused = frame.create_buffer(BufferDesc::new("unused", 64)).unwrap();
    let mut culled = frame.compute_pass("culled");
    let _ = culled.storage_buffer_write(unused, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    culled.finish_compute(|_| Ok(())).unwrap();
    let mesh = frame.push_debug_group("Mesh").unwrap();
    let mut render = frame.render_pass("mesh");
    let _ = render.color_attachment(target, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    let render_id = render.finish_render(|_| Ok(())).unwrap();
    frame.pop_debug_group().unwrap();
    frame.command_pass("command").finish_command(|_| Ok(())).unwrap();
    let mut compute = frame.compute_pass("simulate");
    let _ = compute.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let compute_id = compute.finish_compute(|_| Ok(())).unwrap();
    frame.clear_buffer("clear", data, BufferRange::new(0, Some(16))).unwrap();
    frame.mark_texture_root(target, RootReason::Output).unwrap();
    frame.mark_buffer_root(data, BufferRange::whole(), RootReason::Output).unwrap();
    let compiled = frame.compile(CompileOptions::default()).unwrap();
    let timing = compiled
        .execute_with_timing(&queue, ExecutionOptions::default().with_frame_index(42), TimingMode::Both)
        .unwrap();
    assert_eq!(timing.frame_index, 42);
    assert_eq!(timing.cpu.as_ref().map(|cpu| cpu.nodes.len()), Some(4));
    let mut readback = timing.gpu.expect("GPU timing was requested");
    assert_eq!(readback.frame_index(), 42);
    let GpuTimingReport::Available { frame_index, nodes, debug_groups, .. } = wait(&device, &mut readback) else {
        panic!("GPU timing should be available on a device with timestamp queries");
    };
    assert_eq!(frame_index, 42);
    let timed: Vec<(PassId, GpuTimingNodeKind)> = nodes.iter().map(|node| (node.pass, node.kind)).collect();
    assert_eq!(timed, [(render_id, GpuTimingNodeKind::Render), (compute_id, GpuTimingNodeKind::Compute)]);
    assert_eq!(nodes[0].debug_group, Some(mesh));
    assert_eq!(nodes[0].label, "mesh");
    assert_eq!(debug_groups.len(), 1);
    assert_eq!((debug_groups[0].id, &*debug_groups[0].label), (mesh, "Mesh"));
    assert!(readback.try_take().is_none(), "the report is handed out once");
}

#[test]
fn unsupported_gpu_timing_is_not_fatal_and_both_keeps_cpu_timing() {
    let (device, queue) = noop_without_timestamps();
    let mut graph = FrameGraph::with_device(&device);
    let calls = Rc::new(Cell::new(0));
    let timing = compute_passes(&mut graph, 2, &calls)
        .execute_with_timing(&queue, ExecutionOptions::default(), TimingMode::Both)
        .unwrap();
    assert_eq!(calls.get(), 2);
    assert_eq!(timing.cpu.map(|cpu| cpu.nodes.len()), Some(2));
    let report = timing.gpu.unwrap().try_take().unwrap();
    assert_eq!(unavailable_reason(&report), Some(GpuTimingUnavailableReason::Unsupported));
}

#[test]
fn a_second_timed_execution_is_busy_until_the_first_readback_completes() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let calls = Rc::new(Cell::new(0));
    let first =
        compute_passes(&mut graph, 1, &calls).execute_with_timing(&queue, ExecutionOptions::default(), TimingMode::Gpu);
    let mut first = first.unwrap().gpu.unwrap();
    let second = compute_passes(&mut graph, 1, &calls)
        .execute_with_timing(&queue, ExecutionOptions::default(), TimingMode::Gpu)
        .unwrap();
    let report = second.gpu.unwrap().try_take().unwrap();
    assert_eq!(unavailable_reason(&report), Some(GpuTimingUnavailableReason::Busy));
    assert_eq!(unavailable_reason(&wait(&device, &mut first)), None);
    let third = compute_passes(&mut graph, 1, &calls)
        .execute_with_timing(&queue, ExecutionOptions::default(), TimingMode::Gpu)
        .unwrap();
    assert_eq!(unavailable_reason(&wait(&device, &mut third.gpu.unwrap())), None);
    assert_eq!(calls.get(), 3);
}

#[test]
fn frames_without_render_or_compute_passes_have_no_timed_nodes() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let mut frames: Vec<fn(&mut FrameGraph) -> zenfg_runtime::CompiledFrame<'_>> = Vec::new();
    frames.push(|graph| {
        let mut frame = graph.begin_frame();
        frame.command_pass("command").finish_command(|_| Ok(())).unwrap();
        frame.compile(CompileOptions::default()).unwrap()
    });
    frames.push(|graph| graph.begin_frame().compile(CompileOptions::default()).unwrap());
    frames.push(|graph| {
        let mut frame = graph.begin_frame();
        let unused = frame.create_buffer(BufferDesc::new("unused", 16)).unwrap();
        let mut pass = frame.compute_pass("culled");
        let _ = pass.storage_buffer_write(unused, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish_compute(|_| Ok(())).unwrap();
        frame.compile(CompileOptions::default()).unwrap()
    });
    for record in frames {
        let timing =
            record(&mut graph).execute_with_timing(&queue, ExecutionOptions::default(), TimingMode::Gpu).unwrap();
        let report = timing.gpu.unwrap().try_take().unwrap();
        assert_eq!(unavailable_reason(&report), Some(GpuTimingUnavailableReason::NoTimedNodes));
        assert!(timing.cpu.is_none());
    }
}

#[test]
fn gpu_timing_spans_an_external_boundary() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    for label in ["before", "after"] {
        let mut pass = frame.compute_pass(label);
        pass.set_side_effect(true);
        pass.finish_compute(|_| Ok(())).unwrap();
        if label == "before" {
            frame.external_submission("external").finish_external(|_| Ok(())).unwrap();
        }
    }
    let timing = frame.compile(CompileOptions::default()).unwrap().execute_with_timing(
        &queue,
        ExecutionOptions::default(),
        TimingMode::Gpu,
    );
    let GpuTimingReport::Available { nodes, .. } = wait(&device, &mut timing.unwrap().gpu.unwrap()) else {
        panic!("timing should be available");
    };
    let labels: Vec<&str> = nodes.iter().map(|node| &*node.label).collect();
    assert_eq!(labels, ["before", "after"]);
}

#[test]
fn failed_and_panicking_executions_do_not_leave_the_profiler_busy() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let mut pass = frame.compute_pass("fails");
    pass.set_side_effect(true);
    pass.finish_compute(|_| Err(FrameGraphError::callback_failed("no pipeline"))).unwrap();
    let compiled = frame.compile(CompileOptions::default()).unwrap();
    let error = compiled.execute_with_timing(&queue, ExecutionOptions::default(), TimingMode::Gpu).unwrap_err();
    assert_eq!(error.code(), "FG4007");

    let mut frame = graph.begin_frame();
    let mut pass = frame.compute_pass("timed");
    pass.set_side_effect(true);
    pass.finish_compute(|_| Ok(())).unwrap();
    frame.command_pass("panics").finish_command(|_| panic!("callback panic")).unwrap();
    let compiled = frame.compile(CompileOptions::default()).unwrap();
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        compiled.execute_with_timing(&queue, ExecutionOptions::default(), TimingMode::Gpu)
    }));
    assert!(outcome.is_err());

    let calls = Rc::new(Cell::new(0));
    let timing =
        compute_passes(&mut graph, 1, &calls).execute_with_timing(&queue, ExecutionOptions::default(), TimingMode::Gpu);
    assert_eq!(unavailable_reason(&wait(&device, &mut timing.unwrap().gpu.unwrap())), None);
}

#[test]
fn dropping_the_runtime_fails_a_pending_readback() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let calls = Rc::new(Cell::new(0));
    let timing =
        compute_passes(&mut graph, 1, &calls).execute_with_timing(&queue, ExecutionOptions::default(), TimingMode::Gpu);
    let mut readback = timing.unwrap().gpu.unwrap();
    drop(graph);
    let report = wait(&device, &mut readback);
    assert_eq!(unavailable_reason(&report), Some(GpuTimingUnavailableReason::ReadbackFailed));
}

#[test]
fn more_than_2048_timed_passes_execute_untimed() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let calls = Rc::new(Cell::new(0));
    let timing = compute_passes(&mut graph, 2048, &calls).execute_with_timing(
        &queue,
        ExecutionOptions::default(),
        TimingMode::Gpu,
    );
    let GpuTimingReport::Available { nodes, .. } = wait(&device, &mut timing.unwrap().gpu.unwrap()) else {
        panic!("2048 passes can be timed");
    };
    assert_eq!(nodes.len(), 2048);
    for mode in [TimingMode::Gpu, TimingMode::Both] {
        calls.set(0);
        let timing = compute_passes(&mut graph, 2049, &calls)
            .execute_with_timing(&queue, ExecutionOptions::default(), mode)
            .unwrap();
        assert_eq!(calls.get(), 2049, "every callback still runs");
        let report = timing.gpu.unwrap().try_take().unwrap();
        assert_eq!(unavailable_reason(&report), Some(GpuTimingUnavailableReason::TooManyTimedNodes));
        assert_eq!(timing.cpu.is_some(), mode == TimingMode::Both);
    }
    let timing =
        compute_passes(&mut graph, 3, &calls).execute_with_timing(&queue, ExecutionOptions::default(), TimingMode::Gpu);
    let GpuTimingReport::Available { nodes, .. } = wait(&device, &mut timing.unwrap().gpu.unwrap()) else {
        panic!("a small frame is timed again");
    };
    assert_eq!(nodes.len(), 3);
}

/// Preflight reports the first failing check in execution order, whether it
/// is an executor's or an import's, and ignores an unbound import no
/// retained work touches.
#[test]
fn preflight_reports_the_first_failure_in_execution_order() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    for import_first in [true, false] {
        let mut frame = graph.begin_frame();
        let defined = || ImportBufferOptions::new(InitialContents::Defined);
        frame.import_buffer(BufferDesc::new("unused", 16), defined()).unwrap();
        let import = frame.import_buffer(BufferDesc::new("unbound", 16), defined()).unwrap();
        for step in 0..2 {
            if (step == 0) == import_first {
                let mut reader = frame.command_pass("reader");
                let _ = reader.storage_buffer_read(import, BufferRange::whole()).unwrap();
                reader.finish_command(|_| Ok(())).unwrap();
            } else {
                let mut planned_only = frame.command_pass("planned-only");
                planned_only.set_side_effect(true);
                planned_only.finish().unwrap();
            }
        }
        let error = frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap_err();
        let expected = if import_first { "FG4002" } else { "FG4004" };
        assert_eq!(error.code(), expected, "{error}");
    }
}

#[test]
fn a_view_format_the_native_texture_does_not_list_is_fg4003_at_execution() {
    let (device, queue) = noop();
    let native = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("swapchain-like"),
        size: Extent3d { width: 8, height: 8, depth_or_array_layers: 1 },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: TextureFormat::Rgba8Unorm,
        usage: TextureUsages::RENDER_ATTACHMENT,
        view_formats: &[],
    });
    let mut graph = FrameGraph::with_device(&device);
    for _ in 0..2 {
        let mut frame = graph.begin_frame();
        let mut desc = rgba("target", 8, 8);
        desc.view_formats.push(TextureFormat::Rgba8UnormSrgb);
        let options =
            ImportTextureOptions::new(InitialContents::Undefined).with_exposed_usage(TextureUsages::RENDER_ATTACHMENT);
        let target = frame.import_texture(desc, options).unwrap();
        frame.bind_imported_texture(target, &native).unwrap();
        let srgb = TextureViewDesc { format: Some(TextureFormat::Rgba8UnormSrgb), ..TextureViewDesc::default() };
        let srgb = frame.create_texture_view(target, srgb).unwrap();
        let mut pass = frame.render_pass("draw");
        let _ = pass.color_attachment(srgb, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
        pass.finish_render(|_| Ok(())).unwrap();
        frame.mark_texture_root(target, RootReason::Output).unwrap();
        let error = frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap_err();
        assert_eq!((error.code(), error.resource()), ("FG4003", Some(target.id())), "{error}");
        assert!(error.to_string().contains("`view_formats`"), "{error}");
    }
}

#[test]
fn a_bound_buffer_left_mapped_is_fg4003_before_anything_runs() {
    let (device, queue) = noop();
    let readback = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("readback"),
        size: 256,
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: true,
    });
    let mut graph = FrameGraph::with_device(&device);
    for mapped in [true, false] {
        let mut frame = graph.begin_frame();
        let out = download(&mut frame, &readback).unwrap();
        let result = frame.compile(CompileOptions::default()).unwrap().execute(&queue);
        if mapped {
            let error = result.unwrap_err();
            assert_eq!((error.code(), error.resource()), ("FG4003", Some(out.id())), "{error}");
            assert!(error.to_string().contains("unmap it before executing the frame"), "{error}");
            readback.unmap();
        } else {
            result.expect("the unmapped buffer takes the copy");
        }
    }
}
