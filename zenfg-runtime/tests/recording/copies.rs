//! Copy footprints and declarative copy and clear nodes (spec §3.1.5, §7.1
//! "Copy footprints" and "Clear/copy nodes").

use crate::common::*;
use zenfg_runtime::wgpu::{
    BufferUsages, Extent3d, Origin3d, TexelCopyBufferLayout, TextureAspect, TextureFormat, TextureUsages,
};
use zenfg_runtime::{
    AccessMode, AccessRole, BufferDesc, BufferRange, BufferTextureCopyLocation, ClearBufferOp, CompileOptions,
    FrameGraph, FrameGraphError, ImportBufferOptions, ImportTextureOptions, InitialContents, NodeKind,
    ResourceLifetime, ResourceUsage, RootReason, TextureCopyLocation, TextureDesc, WriteContents,
};

fn layout(offset: u64, bytes_per_row: Option<u32>, rows_per_image: Option<u32>) -> TexelCopyBufferLayout {
    TexelCopyBufferLayout { offset, bytes_per_row, rows_per_image }
}

fn extent(width: u32, height: u32, depth: u32) -> Extent3d {
    Extent3d { width, height, depth_or_array_layers: depth }
}

/// A readback of a defined 64x4x2 RGBA8 texture (256-byte rows) into an imported readback
/// buffer, optionally zeroed first; returns the outcome of compiling it.
fn readback_case(copy_layout: TexelCopyBufferLayout, size: Extent3d, footprint: u64, initialize: bool) {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let color = frame
        .import_texture(
            TextureDesc::new_2d("color", 64, 4, TextureFormat::Rgba8Unorm).with_layers(2),
            ImportTextureOptions::new(InitialContents::Defined),
        )
        .unwrap();
    let staging = frame
        .import_buffer(
            BufferDesc::new("staging", 4096),
            ImportBufferOptions::new(InitialContents::Undefined)
                .with_exposed_usage(BufferUsages::MAP_READ | BufferUsages::COPY_DST),
        )
        .unwrap();
    let init = initialize.then(|| frame.clear_buffer("initialize", staging, BufferRange::whole()).unwrap());
    let mut pass = frame.copy_pass("copy-out");
    let copy = pass.id();
    pass.copy_texture_to_buffer(
        TextureCopyLocation::new(color),
        BufferTextureCopyLocation::new(staging, copy_layout),
        size,
    )
    .unwrap();
    pass.finish().unwrap();
    frame.mark_readback(staging, BufferRange::new(0, Some(footprint))).unwrap();

    let padded = copy_layout.bytes_per_row.is_some_and(|stride| stride > 256 && size.height > 1)
        || copy_layout.rows_per_image.is_some_and(|rows| rows > size.height && size.depth_or_array_layers > 1);
    let case = format!("{copy_layout:?} {size:?} initialized={initialize}");
    if padded && !initialize {
        let error = expect_code(frame.compile(CompileOptions::default()), "FG1002");
        assert_eq!(error.pass(), Some(copy), "{case}");
        assert_eq!(error.resource(), Some(staging.id()), "{case}");
        assert_names(&error, &["copy-out", "staging"]);
        let FrameGraphError::PreserveBeforeWrite { range, .. } = error else { panic!("unexpected variant") };
        assert_eq!(range, bytes(0, footprint), "{case}");
        return;
    }
    let report = compile_full(frame);
    let full = tables(&report);
    let write = accesses_of(full, copy).into_iter().find(|access| access.mode == AccessMode::Write).unwrap();
    assert_eq!(write.range, bytes(0, footprint), "{case}");
    let expected = if padded { WriteContents::Preserve } else { WriteContents::Overwrite };
    assert_eq!(write.write_contents, Some(expected), "{case}");
    let expected_retained = match (padded, init) {
        (true, Some(init)) => vec![init, copy],
        _ => vec![copy],
    };
    assert_eq!(retained(full), expected_retained, "{case}");
}

#[test]
fn only_real_row_or_image_padding_makes_a_readback_preserve_the_buffer() {
    let cases = [
        (layout(0, Some(256), None), extent(64, 4, 1), 1024),
        (layout(0, Some(512), None), extent(64, 1, 1), 256),
        (layout(0, Some(512), None), extent(64, 4, 1), 3 * 512 + 256),
        (layout(0, Some(256), Some(8)), extent(64, 4, 1), 1024),
        (layout(0, Some(256), Some(4)), extent(64, 4, 2), 2048),
        (layout(0, Some(256), Some(8)), extent(64, 4, 2), 256 * 8 + 1024),
    ];
    for (copy_layout, size, footprint) in cases {
        for initialize in [false, true] {
            readback_case(copy_layout, size, footprint, initialize);
        }
    }
}

