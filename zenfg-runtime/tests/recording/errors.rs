//! One test per recording or compilation error code: the code, the pass and
//! resource it names, and a message that names them by label.

use crate::common::*;
use zenfg_runtime::wgpu::{BufferUsages, Color, TextureFormat, TextureUsages};
use zenfg_runtime::{
    BufferDesc, BufferRange, ColorAttachmentOps, CompileOptions, DepthAttachmentOps, FrameGraph, FrameGraphError,
    ImportBufferOptions, InitialContents, RootReason, TextureDesc, TextureViewDesc, WriteContents,
};

#[test]
fn fg1001_read_before_write_names_the_reader_and_the_resource() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let lut = texture(&mut frame, "lut", TextureFormat::Rgba8Unorm);
    let mut pass = frame.compute_pass("grade");
    let _ = pass.sampled_texture(lut).unwrap();
    pass.set_side_effect(true);
    let grade = pass.finish().unwrap();
    let error = expect_code(frame.compile(CompileOptions::default()), "FG1001");
    assert_eq!((error.pass(), error.resource()), (Some(grade), Some(lut.id())));
    assert_names(&error, &["grade", "lut"]);
}

#[test]
fn fg1002_preserve_before_write_names_the_writer_and_the_resource() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let target = texture(&mut frame, "target", TextureFormat::Rgba8Unorm);
    let mut pass = frame.render_pass("overlay");
    let _ = pass.color_attachment(target, ColorAttachmentOps::load_store()).unwrap();
    let overlay = pass.finish().unwrap();
    let error = expect_code(frame.compile(CompileOptions::default()), "FG1002");
    assert_eq!((error.pass(), error.resource()), (Some(overlay), Some(target.id())));
    assert_names(&error, &["overlay", "target"]);
}

#[test]
fn fg1003_read_after_discard_takes_precedence_and_names_the_consumer() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let depth = texture(&mut frame, "depth", TextureFormat::Depth32Float);
    let mut pass = frame.render_pass("prepass");
    let _ = pass.depth_attachment(depth, DepthAttachmentOps::clear_discard(1.0)).unwrap();
    pass.finish().unwrap();
    let mut pass = frame.render_pass("depth-test");
    let _ = pass.depth_attachment_read_only(depth).unwrap();
    let test = pass.finish().unwrap();
    let error = expect_code(frame.compile(CompileOptions::default()), "FG1003");
    assert_eq!((error.pass(), error.resource()), (Some(test), Some(depth.id())));
    assert_names(&error, &["depth-test", "depth"]);
}

#[test]
fn fg1004_is_raised_with_and_without_a_report() {
    for options in [CompileOptions::no_report(), CompileOptions::summary_report(), CompileOptions::full_report()] {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let capture = buffer(&mut frame, "capture", 8);
        frame.mark_buffer_root(capture, BufferRange::whole(), RootReason::DebugCapture).unwrap();
        let error = expect_code(frame.compile(options), "FG1004");
        assert_eq!((error.pass(), error.resource()), (None, Some(capture.id())));
        assert_names(&error, &["capture"]);
    }
}

#[test]
fn fg1101_usage_mismatch_names_the_resource() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let args = frame
        .import_buffer(
            BufferDesc::new("draw-args", 64),
            ImportBufferOptions::new(InitialContents::Defined).with_exposed_usage(BufferUsages::STORAGE),
        )
        .unwrap();
    let mut pass = frame.command_pass("indirect");
    let _ = pass.indirect_buffer(args, BufferRange::whole()).unwrap();
    pass.finish().unwrap();
    let error = expect_code(frame.compile(CompileOptions::default()), "FG1101");
    assert_eq!((error.pass(), error.resource()), (None, Some(args.id())));
    assert_names(&error, &["draw-args"]);
}

#[test]
fn fg1102_invalid_descriptors_name_the_label_and_the_resource_once_registered() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let error = expect_code(
        frame.create_texture(TextureDesc::new_2d("zero-mips", 4, 4, TextureFormat::Rgba8Unorm).with_mips(0)),
        "FG1102",
    );
    assert_eq!((error.pass(), error.resource()), (None, None));
    assert_names(&error, &["zero-mips"]);

    let msaa = frame
        .create_texture(
            TextureDesc::new_2d("msaa-storage", 4, 4, TextureFormat::Rgba8Unorm)
                .with_samples(4)
                .with_usage(TextureUsages::RENDER_ATTACHMENT | TextureUsages::STORAGE_BINDING),
        )
        .unwrap();
    let mut pass = frame.render_pass("draw");
    let _ = pass.color_attachment(msaa, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    pass.finish().unwrap();
    frame.mark_texture_root(msaa, RootReason::Output).unwrap();
    let error = expect_code(frame.compile(CompileOptions::default()), "FG1102");
    assert_eq!((error.pass(), error.resource()), (None, Some(msaa.id())));
    assert_names(&error, &["msaa-storage"]);
}

