//! Roots: declaration rules (FG1103, FG1107), resolution, de-duplication and
//! FG1004 (spec §1.8, §3.6).

use crate::common::*;
use zenfg_runtime::wgpu::{BufferUsages, Extent3d, TexelCopyBufferLayout, TextureDimension, TextureFormat};
use zenfg_runtime::{
    BufferDesc, BufferRange, BufferTextureCopyLocation, ColorAttachmentOps, CompileOptions, FrameGraph,
    FrameGraphError, ImportBufferOptions, ImportTextureOptions, InitialContents, RootReason, TextureCopyLocation,
    TextureDesc, TextureViewDesc, UndefinedCause, WriteContents,
};

#[test]
fn identical_roots_count_once_while_overlapping_ranges_and_other_reasons_stay_separate() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let state = imported_buffer(&mut frame, "state", 64, InitialContents::Defined);
    let mut pass = frame.compute_pass("write-front");
    let _ = pass.storage_buffer_write(state, BufferRange::new(0, Some(32)), WriteContents::Overwrite).unwrap();
    let writer = pass.finish().unwrap();
    let output = RootReason::Output;
    frame.mark_buffer_root(state, BufferRange::whole(), output).unwrap();
    frame.mark_buffer_root(state, BufferRange::new(0, Some(32)), output).unwrap();
    frame.mark_buffer_root(state, BufferRange::new(32, None), output).unwrap();
    frame.mark_buffer_root(state, BufferRange::whole(), output).unwrap();
    frame.mark_buffer_root(state, BufferRange::new(0, Some(64)), output).unwrap();
    frame.mark_buffer_root(state, BufferRange::new(0, Some(32)), output).unwrap();
    frame.mark_buffer_root(state, BufferRange::new(0, Some(32)), RootReason::DebugCapture).unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    let roots: Vec<_> = full
        .roots
        .iter()
        .map(|root| {
            (
                root.resource,
                root.reason,
                root.range.clone(),
                root.resolution.producer_node_ids.clone(),
                root.resolution.uses_initial_contents,
            )
        })
        .collect();
    let id = state.id();
    assert_eq!(
        roots,
        vec![
            (id, output, bytes(0, 64), vec![writer], true),
            (id, output, bytes(0, 32), vec![writer], false),
            (id, output, bytes(32, 32), vec![], true),
            (id, RootReason::DebugCapture, bytes(0, 32), vec![writer], false),
        ]
    );
    assert_eq!(retained(full), vec![writer]);
}

#[test]
fn root_producers_are_listed_in_execution_order_whatever_the_range_order() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let target = buffer(&mut frame, "target", 64);
    let mut pass = frame.compute_pass("back-half");
    let _ = pass.storage_buffer_write(target, BufferRange::new(32, None), WriteContents::Overwrite).unwrap();
    let back = pass.finish().unwrap();
    let mut pass = frame.compute_pass("front-half");
    let _ = pass.storage_buffer_write(target, BufferRange::new(0, Some(32)), WriteContents::Overwrite).unwrap();
    let front = pass.finish().unwrap();
    frame.mark_buffer_root(target, BufferRange::whole(), RootReason::Output).unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(full.roots.len(), 1);
    assert_eq!(full.roots[0].resolution.producer_node_ids, vec![back, front]);
    assert!(!full.roots[0].resolution.uses_initial_contents);
    assert_eq!(retained(full), vec![back, front]);
}

#[test]
fn empty_or_out_of_bounds_buffer_roots_are_fg1103_while_empty_accesses_are_fine() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let data = imported_buffer(&mut frame, "staging", 64, InitialContents::Defined);
    let bad = [
        BufferRange::new(8, Some(0)),
        BufferRange::new(64, None),
        BufferRange::new(60, Some(8)),
        BufferRange::new(65, None),
        BufferRange::new(u64::MAX, Some(2)),
    ];
    for range in bad {
        let error = expect_code(frame.mark_buffer_root(data, range, RootReason::Output), "FG1103");
        assert_eq!(error.resource(), Some(data.id()));
        assert_eq!(error.pass(), None);
        assert_names(&error, &["staging"]);
        let FrameGraphError::InvalidBufferRange { range: reported, resource_size, .. } = error else {
            panic!("unexpected variant")
        };
        assert_eq!((reported, resource_size), (range, 64));
    }
    let mut pass = frame.command_pass("empty-reads");
    let _ = pass.storage_buffer_read(data, BufferRange::new(8, Some(0))).unwrap();
    let _ = pass.uniform_buffer(data, BufferRange::new(64, None)).unwrap();
    let reader = pass.finish().unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    assert!(full.roots.is_empty(), "failed root declarations record nothing");
    assert_eq!(retained(full), vec![reader]);
    assert_eq!(full.accesses.len(), 2);
}