#[test]
fn partial_texture_copy_destinations_are_preserved_and_whole_ones_overwritten() {
    let mut graph = deviceless_graph();
    let mut frame = graph.begin_frame();
    let pixels = imported_buffer(&mut frame, "pixels", 4096, InitialContents::Defined);
    let atlas = imported_texture(&mut frame, "atlas", TextureFormat::Rgba8Unorm, InitialContents::Defined);
    let tile = imported_texture(&mut frame, "tile", TextureFormat::Rgba8Unorm, InitialContents::Defined);
    let compressed = frame
        .create_texture(TextureDesc::new_2d("compressed", 10, 10, TextureFormat::Bc1RgbaUnorm).with_mips(2))
        .unwrap();
    let rows = layout(0, Some(256), None);
    let mut pass = frame.copy_pass("upload-tile");
    pass.copy_buffer_to_texture(
        BufferTextureCopyLocation::new(pixels, rows),
        TextureCopyLocation::new(atlas).with_origin(Origin3d { x: 2, y: 2, z: 0 }),
        extent(2, 2, 1),
    )
    .unwrap();
    let upload = pass.finish().unwrap();
    let mut pass = frame.copy_pass("whole-copies");
    pass.copy_texture_to_texture(TextureCopyLocation::new(atlas), TextureCopyLocation::new(tile), extent(4, 4, 1))
        .unwrap();
    // 10x10 BC1 rounds up to 12x12 at mip 0, and 5x5 rounds up to 8x8 at mip 1.
    pass.copy_buffer_to_texture(
        BufferTextureCopyLocation::new(pixels, rows),
        TextureCopyLocation::new(compressed),
        extent(12, 12, 1),
    )
    .unwrap();
    pass.copy_buffer_to_texture(
        BufferTextureCopyLocation::new(pixels, rows),
        TextureCopyLocation::new(compressed).with_mip(1),
        extent(8, 8, 1),
    )
    .unwrap();
    let whole = pass.finish().unwrap();
    let mut pass = frame.copy_pass("partial-copies");
    pass.copy_texture_to_texture(TextureCopyLocation::new(atlas), TextureCopyLocation::new(tile), extent(4, 3, 1))
        .unwrap();
    pass.copy_buffer_to_texture(
        BufferTextureCopyLocation::new(pixels, rows),
        TextureCopyLocation::new(compressed).with_mip(1),
        extent(4, 4, 1),
    )
    .unwrap();
    let partial = pass.finish().unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    let writes = |pass| -> Vec<(zenfg_runtime::ResourceId, Option<WriteContents>, bool)> {
        accesses_of(full, pass)
            .into_iter()
            .filter(|access| access.mode == AccessMode::Write)
            .map(|access| (access.resource, access.write_contents, access.consumes_previous))
            .collect()
    };
    let overwrite = Some(WriteContents::Overwrite);
    let preserve = Some(WriteContents::Preserve);
    assert_eq!(writes(upload), vec![(atlas.id(), preserve, true)]);
    assert_eq!(
        writes(whole),
        vec![(tile.id(), overwrite, false), (compressed.id(), overwrite, false), (compressed.id(), overwrite, false)]
    );
    assert_eq!(writes(partial), vec![(tile.id(), preserve, true), (compressed.id(), preserve, true)]);
}

#[test]
fn block_rounded_whole_mip_copies_overwrite_compressed_textures() {
    let mut graph = deviceless_graph();
    let mut frame = graph.begin_frame();
    let pixels = imported_buffer(&mut frame, "pixels", 4096, InitialContents::Defined);
    let compressed = frame.create_texture(TextureDesc::new_2d("bc1", 10, 10, TextureFormat::Bc1RgbaUnorm)).unwrap();
    let mut pass = frame.copy_pass("upload-bc1");
    pass.copy_buffer_to_texture(
        BufferTextureCopyLocation::new(pixels, layout(0, Some(256), None)),
        TextureCopyLocation::new(compressed),
        extent(12, 12, 1),
    )
    .unwrap();
    let upload = pass.finish().unwrap();
    frame.mark_texture_root(compressed, RootReason::Output).unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    let accesses = accesses_of(full, upload);
    assert_eq!(accesses[1].write_contents, Some(WriteContents::Overwrite));
    // Three block rows of 3 blocks x 8 bytes with a 256-byte stride.
    assert_eq!(accesses[0].range, bytes(0, 2 * 256 + 24));
    assert_eq!(retained(full), vec![upload]);
}

