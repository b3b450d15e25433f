//! Recording policy: ids, side-effect defaults, segments, the failure policy
//! of pass builders (declarations do not poison, finishes and dropped
//! builders do), callbacks dropped at compile, and handle identity.

use std::rc::Rc;

use crate::common::*;
use zenfg_runtime::wgpu::{Color, Extent3d, TexelCopyBufferLayout, TextureFormat};
use zenfg_runtime::{
    BufferDesc, BufferRange, BufferTextureCopyLocation, ClearBufferOp, ColorAttachmentOps, CompileOptions,
    ExecutionSegmentKind, ExecutionSegmentReport, FrameGraph, FrameGraphError, InitialContents, NodeKind, PassId,
    RootReason, TextureCopyLocation, TextureDesc, TextureViewDesc, WriteContents,
};

#[test]
fn ids_are_dense_per_recording_and_tokens_name_their_pass_access_and_resource() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let a = buffer(&mut frame, "a", 64);
    let b = texture(&mut frame, "b", TextureFormat::Rgba8Unorm);
    assert_eq!((a.id().get(), b.id().get()), (0, 1));
    let view = frame.create_texture_view(b, TextureViewDesc::default()).unwrap();
    assert_eq!((view.id().get(), view.texture_id()), (0, b.id()));
    let mut pass = frame.compute_pass("first");
    assert_eq!(pass.id().get(), 0);
    let write = pass.storage_buffer_write(a, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let storage = pass.storage_texture_write(view, WriteContents::Overwrite).unwrap();
    let first = pass.finish().unwrap();
    let mut pass = frame.compute_pass("second");
    let read = pass.uniform_buffer(a, BufferRange::new(0, Some(16))).unwrap();
    let second = pass.finish().unwrap();
    assert_eq!((first.get(), second.get()), (0, 1));
    assert_eq!((write.pass_id(), write.access_id().get(), write.resource_id()), (first, 0, a.id()));
    assert_eq!((storage.pass_id(), storage.access_id().get(), storage.resource_id()), (first, 1, b.id()));
    assert_eq!((read.pass_id(), read.access_id().get(), read.resource_id()), (second, 2, a.id()));
    assert_eq!(write.role(), zenfg_runtime::AccessRole::StorageBufferWrite);
    let copy = write;
    assert_eq!(copy, write, "tokens are Copy and compare by identity");
}

#[test]
fn command_and_external_nodes_are_side_effecting_by_default_and_the_rest_are_not() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let target = texture(&mut frame, "target", TextureFormat::Rgba8Unorm);
    let scratch = buffer(&mut frame, "scratch", 16);
    let mut pass = frame.render_pass("render");
    let _ = pass.color_attachment(target, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    let render = pass.finish().unwrap();
    let compute = frame.compute_pass("compute").finish().unwrap();
    let copy = frame.copy_pass("copy").finish().unwrap();
    let clear = frame.clear_buffer("clear", scratch, BufferRange::whole()).unwrap();
    let command = frame.command_pass("command").finish().unwrap();
    let external = frame.external_submission("external").finish().unwrap();
    let mut pass = frame.command_pass("quiet-command");
    pass.set_side_effect(false);
    let quiet = pass.finish().unwrap();
    let mut pass = frame.compute_pass("loud-compute");
    pass.set_side_effect(false).set_side_effect(true);
    let loud = pass.finish().unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(retained(full), vec![command, external, loud]);
    assert_eq!(culled(full), vec![render, compute, copy, clear, quiet]);
    let kinds: Vec<_> = full.culled_nodes.iter().map(|node| node.kind).collect();
    assert_eq!(
        kinds,
        vec![NodeKind::Render, NodeKind::Compute, NodeKind::Copy, NodeKind::ClearBuffer, NodeKind::Command]
    );
    let kinds: Vec<_> = full.nodes.iter().map(|node| node.kind).collect();
    assert_eq!(kinds, vec![NodeKind::Command, NodeKind::ExternalSubmission, NodeKind::Compute]);
}

