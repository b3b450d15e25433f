//! Attachments and per-role subresource selection (spec §3.1.4, §3.3, §7.1
//! "Attachments"), with this runtime's decisions: whole multi-mip or
//! multi-layer textures are FG1104 for storage and attachment roles, format
//! category mismatches of attachments are FG1108, and a second depth
//! attachment is FG1106 at declaration.

use crate::common::*;
use zenfg_runtime::wgpu::{Color, TextureDimension, TextureFormat, TextureUsages};
use zenfg_runtime::{
    AccessMode, AccessRole, ColorAttachmentOps, CompileOptions, DepthAttachmentOps, FrameGraph, FrameGraphError,
    HazardKind, ResourceUsage, RootReason, TextureDesc, TextureViewDesc, UndefinedCause, WriteContents,
};

#[test]
fn read_only_depth_is_a_consuming_read_without_a_value_and_takes_a_raw_edge() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let depth = texture(&mut frame, "depth", TextureFormat::Depth32Float);
    let color = texture(&mut frame, "color", TextureFormat::Rgba8Unorm);
    let mut pass = frame.render_pass("depth-prepass");
    let _ = pass.depth_attachment(depth, DepthAttachmentOps::clear_store(1.0)).unwrap();
    let prepass = pass.finish().unwrap();
    let mut pass = frame.render_pass("shade");
    let _ = pass.color_attachment(color, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    let test = pass.depth_attachment_read_only(depth).unwrap();
    let shade = pass.finish().unwrap();
    frame.mark_texture_root(color, RootReason::Output).unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    let access = full.accesses.iter().find(|access| access.id == test.access_id()).unwrap();
    assert_eq!(access.role, AccessRole::DepthAttachment);
    assert_eq!(access.mode, AccessMode::Read);
    assert!(access.consumes_previous);
    assert!(!access.produces_value);
    assert_eq!((access.value, access.write_contents), (None, None));
    assert_eq!(access.range, regions(&[depth_sub(0, 0, 1)]));
    let raw: Vec<_> =
        full.dependencies.iter().filter(|dep| dep.hazard == HazardKind::Raw).map(|dep| (dep.from, dep.to)).collect();
    assert_eq!(raw, vec![(prepass, shade)]);
    assert_eq!(retained(full), vec![prepass, shade]);
    assert_eq!(resource(full, depth.id()).effective_usage, ResourceUsage::Texture(TextureUsages::RENDER_ATTACHMENT));
}

#[test]
fn read_only_depth_of_undefined_contents_is_fg1001_even_in_a_side_effecting_pass() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let depth = texture(&mut frame, "depth", TextureFormat::Depth32Float);
    let mut pass = frame.render_pass("depth-test");
    pass.set_side_effect(true);
    let pass_id = pass.id();
    let _ = pass.depth_attachment_read_only(depth).unwrap();
    pass.finish().unwrap();
    let error = expect_code(frame.compile(CompileOptions::default()), "FG1001");
    assert_eq!((error.pass(), error.resource()), (Some(pass_id), Some(depth.id())));
    assert_names(&error, &["depth-test", "depth"]);
}

#[test]
fn resolve_targets_are_overwritten_and_both_textures_need_only_render_attachment() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let msaa =
        frame.create_texture(TextureDesc::new_2d("msaa", 4, 4, TextureFormat::Rgba8Unorm).with_samples(4)).unwrap();
    let resolved = texture(&mut frame, "resolved", TextureFormat::Rgba8Unorm);
    let mut pass = frame.render_pass("resolve");
    let token =
        pass.color_attachment_with_resolve(msaa, resolved, ColorAttachmentOps::clear_store(Color::RED)).unwrap();
    let resolve = pass.finish().unwrap();
    frame.mark_texture_root(resolved, RootReason::Output).unwrap();

    assert_eq!(token.resource_id(), msaa.id(), "the token is the source's");
    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(retained(full), vec![resolve]);
    let rows: Vec<_> = accesses_of(full, resolve)
        .iter()
        .map(|access| (access.id, access.resource, access.mode, access.consumes_previous, access.produces_value))
        .collect();
    let target_access = full.accesses[1].id;
    assert_eq!(
        rows,
        vec![
            (token.access_id(), msaa.id(), AccessMode::Write, false, true),
            (target_access, resolved.id(), AccessMode::Write, false, true),
        ]
    );
    assert_eq!(full.accesses[1].write_contents, Some(WriteContents::Overwrite));
    assert_eq!(full.roots[0].resolution.producer_node_ids, vec![resolve]);
    for id in [msaa.id(), resolved.id()] {
        assert_eq!(resource(full, id).effective_usage, ResourceUsage::Texture(TextureUsages::RENDER_ATTACHMENT));
    }
}