#[test]
fn extents_that_round_up_past_u32_are_checked_without_overflow() {
    let mut graph = deviceless_graph();
    let mut frame = graph.begin_frame();
    // u32::MAX texels round up to 2^32: a whole row of blocks no u32 holds.
    let wide = TextureDesc::new_2d("wide", u32::MAX, 4, TextureFormat::Bc1RgbaUnorm);
    let source = frame.create_texture(wide.clone()).unwrap();
    let target = frame.create_texture(TextureDesc { label: "target".into(), ..wide }).unwrap();
    let mut pass = frame.copy_pass("wide-copy");
    let origin = |x| TextureCopyLocation::new(target).with_origin(Origin3d { x, y: 0, z: 0 });
    pass.copy_texture_to_texture(TextureCopyLocation::new(source), origin(1), extent(u32::MAX, 4, 1)).unwrap();
    let Err(error) = pass.copy_texture_to_texture(TextureCopyLocation::new(source), origin(2), extent(u32::MAX, 4, 1))
    else {
        panic!("a copy past the block-rounded extent must fail");
    };
    assert_eq!(error.code(), "FG1106");
    assert!(error.to_string().contains("4294967296x4"), "{error}");
}

#[test]
fn buffer_texture_copies_need_a_copy_footprint_while_texture_copies_of_depth_do_not() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let pixels = imported_buffer(&mut frame, "pixels", 4096, InitialContents::Defined);
    let depth = imported_texture(&mut frame, "scene-depth", TextureFormat::Depth24Plus, InitialContents::Defined);
    let depth_copy = texture(&mut frame, "depth-copy", TextureFormat::Depth24Plus);
    let float_depth =
        imported_texture(&mut frame, "float-depth", TextureFormat::Depth32Float, InitialContents::Defined);
    let rows = layout(0, Some(256), None);
    let mut pass = frame.copy_pass("depth-copies");
    let copies = pass.id();
    let error = expect_code(
        pass.copy_buffer_to_texture(
            BufferTextureCopyLocation::new(pixels, rows),
            TextureCopyLocation::new(depth),
            extent(4, 4, 1),
        ),
        "FG1106",
    );
    assert_eq!(error.pass(), Some(copies));
    assert_eq!(error.resource(), Some(depth.id()));
    let footprint_error = error;
    let error = expect_code(
        pass.copy_texture_to_buffer(
            TextureCopyLocation::new(depth),
            BufferTextureCopyLocation::new(pixels, rows),
            extent(4, 4, 1),
        ),
        "FG1106",
    );
    assert_eq!(error.resource(), Some(depth.id()));
    pass.copy_texture_to_texture(
        TextureCopyLocation::new(depth),
        TextureCopyLocation::new(depth_copy),
        extent(4, 4, 1),
    )
    .unwrap();
    // A depth texture is copied to a buffer only by whole mips.
    let error = expect_code(
        pass.copy_texture_to_buffer(
            TextureCopyLocation::new(float_depth),
            BufferTextureCopyLocation::new(pixels, layout(1024, Some(256), None)),
            extent(2, 4, 1),
        ),
        "FG1106",
    );
    assert_eq!(error.resource(), Some(float_depth.id()));
    assert!(error.to_string().contains("a copy of a depth texture (Depth32Float) must cover whole mips"), "{error}");
    pass.copy_texture_to_buffer(
        TextureCopyLocation::new(float_depth),
        BufferTextureCopyLocation::new(pixels, layout(1024, Some(256), None)),
        extent(4, 4, 1),
    )
    .unwrap();
    pass.set_side_effect(true);
    pass.finish().unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    let accesses: Vec<_> = accesses_of(full, copies).iter().map(|access| (access.resource, access.role)).collect();
    assert_eq!(
        accesses,
        vec![
            (depth.id(), AccessRole::TextureCopySrc),
            (depth_copy.id(), AccessRole::TextureCopyDst),
            (float_depth.id(), AccessRole::TextureCopySrc),
            (pixels.id(), AccessRole::BufferCopyDst),
        ]
    );
    assert_eq!(accesses_of(full, copies)[1].range, regions(&[depth_sub(0, 0, 1)]));
    assert_eq!(accesses_of(full, copies)[3].range, bytes(1024, 3 * 256 + 16));
    assert_names(&footprint_error, &["depth-copies", "scene-depth"]);
}