fn segment(kind: ExecutionSegmentKind, nodes: &[PassId]) -> ExecutionSegmentReport {
    ExecutionSegmentReport { kind, nodes: nodes.to_vec() }
}

#[test]
fn external_submissions_split_the_retained_order_into_segments() {
    use ExecutionSegmentKind::{ExternalSubmission as Ext, FrameGraph as Graph};
    let mut graph = FrameGraph::new();

    let mut frame = graph.begin_frame();
    let before = frame.command_pass("before").finish().unwrap();
    let external = frame.external_submission("external").finish().unwrap();
    let after = frame.command_pass("after").finish().unwrap();
    let compiled = frame.compile(CompileOptions::default()).unwrap();
    assert_eq!(
        compiled.execution_segments(),
        vec![segment(Graph, &[before]), segment(Ext, &[external]), segment(Graph, &[after])]
    );
    drop(compiled);

    let mut frame = graph.begin_frame();
    let only = frame.external_submission("only").finish().unwrap();
    let compiled = frame.compile(CompileOptions::default()).unwrap();
    assert_eq!(compiled.execution_segments(), vec![segment(Ext, &[only])]);
    drop(compiled);

    let mut frame = graph.begin_frame();
    let first = frame.command_pass("first").finish().unwrap();
    let second = frame.command_pass("second").finish().unwrap();
    let ext_a = frame.external_submission("ext-a").finish().unwrap();
    let ext_b = frame.external_submission("ext-b").finish().unwrap();
    frame.compute_pass("culled").finish().unwrap();
    let last = frame.command_pass("last").finish().unwrap();
    let mut compiled = frame.compile(CompileOptions::full_report()).unwrap();
    let expected =
        vec![segment(Graph, &[first, second]), segment(Ext, &[ext_a]), segment(Ext, &[ext_b]), segment(Graph, &[last])];
    assert_eq!(compiled.execution_segments(), expected);
    let report = compiled.take_report().unwrap();
    assert_eq!(tables(&report).execution_segments, expected);
    drop(compiled);

    let frame = graph.begin_frame();
    let compiled = frame.compile(CompileOptions::default()).unwrap();
    assert!(compiled.execution_segments().is_empty());
    assert_eq!(compiled.retained_node_count(), 0);
}

#[test]
fn a_failed_declaration_leaves_the_builder_and_the_recording_usable() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let data = buffer(&mut frame, "data", 64);
    let chain =
        frame.create_texture(TextureDesc::new_2d("chain", 8, 8, TextureFormat::Rgba8Unorm).with_mips(2)).unwrap();
    let mut pass = frame.compute_pass("work");
    let work = pass.id();
    let write = pass.storage_buffer_write(data, BufferRange::new(0, Some(32)), WriteContents::Overwrite).unwrap();
    let errors = [
        expect_code(pass.storage_buffer_read(data, BufferRange::new(32, Some(64))), "FG1103"),
        expect_code(pass.storage_texture_write(chain, WriteContents::Overwrite), "FG1104"),
        expect_code(pass.uniform_buffer(data, BufferRange::new(16, Some(8))), "FG1105"),
    ];
    for error in &errors {
        assert_eq!(error.pass(), Some(work));
        assert_names(error, &["work"]);
    }
    let read = pass.storage_buffer_read(data, BufferRange::new(32, None)).unwrap();
    assert_eq!(read.access_id().get(), write.access_id().get() + 1);
    pass.finish().unwrap();
    frame.mark_buffer_root(data, BufferRange::new(0, Some(32)), RootReason::Output).unwrap();

    let error = expect_code(frame.compile(CompileOptions::full_report()), "FG1001");
    assert_eq!(error.pass(), Some(work), "the surviving read of 32..64 is checked");

    let mut frame = graph.begin_frame();
    let data = buffer(&mut frame, "data", 64);
    let mut pass = frame.compute_pass("work");
    expect_code(pass.storage_buffer_read(data, BufferRange::new(0, Some(65))), "FG1103");
    let _ = pass.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let work = pass.finish().unwrap();
    frame.mark_buffer_root(data, BufferRange::whole(), RootReason::Output).unwrap();
    let report = compile_full(frame);
    assert_eq!(retained(tables(&report)), vec![work]);
    assert_eq!(report.summary.access_count, 1);
}

