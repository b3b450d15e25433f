//! The behaviours the crate docs list under "Differences", one test each.

use crate::common::*;
use zenfg_runtime::wgpu::{Color, Extent3d, TextureAspect, TextureFormat};
use zenfg_runtime::{
    BufferRange, ColorAttachmentOps, CompileOptions, DepthAttachmentOps, FrameGraph, InitialContents, RootReason,
    TextureCopyLocation, TextureDesc, TextureViewDesc,
};

#[test]
fn a_second_depth_attachment_fails_at_declaration_without_poisoning() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let first = texture(&mut frame, "first", TextureFormat::Depth32Float);
    let second = texture(&mut frame, "second", TextureFormat::Depth32Float);
    let mut pass = frame.render_pass("shadow");
    let _ = pass.depth_attachment(first, DepthAttachmentOps::clear_store(1.0)).unwrap();
    expect_code(pass.depth_attachment(second, DepthAttachmentOps::clear_store(1.0)), "FG1106");
    pass.finish_render(|_| Ok(())).unwrap();
    frame.mark_texture_root(first, RootReason::Output).unwrap();
    assert_eq!(frame.compile(CompileOptions::default()).unwrap().retained_node_count(), 1);
}

#[test]
fn a_whole_texture_of_several_layers_is_no_attachment() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let desc = TextureDesc::new_2d("layers", 4, 4, TextureFormat::Rgba8Unorm).with_layers(2);
    let layers = frame.create_texture(desc).unwrap();
    let layer = frame.create_texture_view(layers, TextureViewDesc::layer(1)).unwrap();
    let mut pass = frame.render_pass("draw");
    expect_code(pass.color_attachment(layers, ColorAttachmentOps::load_store()), "FG1104");
    let _ = pass.color_attachment(layer, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    pass.finish_render(|_| Ok(())).unwrap();
    frame.mark_texture_root(layer, RootReason::Output).unwrap();
    assert_eq!(frame.compile(CompileOptions::default()).unwrap().retained_node_count(), 1);
}

#[test]
fn a_present_root_of_a_view_of_a_surface_is_invalid() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let surface =
        frame.import_surface_texture(TextureDesc::new_2d("swapchain", 4, 4, TextureFormat::Bgra8Unorm), None).unwrap();
    let view = frame.create_texture_view(surface, TextureViewDesc::default()).unwrap();
    expect_code(frame.mark_texture_root(view, RootReason::Present), "FG1107");
    frame.mark_texture_root(surface, RootReason::Present).unwrap();
}

#[test]
fn a_root_range_is_checked_before_its_reason() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let transient = buffer(&mut frame, "transient", 16);
    // PersistentState does not fit a transient, and the range is empty: the range is reported.
    expect_code(frame.mark_buffer_root(transient, BufferRange::new(0, Some(0)), RootReason::PersistentState), "FG1103");
    expect_code(frame.mark_buffer_root(transient, BufferRange::whole(), RootReason::PersistentState), "FG1107");
}

#[test]
fn a_stencil_copy_aspect_of_a_depth_format_without_stencil_is_rejected() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let depth = imported_texture(&mut frame, "depth", TextureFormat::Depth32Float, InitialContents::Defined);
    let copy = texture(&mut frame, "copy", TextureFormat::Depth32Float);
    let mut pass = frame.copy_pass("copy-depth");
    let size = Extent3d { width: 4, height: 4, depth_or_array_layers: 1 };
    let stencil = TextureCopyLocation { aspect: TextureAspect::StencilOnly, ..TextureCopyLocation::new(depth) };
    let result = pass.copy_texture_to_texture(stencil, TextureCopyLocation::new(copy), size).map(drop);
    expect_code(result, "FG1106");
}