#[test]
fn buffer_layouts_wgpu_rejects_are_fg1106_naming_the_buffer_or_the_texture() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let pixels = imported_buffer(&mut frame, "pixels", 8192, InitialContents::Defined);
    let image = texture(&mut frame, "image", TextureFormat::Rgba8Unorm);
    let layers =
        frame.create_texture(TextureDesc::new_2d("layers", 4, 4, TextureFormat::Rgba8Unorm).with_layers(2)).unwrap();
    let row = frame.create_texture(TextureDesc::new_2d("row", 4, 1, TextureFormat::Rgba8Unorm)).unwrap();
    let depth = frame.create_texture(TextureDesc::new_2d("depth", 4, 4, TextureFormat::Depth32Float)).unwrap();
    let msaa =
        frame.create_texture(TextureDesc::new_2d("msaa", 4, 4, TextureFormat::Rgba8Unorm).with_samples(4)).unwrap();
    let mut pass = frame.copy_pass("upload");
    fn upload<'f>(
        pass: &mut zenfg_runtime::PassBuilder<'_, 'f, zenfg_runtime::kind::Copy>,
        pixels: zenfg_runtime::Buffer<'f>,
        copy_layout: TexelCopyBufferLayout,
        target: zenfg_runtime::Texture<'f>,
        size: Extent3d,
    ) -> zenfg_runtime::Result<()> {
        pass.copy_buffer_to_texture(
            BufferTextureCopyLocation::new(pixels, copy_layout),
            TextureCopyLocation::new(target),
            size,
        )
        .map(|_| ())
    }
    let buffer_cases = [
        (layout(0, Some(16), None), image, extent(4, 4, 1), "bytes_per_row 16 is not a multiple of 256"),
        (layout(0, None, None), image, extent(4, 4, 1), "a copy of several rows needs bytes_per_row"),
        (layout(0, Some(256), None), layers, extent(4, 4, 2), "a copy of several images needs rows_per_image"),
        (layout(0, Some(256), Some(2)), layers, extent(4, 4, 2), "rows_per_image 2 is less than the 4 rows"),
        (layout(2, Some(256), None), image, extent(4, 4, 1), "offset 2, which is not a multiple of 4"),
    ];
    for (copy_layout, target, size, message) in buffer_cases {
        let error = expect_code(upload(&mut pass, pixels, copy_layout, target, size), "FG1106");
        assert_eq!(error.resource(), Some(pixels.id()), "{message}");
        assert!(error.to_string().contains(message), "{error}");
    }
    let error = expect_code(upload(&mut pass, pixels, layout(0, Some(256), None), depth, extent(4, 4, 1)), "FG1106");
    assert_eq!(error.resource(), Some(depth.id()));
    assert!(error.to_string().contains("cannot be copied into a texture of format Depth32Float"), "{error}");
    let error = expect_code(upload(&mut pass, pixels, layout(0, Some(256), None), msaa, extent(4, 4, 1)), "FG1106");
    assert_eq!(error.resource(), Some(msaa.id()));
    // One row needs no bytes_per_row; a single image no rows_per_image.
    upload(&mut pass, pixels, layout(0, None, None), row, extent(4, 1, 1)).unwrap();
    upload(&mut pass, pixels, layout(256, Some(256), None), layers, extent(4, 4, 1)).unwrap();
    pass.set_side_effect(true);
    pass.finish().unwrap();
    frame.compile(CompileOptions::default()).unwrap();
}

#[test]
fn copies_outside_the_texture_or_the_buffer_are_fg1106() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let pixels = imported_buffer(&mut frame, "pixels", 64, InitialContents::Defined);
    let image = imported_texture(&mut frame, "image", TextureFormat::Rgba8Unorm, InitialContents::Defined);
    let mut pass = frame.copy_pass("bad-copies");
    let rows = layout(0, Some(16), None);
    let cases = [
        pass.copy_buffer_to_texture(
            BufferTextureCopyLocation::new(pixels, rows),
            TextureCopyLocation::new(image).with_mip(1),
            extent(1, 1, 1),
        )
        .map(|_| ()),
        pass.copy_buffer_to_texture(
            BufferTextureCopyLocation::new(pixels, rows),
            TextureCopyLocation::new(image).with_origin(Origin3d { x: 1, y: 0, z: 0 }),
            extent(4, 1, 1),
        )
        .map(|_| ()),
        pass.copy_buffer_to_texture(
            BufferTextureCopyLocation::new(pixels, rows),
            TextureCopyLocation::new(image),
            extent(1, 1, 2),
        )
        .map(|_| ()),
        pass.copy_texture_to_buffer(
            TextureCopyLocation { aspect: TextureAspect::DepthOnly, ..TextureCopyLocation::new(image) },
            BufferTextureCopyLocation::new(pixels, rows),
            extent(1, 1, 1),
        )
        .map(|_| ()),
        pass.copy_texture_to_texture(
            TextureCopyLocation::new(image),
            TextureCopyLocation::new(image).with_origin(Origin3d { x: u32::MAX, y: 0, z: 0 }),
            extent(1, 1, 1),
        )
        .map(|_| ()),
    ];
    for result in cases {
        let error = expect_code(result, "FG1106");
        assert_eq!(error.resource(), Some(image.id()));
        assert_names(&error, &["bad-copies"]);
    }
    // Bytes past the end of the buffer are the buffer's fault, whichever way the copy goes.
    let overruns = [
        pass.copy_texture_to_buffer(
            TextureCopyLocation::new(image),
            BufferTextureCopyLocation::new(pixels, layout(16, Some(16), None)),
            extent(4, 4, 1),
        )
        .map(|_| ()),
        pass.copy_buffer_to_texture(
            BufferTextureCopyLocation::new(pixels, layout(0, Some(256), None)),
            TextureCopyLocation::new(image),
            extent(0, 4, 1),
        )
        .map(|_| ()),
    ];
    for result in overruns {
        let error = expect_code(result, "FG1106");
        assert_eq!(error.resource(), Some(pixels.id()), "{error}");
        assert_names(&error, &["bad-copies", "pixels"]);
    }
    pass.set_side_effect(true);
    let copies = pass.finish().unwrap();
    let report = compile_full(frame);
    assert_eq!(retained(tables(&report)), vec![copies]);
    assert!(tables(&report).accesses.is_empty(), "failed copies declare nothing");
}

