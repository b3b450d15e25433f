//! Texture descriptors, view normalization, and the checks deferred to wgpu
//! (spec §3.1.1, §3.1.3, §7.1 "Descriptors/views" and "Deferred native checks").

use crate::common::*;
use zenfg_runtime::wgpu::{
    Color, Extent3d, TextureAspect, TextureDimension, TextureFormat, TextureUsages, TextureViewDimension,
};
use zenfg_runtime::{
    BufferDesc, ColorAttachmentOps, DepthAttachmentOps, FrameGraph, ImportTextureOptions, InitialContents,
    NormalizedTextureViewDesc, RootReason, TextureCopyLocation, TextureDesc, TextureViewDesc, UsagePolicy,
    WriteContents,
};

fn volume(label: &'static str, width: u32, depth: u32, mips: u32) -> TextureDesc {
    let mut desc = TextureDesc::new_2d(label, width, width, TextureFormat::R32Float).with_layers(depth).with_mips(mips);
    desc.dimension = TextureDimension::D3;
    desc
}

fn one_d(label: &'static str, format: TextureFormat) -> TextureDesc {
    let mut desc = TextureDesc::new_2d(label, 16, 1, format);
    desc.dimension = TextureDimension::D1;
    desc
}

#[test]
fn descriptor_queries_return_the_stored_descriptors_and_normalized_views() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let mut desc = TextureDesc::new_2d("gbuffer", 64, 32, TextureFormat::Rgba16Float).with_mips(3).with_layers(4);
    desc.view_formats = vec![TextureFormat::Rgba16Float];
    desc.usage = UsagePolicy::Fixed(TextureUsages::TEXTURE_BINDING | TextureUsages::RENDER_ATTACHMENT);
    let texture = frame.create_texture(desc.clone()).unwrap();
    let buffer_desc = BufferDesc::new("indices", 0);
    let buffer = frame.create_buffer(buffer_desc.clone()).unwrap();
    let surface_desc = TextureDesc::new_2d("swapchain", 8, 8, TextureFormat::Bgra8Unorm);
    let surface = frame.import_surface_texture(surface_desc.clone(), Some(TextureUsages::RENDER_ATTACHMENT)).unwrap();
    assert_eq!(frame.texture_desc(texture).unwrap(), &desc);
    assert_eq!(frame.buffer_desc(buffer).unwrap(), &buffer_desc);
    assert_eq!(frame.texture_desc(surface).unwrap(), &surface_desc);

    let view = frame
        .create_texture_view(
            texture,
            TextureViewDesc {
                base_mip_level: 1,
                base_array_layer: 2,
                ..TextureViewDesc::default().with_label("upper")
            },
        )
        .unwrap();
    assert_eq!(view.texture_id(), texture.id());
    assert_eq!(
        frame.texture_view_desc(view).unwrap(),
        NormalizedTextureViewDesc {
            label: Some("upper".into()),
            format: TextureFormat::Rgba16Float,
            dimension: TextureViewDimension::D2Array,
            aspect: TextureAspect::All,
            base_mip_level: 1,
            mip_level_count: 2,
            base_array_layer: 2,
            array_layer_count: Some(2),
        }
    );
    let depth = texture_of(&mut frame, TextureDesc::new_2d("depth", 8, 8, TextureFormat::Depth32Float));
    let depth_view = frame.create_texture_view(depth, TextureViewDesc::default()).unwrap();
    let normalized = frame.texture_view_desc(depth_view).unwrap();
    assert_eq!(normalized.aspect, TextureAspect::DepthOnly);
    assert_eq!(normalized.dimension, TextureViewDimension::D2);
    assert_eq!(normalized.array_layer_count, Some(1));
}

fn texture_of<'f>(frame: &mut zenfg_runtime::Frame<'f>, desc: TextureDesc) -> zenfg_runtime::Texture<'f> {
    frame.create_texture(desc).unwrap()
}

