//! Usage derivation over retained work (spec §3.9, §7.1 "Usage" and
//! "Retained transient usage").

use crate::common::*;
use zenfg_runtime::wgpu::{BufferUsages, Color, TextureDimension, TextureFormat, TextureUsages};
use zenfg_runtime::{
    BufferDesc, BufferRange, ColorAttachmentOps, CompileOptions, Frame, FrameGraph, FrameGraphError,
    ImportBufferOptions, ImportTextureOptions, InitialContents, ResourceUsage, RootReason, TextureDesc, UsagePolicy,
    WriteContents,
};

/// Records a fixed-usage storage buffer written by a retained pass and read
/// as vertices by a render pass that is retained only when `root_overlay`.
fn record_debug_draw(frame: &mut Frame<'_>, root_overlay: bool) -> zenfg_runtime::ResourceId {
    let particles = frame.create_buffer(BufferDesc::new("particles", 256).with_usage(BufferUsages::STORAGE)).unwrap();
    let overlay = texture(frame, "overlay", TextureFormat::Rgba8Unorm);
    let mut pass = frame.compute_pass("simulate");
    let _ = pass.storage_buffer_write(particles, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    pass.finish().unwrap();
    let mut pass = frame.render_pass("debug-draw");
    let _ = pass.color_attachment(overlay, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    let _ = pass.vertex_buffer(particles, BufferRange::whole()).unwrap();
    pass.finish().unwrap();
    frame.mark_buffer_root(particles, BufferRange::whole(), RootReason::Output).unwrap();
    if root_overlay {
        frame.mark_texture_root(overlay, RootReason::DebugCapture).unwrap();
    }
    particles.id()
}

#[test]
fn fixed_usage_is_checked_only_against_retained_work() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let particles = record_debug_draw(&mut frame, false);
    let compiled = frame.compile(CompileOptions::default()).unwrap();
    assert_eq!(compiled.retained_node_count(), 1, "the debug draw is culled");
    assert_eq!(compiled.resource_usage(particles), Some(ResourceUsage::Buffer(BufferUsages::STORAGE)));
    drop(compiled);

    let mut frame = graph.begin_frame();
    let particles = record_debug_draw(&mut frame, true);
    let error = expect_code(frame.compile(CompileOptions::default()), "FG1101");
    assert_eq!((error.pass(), error.resource()), (None, Some(particles)));
    assert_names(&error, &["particles"]);
    let FrameGraphError::UsageMismatch { required, available, .. } = error else { panic!("unexpected variant") };
    assert_eq!(required, ResourceUsage::Buffer(BufferUsages::STORAGE | BufferUsages::VERTEX));
    assert_eq!(available, ResourceUsage::Buffer(BufferUsages::STORAGE));
}

#[test]
fn exposed_import_usage_must_cover_the_retained_accesses() {
    for retain in [false, true] {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let constants = frame
            .import_buffer(
                BufferDesc::new("constants", 64),
                ImportBufferOptions::new(InitialContents::Defined).with_exposed_usage(BufferUsages::UNIFORM),
            )
            .unwrap();
        let mut pass = frame.compute_pass("read-as-storage");
        let _ = pass.storage_buffer_read(constants, BufferRange::whole()).unwrap();
        pass.set_side_effect(retain);
        pass.finish().unwrap();
        let result = frame.compile(CompileOptions::default());
        if !retain {
            let compiled = result.unwrap();
            assert_eq!(compiled.resource_usage(constants.id()), Some(ResourceUsage::Buffer(BufferUsages::UNIFORM)));
            continue;
        }
        let error = expect_code(result, "FG1101");
        assert_eq!(error.resource(), Some(constants.id()));
        assert_names(&error, &["constants"]);
        let FrameGraphError::UsageMismatch { required, available, .. } = error else { panic!("unexpected variant") };
        assert_eq!(required, ResourceUsage::Buffer(BufferUsages::STORAGE));
        assert_eq!(available, ResourceUsage::Buffer(BufferUsages::UNIFORM));
    }

    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let surface = frame
        .import_surface_texture(
            TextureDesc::new_2d("swapchain", 4, 4, TextureFormat::Bgra8Unorm),
            Some(TextureUsages::RENDER_ATTACHMENT),
        )
        .unwrap();
    let mut pass = frame.render_pass("draw");
    let _ = pass.color_attachment(surface, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    pass.finish().unwrap();
    let mut pass = frame.command_pass("copy-surface");
    let _ = pass.texture_copy_src(surface).unwrap();
    pass.finish().unwrap();
    frame.mark_present(surface).unwrap();
    let error = expect_code(frame.compile(CompileOptions::default()), "FG1101");
    assert_eq!(error.resource(), Some(surface.id()));
    let message = error.to_string();
    assert!(
        message.contains("pass `copy-surface` needs TextureUsages(COPY_SRC) as a texture copy source"),
        "{message}"
    );
    assert!(
        message.contains("configure the surface with TextureUsages(COPY_SRC) in `SurfaceConfiguration::usage`"),
        "{message}"
    );
    let FrameGraphError::UsageMismatch { required, .. } = error else { panic!("unexpected variant") };
    assert_eq!(required, ResourceUsage::Texture(TextureUsages::RENDER_ATTACHMENT | TextureUsages::COPY_SRC));
}

#[test]
fn effective_usage_is_the_union_of_retained_roles_or_the_fixed_or_exposed_set() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let color = texture(&mut frame, "color", TextureFormat::Rgba8Unorm);
    let unused = texture(&mut frame, "unused", TextureFormat::Rgba8Unorm);
    let fixed_unused = frame
        .create_texture(
            TextureDesc::new_2d("fixed-unused", 4, 4, TextureFormat::Rgba8Unorm).with_usage(TextureUsages::COPY_SRC),
        )
        .unwrap();
    let exposed_unused = frame
        .import_buffer(
            BufferDesc::new("exposed-unused", 16),
            ImportBufferOptions::new(InitialContents::Defined).with_exposed_usage(BufferUsages::INDEX),
        )
        .unwrap();
    let import_unused = imported_buffer(&mut frame, "import-unused", 16, InitialContents::Defined);
    let mut import_desc = TextureDesc::new_2d("import-used", 4, 4, TextureFormat::Rgba8Unorm);
    import_desc.usage = UsagePolicy::Fixed(TextureUsages::STORAGE_BINDING);
    let import_used = frame.import_texture(import_desc, ImportTextureOptions::new(InitialContents::Defined)).unwrap();
    let mut pass = frame.render_pass("draw");
    let _ = pass.color_attachment(color, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    let _ = pass.sampled_texture(import_used).unwrap();
    pass.finish().unwrap();
    let mut pass = frame.compute_pass("sample");
    let _ = pass.sampled_texture(color).unwrap();
    pass.set_side_effect(true);
    pass.finish().unwrap();
    let mut pass = frame.command_pass("copy");
    let _ = pass.texture_copy_src(color).unwrap();
    pass.finish().unwrap();
    let mut pass = frame.compute_pass("culled-storage");
    let _ = pass.storage_texture_read(color).unwrap();
    pass.finish().unwrap();

    let compiled = frame.compile(CompileOptions::default()).unwrap();
    let usage = |id| compiled.resource_usage(id).unwrap();
    assert_eq!(
        usage(color.id()),
        ResourceUsage::Texture(
            TextureUsages::RENDER_ATTACHMENT | TextureUsages::TEXTURE_BINDING | TextureUsages::COPY_SRC
        )
    );
    assert_eq!(usage(unused.id()), ResourceUsage::Texture(TextureUsages::empty()));
    assert_eq!(usage(fixed_unused.id()), ResourceUsage::Texture(TextureUsages::COPY_SRC));
    assert_eq!(usage(exposed_unused.id()), ResourceUsage::Buffer(BufferUsages::INDEX));
    assert_eq!(usage(import_unused.id()), ResourceUsage::Buffer(BufferUsages::empty()));
    assert_eq!(
        usage(import_used.id()),
        ResourceUsage::Texture(TextureUsages::TEXTURE_BINDING),
        "an import's descriptor usage is ignored"
    );
}

#[test]
fn a_retained_one_dimensional_render_target_is_fg1102() {
    for retain in [false, true] {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let mut desc = TextureDesc::new_2d("line", 16, 1, TextureFormat::Rgba8Unorm);
        desc.dimension = TextureDimension::D1;
        let line = frame.create_texture(desc).unwrap();
        let mut pass = frame.render_pass("draw-line");
        let _ = pass.color_attachment(line, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
        pass.set_side_effect(retain);
        pass.finish().unwrap();
        let result = frame.compile(CompileOptions::default());
        if !retain {
            assert_eq!(result.unwrap().retained_node_count(), 0);
            continue;
        }
        let error = expect_code(result, "FG1102");
        assert_eq!(error.resource(), Some(line.id()));
        assert_names(&error, &["line"]);
    }
}

#[test]
fn retained_multisampled_transients_must_be_render_targets_and_not_storage() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let msaa =
        frame.create_texture(TextureDesc::new_2d("msaa", 4, 4, TextureFormat::Rgba8Unorm).with_samples(4)).unwrap();
    let mut pass = frame.render_pass("draw");
    let _ = pass.color_attachment(msaa, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    pass.finish().unwrap();
    let mut pass = frame.compute_pass("storage-read");
    let _ = pass.storage_texture_read(msaa).unwrap();
    pass.set_side_effect(true);
    pass.finish().unwrap();
    let error = expect_code(frame.compile(CompileOptions::default()), "FG1102");
    assert_eq!(error.resource(), Some(msaa.id()));
    assert_names(&error, &["msaa"]);
    assert!(error.to_string().contains("storage"), "{error}");

    let mut frame = graph.begin_frame();
    let msaa = frame
        .create_texture(
            TextureDesc::new_2d("msaa-copy", 4, 4, TextureFormat::Rgba8Unorm)
                .with_samples(4)
                .with_usage(TextureUsages::COPY_DST | TextureUsages::TEXTURE_BINDING),
        )
        .unwrap();
    let mut pass = frame.command_pass("fill");
    let _ = pass.texture_copy_dst(msaa, WriteContents::Overwrite).unwrap();
    pass.finish().unwrap();
    let error = expect_code(frame.compile(CompileOptions::default()), "FG1102");
    assert_eq!(error.resource(), Some(msaa.id()));
    assert!(error.to_string().contains("RENDER_ATTACHMENT"), "{error}");
}

#[test]
fn transient_attachment_usage_is_rejected_for_fixed_transients_and_exposed_imports() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let usage = TextureUsages::RENDER_ATTACHMENT | TextureUsages::TRANSIENT_ATTACHMENT;
    let desc = TextureDesc::new_2d("tile-memory", 4, 4, TextureFormat::Rgba8Unorm);
    let error = expect_code(frame.create_texture(desc.clone().with_usage(usage)), "FG1102");
    assert_eq!(error.resource(), None);
    assert_names(&error, &["tile-memory"]);
    assert!(error.to_string().contains("TRANSIENT_ATTACHMENT"), "{error}");
    let exposed = ImportTextureOptions::new(InitialContents::Defined).with_exposed_usage(usage);
    expect_code(frame.import_texture(desc.clone(), exposed), "FG1102");
    expect_code(frame.import_surface_texture(desc.clone(), Some(usage)), "FG1102");

    // Imports ignore the descriptor's own usage; inferred usage never adds it.
    let imported =
        frame.import_texture(desc.clone().with_usage(usage), ImportTextureOptions::new(InitialContents::Defined));
    assert!(imported.is_ok());
    let inferred = frame.create_texture(desc).unwrap();
    let mut pass = frame.render_pass("draw");
    let _ = pass.color_attachment(inferred, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    pass.finish().unwrap();
    frame.mark_texture_root(inferred, RootReason::Output).unwrap();
    let compiled = frame.compile(CompileOptions::default()).unwrap();
    assert_eq!(compiled.resource_usage(inferred.id()), Some(ResourceUsage::Texture(TextureUsages::RENDER_ATTACHMENT)));
}