#[test]
fn copy_nodes_reject_overlapping_source_and_destination_ranges() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let data = imported_buffer(&mut frame, "ring", 64, InitialContents::Defined);
    let copy = buffer(&mut frame, "copy", 64);
    let mut pass = frame.copy_pass("shift");
    let shift = pass.id();
    let error = expect_code(pass.copy_buffer_to_buffer(data, 0, data, 8, 16).map(|_| ()), "FG1105");
    assert_eq!((error.pass(), error.resource()), (Some(shift), Some(data.id())));
    assert_names(&error, &["shift", "ring"]);
    let error = expect_code(pass.copy_buffer_to_buffer(data, 0, data, 32, 16).map(|_| ()), "FG1106");
    assert!(error.to_string().contains("two buffers"), "wgpu copies between two buffers only: {error}");
    pass.copy_buffer_to_buffer(data, 0, copy, 32, 16).unwrap();
    pass.finish().unwrap();
    frame.mark_buffer_root(copy, BufferRange::new(32, Some(16)), RootReason::Output).unwrap();
    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(retained(full), vec![shift]);
    let ranges: Vec<_> = full.accesses.iter().map(|access| access.range.clone()).collect();
    assert_eq!(ranges, vec![bytes(0, 16), bytes(32, 16)]);
}

#[test]
fn an_empty_buffer_texture_copy_tracks_no_bytes() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let staging = imported_buffer(&mut frame, "staging", 1024, InitialContents::Defined);
    let source = imported_buffer(&mut frame, "source", 256, InitialContents::Defined);
    let image = texture(&mut frame, "image", TextureFormat::Rgba8Unorm);
    let mut pass = frame.copy_pass("upload");
    // Its strides span 768 bytes of `staging`, which must fit, but it moves none.
    pass.copy_buffer_to_texture(
        BufferTextureCopyLocation::new(staging, layout(0, Some(256), None)),
        TextureCopyLocation::new(image),
        extent(0, 4, 1),
    )
    .unwrap();
    pass.copy_buffer_to_buffer(source, 0, staging, 0, 256).expect("the empty copy overlaps nothing");
    pass.finish().unwrap();
    frame.mark_buffer_root(staging, BufferRange::whole(), RootReason::Output).unwrap();
    frame.compile(CompileOptions::default()).unwrap();
}

#[test]
fn an_empty_copy_within_one_mip_of_a_texture_is_fg1105() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let desc = TextureDesc::new_2d("atlas", 4, 4, TextureFormat::Rgba8Unorm).with_layers(2).with_mips(2);
    let atlas = frame.import_texture(desc, ImportTextureOptions::new(InitialContents::Defined)).unwrap();
    let mut pass = frame.copy_pass("shuffle");
    let at = |mip_level, layer| TextureCopyLocation {
        mip_level,
        origin: wgpu::Origin3d { x: 0, y: 0, z: layer },
        ..TextureCopyLocation::new(atlas)
    };
    let error = expect_code(pass.copy_texture_to_texture(at(0, 0), at(0, 0), extent(0, 4, 1)).map(|_| ()), "FG1105");
    assert_names(&error, &["shuffle", "atlas"]);
    assert!(error.to_string().contains("wgpu refuses however little it copies"), "{error}");
    // Other layers or another mip of the same texture are disjoint, empty or not.
    pass.copy_texture_to_texture(at(0, 0), at(0, 1), extent(0, 4, 1)).unwrap();
    pass.copy_texture_to_texture(at(0, 0), at(1, 0), extent(2, 2, 0)).unwrap();
    pass.set_side_effect(true);
    pass.finish().unwrap();
    frame.compile(CompileOptions::default()).unwrap();
}