#[test]
fn fg1103_invalid_buffer_ranges_name_the_pass_when_declared_in_one() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let vertices = imported_buffer(&mut frame, "vertices", 96, InitialContents::Defined);
    let mut pass = frame.command_pass("draw");
    let draw = pass.id();
    let error = expect_code(pass.vertex_buffer(vertices, BufferRange::new(90, Some(12))), "FG1103");
    assert_eq!((error.pass(), error.resource()), (Some(draw), Some(vertices.id())));
    assert_names(&error, &["draw", "vertices"]);
    pass.finish().unwrap();
    let error = expect_code(frame.mark_buffer_root(vertices, BufferRange::new(96, None), RootReason::Output), "FG1103");
    assert_eq!((error.pass(), error.resource()), (None, Some(vertices.id())));
    assert_names(&error, &["vertices"]);
}

#[test]
fn fg1104_invalid_views_name_the_texture_and_the_declaring_pass() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let shadow = frame
        .create_texture(TextureDesc::new_2d("shadow-map", 8, 8, TextureFormat::Depth32Float).with_layers(2))
        .unwrap();
    let error = expect_code(frame.create_texture_view(shadow, TextureViewDesc::layer(2)), "FG1104");
    assert_eq!((error.pass(), error.resource()), (None, Some(shadow.id())));
    assert_names(&error, &["shadow-map"]);
    let mut pass = frame.render_pass("shadows");
    let shadows = pass.id();
    let error = expect_code(pass.depth_attachment(shadow, DepthAttachmentOps::clear_store(1.0)), "FG1104");
    assert_eq!((error.pass(), error.resource()), (Some(shadows), Some(shadow.id())));
    assert_names(&error, &["shadows", "shadow-map"]);
}

#[test]
fn fg1105_conflicting_accesses_name_the_pass_and_the_resource() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let particles = buffer(&mut frame, "particles", 128);
    let mut pass = frame.compute_pass("integrate");
    let integrate = pass.id();
    let _ = pass.storage_buffer_read(particles, BufferRange::new(0, Some(64))).unwrap();
    let _ = pass.storage_buffer_read(particles, BufferRange::new(32, Some(64))).unwrap();
    let error = expect_code(
        pass.storage_buffer_write(particles, BufferRange::new(64, Some(8)), WriteContents::Overwrite),
        "FG1105",
    );
    assert_eq!((error.pass(), error.resource()), (Some(integrate), Some(particles.id())));
    assert_names(&error, &["integrate", "particles"]);
}

#[test]
fn fg1106_invalid_node_operations_name_the_pass() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let depth = texture(&mut frame, "depth", TextureFormat::Depth32Float);
    let mut pass = frame.render_pass("gbuffer");
    let gbuffer = pass.id();
    let _ = pass.depth_attachment(depth, DepthAttachmentOps::clear_store(1.0)).unwrap();
    let error = expect_code(pass.depth_attachment_read_only(depth), "FG1106");
    assert_eq!((error.pass(), error.resource()), (Some(gbuffer), None));
    assert_names(&error, &["gbuffer"]);
    pass.finish().unwrap();
    let error = expect_code(frame.clear_buffers("no-ops", []), "FG1106");
    assert_names(&error, &["no-ops"]);
    let next = frame.command_pass("next").finish().unwrap();
    assert_eq!((error.pass(), error.resource()), (Some(next), None));
    assert_ne!(next, gbuffer);
}

#[test]
fn fg1107_invalid_roots_name_the_resource() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let history = buffer(&mut frame, "history", 16);
    let error =
        expect_code(frame.mark_buffer_root(history, BufferRange::whole(), RootReason::PersistentState), "FG1107");
    assert_eq!((error.pass(), error.resource()), (None, Some(history.id())));
    assert_names(&error, &["history"]);
    let FrameGraphError::InvalidRoot { reason, .. } = error else { panic!("unexpected variant") };
    assert_eq!(reason, RootReason::PersistentState);
}