#[test]
fn resolving_into_the_source_itself_is_fg1105_and_rolls_the_source_back() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let target = texture(&mut frame, "target", TextureFormat::Rgba8Unorm);
    let other = texture(&mut frame, "other", TextureFormat::Rgba8Unorm);
    let mut pass = frame.render_pass("self-resolve");
    let pass_id = pass.id();
    let error = expect_code(
        pass.color_attachment_with_resolve(target, target, ColorAttachmentOps::clear_store(Color::BLACK)),
        "FG1105",
    );
    assert_eq!((error.pass(), error.resource()), (Some(pass_id), Some(target.id())));
    assert_names(&error, &["self-resolve", "target"]);
    let token = pass.color_attachment(target, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    assert_eq!(token.access_id().get(), 0, "the rolled-back source freed its access id");
    let _ = pass.color_attachment(other, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    pass.finish().unwrap();
    frame.mark_texture_root(target, RootReason::Output).unwrap();
    let report = compile_full(frame);
    let ids: Vec<u32> = tables(&report).accesses.iter().map(|access| access.id.get()).collect();
    assert_eq!(ids, vec![0, 1]);
}

#[test]
fn a_discarded_layer_does_not_affect_a_root_on_another_layer() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let layers =
        frame.create_texture(TextureDesc::new_2d("layers", 8, 8, TextureFormat::Rgba8Unorm).with_layers(2)).unwrap();
    let layer0 = frame.create_texture_view(layers, TextureViewDesc::layer(0)).unwrap();
    let layer1 = frame.create_texture_view(layers, TextureViewDesc::layer(1)).unwrap();
    let mut pass = frame.render_pass("fill-both");
    let _ = pass.color_attachment(layer0, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    let _ = pass.color_attachment(layer1, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    let fill = pass.finish().unwrap();
    let mut pass = frame.render_pass("scratch-layer0");
    let _ = pass.color_attachment(layer0, ColorAttachmentOps::load_discard()).unwrap();
    let scratch = pass.finish().unwrap();
    frame.mark_texture_root(layer1, RootReason::Output).unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(retained(full), vec![fill]);
    assert_eq!(culled(full), vec![scratch]);
    assert_eq!(full.roots[0].range, regions(&[sub(0, 1, 1)]));
    let discard = accesses_of(full, scratch)[0];
    assert!(discard.consumes_previous && !discard.produces_value && discard.value.is_none());

    let mut frame = graph.begin_frame();
    let layers =
        frame.create_texture(TextureDesc::new_2d("layers", 8, 8, TextureFormat::Rgba8Unorm).with_layers(2)).unwrap();
    let layer0 = frame.create_texture_view(layers, TextureViewDesc::layer(0)).unwrap();
    let layer1 = frame.create_texture_view(layers, TextureViewDesc::layer(1)).unwrap();
    let mut pass = frame.render_pass("fill-both");
    let _ = pass.color_attachment(layer0, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    let _ = pass.color_attachment(layer1, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    pass.finish().unwrap();
    let mut pass = frame.render_pass("scratch-layer0");
    let _ = pass.color_attachment(layer0, ColorAttachmentOps::clear_discard(Color::BLACK)).unwrap();
    pass.finish().unwrap();
    frame.mark_texture_root(layers, RootReason::Output).unwrap();
    let error = expect_code(frame.compile(CompileOptions::default()), "FG1004");
    let FrameGraphError::RootReferencesUndefinedContents { range, cause, .. } = error else {
        panic!("unexpected variant")
    };
    assert_eq!((range, cause), (regions(&[sub(0, 0, 1)]), UndefinedCause::Discarded));
}

#[test]
fn reading_or_loading_discarded_contents_is_fg1003() {
    for load in [false, true] {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let target = texture(&mut frame, "gbuffer", TextureFormat::Rgba8Unorm);
        let mut pass = frame.render_pass("draw-and-drop");
        let _ = pass.color_attachment(target, ColorAttachmentOps::clear_discard(Color::BLACK)).unwrap();
        pass.finish().unwrap();
        let consumer = if load {
            let mut pass = frame.render_pass("reload");
            let _ = pass.color_attachment(target, ColorAttachmentOps::load_store()).unwrap();
            pass.finish().unwrap()
        } else {
            let mut pass = frame.compute_pass("reload");
            let _ = pass.sampled_texture(target).unwrap();
            pass.set_side_effect(true);
            pass.finish().unwrap()
        };
        let error = expect_code(frame.compile(CompileOptions::default()), "FG1003");
        assert_eq!((error.pass(), error.resource()), (Some(consumer), Some(target.id())));
        assert_names(&error, &["reload", "gbuffer"]);
        let FrameGraphError::ReadAfterDiscard { range, .. } = error else { panic!("unexpected variant") };
        assert_eq!(range, regions(&[sub(0, 0, 1)]));
    }
}

#[test]
fn load_store_attachments_preserve_and_retain_the_previous_producer() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let target = texture(&mut frame, "hdr", TextureFormat::Rgba16Float);
    let mut pass = frame.render_pass("opaque");
    let _ = pass.color_attachment(target, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    let opaque = pass.finish().unwrap();
    let mut pass = frame.render_pass("transparent");
    let load = pass.color_attachment(target, ColorAttachmentOps::load_store()).unwrap();
    let transparent = pass.finish().unwrap();
    frame.mark_texture_root(target, RootReason::Output).unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(retained(full), vec![opaque, transparent]);
    let access = full.accesses.iter().find(|access| access.id == load.access_id()).unwrap();
    assert_eq!(access.write_contents, Some(WriteContents::Preserve));
    assert!(
        full.dependencies
            .iter()
            .any(|dep| dep.from == opaque && dep.to == transparent && dep.hazard == HazardKind::Preserve)
    );
}

#[test]
fn storage_accesses_to_whole_textures_need_a_single_mip() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let layered =
        frame.create_texture(TextureDesc::new_2d("layered", 8, 8, TextureFormat::Rgba8Unorm).with_layers(3)).unwrap();
    let chain =
        frame.create_texture(TextureDesc::new_2d("chain", 8, 8, TextureFormat::Rgba8Unorm).with_mips(2)).unwrap();
    let chain_mip1 = frame.create_texture_view(chain, TextureViewDesc::mip(1)).unwrap();
    let mut pass = frame.compute_pass("storage");
    let pass_id = pass.id();
    let write = pass.storage_texture_write(layered, WriteContents::Overwrite).unwrap();
    for error in [
        expect_code(pass.storage_texture_write(chain, WriteContents::Overwrite), "FG1104"),
        expect_code(pass.storage_texture_read(chain), "FG1104"),
    ] {
        assert_eq!((error.pass(), error.resource()), (Some(pass_id), Some(chain.id())));
        assert_names(&error, &["storage", "chain"]);
    }
    let mip1 = pass.storage_texture_write(chain_mip1, WriteContents::Overwrite).unwrap();
    pass.finish().unwrap();
    frame.mark_texture_root(layered, RootReason::Output).unwrap();
    frame.mark_texture_root(chain_mip1, RootReason::Output).unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    let range_of = |id| full.accesses.iter().find(|access| access.id == id).unwrap().range.clone();
    assert_eq!(range_of(write.access_id()), regions(&[sub(0, 0, 3)]));
    assert_eq!(range_of(mip1.access_id()), regions(&[sub(1, 0, 1)]));
    assert_eq!(mip1.access_id().get(), write.access_id().get() + 1, "failed declarations left no access");
}

#[test]
fn attachments_select_exactly_one_mip_and_one_layer() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let layered =
        frame.create_texture(TextureDesc::new_2d("layered", 8, 8, TextureFormat::Rgba8Unorm).with_layers(2)).unwrap();
    // 32 texels wide, so that its mip 2 has the size of the other attachments.
    let chain =
        frame.create_texture(TextureDesc::new_2d("chain", 32, 32, TextureFormat::Rgba8Unorm).with_mips(3)).unwrap();
    let two_mips =
        frame.create_texture_view(chain, TextureViewDesc { mip_level_count: Some(2), ..Default::default() }).unwrap();
    let layer1 = frame.create_texture_view(layered, TextureViewDesc::layer(1)).unwrap();
    let mip2 = frame.create_texture_view(chain, TextureViewDesc::mip(2)).unwrap();
    let depth_array = frame
        .create_texture(TextureDesc::new_2d("shadow-cascades", 8, 8, TextureFormat::Depth32Float).with_layers(4))
        .unwrap();
    let cascade = frame.create_texture_view(depth_array, TextureViewDesc::layer(3)).unwrap();
    let mut pass = frame.render_pass("attachments");
    let pass_id = pass.id();
    let clear = ColorAttachmentOps::clear_store(Color::BLACK);
    for (result, id, label) in [
        (pass.color_attachment(layered, clear).map(|_| ()), layered.id(), "layered"),
        (pass.color_attachment(chain, clear).map(|_| ()), chain.id(), "chain"),
        (pass.color_attachment(two_mips, clear).map(|_| ()), chain.id(), "chain"),
        (
            pass.depth_attachment(depth_array, DepthAttachmentOps::clear_store(1.0)).map(|_| ()),
            depth_array.id(),
            "shadow-cascades",
        ),
        (pass.depth_attachment_read_only(depth_array).map(|_| ()), depth_array.id(), "shadow-cascades"),
    ] {
        let error = expect_code(result, "FG1104");
        assert_eq!((error.pass(), error.resource()), (Some(pass_id), Some(id)));
        assert_names(&error, &["attachments", label]);
    }
    let _ = pass.color_attachment(layer1, clear).unwrap();
    let _ = pass.color_attachment(mip2, clear).unwrap();
    let _ = pass.depth_attachment(cascade, DepthAttachmentOps::clear_store(1.0)).unwrap();
    let draw = pass.finish().unwrap();
    frame.mark_texture_root(layer1, RootReason::Output).unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(retained(full), vec![draw]);
    let ranges: Vec<_> = full.accesses.iter().map(|access| access.range.clone()).collect();
    assert_eq!(ranges, vec![regions(&[sub(0, 1, 1)]), regions(&[sub(2, 0, 1)]), regions(&[depth_sub(0, 3, 1)])]);
}

#[test]
fn three_d_attachments_render_to_the_depth_slice_named_in_their_ops() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let mut desc = TextureDesc::new_2d("volume", 8, 8, TextureFormat::Rgba8Unorm).with_layers(4).with_mips(2);
    desc.dimension = TextureDimension::D3;
    let volume = frame.create_texture(desc).unwrap();
    let flat = texture(&mut frame, "flat", TextureFormat::Rgba8Unorm);
    let mip1 = frame.create_texture_view(volume, TextureViewDesc::mip(1)).unwrap();
    let mip0 = frame.create_texture_view(volume, TextureViewDesc::mip(0)).unwrap();
    let clear = ColorAttachmentOps::clear_store(Color::BLACK);
    let mut pass = frame.render_pass("slices");
    for (result, id) in [
        (pass.color_attachment(mip0, clear).map(|_| ()), volume.id()),
        (pass.color_attachment(mip0, clear.with_depth_slice(4)).map(|_| ()), volume.id()),
        (pass.color_attachment(mip1, clear.with_depth_slice(2)).map(|_| ()), volume.id()),
        (pass.color_attachment(volume, clear.with_depth_slice(0)).map(|_| ()), volume.id()),
        (pass.color_attachment(flat, clear.with_depth_slice(0)).map(|_| ()), flat.id()),
    ] {
        let error = expect_code(result, "FG1104");
        assert_eq!(error.resource(), Some(id));
    }
    let _ = pass.color_attachment(mip0, clear.with_depth_slice(3)).unwrap();
    pass.set_side_effect(true);
    pass.finish().unwrap();
    let mut pass = frame.render_pass("smaller-slices");
    let _ = pass.color_attachment(mip1, clear.with_depth_slice(1)).unwrap();
    pass.set_side_effect(true);
    pass.finish().unwrap();

    let report = compile_full(frame);
    let ranges: Vec<_> = tables(&report).accesses.iter().map(|access| access.range.clone()).collect();
    assert_eq!(ranges, vec![regions(&[sub(0, 3, 1)]), regions(&[sub(1, 1, 1)])]);
}

#[test]
fn attachment_formats_must_match_the_attachment_category_fg1108() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let depth = texture(&mut frame, "depth", TextureFormat::Depth32Float);
    let color = texture(&mut frame, "color", TextureFormat::Rgba8Unorm);
    let msaa =
        frame.create_texture(TextureDesc::new_2d("msaa", 4, 4, TextureFormat::Rgba8Unorm).with_samples(4)).unwrap();
    let mut pass = frame.render_pass("mixed-up");
    let pass_id = pass.id();
    let cases = [
        (pass.color_attachment(depth, ColorAttachmentOps::clear_store(Color::BLACK)).map(|_| ()), depth.id(), "depth"),
        (pass.depth_attachment(color, DepthAttachmentOps::clear_store(1.0)).map(|_| ()), color.id(), "color"),
        (pass.depth_attachment_read_only(color).map(|_| ()), color.id(), "color"),
        (
            pass.color_attachment_with_resolve(msaa, depth, ColorAttachmentOps::clear_store(Color::BLACK)).map(|_| ()),
            depth.id(),
            "depth",
        ),
    ];
    for (result, id, label) in cases {
        let error = expect_code(result, "FG1108");
        assert_eq!((error.pass(), error.resource()), (Some(pass_id), Some(id)));
        assert_names(&error, &["mixed-up", label]);
        let FrameGraphError::UnsupportedTextureFormatUsage { role, .. } = error else { panic!("unexpected variant") };
        let expected = if label == "depth" { AccessRole::ColorAttachment } else { AccessRole::DepthAttachment };
        assert_eq!(role, expected);
    }
    let token = pass.color_attachment(color, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    assert_eq!(token.access_id().get(), 0, "the failed resolve rolled back its source");
    pass.finish().unwrap();
    frame.mark_texture_root(color, RootReason::Output).unwrap();
    let compiled = frame.compile(CompileOptions::default()).unwrap();
    assert_eq!(compiled.retained_node_count(), 1);
}

#[test]
fn a_second_depth_attachment_is_fg1106_at_declaration_and_leaves_the_pass_usable() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let depth = texture(&mut frame, "depth", TextureFormat::Depth32Float);
    let other_depth = texture(&mut frame, "other-depth", TextureFormat::Depth32Float);
    let mut pass = frame.render_pass("two-depths");
    let pass_id = pass.id();
    let _ = pass.depth_attachment(depth, DepthAttachmentOps::clear_store(1.0)).unwrap();
    let error = expect_code(pass.depth_attachment(other_depth, DepthAttachmentOps::clear_store(1.0)), "FG1106");
    assert_eq!((error.pass(), error.resource()), (Some(pass_id), None));
    assert_names(&error, &["two-depths"]);
    expect_code(pass.depth_attachment_read_only(other_depth), "FG1106");
    let draw = pass.finish().unwrap();
    frame.mark_texture_root(depth, RootReason::Output).unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(retained(full), vec![draw]);
    assert_eq!(full.accesses.len(), 1);
    assert_eq!(resource(full, other_depth.id()).lifetime, None);
}