#[test]
fn three_d_views_normalize_without_layers_and_cover_every_depth_slice_per_mip() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let texture = texture_of(&mut frame, volume("volume", 8, 4, 2));
    let view = frame.create_texture_view(texture, TextureViewDesc::default()).unwrap();
    let normalized = frame.texture_view_desc(view).unwrap();
    assert_eq!(normalized.dimension, TextureViewDimension::D3);
    assert_eq!((normalized.base_array_layer, normalized.array_layer_count), (0, None));
    assert_eq!(normalized.mip_level_count, 2);
    let explicit = TextureViewDesc { dimension: Some(TextureViewDimension::D3), ..Default::default() };
    frame.create_texture_view(texture, explicit).unwrap();
    // WebGPU's one array layer of a 3D view, inferred or explicit, selects the same slices.
    for one_layer in [
        TextureViewDesc { array_layer_count: Some(1), ..Default::default() },
        TextureViewDesc { dimension: Some(TextureViewDimension::D3), array_layer_count: Some(1), ..Default::default() },
    ] {
        let view = frame.create_texture_view(texture, one_layer).unwrap();
        let normalized = frame.texture_view_desc(view).unwrap();
        assert_eq!((normalized.dimension, normalized.array_layer_count), (TextureViewDimension::D3, None));
    }
    for bad in [
        TextureViewDesc { array_layer_count: Some(2), ..Default::default() },
        TextureViewDesc { base_array_layer: 1, ..Default::default() },
        TextureViewDesc { dimension: Some(TextureViewDimension::D2Array), ..Default::default() },
    ] {
        let error = expect_code(frame.create_texture_view(texture, bad), "FG1104");
        assert_eq!((error.pass(), error.resource()), (None, Some(texture.id())));
        assert_names(&error, &["volume"]);
    }
    let mip1 = frame.create_texture_view(texture, TextureViewDesc::mip(1)).unwrap();
    let mut pass = frame.compute_pass("fill-mip1");
    let error = expect_code(pass.storage_texture_write(view, WriteContents::Overwrite), "FG1104");
    assert_names(&error, &["fill-mip1", "volume"]);
    let _ = pass.storage_texture_write(mip1, WriteContents::Overwrite).unwrap();
    pass.finish().unwrap();
    frame.mark_texture_root(mip1, RootReason::Output).unwrap();
    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(full.views[view.id().get() as usize].range, regions(&[sub(0, 0, 4), sub(1, 0, 2)]));
    assert_eq!(full.views[mip1.id().get() as usize].range, regions(&[sub(1, 0, 2)]));
    assert_eq!(full.accesses[0].range, regions(&[sub(1, 0, 2)]));
}

#[test]
fn texture_descriptors_breaking_shape_rules_are_fg1102() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let base = || TextureDesc::new_2d("bad", 16, 16, TextureFormat::Rgba8Unorm);
    let mut zero_size = base();
    zero_size.size = Extent3d { width: 0, height: 16, depth_or_array_layers: 1 };
    let mut three_d_msaa = volume("bad", 8, 8, 1);
    three_d_msaa.sample_count = 4;
    let mut one_d_tall = one_d("bad", TextureFormat::Rgba8Unorm);
    one_d_tall.size.height = 2;
    let mut one_d_layers = one_d("bad", TextureFormat::Rgba8Unorm);
    one_d_layers.size.depth_or_array_layers = 2;
    let mut stencil_view = base();
    stencil_view.view_formats = vec![TextureFormat::Stencil8];
    let mut depth_view_of_color = base();
    depth_view_of_color.view_formats = vec![TextureFormat::Depth32Float];
    let mut color_view_of_depth = TextureDesc::new_2d("bad", 16, 16, TextureFormat::Depth32Float);
    color_view_of_depth.view_formats = vec![TextureFormat::R32Float];
    let invalid = [
        zero_size,
        base().with_samples(0),
        base().with_mips(0),
        base().with_mips(6),
        base().with_samples(4).with_mips(2),
        three_d_msaa,
        one_d_tall,
        one_d_layers,
        one_d("bad", TextureFormat::Rgba8Unorm).with_samples(4),
        one_d("bad", TextureFormat::Depth32Float),
        one_d("bad", TextureFormat::Bc1RgbaUnorm),
        TextureDesc::new_2d("bad", 16, 16, TextureFormat::Depth24PlusStencil8),
        TextureDesc::new_2d("bad", 16, 16, TextureFormat::Stencil8),
        stencil_view,
        depth_view_of_color,
        color_view_of_depth,
    ];
    for desc in invalid {
        let case = format!("{desc:?}");
        let error = expect_code(frame.create_texture(desc.clone()), "FG1102");
        assert_eq!(error.resource(), None, "{case}");
        assert_names(&error, &["bad"]);
        expect_code(frame.import_texture(desc.clone(), ImportTextureOptions::new(InitialContents::Defined)), "FG1102");
        expect_code(frame.import_surface_texture(desc, None), "FG1102");
    }
    let report = compile_full(frame);
    assert_eq!(report.summary.resource_count, 0, "rejected descriptors register nothing");
}