#[test]
fn fg1108_attachment_format_category_mismatches_name_the_pass_and_the_texture() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let normals = texture(&mut frame, "normals", TextureFormat::Rgba16Float);
    let mut pass = frame.render_pass("depth-only");
    let depth_only = pass.id();
    let error = expect_code(pass.depth_attachment(normals, DepthAttachmentOps::clear_store(1.0)), "FG1108");
    assert_eq!((error.pass(), error.resource()), (Some(depth_only), Some(normals.id())));
    assert_names(&error, &["depth-only", "normals"]);
    let FrameGraphError::UnsupportedTextureFormatUsage { format, .. } = error else { panic!("unexpected variant") };
    assert_eq!(format, TextureFormat::Rgba16Float);
}

#[test]
fn fg2001_handles_of_another_live_recording_are_foreign() {
    let mut graph = FrameGraph::new();
    let mut other_graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let mut other = other_graph.begin_frame();
    let foreign = buffer(&mut other, "foreign", 16);
    let mut pass = frame.compute_pass("user");
    let user = pass.id();
    let error = expect_code(pass.uniform_buffer(foreign, BufferRange::whole()), "FG2001");
    assert_eq!((error.pass(), error.resource()), (Some(user), None));
    assert!(error.to_string().contains("recording 1"), "{error}");
    assert!(error.to_string().contains("used in pass `user`"), "{error}");
    pass.finish().unwrap();
    frame.compile(CompileOptions::default()).unwrap();
    other.compile(CompileOptions::default()).unwrap();
}

#[test]
fn fg2002_unclosed_passes_name_the_pass() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let pass = frame.external_submission("engine");
    let engine = pass.id();
    drop(pass);
    let error = expect_code(frame.compile(CompileOptions::default()), "FG2002");
    assert_eq!((error.pass(), error.resource()), (Some(engine), None));
    assert_names(&error, &["engine"]);
}

#[test]
fn fg2003_blank_group_labels_are_rejected() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let error = expect_code(frame.push_debug_group(" "), "FG2003");
    assert_eq!((error.pass(), error.resource()), (None, None));
    assert!(error.to_string().starts_with("FG2003"));
}

#[test]
fn fg2004_popping_an_empty_group_stack() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let error = expect_code(frame.pop_debug_group(), "FG2004");
    assert_eq!((error.pass(), error.resource()), (None, None));
    assert!(error.to_string().contains("pop_debug_group"), "{error}");
}

#[test]
fn fg2005_open_groups_name_the_group() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    frame.push_debug_group("post").unwrap();
    let error = expect_code(frame.compile(CompileOptions::default()), "FG2005");
    assert_eq!((error.pass(), error.resource()), (None, None));
    assert_names(&error, &["post"]);
}

#[test]
fn fg2009_blank_pass_and_resource_labels_are_rejected() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    for error in [
        expect_code(frame.create_buffer(BufferDesc::new("", 4)), "FG2009"),
        expect_code(frame.create_texture(TextureDesc::new_2d("  ", 4, 4, TextureFormat::Rgba8Unorm)), "FG2009"),
        expect_code(
            frame.import_buffer(BufferDesc::new("\n", 4), ImportBufferOptions::new(InitialContents::Defined)),
            "FG2009",
        ),
    ] {
        assert_eq!((error.pass(), error.resource()), (None, None));
        assert!(error.to_string().contains("label is blank"), "{error}");
    }
    let report = compile_full(frame);
    assert_eq!(report.summary.resource_count, 0, "blank resource labels do not poison and register nothing");

    let mut frame = graph.begin_frame();
    let error = expect_code(frame.command_pass("").finish(), "FG2009");
    assert!(error.to_string().contains("pass label"), "{error}");
    assert_eq!(expect_code(frame.compile(CompileOptions::default()), "FG2009"), error);
}

#[test]
fn fg2014_scopes_of_another_runtime_are_rejected() {
    let mut graph = FrameGraph::new();
    let mut other_graph = FrameGraph::new();
    let foreign = other_graph.create_resource_pool_scope();
    let own = graph.create_resource_pool_scope();
    let mut frame = graph.begin_frame();
    let desc = TextureDesc::new_2d("scoped", 4, 4, TextureFormat::Rgba8Unorm);
    let error = expect_code(frame.create_texture_in(foreign, desc.clone()), "FG2014");
    assert_eq!((error.pass(), error.resource()), (None, None));
    let FrameGraphError::ForeignResourcePoolScope { runtime, scope_owner } = error else {
        panic!("unexpected variant")
    };
    assert_ne!(runtime, scope_owner);
    let texture = frame.create_texture_in(own, desc).unwrap();
    assert_eq!(texture.id().get(), 0, "the rejected declaration registered nothing");
}