#[test]
fn more_color_attachments_or_bytes_per_sample_than_the_device_allows_are_fg1110() {
    let finish = |formats: &[TextureFormat]| {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let targets: Vec<_> = formats.iter().map(|&format| texture(&mut frame, "target", format)).collect();
        let mut pass = frame.render_pass("gbuffer");
        for &target in &targets {
            let _ = pass.color_attachment(target, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
        }
        pass.finish().map(|_| ())
    };
    assert!(finish(&[TextureFormat::R8Unorm; 8]).is_ok(), "WebGPU allows 8 slots");
    let error = finish(&[TextureFormat::R8Unorm; 9]).unwrap_err();
    let FrameGraphError::DeviceLimitExceeded { limit, value, bound, .. } = &error else { panic!("{error}") };
    assert_eq!((*limit, *value, *bound), ("max_color_attachments", 9, 8));
    assert!(error.pass().is_some());
    let error = finish(&[TextureFormat::Rgba32Float, TextureFormat::Rgba32Float, TextureFormat::R8Unorm]).unwrap_err();
    let FrameGraphError::DeviceLimitExceeded { limit, value, bound, .. } = &error else { panic!("{error}") };
    assert_eq!((*limit, *value, *bound), ("max_color_attachment_bytes_per_sample", 33, 32));
    assert!(error.to_string().contains("`gbuffer`"), "{error}");
}

#[test]
fn attachments_of_another_size_or_sample_count_are_fg1106_naming_the_one_at_odds() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let color = frame.create_texture(TextureDesc::new_2d("color", 1280, 720, TextureFormat::Rgba8Unorm)).unwrap();
    let stale = frame.create_texture(TextureDesc::new_2d("depth", 1920, 1080, TextureFormat::Depth32Float)).unwrap();
    let mut pass = frame.render_pass("shade");
    let _ = pass.color_attachment(color, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    let _ = pass.depth_attachment(stale, DepthAttachmentOps::clear_store(1.0)).unwrap();
    let error = pass.finish().unwrap_err();
    assert_eq!((error.code(), error.resource()), ("FG1106", Some(stale.id())), "{error}");
    let message = error.to_string();
    assert!(message.contains("1920x1080 with 1 sample, while"), "{message}");
    assert!(message.contains("`color`") && message.contains("1280x720"), "{message}");
    drop(frame);

    let mut frame = graph.begin_frame();
    let msaa =
        frame.create_texture(TextureDesc::new_2d("msaa", 64, 64, TextureFormat::Rgba8Unorm).with_samples(4)).unwrap();
    let single = frame.create_texture(TextureDesc::new_2d("depth", 64, 64, TextureFormat::Depth32Float)).unwrap();
    let mut pass = frame.render_pass("shade");
    let _ = pass.color_attachment(msaa, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    let _ = pass.depth_attachment(single, DepthAttachmentOps::clear_store(1.0)).unwrap();
    let error = pass.finish().unwrap_err();
    assert_eq!(error.code(), "FG1106");
    assert!(error.to_string().contains("64x64 with 1 sample, while `msaa` is 64x64 with 4 samples"), "{error}");
    drop(frame);

    let mut frame = graph.begin_frame();
    let big = frame.create_texture(TextureDesc::new_2d("big", 64, 64, TextureFormat::Rgba8Unorm).with_mips(2)).unwrap();
    let half = frame.create_texture(TextureDesc::new_2d("half", 32, 32, TextureFormat::Rgba8Unorm)).unwrap();
    let mip1 = frame
        .create_texture_view(big, TextureViewDesc { base_mip_level: 1, mip_level_count: Some(1), ..Default::default() })
        .unwrap();
    let mut pass = frame.render_pass("mip");
    let _ = pass.color_attachment(mip1, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    let _ = pass.color_attachment(half, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    pass.set_side_effect(true);
    pass.finish().expect("a mip of a larger texture has the size of its mip");
}

#[test]
fn a_depth_clear_outside_zero_to_one_is_fg1106() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let depth = texture(&mut frame, "depth", TextureFormat::Depth32Float);
    let mut pass = frame.render_pass("prepass");
    for bad in [-1.0, 2.0, f32::NAN] {
        let error =
            expect_code(pass.depth_attachment(depth, DepthAttachmentOps::clear_store(bad)).map(|_| ()), "FG1106");
        assert_eq!(error.resource(), Some(depth.id()));
        assert!(error.to_string().contains("clears to a depth in 0.0..=1.0"), "{error}");
    }
    let _ = pass.depth_attachment(depth, DepthAttachmentOps::clear_store(0.0)).expect("reversed depth clears to 0");
    pass.set_side_effect(true);
    pass.finish().unwrap();
}