#[test]
fn msaa_arrays_any_sample_count_and_the_largest_mip_chain_are_accepted() {
    let mut graph = deviceless_graph();
    let mut frame = graph.begin_frame();
    let accepted = [
        TextureDesc::new_2d("msaa-array", 16, 16, TextureFormat::Rgba8Unorm).with_samples(4).with_layers(6),
        TextureDesc::new_2d("two-samples", 16, 16, TextureFormat::Rgba8Unorm).with_samples(2),
        TextureDesc::new_2d("eight-samples", 16, 16, TextureFormat::Rgba8Unorm).with_samples(8),
        TextureDesc::new_2d("three-samples", 16, 16, TextureFormat::Rgba8Unorm).with_samples(3),
        TextureDesc::new_2d("full-chain", 16, 9, TextureFormat::Rgba8Unorm).with_mips(5),
        volume("deep-chain", 4, 64, 7),
        one_d("line", TextureFormat::R32Float).with_mips(5),
    ];
    let count = accepted.len();
    let ids: Vec<_> = accepted.into_iter().map(|desc| frame.create_texture(desc).unwrap().id()).collect();
    assert_eq!(ids.iter().map(|id| id.get()).collect::<Vec<_>>(), (0..count as u32).collect::<Vec<_>>());
}

#[test]
fn view_formats_must_share_the_category_but_other_compatibility_is_deferred() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let mut desc = TextureDesc::new_2d("color", 8, 8, TextureFormat::Rgba8Unorm);
    desc.view_formats = vec![TextureFormat::R32Float, TextureFormat::Rgba8UnormSrgb];
    let color = frame.create_texture(desc).unwrap();
    let reinterpret = TextureViewDesc { format: Some(TextureFormat::R32Float), ..Default::default() };
    let view = frame.create_texture_view(color, reinterpret).unwrap();
    assert_eq!(frame.texture_view_desc(view).unwrap().format, TextureFormat::R32Float);
    let unlisted = TextureViewDesc { format: Some(TextureFormat::Bgra8Unorm), ..Default::default() };
    let error = expect_code(frame.create_texture_view(color, unlisted), "FG1104");
    assert_eq!(error.resource(), Some(color.id()));
    assert_names(&error, &["color"]);
    let depth_format = TextureViewDesc { format: Some(TextureFormat::Depth32Float), ..Default::default() };
    expect_code(frame.create_texture_view(color, depth_format), "FG1104");
}