#[test]
fn copy_and_clear_nodes_take_part_in_content_flow() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let seed = buffer(&mut frame, "seed", 256);
    let work = buffer(&mut frame, "work", 256);
    let clear = frame.clear_buffer("zero-seed", seed, BufferRange::whole()).unwrap();
    let mut pass = frame.copy_pass("seed-work");
    pass.copy_buffer_to_buffer(seed, 0, work, 0, 256).unwrap();
    let copy = pass.finish().unwrap();
    let mut pass = frame.compute_pass("simulate");
    let _ = pass.storage_buffer_write(work, BufferRange::whole(), WriteContents::Preserve).unwrap();
    let simulate = pass.finish().unwrap();
    frame.mark_buffer_root(work, BufferRange::whole(), RootReason::Output).unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(retained(full), vec![clear, copy, simulate]);
    let kinds: Vec<_> = full.nodes.iter().map(|node| node.kind).collect();
    assert_eq!(kinds, vec![NodeKind::ClearBuffer, NodeKind::Copy, NodeKind::Compute]);
    assert_eq!(
        resource(full, work.id()).effective_usage,
        ResourceUsage::Buffer(BufferUsages::COPY_DST | BufferUsages::STORAGE)
    );
    assert_eq!(
        resource(full, seed.id()).effective_usage,
        ResourceUsage::Buffer(BufferUsages::COPY_DST | BufferUsages::COPY_SRC)
    );
}

#[test]
fn grouped_clears_record_one_node_with_ordered_precise_overwrites() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let a = buffer(&mut frame, "a", 256);
    let b = buffer(&mut frame, "b", 32);
    let ops = [
        ClearBufferOp::new(a, BufferRange::new(64, Some(64))),
        ClearBufferOp::new(a, BufferRange::new(0, Some(32))),
        ClearBufferOp::new(b, BufferRange::whole()),
    ];
    let clear = frame.clear_buffers("zero-ranges", ops).unwrap();
    frame.mark_buffer_root(b, BufferRange::whole(), RootReason::Output).unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(report.summary.recorded_node_count, 1);
    assert_eq!(full.nodes[0].kind, NodeKind::ClearBuffer);
    assert_eq!(full.nodes[0].label, "zero-ranges");
    let rows: Vec<_> = full
        .accesses
        .iter()
        .map(|access| (access.pass, access.resource, access.role, access.range.clone(), access.write_contents))
        .collect();
    let overwrite = Some(WriteContents::Overwrite);
    assert_eq!(
        rows,
        vec![
            (clear, a.id(), AccessRole::BufferCopyDst, bytes(64, 64), overwrite),
            (clear, a.id(), AccessRole::BufferCopyDst, bytes(0, 32), overwrite),
            (clear, b.id(), AccessRole::BufferCopyDst, bytes(0, 32), overwrite),
        ]
    );
    assert!(full.accesses.iter().all(|access| access.produces_value && access.value.is_some()));
}

#[test]
fn failed_clears_record_nothing_and_leave_the_recording_usable() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let data = buffer(&mut frame, "data", 256);
    let other = imported_buffer(&mut frame, "other", 64, InitialContents::Defined);

    let overlapping = [
        ClearBufferOp::new(other, BufferRange::whole()),
        ClearBufferOp::new(data, BufferRange::new(0, Some(32))),
        ClearBufferOp::new(data, BufferRange::new(16, Some(32))),
    ];
    let error = expect_code(frame.clear_buffers("overlapping", overlapping), "FG1105");
    let FrameGraphError::ConflictingAccesses { ref pass, .. } = error else { panic!("unexpected variant") };
    let first_id = pass.id;
    assert_eq!(error.resource(), Some(data.id()));
    assert_names(&error, &["overlapping", "data"]);

    // Enough disjoint ops to use the indexed conflict check, then one overlap.
    let mut many: Vec<_> =
        (0..40).map(|index| ClearBufferOp::new(data, BufferRange::new(index * 4, Some(4)))).collect();
    many.push(ClearBufferOp::new(data, BufferRange::new(156, Some(8))));
    let error = expect_code(frame.clear_buffers("many", many), "FG1105");
    assert_eq!(error.pass(), Some(first_id));

    // Every op is checked before any is declared: a range past the buffer is
    // reported before an overlap of ops ahead of it.
    let out_of_range = [
        ClearBufferOp::new(data, BufferRange::new(0, Some(16))),
        ClearBufferOp::new(data, BufferRange::new(8, Some(16))),
        ClearBufferOp::new(data, BufferRange::new(252, Some(8))),
    ];
    let error = expect_code(frame.clear_buffers("out-of-range", out_of_range), "FG1103");
    assert_eq!(error.resource(), Some(data.id()));

    let error = expect_code(frame.clear_buffers("no-ops", []), "FG1106");
    assert_eq!((error.pass(), error.resource()), (Some(first_id), None));
    assert_names(&error, &["no-ops"]);

    let error = expect_code(frame.clear_buffer("empty-op", data, BufferRange::new(8, Some(0))), "FG1106");
    assert_eq!((error.pass(), error.resource()), (Some(first_id), Some(data.id())));
    assert_names(&error, &["empty-op"]);

    let error = expect_code(frame.clear_buffer("unaligned", data, BufferRange::new(2, Some(8))), "FG1106");
    assert_eq!((error.pass(), error.resource()), (Some(first_id), Some(data.id())));
    assert_names(&error, &["unaligned", "data"]);
    assert!(error.to_string().contains("4-byte aligned"), "{error}");
    expect_code(frame.clear_buffer("odd-size", data, BufferRange::new(0, Some(6))), "FG1106");

    let error = expect_code(frame.clear_buffer("out-of-range", data, BufferRange::new(224, Some(64))), "FG1103");
    assert_eq!((error.pass(), error.resource()), (Some(first_id), Some(data.id())));
    assert_names(&error, &["out-of-range", "data"]);

    expect_code(frame.clear_buffer("  ", data, BufferRange::whole()), "FG2009");

    let clear = frame.clear_buffer("zero", data, BufferRange::whole()).unwrap();
    assert_eq!(clear, first_id, "failed clears did not take a node id");
    frame.mark_buffer_root(data, BufferRange::whole(), RootReason::Output).unwrap();
    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(report.summary.recorded_node_count, 1);
    assert_eq!(retained(full), vec![clear]);
    assert_eq!(full.accesses.len(), 1);
    assert_eq!(full.accesses[0].id.get(), 0, "failed clears left no access behind");
}