#[test]
fn a_failed_copy_rolls_back_its_accesses_and_keeps_the_builder_usable() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let src = imported_buffer(&mut frame, "src", 64, InitialContents::Defined);
    let dst = buffer(&mut frame, "dst", 64);
    let other = imported_buffer(&mut frame, "other", 64, InitialContents::Defined);
    let image = imported_texture(&mut frame, "image", TextureFormat::Rgba8Unorm, InitialContents::Defined);
    let mut pass = frame.copy_pass("copies");
    let copies = pass.id();
    pass.copy_buffer_to_buffer(src, 0, dst, 0, 16).unwrap();
    // The source access is pushed first; the destination then conflicts with
    // the earlier read of `src`, so the whole copy is rolled back.
    let error = expect_code(pass.copy_buffer_to_buffer(other, 0, src, 8, 16).map(|_| ()), "FG1105");
    assert_eq!((error.pass(), error.resource()), (Some(copies), Some(src.id())));
    let error = expect_code(
        pass.copy_texture_to_buffer(
            TextureCopyLocation::new(image),
            BufferTextureCopyLocation::new(
                src,
                TexelCopyBufferLayout { offset: 0, bytes_per_row: None, rows_per_image: None },
            ),
            Extent3d { width: 4, height: 1, depth_or_array_layers: 1 },
        ),
        "FG1105",
    );
    assert_eq!(error.resource(), Some(src.id()));
    pass.copy_buffer_to_buffer(other, 0, dst, 16, 48).unwrap();
    pass.finish().unwrap();
    frame.mark_buffer_root(dst, BufferRange::whole(), RootReason::Output).unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    let rows: Vec<_> = full.accesses.iter().map(|access| (access.id.get(), access.resource)).collect();
    assert_eq!(rows, vec![(0, src.id()), (1, dst.id()), (2, other.id()), (3, dst.id())]);
    assert_eq!(retained(full), vec![copies]);
}

#[test]
fn a_failing_finish_poisons_the_recording_with_its_error() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let capture = Rc::new(());
    let held = Rc::clone(&capture);
    let pass = frame.render_pass("no-attachments");
    let id = pass.id();
    let error = expect_code(
        pass.finish_render(move |_| {
            drop(held);
            Ok(())
        }),
        "FG1106",
    );
    assert_eq!((error.pass(), error.resource()), (Some(id), None));
    assert_names(&error, &["no-attachments"]);
    assert_eq!(Rc::strong_count(&capture), 1, "the rejected callback was dropped");
    let later = frame.command_pass("later").finish().unwrap();
    assert_eq!(later, id, "the failed node took no id");
    let compile_error = expect_code(frame.compile(CompileOptions::full_report()), "FG1106");
    assert_eq!(compile_error, error);

    let mut frame = graph.begin_frame();
    let error = expect_code(frame.render_pass("plain-finish").finish(), "FG1106");
    assert_eq!(expect_code(frame.compile(CompileOptions::default()), "FG1106"), error);

    let mut frame = graph.begin_frame();
    let error = expect_code(frame.compute_pass(" \t").finish_compute(|_| Ok(())), "FG2009");
    assert_eq!((error.pass(), error.resource()), (None, None));
    assert_eq!(expect_code(frame.compile(CompileOptions::default()), "FG2009"), error);
}

#[test]
fn a_dropped_builder_poisons_with_fg2002_and_the_first_error_wins() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let data = buffer(&mut frame, "data", 16);
    frame.command_pass("finished").finish().unwrap();
    let mut pass = frame.compute_pass("forgotten");
    let forgotten = pass.id();
    let _ = pass.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    drop(pass);
    let next = frame.command_pass("next").finish().unwrap();
    assert_eq!(next, forgotten, "the dropped node took no id");
    expect_code(frame.render_pass("no-attachments").finish(), "FG1106");

    let error = expect_code(frame.compile(CompileOptions::full_report()), "FG2002");
    assert_eq!((error.pass(), error.resource()), (Some(forgotten), None));
    assert_names(&error, &["forgotten"]);
    let FrameGraphError::UnclosedPass { pass } = error else { panic!("unexpected variant") };
    assert_eq!(pass.label, "forgotten");
}