#[test]
fn explicit_view_dimensions_resolve_the_remaining_layers_of_a_twelve_layer_texture() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let cubes = texture_of(&mut frame, TextureDesc::new_2d("cubes", 8, 8, TextureFormat::Rgba8Unorm).with_layers(12));
    let view = |dimension, base_array_layer, array_layer_count| TextureViewDesc {
        dimension,
        base_array_layer,
        array_layer_count,
        ..Default::default()
    };
    let valid = [
        (view(None, 0, None), TextureViewDimension::D2Array, 0, 12),
        (view(None, 11, None), TextureViewDimension::D2, 11, 1),
        (view(None, 3, Some(1)), TextureViewDimension::D2, 3, 1),
        (view(Some(TextureViewDimension::D2), 11, None), TextureViewDimension::D2, 11, 1),
        (view(Some(TextureViewDimension::D2Array), 4, None), TextureViewDimension::D2Array, 4, 8),
        (view(Some(TextureViewDimension::D2Array), 11, None), TextureViewDimension::D2Array, 11, 1),
        (view(Some(TextureViewDimension::Cube), 6, None), TextureViewDimension::Cube, 6, 6),
        (view(Some(TextureViewDimension::Cube), 2, Some(6)), TextureViewDimension::Cube, 2, 6),
        (view(Some(TextureViewDimension::CubeArray), 0, None), TextureViewDimension::CubeArray, 0, 12),
        (view(Some(TextureViewDimension::CubeArray), 6, None), TextureViewDimension::CubeArray, 6, 6),
    ];
    for (desc, dimension, base, count) in valid {
        let case = format!("{desc:?}");
        let created = frame.create_texture_view(cubes, desc).unwrap();
        let normalized = frame.texture_view_desc(created).unwrap();
        assert_eq!(
            (normalized.dimension, normalized.base_array_layer, normalized.array_layer_count),
            (dimension, base, Some(count)),
            "{case}"
        );
    }
    let invalid = [
        view(Some(TextureViewDimension::D2), 10, None),
        view(Some(TextureViewDimension::Cube), 7, None),
        view(Some(TextureViewDimension::Cube), 0, Some(12)),
        view(Some(TextureViewDimension::CubeArray), 3, None),
        view(Some(TextureViewDimension::CubeArray), 0, Some(7)),
        view(Some(TextureViewDimension::D1), 0, Some(1)),
        view(Some(TextureViewDimension::D3), 0, None),
        view(None, 12, None),
        view(None, 0, Some(0)),
        view(None, 11, Some(2)),
        view(None, u32::MAX, Some(2)),
        TextureViewDesc { base_mip_level: 1, ..Default::default() },
        TextureViewDesc { mip_level_count: Some(0), ..Default::default() },
        TextureViewDesc { aspect: TextureAspect::DepthOnly, ..Default::default() },
    ];
    for desc in invalid {
        let case = format!("{desc:?}");
        let error = expect_code(frame.create_texture_view(cubes, desc), "FG1104");
        assert_eq!(error.resource(), Some(cubes.id()), "{case}");
    }
    let depth = texture_of(&mut frame, TextureDesc::new_2d("depth", 8, 8, TextureFormat::Depth32Float));
    let stencil_aspect = TextureViewDesc { aspect: TextureAspect::StencilOnly, ..Default::default() };
    expect_code(frame.create_texture_view(depth, stencil_aspect), "FG1104");
    let depth_only = TextureViewDesc { aspect: TextureAspect::DepthOnly, ..Default::default() };
    frame.create_texture_view(depth, depth_only).unwrap();
    let report = compile_full(frame);
    assert_eq!(report.summary.view_count, 11, "only valid views are registered");
}

#[test]
fn storage_formats_and_compressed_msaa_no_device_refuses_on_culled_nodes_compile() {
    let mut graph = deviceless_graph();
    let mut frame = graph.begin_frame();
    let srgb = texture(&mut frame, "srgb", TextureFormat::Rgba8UnormSrgb);
    let compressed_msaa =
        texture_of(&mut frame, TextureDesc::new_2d("bc-msaa", 8, 8, TextureFormat::Bc1RgbaUnorm).with_samples(4));
    let mut pass = frame.compute_pass("srgb-storage");
    let _ = pass.storage_texture_write(srgb, WriteContents::Overwrite).unwrap();
    let storage = pass.finish().unwrap();
    let mut pass = frame.render_pass("draw-compressed");
    let _ = pass.color_attachment(compressed_msaa, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    let draw = pass.finish().unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    assert!(full.nodes.is_empty());
    assert_eq!(culled(full), vec![storage, draw]);
}

#[test]
fn texture_copies_between_incompatible_formats_or_sample_counts_are_fg1106() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let source = imported_texture(&mut frame, "source", TextureFormat::Rgba8Unorm, InitialContents::Defined);
    let float = texture(&mut frame, "float", TextureFormat::R32Float);
    let srgb = texture(&mut frame, "srgb", TextureFormat::Rgba8UnormSrgb);
    let depth = imported_texture(&mut frame, "depth", TextureFormat::Depth32Float, InitialContents::Defined);
    let depth_copy = texture(&mut frame, "depth-copy", TextureFormat::Depth32Float);
    let mut pass = frame.copy_pass("copies");
    let size = |side| Extent3d { width: side, height: side, depth_or_array_layers: 1 };
    let error = expect_code(
        pass.copy_texture_to_texture(TextureCopyLocation::new(source), TextureCopyLocation::new(float), size(4))
            .map(|_| ()),
        "FG1106",
    );
    assert_eq!(error.resource(), Some(float.id()));
    assert!(error.to_string().contains("may differ only in being sRGB"), "{error}");
    let error = expect_code(
        pass.copy_texture_to_texture(TextureCopyLocation::new(depth), TextureCopyLocation::new(depth_copy), size(2))
            .map(|_| ()),
        "FG1106",
    );
    assert!(error.to_string().contains("must cover whole mips"), "{error}");
    pass.copy_texture_to_texture(TextureCopyLocation::new(source), TextureCopyLocation::new(srgb), size(4)).unwrap();
    let copy = pass.finish().unwrap();
    frame.mark_texture_root(srgb, RootReason::Output).unwrap();
    let report = compile_full(frame);
    assert_eq!(retained(tables(&report)), vec![copy]);
}