#[test]
fn buffer_copies_off_the_four_byte_alignment_are_fg1106_naming_the_buffer() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let src = buffer(&mut frame, "src", 64);
    let dst = buffer(&mut frame, "dst", 64);
    let mut pass = frame.copy_pass("unaligned-copies");
    let error = expect_code(pass.copy_buffer_to_buffer(src, 2, dst, 0, 8).map(|_| ()), "FG1106");
    assert_eq!(error.resource(), Some(src.id()));
    assert_names(&error, &["unaligned-copies", "src"]);
    let error = expect_code(pass.copy_buffer_to_buffer(src, 0, dst, 6, 8).map(|_| ()), "FG1106");
    assert_eq!(error.resource(), Some(dst.id()));
    let error = expect_code(pass.copy_buffer_to_buffer(src, 0, dst, 0, 6).map(|_| ()), "FG1106");
    assert!(error.to_string().contains("not 4-byte aligned"), "{error}");
    // The builder stays usable: an aligned copy records.
    pass.copy_buffer_to_buffer(src, 4, dst, 8, 16).unwrap();
    pass.finish().unwrap();
}

#[test]
fn zero_size_copies_keep_usage_lifetime_and_allocation_but_report_no_access() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let src = buffer(&mut frame, "src", 64);
    let dst = buffer(&mut frame, "dst", 64);
    let image = texture(&mut frame, "image", TextureFormat::Rgba8Unorm);
    let mut pass = frame.copy_pass("noop-copies");
    pass.copy_buffer_to_buffer(src, 16, dst, 64, 0).unwrap();
    pass.copy_buffer_to_texture(
        BufferTextureCopyLocation::new(src, layout(0, Some(256), None)),
        TextureCopyLocation::new(image),
        extent(4, 0, 1),
    )
    .unwrap();
    pass.set_side_effect(true);
    let copies = pass.finish().unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(retained(full), vec![copies]);
    assert!(full.accesses.is_empty());
    assert_eq!(report.summary.access_count, 0);
    assert_eq!(report.summary.value_count, 0);
    let usage = |id| resource(full, id).effective_usage;
    assert_eq!(usage(src.id()), ResourceUsage::Buffer(BufferUsages::COPY_SRC));
    assert_eq!(usage(dst.id()), ResourceUsage::Buffer(BufferUsages::COPY_DST));
    assert_eq!(usage(image.id()), ResourceUsage::Texture(TextureUsages::COPY_DST));
    for id in [src.id(), dst.id(), image.id()] {
        assert_eq!(resource(full, id).lifetime, Some(ResourceLifetime { first_use: 0, last_use: 0 }));
        assert!(resource(full, id).allocation.is_some());
    }
    assert_eq!(report.summary.allocation_count, 3);
}

#[test]
fn a_zero_size_copy_may_start_at_the_end_of_a_buffer_but_not_beyond_it() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let src = imported_buffer(&mut frame, "src", 64, InitialContents::Defined);
    let dst = buffer(&mut frame, "dst", 64);
    let mut pass = frame.copy_pass("edge");
    let edge = pass.id();
    let error = expect_code(pass.copy_buffer_to_buffer(src, 65, dst, 0, 0).map(|_| ()), "FG1103");
    assert_eq!((error.pass(), error.resource()), (Some(edge), Some(src.id())));
    assert_names(&error, &["edge", "src"]);
    let FrameGraphError::InvalidBufferRange { range, resource_size, .. } = error else { panic!("unexpected variant") };
    assert_eq!((range, resource_size), (BufferRange::new(65, Some(0)), 64));
    let error = expect_code(pass.copy_buffer_to_buffer(src, 0, dst, 65, 0).map(|_| ()), "FG1103");
    assert_eq!(error.resource(), Some(dst.id()));
    pass.copy_buffer_to_buffer(src, 64, dst, 64, 0).unwrap();
    pass.set_side_effect(true);
    pass.finish().unwrap();
    let compiled = frame.compile(CompileOptions::default()).unwrap();
    assert_eq!(compiled.retained_node_count(), 1);
    assert_eq!(compiled.allocation_count(), 1);
}