#[test]
fn a_poisoned_recording_reports_its_error_before_an_open_group() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    frame.push_debug_group("open").unwrap();
    drop(frame.compute_pass("dropped"));
    expect_code(frame.compile(CompileOptions::default()), "FG2002");
}

#[test]
fn culled_callbacks_and_their_captures_are_dropped_at_compile() {
    let culled_capture = Rc::new(());
    let kept_capture = Rc::new(());
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let scratch = buffer(&mut frame, "scratch", 16);
    let mut pass = frame.compute_pass("culled");
    let _ = pass.storage_buffer_write(scratch, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let held = Rc::clone(&culled_capture);
    pass.finish_compute(move |_| {
        drop(held);
        Ok(())
    })
    .unwrap();
    let mut pass = frame.compute_pass("kept");
    pass.set_side_effect(true);
    let held = Rc::clone(&kept_capture);
    pass.finish_compute(move |_| {
        drop(held);
        Ok(())
    })
    .unwrap();
    assert_eq!((Rc::strong_count(&culled_capture), Rc::strong_count(&kept_capture)), (2, 2));

    let compiled = frame.compile(CompileOptions::default()).unwrap();
    assert_eq!(compiled.retained_node_count(), 1);
    assert_eq!(Rc::strong_count(&culled_capture), 1, "the culled callback was dropped at compile");
    assert_eq!(Rc::strong_count(&kept_capture), 2, "the retained callback lives in the compiled frame");
    drop(compiled);
    assert_eq!(Rc::strong_count(&kept_capture), 1);

    let mut frame = graph.begin_frame();
    let held = Rc::clone(&kept_capture);
    frame
        .command_pass("doomed")
        .finish_command(move |_| {
            drop(held);
            Ok(())
        })
        .unwrap();
    let never_written = buffer(&mut frame, "never-written", 4);
    let mut pass = frame.command_pass("bad-read");
    let _ = pass.uniform_buffer(never_written, BufferRange::whole()).unwrap();
    pass.finish().unwrap();
    expect_code(frame.compile(CompileOptions::default()), "FG1001");
    assert_eq!(Rc::strong_count(&kept_capture), 1, "a failed compile drops every callback");
}

#[test]
fn handles_of_another_runtime_are_fg2001_everywhere_and_poison_nothing() {
    let mut graph = FrameGraph::new();
    let mut other_graph = FrameGraph::new();
    let foreign_scope = other_graph.create_resource_pool_scope();
    let mut frame = graph.begin_frame();
    let mut other = other_graph.begin_frame();
    let local = buffer(&mut frame, "local", 64);
    let foreign = buffer(&mut other, "foreign", 64);
    let foreign_texture = texture(&mut other, "foreign-texture", TextureFormat::Rgba8Unorm);
    let foreign_view = other.create_texture_view(foreign_texture, TextureViewDesc::default()).unwrap();
    let foreign_surface = other
        .import_surface_texture(TextureDesc::new_2d("foreign-surface", 4, 4, TextureFormat::Bgra8Unorm), None)
        .unwrap();
    assert_eq!(foreign.id(), local.id(), "local ids collide; identity tells them apart");

    let mut errors = vec![
        frame.create_texture_view(foreign_texture, TextureViewDesc::default()).map(|_| ()),
        frame.texture_desc(foreign_texture).map(|_| ()),
        frame.buffer_desc(foreign).map(|_| ()),
        frame.texture_view_desc(foreign_view).map(|_| ()),
        frame.mark_buffer_root(foreign, BufferRange::whole(), RootReason::Output),
        frame.mark_texture_root(foreign_view, RootReason::Output),
        frame.mark_present(foreign_surface),
        frame.clear_buffer("clear-foreign", foreign, BufferRange::whole()).map(|_| ()),
        frame
            .clear_buffers(
                "clear-mixed",
                [ClearBufferOp::new(local, BufferRange::whole()), ClearBufferOp::new(foreign, BufferRange::whole())],
            )
            .map(|_| ()),
    ];
    let mut pass = frame.compute_pass("declare");
    errors.push(pass.storage_buffer_read(foreign, BufferRange::whole()).map(|_| ()));
    errors.push(pass.sampled_texture(foreign_view).map(|_| ()));
    errors.push(pass.storage_texture_write(foreign_texture, WriteContents::Overwrite).map(|_| ()));
    let _ = pass.storage_buffer_write(local, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let declare = pass.finish().unwrap();
    let mut pass = frame.copy_pass("copy");
    errors.push(pass.copy_buffer_to_buffer(local, 0, foreign, 0, 16).map(|_| ()));
    errors.push(
        pass.copy_texture_to_texture(
            TextureCopyLocation::new(foreign_texture),
            TextureCopyLocation::new(foreign_texture),
            Extent3d { width: 1, height: 1, depth_or_array_layers: 1 },
        )
        .map(|_| ()),
    );
    let copy = pass.finish().unwrap();

    assert_eq!(errors.len(), 14);
    // Declarations of a node name it; the other calls belong to no node.
    let nodes = [None; 7]
        .into_iter()
        .chain([Some("clear-foreign"), Some("clear-mixed")])
        .chain([Some("declare"); 3])
        .chain([Some("copy"); 2]);
    for (result, node) in errors.into_iter().zip(nodes) {
        let error = expect_code(result, "FG2001");
        assert_eq!((error.pass().is_some(), error.resource()), (node.is_some(), None));
        let message = error.to_string();
        if let Some(node) = node {
            assert!(message.contains(&format!("used in pass `{node}`")), "{message}");
        }
        let FrameGraphError::ForeignHandle {
            expected_owner, expected_recording, actual_owner, actual_recording, ..
        } = error
        else {
            panic!("unexpected variant")
        };
        assert_ne!(expected_owner, actual_owner);
        assert_eq!((expected_recording, actual_recording), (1, 1));
        assert!(message.contains(&format!("runtime {expected_owner} recording 1")), "{message}");
        assert!(message.contains(&format!("runtime {actual_owner} recording 1")), "{message}");
    }

    let error = expect_code(
        frame.create_texture_in(foreign_scope, TextureDesc::new_2d("scoped", 4, 4, TextureFormat::Rgba8Unorm)),
        "FG2014",
    );
    assert_eq!((error.pass(), error.resource()), (None, None));
    expect_code(frame.create_buffer_in(foreign_scope, BufferDesc::new("scoped", 4)), "FG2014");

    frame.mark_buffer_root(local, BufferRange::whole(), RootReason::Output).unwrap();
    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(retained(full), vec![declare]);
    assert_eq!(culled(full), vec![copy], "the copy node recorded no copies");
    assert_eq!(report.summary.resource_count, 1);
    assert_eq!(report.summary.access_count, 1);
    drop(other);
}

#[test]
fn nodes_with_many_accesses_detect_conflicts_like_small_ones() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let layers = frame
        .import_texture(
            TextureDesc::new_2d("layers", 4, 4, TextureFormat::Rgba8Unorm).with_layers(40),
            zenfg_runtime::ImportTextureOptions::new(InitialContents::Defined),
        )
        .unwrap();
    let views: Vec<_> =
        (0..40).map(|layer| frame.create_texture_view(layers, TextureViewDesc::layer(layer)).unwrap()).collect();
    let bytes = imported_buffer(&mut frame, "bytes", 64, InitialContents::Defined);
    let mut pass = frame.compute_pass("wide");
    for view in &views[..36] {
        let _ = pass.sampled_texture(*view).unwrap();
    }
    let _ = pass.storage_texture_write(views[36], WriteContents::Overwrite).unwrap();
    let error = expect_code(pass.storage_texture_write(views[5], WriteContents::Overwrite), "FG1105");
    assert_eq!(error.resource(), Some(layers.id()));
    assert_names(&error, &["wide", "layers"]);
    let _ = pass.sampled_texture(views[5]).unwrap();
    expect_code(pass.storage_texture_read(layers), "FG1105");
    for offset in 0..40 {
        let _ = pass.uniform_buffer(bytes, BufferRange::new(offset, Some(1))).unwrap();
    }
    let error = expect_code(
        pass.storage_buffer_write(bytes, BufferRange::new(39, Some(2)), WriteContents::Overwrite),
        "FG1105",
    );
    assert_eq!(error.resource(), Some(bytes.id()));
    let _ = pass.storage_buffer_write(bytes, BufferRange::new(40, Some(2)), WriteContents::Overwrite).unwrap();
    pass.set_side_effect(true);
    pass.finish().unwrap();

    let report = compile_full(frame);
    assert_eq!(report.summary.access_count, 36 + 1 + 1 + 40 + 1);
    let ids: Vec<u32> = tables(&report).accesses.iter().map(|access| access.id.get()).collect();
    assert_eq!(ids, (0..79).collect::<Vec<_>>());
}

#[test]
fn a_recording_keeps_nothing_of_the_records_an_earlier_one_left_in_its_tables() {
    let mut graph = FrameGraph::new();
    let scope = graph.create_resource_pool_scope();
    let mut frame = graph.begin_frame();
    frame
        .with_debug_group("old", |frame| {
            frame.create_texture_in(scope, TextureDesc::new_2d("old", 64, 64, TextureFormat::Rgba16Float).with_mips(3))
        })
        .unwrap();
    frame.compile(CompileOptions::default()).unwrap();

    let mut frame = graph.begin_frame();
    let fresh = frame.create_texture(TextureDesc::new_2d("new", 8, 4, TextureFormat::R32Float)).unwrap();
    assert_eq!(frame.texture_desc(fresh).unwrap(), &TextureDesc::new_2d("new", 8, 4, TextureFormat::R32Float));
    let mut pass = frame.compute_pass("write");
    let _ = pass.storage_texture_write(fresh, WriteContents::Overwrite).unwrap();
    pass.finish().unwrap();
    frame.mark_texture_root(fresh, RootReason::Output).unwrap();
    let compiled = frame.compile(CompileOptions::full_report()).unwrap();
    let resource = &compiled.report().unwrap().full.as_ref().unwrap().resources[0];
    assert_eq!((resource.label.as_ref(), resource.scoped, resource.debug_group), ("new", false, None));
    assert_eq!(resource.estimated_byte_size, 128);
}

/// Later recordings reuse the checks of a descriptor registered in the same
/// slot before; the device check of a transient is never taken from an
/// import's, which had none.
#[test]
fn a_descriptor_checked_in_an_earlier_recording_is_checked_for_what_it_now_is() {
    use zenfg_runtime::wgpu::{Features, Limits};
    use zenfg_runtime::{DeviceCapabilities, ImportTextureOptions, InitialContents};
    let mut graph = FrameGraph::with_capabilities(DeviceCapabilities::new(Limits::default(), Features::empty()));
    let compressed = || TextureDesc::new_2d("compressed", 64, 64, TextureFormat::Bc1RgbaUnorm);
    let plain = || TextureDesc::new_2d("plain", 64, 64, TextureFormat::Rgba8Unorm);
    for _ in 0..3 {
        let mut frame = graph.begin_frame();
        let imported = ImportTextureOptions::new(InitialContents::Defined);
        frame.import_texture(compressed(), imported).expect("an import's native object already exists");
        frame.create_texture(plain()).expect("the device allows it");
        frame.compile(CompileOptions::default()).expect("the frame compiles");
    }
    for _ in 0..2 {
        let mut frame = graph.begin_frame();
        let error = frame.create_texture(compressed()).expect_err("BC formats need TEXTURE_COMPRESSION_BC");
        assert_eq!(error.code(), "FG1111");
        frame.create_texture(plain()).expect("the same descriptor in the same slot passes again");
        let error = frame
            .create_texture(TextureDesc::new_2d("zero", 0, 64, TextureFormat::Rgba8Unorm))
            .expect_err("a zero width is refused");
        assert_eq!(error.code(), "FG1102");
    }
}