#[test]
fn a_retained_storage_write_into_an_srgb_texture_is_fg1108_and_a_culled_one_compiles() {
    let mut graph = FrameGraph::new();
    for retain in [false, true] {
        let mut frame = graph.begin_frame();
        let srgb = texture(&mut frame, "srgb", TextureFormat::Rgba8UnormSrgb);
        let mut pass = frame.compute_pass("srgb-storage");
        let _ = pass.storage_texture_write(srgb, WriteContents::Overwrite).unwrap();
        let storage = pass.finish().unwrap();
        if !retain {
            assert_eq!(culled(tables(&compile_full(frame))), vec![storage]);
            continue;
        }
        frame.mark_texture_root(srgb, RootReason::Output).unwrap();
        let error = expect_code(frame.compile(zenfg_runtime::CompileOptions::default()).map(|_| ()), "FG1108");
        assert_eq!((error.pass(), error.resource()), (Some(storage), Some(srgb.id())));
        assert_names(&error, &["srgb-storage", "srgb"]);
        assert!(error.to_string().contains("Rgba8Unorm, viewed as Rgba8UnormSrgb"), "{error}");
    }
}

#[test]
fn a_fixed_usage_without_the_role_is_fg1101_before_the_format_is_looked_at() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let desc =
        TextureDesc::new_2d("srgb", 4, 4, TextureFormat::Rgba8UnormSrgb).with_usage(TextureUsages::TEXTURE_BINDING);
    let srgb = texture_of(&mut frame, desc);
    let mut pass = frame.compute_pass("srgb-storage");
    let _ = pass.storage_texture_write(srgb, WriteContents::Overwrite).unwrap();
    pass.finish().unwrap();
    frame.mark_texture_root(srgb, RootReason::Output).unwrap();
    let error = expect_code(frame.compile(zenfg_runtime::CompileOptions::default()).map(|_| ()), "FG1101");
    assert_eq!(error.resource(), Some(srgb.id()));
}

#[test]
fn a_resolve_needs_a_multisampled_source_and_a_single_sampled_target() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let single = texture(&mut frame, "single-sample", TextureFormat::Rgba8Unorm);
    let msaa = texture_of(&mut frame, TextureDesc::new_2d("msaa", 8, 8, TextureFormat::Rgba8Unorm).with_samples(4));
    let also_msaa =
        texture_of(&mut frame, TextureDesc::new_2d("also-msaa", 8, 8, TextureFormat::Rgba8Unorm).with_samples(4));
    let resolved = texture_of(&mut frame, TextureDesc::new_2d("resolved", 8, 8, TextureFormat::Rgba8Unorm));
    let mut pass = frame.render_pass("bad-resolves");
    let ops = ColorAttachmentOps::clear_store(Color::WHITE);
    let error = expect_code(pass.color_attachment_with_resolve(single, resolved, ops), "FG1106");
    assert_eq!(error.resource(), Some(single.id()));
    assert_names(&error, &["bad-resolves", "single-sample"]);
    assert!(error.to_string().contains("multisampled source"), "{error}");
    let error = expect_code(pass.color_attachment_with_resolve(msaa, also_msaa, ops), "FG1106");
    assert_eq!(error.resource(), Some(also_msaa.id()));
    assert!(error.to_string().contains("must have 1 sample, and this one has 4"), "{error}");
    // Both accesses were rolled back: the source attaches again, resolved properly.
    let _ = pass.color_attachment_with_resolve(msaa, resolved, ops).unwrap();
    let resolve = pass.finish().unwrap();
    frame.mark_texture_root(resolved, RootReason::Output).unwrap();
    let report = compile_full(frame);
    assert_eq!(retained(tables(&report)), vec![resolve]);
}