#[test]
fn three_d_copies_select_depth_slices_of_their_mip() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let pixels = imported_buffer(&mut frame, "pixels", 4096, InitialContents::Defined);
    let mut desc = TextureDesc::new_2d("volume", 8, 8, TextureFormat::Rgba8Unorm).with_layers(4).with_mips(2);
    desc.dimension = zenfg_runtime::wgpu::TextureDimension::D3;
    let volume = frame.import_texture(desc, ImportTextureOptions::new(InitialContents::Defined)).unwrap();
    let mut pass = frame.copy_pass("upload-slice");
    pass.copy_buffer_to_texture(
        BufferTextureCopyLocation::new(pixels, layout(0, Some(256), Some(4))),
        TextureCopyLocation::new(volume).with_mip(1).with_origin(Origin3d { x: 0, y: 0, z: 1 }),
        extent(4, 4, 1),
    )
    .unwrap();
    pass.copy_buffer_to_texture(
        BufferTextureCopyLocation::new(pixels, layout(0, Some(256), Some(4))),
        TextureCopyLocation::new(volume).with_origin(Origin3d { x: 0, y: 0, z: 2 }),
        extent(8, 4, 2),
    )
    .unwrap();
    let error = expect_code(
        pass.copy_buffer_to_texture(
            BufferTextureCopyLocation::new(pixels, layout(0, Some(256), Some(4))),
            TextureCopyLocation::new(volume).with_mip(1).with_origin(Origin3d { x: 0, y: 0, z: 1 }),
            extent(4, 4, 2),
        ),
        "FG1106",
    );
    assert_eq!(error.resource(), Some(volume.id()));
    let upload = pass.finish().unwrap();
    frame.mark_texture_root(volume, RootReason::Output).unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    let writes: Vec<_> = accesses_of(full, upload)
        .into_iter()
        .filter(|access| access.mode == AccessMode::Write)
        .map(|access| (access.range.clone(), access.write_contents))
        .collect();
    assert_eq!(
        writes,
        vec![
            (regions(&[sub(1, 1, 1)]), Some(WriteContents::Overwrite)),
            (regions(&[sub(0, 2, 2)]), Some(WriteContents::Preserve)),
        ]
    );
    assert_eq!(full.roots[0].resolution.producer_node_ids, vec![upload]);
    assert!(full.roots[0].resolution.uses_initial_contents);
}

#[test]
fn copies_of_compressed_textures_start_and_end_on_whole_blocks_or_are_fg1106() {
    let capabilities =
        zenfg_runtime::DeviceCapabilities::new(wgpu::Limits::default(), wgpu::Features::TEXTURE_COMPRESSION_BC);
    let mut graph = zenfg_runtime::FrameGraph::with_capabilities(capabilities);
    let mut frame = graph.begin_frame();
    let pixels = imported_buffer(&mut frame, "pixels", 4096, InitialContents::Defined);
    let bc1 = frame.create_texture(TextureDesc::new_2d("bc1", 16, 16, TextureFormat::Bc1RgbaUnorm)).unwrap();
    let mut pass = frame.copy_pass("upload-bc1");
    let rows = layout(0, Some(256), None);
    let at = |x, y| TextureCopyLocation::new(bc1).with_origin(Origin3d { x, y, z: 0 });
    let inside = pass.copy_buffer_to_texture(BufferTextureCopyLocation::new(pixels, rows), at(2, 0), extent(4, 4, 1));
    let error = expect_code(inside.map(|_| ()), "FG1106");
    assert_eq!(error.resource(), Some(bc1.id()));
    assert!(error.to_string().contains("starts at (2, 0), inside a 4x4 block of Bc1RgbaUnorm"), "{error}");
    let partial = pass.copy_buffer_to_texture(BufferTextureCopyLocation::new(pixels, rows), at(4, 4), extent(6, 4, 1));
    let error = expect_code(partial.map(|_| ()), "FG1106");
    assert!(error.to_string().contains("copy of 6x4 texels is not made of whole 4x4 blocks"), "{error}");
    pass.copy_buffer_to_texture(BufferTextureCopyLocation::new(pixels, rows), at(4, 4), extent(8, 4, 1))
        .expect("whole blocks copy");
    pass.finish().unwrap();
}