#[test]
fn undefined_rooted_contents_are_fg1004_at_every_report_level() {
    for options in [CompileOptions::default(), CompileOptions::summary_report(), CompileOptions::full_report()] {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let result = buffer(&mut frame, "result", 64);
        let mut pass = frame.compute_pass("partial");
        let _ = pass.storage_buffer_write(result, BufferRange::new(0, Some(48)), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        frame.mark_buffer_root(result, BufferRange::whole(), RootReason::Output).unwrap();

        let error = expect_code(frame.compile(options), "FG1004");
        assert_eq!(error.resource(), Some(result.id()));
        assert_eq!(error.pass(), None);
        assert_names(&error, &["result"]);
        let FrameGraphError::RootReferencesUndefinedContents { reason, range, cause, .. } = error else {
            panic!("unexpected variant")
        };
        assert_eq!((reason, range, cause), (RootReason::Output, bytes(48, 16), UndefinedCause::Transient));
    }
}

#[test]
fn a_root_over_a_discarded_attachment_is_fg1004_with_the_discard_cause() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let target = texture(&mut frame, "scratch-target", TextureFormat::Rgba8Unorm);
    let mut pass = frame.render_pass("discarding");
    let _ = pass.color_attachment(target, ColorAttachmentOps::clear_discard(Default::default())).unwrap();
    pass.finish().unwrap();
    frame.mark_texture_root(target, RootReason::DebugCapture).unwrap();
    let error = expect_code(frame.compile(CompileOptions::default()), "FG1004");
    let FrameGraphError::RootReferencesUndefinedContents { reason, range, cause, .. } = error else {
        panic!("unexpected variant")
    };
    assert_eq!((reason, range, cause), (RootReason::DebugCapture, regions(&[sub(0, 0, 1)]), UndefinedCause::Discarded));
}

#[test]
fn root_reasons_must_fit_the_origin_kind_and_usage_of_their_resource() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let transient_texture = texture(&mut frame, "offscreen", TextureFormat::Rgba8Unorm);
    let imported_texture = imported_texture(&mut frame, "history", TextureFormat::Rgba8Unorm, InitialContents::Defined);
    let surface =
        frame.import_surface_texture(TextureDesc::new_2d("swapchain", 4, 4, TextureFormat::Bgra8Unorm), None).unwrap();
    let surface_view = frame.create_texture_view(surface.texture(), TextureViewDesc::default()).unwrap();
    let transient_buffer = buffer(&mut frame, "scratch", 16);
    let unexposed = imported_buffer(&mut frame, "unexposed", 16, InitialContents::Undefined);
    let readback_usage = BufferUsages::MAP_READ | BufferUsages::COPY_DST;
    let mut import_with = |label: &'static str, usage: BufferUsages| {
        frame
            .import_buffer(
                BufferDesc::new(label, 16),
                ImportBufferOptions::new(InitialContents::Defined).with_exposed_usage(usage),
            )
            .unwrap()
    };
    let too_wide = import_with("too-wide", readback_usage | BufferUsages::COPY_SRC);
    let readback = import_with("readback", readback_usage);

    let cases = [
        (frame.mark_texture_root(transient_texture, RootReason::Present), transient_texture.id(), "offscreen"),
        (frame.mark_texture_root(imported_texture, RootReason::Present), imported_texture.id(), "history"),
        (frame.mark_texture_root(surface_view, RootReason::Present), surface.id(), "swapchain"),
        (frame.mark_texture_root(imported_texture, RootReason::Readback), imported_texture.id(), "history"),
        (frame.mark_readback(transient_buffer, BufferRange::whole()), transient_buffer.id(), "scratch"),
        (frame.mark_readback(unexposed, BufferRange::whole()), unexposed.id(), "unexposed"),
        (frame.mark_readback(too_wide, BufferRange::whole()), too_wide.id(), "too-wide"),
        (
            frame.mark_buffer_root(transient_buffer, BufferRange::whole(), RootReason::PersistentState),
            transient_buffer.id(),
            "scratch",
        ),
        (frame.mark_texture_root(transient_texture, RootReason::PersistentState), transient_texture.id(), "offscreen"),
        (frame.mark_texture_root(surface, RootReason::PersistentState), surface.id(), "swapchain"),
    ];
    for (result, id, label) in cases {
        let error = expect_code(result, "FG1107");
        assert_eq!(error.resource(), Some(id));
        assert_eq!(error.pass(), None);
        assert_names(&error, &[label]);
        if id == unexposed.id() {
            assert!(error.to_string().contains("with_exposed_usage(BufferUsages::MAP_READ"), "the fix: {error}");
        }
    }

    // What the rules allow.
    frame.mark_readback(readback, BufferRange::new(0, Some(8))).unwrap();
    frame.mark_texture_root(imported_texture, RootReason::PersistentState).unwrap();
    frame.mark_buffer_root(unexposed, BufferRange::whole(), RootReason::PersistentState).unwrap();
    frame.mark_texture_root(transient_texture, RootReason::Output).unwrap();
    frame.mark_texture_root(transient_texture, RootReason::DebugCapture).unwrap();
    frame.mark_buffer_root(transient_buffer, BufferRange::whole(), RootReason::Output).unwrap();
}

#[test]
fn persistent_state_of_an_undefined_import_needs_a_write() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let state = imported_buffer(&mut frame, "state", 16, InitialContents::Undefined);
    frame.mark_buffer_root(state, BufferRange::whole(), RootReason::PersistentState).unwrap();
    let error = expect_code(frame.compile(CompileOptions::default()), "FG1004");
    let FrameGraphError::RootReferencesUndefinedContents { cause, .. } = error else { panic!("unexpected variant") };
    assert_eq!(cause, UndefinedCause::ImportedUndefined);
}