#[test]
fn resolves_into_another_size_or_format_are_fg1106() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let msaa = texture_of(&mut frame, TextureDesc::new_2d("msaa", 8, 8, TextureFormat::Rgba8Unorm).with_samples(4));
    let larger = texture_of(&mut frame, TextureDesc::new_2d("larger", 16, 16, TextureFormat::Rgba8Unorm));
    let other = texture_of(&mut frame, TextureDesc::new_2d("other", 8, 8, TextureFormat::Bgra8Unorm));
    let fitting = texture_of(&mut frame, TextureDesc::new_2d("fitting", 8, 8, TextureFormat::Rgba8Unorm));
    let mut pass = frame.render_pass("odd-resolve");
    let ops = ColorAttachmentOps::clear_store(Color::WHITE);
    let error = expect_code(pass.color_attachment_with_resolve(msaa, larger, ops).map(|_| ()), "FG1106");
    assert_eq!(error.resource(), Some(larger.id()));
    assert!(error.to_string().contains("its source's size, 8x8, and this one is 16x16"), "{error}");
    let error = expect_code(pass.color_attachment_with_resolve(msaa, other, ops).map(|_| ()), "FG1106");
    assert!(error.to_string().contains("its source's format, Rgba8Unorm, and this one is Bgra8Unorm"), "{error}");
    let _ = pass.color_attachment_with_resolve(msaa, fitting, ops).unwrap();
    let resolve = pass.finish().unwrap();
    frame.mark_texture_root(fitting, RootReason::Output).unwrap();
    let report = compile_full(frame);
    assert_eq!(retained(tables(&report)), vec![resolve]);
}

/// wgpu takes any clear color; a depth clear outside 0.0..=1.0 (NaN
/// included) is FG1106 (`a_depth_clear_outside_zero_to_one_is_fg1106`).
#[test]
fn nan_clear_colors_are_accepted() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let color = texture(&mut frame, "color", TextureFormat::Rgba8Unorm);
    let depth = texture(&mut frame, "depth", TextureFormat::Depth32Float);
    let nan = Color { r: f64::NAN, g: 0.0, b: f64::INFINITY, a: 1.0 };
    let mut pass = frame.render_pass("nan-clear");
    let _ = pass.color_attachment(color, ColorAttachmentOps::clear_store(nan)).unwrap();
    let _ = pass.depth_attachment(depth, DepthAttachmentOps::clear_store(1.0)).unwrap();
    let draw = pass.finish().unwrap();
    frame.mark_texture_root(color, RootReason::Output).unwrap();
    let report = compile_full(frame);
    assert_eq!(retained(tables(&report)), vec![draw]);
}

#[test]
fn cube_views_need_square_faces_and_multisampled_views_are_d2() {
    let mut graph = deviceless_graph();
    let mut frame = graph.begin_frame();
    let wide =
        frame.create_texture(TextureDesc::new_2d("wide", 32, 16, TextureFormat::Rgba8Unorm).with_layers(6)).unwrap();
    let cube = TextureViewDesc { dimension: Some(TextureViewDimension::Cube), ..TextureViewDesc::default() };
    let error = expect_code(frame.create_texture_view(wide, cube.clone()), "FG1104");
    assert!(error.to_string().contains("needs square faces, and the texture is 32x16"), "{error}");
    let square =
        frame.create_texture(TextureDesc::new_2d("sky", 16, 16, TextureFormat::Rgba8Unorm).with_layers(6)).unwrap();
    frame.create_texture_view(square, cube).expect("six square faces make a cube");

    let msaa =
        frame.create_texture(TextureDesc::new_2d("msaa", 16, 16, TextureFormat::Rgba8Unorm).with_samples(4)).unwrap();
    let array = TextureViewDesc { dimension: Some(TextureViewDimension::D2Array), ..TextureViewDesc::default() };
    let error = expect_code(frame.create_texture_view(msaa, array), "FG1104");
    assert!(error.to_string().contains("a multisampled texture is viewed as D2, not D2Array"), "{error}");
    frame.create_texture_view(msaa, TextureViewDesc::default()).expect("a multisampled texture's view is D2");
}