#[test]
fn a_surface_must_be_written_before_it_is_presented() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let surface =
        frame.import_surface_texture(TextureDesc::new_2d("swapchain", 4, 4, TextureFormat::Bgra8Unorm), None).unwrap();
    frame.mark_present(surface).unwrap();
    let error = expect_code(frame.compile(CompileOptions::default()), "FG1004");
    assert_eq!(error.resource(), Some(surface.id()));
    assert_names(&error, &["swapchain"]);
    let FrameGraphError::RootReferencesUndefinedContents { reason, cause, .. } = error else {
        panic!("unexpected variant")
    };
    assert_eq!((reason, cause), (RootReason::Present, UndefinedCause::Surface));

    let mut frame = graph.begin_frame();
    let surface =
        frame.import_surface_texture(TextureDesc::new_2d("swapchain", 4, 4, TextureFormat::Bgra8Unorm), None).unwrap();
    let mut pass = frame.render_pass("draw");
    let _ = pass.color_attachment(surface, ColorAttachmentOps::clear_store(Default::default())).unwrap();
    let draw = pass.finish().unwrap();
    frame.mark_present(surface).unwrap();
    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(retained(full), vec![draw]);
    assert_eq!(full.roots[0].reason, RootReason::Present);
    assert_eq!(full.roots[0].range, regions(&[sub(0, 0, 1)]));
    assert_eq!(full.roots[0].resolution.producer_node_ids, vec![draw]);
}

#[test]
fn zero_size_copies_cannot_satisfy_an_output_root() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let source = imported_buffer(&mut frame, "source", 64, InitialContents::Defined);
    let destination = buffer(&mut frame, "destination", 64);
    let mut pass = frame.copy_pass("copy-nothing");
    pass.copy_buffer_to_buffer(source, 0, destination, 0, 0).unwrap();
    pass.finish().unwrap();
    frame.mark_buffer_root(destination, BufferRange::whole(), RootReason::Output).unwrap();
    let error = expect_code(frame.compile(CompileOptions::default()), "FG1004");
    assert_eq!(error.resource(), Some(destination.id()));

    let mut frame = graph.begin_frame();
    // An empty copy still spans the strides of the rows before its last one.
    let source = imported_buffer(&mut frame, "source", 768, InitialContents::Defined);
    let image = texture(&mut frame, "image", TextureFormat::Rgba8Unorm);
    let mut pass = frame.copy_pass("upload-nothing");
    let layout = TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(256), rows_per_image: None };
    pass.copy_buffer_to_texture(
        BufferTextureCopyLocation::new(source, layout),
        TextureCopyLocation::new(image),
        Extent3d { width: 0, height: 4, depth_or_array_layers: 1 },
    )
    .unwrap();
    pass.finish().unwrap();
    frame.mark_texture_root(image, RootReason::Output).unwrap();
    let error = expect_code(frame.compile(CompileOptions::default()), "FG1004");
    assert_eq!(error.resource(), Some(image.id()));
    let FrameGraphError::RootReferencesUndefinedContents { cause, .. } = error else { panic!("unexpected variant") };
    assert_eq!(cause, UndefinedCause::Transient);
}

#[test]
fn texture_roots_select_every_subresource_or_the_view_selection() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let layered = frame
        .import_texture(
            TextureDesc::new_2d("layered", 8, 8, TextureFormat::Rgba8Unorm).with_mips(2).with_layers(3),
            ImportTextureOptions::new(InitialContents::Defined),
        )
        .unwrap();
    let mut volume_desc = TextureDesc::new_2d("volume", 8, 8, TextureFormat::R32Float).with_layers(4).with_mips(2);
    volume_desc.dimension = TextureDimension::D3;
    let volume = frame.import_texture(volume_desc, ImportTextureOptions::new(InitialContents::Defined)).unwrap();
    let layer_view = frame
        .create_texture_view(
            layered,
            TextureViewDesc {
                base_mip_level: 1,
                base_array_layer: 1,
                array_layer_count: Some(2),
                ..Default::default()
            },
        )
        .unwrap();
    frame.mark_texture_root(layered, RootReason::PersistentState).unwrap();
    frame.mark_texture_root(layer_view, RootReason::PersistentState).unwrap();
    frame.mark_texture_root(volume, RootReason::Output).unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    let ranges: Vec<_> = full.roots.iter().map(|root| root.range.clone()).collect();
    assert_eq!(
        ranges,
        vec![regions(&[sub(0, 0, 3), sub(1, 0, 3)]), regions(&[sub(1, 1, 2)]), regions(&[sub(0, 0, 4), sub(1, 0, 2)]),]
    );
    assert!(full.roots.iter().all(|root| root.resolution.uses_initial_contents));
    assert!(full.roots.iter().all(|root| root.resolution.producer_node_ids.is_empty()));
    assert_eq!(report.summary.retained_node_count, 0);
}
