//! Lifetimes, the aliasing plan and byte estimates (spec §3.10–3.12, §7.1
//! "Aliasing"), with this runtime's buffer size classes (four per power of
//! two) instead of power-of-two buckets.

use crate::common::*;
use zenfg_runtime::wgpu::{BufferUsages, Color, TextureDimension, TextureFormat, TextureUsages};
use zenfg_runtime::{
    Aliasing, Buffer, BufferDesc, BufferRange, ColorAttachmentOps, CompileOptions, Frame, FrameGraph, InitialContents,
    PassId, ResourceKind, ResourceLifetime, RootReason, Texture, TextureDesc, TextureViewDesc, WriteContents,
};

/// A compute pass that reads `input` (if any) and overwrites `output`.
fn step<'f>(frame: &mut Frame<'f>, label: &'static str, input: Option<Buffer<'f>>, output: Buffer<'f>) -> PassId {
    let mut pass = frame.compute_pass(label);
    if let Some(input) = input {
        let _ = pass.storage_buffer_read(input, BufferRange::whole()).unwrap();
    }
    let _ = pass.storage_buffer_write(output, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    pass.finish().unwrap()
}

fn output<'f>(frame: &mut Frame<'f>, label: &'static str) -> Buffer<'f> {
    let buffer = imported_buffer(frame, label, 16, InitialContents::Undefined);
    frame.mark_buffer_root(buffer, BufferRange::whole(), RootReason::Output).unwrap();
    buffer
}

#[test]
fn two_disjoint_100_byte_buffers_share_one_112_byte_allocation() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let a = buffer(&mut frame, "a", 100);
    let b = buffer(&mut frame, "b", 100);
    let out_a = output(&mut frame, "out-a");
    let out_b = output(&mut frame, "out-b");
    step(&mut frame, "write-a", None, a);
    step(&mut frame, "use-a", Some(a), out_a);
    step(&mut frame, "write-b", None, b);
    step(&mut frame, "use-b", Some(b), out_b);

    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(full.allocations.len(), 1);
    let allocation = &full.allocations[0];
    assert_eq!(allocation.kind, ResourceKind::Buffer);
    assert_eq!(allocation.resource_ids, vec![a.id(), b.id()]);
    assert_eq!(allocation.estimated_byte_size, 112);
    assert_eq!(allocation.compatibility_key, format!("buffer|112|{}", BufferUsages::STORAGE.bits()));
    assert_eq!(resource(full, a.id()).lifetime, Some(ResourceLifetime { first_use: 0, last_use: 1 }));
    assert_eq!(resource(full, b.id()).lifetime, Some(ResourceLifetime { first_use: 2, last_use: 3 }));
    assert_eq!(resource(full, a.id()).allocation, Some(allocation.id));
    assert_eq!(resource(full, b.id()).allocation, Some(allocation.id));
    assert_eq!(report.summary.allocation_count, 1);
    assert_eq!(report.summary.logical_transient_count, 2);
    assert_eq!(report.summary.logical_transient_bytes, 200);
    assert_eq!(report.summary.physical_allocation_bytes, 112);
    // Imports have lifetimes but never allocations.
    assert_eq!(resource(full, out_b.id()).lifetime, Some(ResourceLifetime { first_use: 3, last_use: 3 }));
    assert_eq!(resource(full, out_b.id()).allocation, None);
}

#[test]
fn chained_buffers_whose_lifetimes_meet_at_one_pass_do_not_alias() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let a = buffer(&mut frame, "a", 100);
    let b = buffer(&mut frame, "b", 100);
    let out = output(&mut frame, "out");
    step(&mut frame, "write-a", None, a);
    step(&mut frame, "a-to-b", Some(a), b);
    step(&mut frame, "b-to-out", Some(b), out);

    let report = compile_full(frame);
    let full = tables(&report);
    let groups: Vec<_> = full.allocations.iter().map(|allocation| allocation.resource_ids.clone()).collect();
    assert_eq!(groups, vec![vec![a.id()], vec![b.id()]]);
    assert_eq!(resource(full, a.id()).lifetime, Some(ResourceLifetime { first_use: 0, last_use: 1 }));
    assert_eq!(resource(full, b.id()).lifetime, Some(ResourceLifetime { first_use: 1, last_use: 2 }));
}

#[test]
fn candidates_first_used_together_are_placed_by_last_use_then_id() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let a = buffer(&mut frame, "a", 64);
    let b = buffer(&mut frame, "b", 64);
    let c = buffer(&mut frame, "c", 64);
    let out = output(&mut frame, "out");
    // One pass first writes `c`, `b` and `a`, in that order; `c` lives on.
    let mut pass = frame.compute_pass("write");
    for buffer in [c, b, a] {
        let _ = pass.storage_buffer_write(buffer, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    }
    pass.finish().unwrap();
    let mut pass = frame.compute_pass("gather");
    for buffer in [c, b, a] {
        let _ = pass.storage_buffer_read(buffer, BufferRange::whole()).unwrap();
    }
    let _ = pass.storage_buffer_write(out, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    pass.finish().unwrap();
    step(&mut frame, "c-to-out", Some(c), out);

    let report = compile_full(frame);
    let full = tables(&report);
    let groups: Vec<_> = full.allocations.iter().map(|allocation| allocation.resource_ids.clone()).collect();
    // By (first use, last use, id): `a` and `b` end first, in id order, then `c`.
    assert_eq!(groups, vec![vec![a.id()], vec![b.id()], vec![c.id()]]);
}

#[test]
fn a_compiled_frame_lists_its_allocations_with_or_without_a_report() {
    let mut graph = FrameGraph::new();
    let mut listed = Vec::new();
    for options in [CompileOptions::default(), CompileOptions::full_report()] {
        let mut frame = graph.begin_frame();
        let [a, b, c, d] = ["a", "b", "c", "d"].map(|label| buffer(&mut frame, label, 64));
        let out = output(&mut frame, "out");
        step(&mut frame, "write-a", None, a);
        step(&mut frame, "a-to-b", Some(a), b);
        step(&mut frame, "b-to-c", Some(b), c);
        step(&mut frame, "c-to-d", Some(c), d);
        step(&mut frame, "d-to-out", Some(d), out);
        let compiled = frame.compile(options.without_plan_reuse()).unwrap();
        let allocations = compiled.allocations();
        assert_eq!(allocations.len(), compiled.allocation_count());
        if let Some(full) = compiled.report().and_then(|report| report.full.as_ref()) {
            assert_eq!(allocations, full.allocations, "the rows a full report lists");
        }
        let groups: Vec<_> = allocations.iter().map(|allocation| allocation.resource_ids.clone()).collect();
        assert_eq!(groups, vec![vec![a.id(), c.id()], vec![b.id(), d.id()]]);
        listed.push(allocations);
    }
    assert_eq!(listed[0], listed[1]);
}

#[test]
fn allocations_are_interval_partitioned_and_reuse_the_earliest_free_one() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let a = buffer(&mut frame, "a", 64);
    let b = buffer(&mut frame, "b", 64);
    let c = buffer(&mut frame, "c", 64);
    let d = buffer(&mut frame, "d", 64);
    let out = output(&mut frame, "out");
    step(&mut frame, "write-a", None, a);
    step(&mut frame, "a-to-b", Some(a), b);
    step(&mut frame, "b-to-c", Some(b), c);
    step(&mut frame, "c-to-d", Some(c), d);
    step(&mut frame, "d-to-out", Some(d), out);

    let report = compile_full(frame);
    let full = tables(&report);
    let groups: Vec<_> = full.allocations.iter().map(|allocation| allocation.resource_ids.clone()).collect();
    assert_eq!(groups, vec![vec![a.id(), c.id()], vec![b.id(), d.id()]]);
    assert_eq!(report.summary.physical_allocation_bytes, 128);
}

#[test]
fn buffers_alias_only_within_one_size_class_and_usage() {
    let cases: [(u64, u64, BufferUsages, usize); 4] = [
        (100, 112, BufferUsages::STORAGE, 1),
        (100, 113, BufferUsages::STORAGE, 2),
        ((1 << 20) + 1, (1 << 20) + (1 << 18), BufferUsages::STORAGE, 1),
        (64, 64, BufferUsages::STORAGE | BufferUsages::COPY_SRC, 2),
    ];
    for (first, second, second_usage, expected) in cases {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let a = frame.create_buffer(BufferDesc::new("a", first)).unwrap();
        let b = frame.create_buffer(BufferDesc::new("b", second).with_usage(second_usage)).unwrap();
        let out_a = output(&mut frame, "out-a");
        let out_b = output(&mut frame, "out-b");
        step(&mut frame, "write-a", None, a);
        step(&mut frame, "use-a", Some(a), out_a);
        step(&mut frame, "write-b", None, b);
        step(&mut frame, "use-b", Some(b), out_b);
        let compiled = frame.compile(CompileOptions::default()).unwrap();
        assert_eq!(compiled.allocation_count(), expected, "{first} and {second} bytes, {second_usage:?}");
    }
}

/// Writes every mip of `target`, each in a render pass of its own (the
/// attachments of one pass have one size), and roots it.
fn render_and_root<'f>(frame: &mut Frame<'f>, target: Texture<'f>) {
    let desc = frame.texture_desc(target).unwrap().clone();
    let mut ops = ColorAttachmentOps::clear_store(Color::BLACK);
    if desc.dimension == TextureDimension::D3 {
        ops = ops.with_depth_slice(0);
    }
    for mip in 0..desc.mip_level_count {
        let view = frame.create_texture_view(target, TextureViewDesc::mip(mip)).unwrap();
        let mut pass = frame.render_pass("draw");
        let _ = pass.color_attachment(view, ops).unwrap();
        pass.finish().unwrap();
    }
    frame.mark_texture_root(target, RootReason::Output).unwrap();
}

#[test]
fn textures_differing_in_any_key_field_never_alias() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let base = || TextureDesc::new_2d("base", 4, 4, TextureFormat::Rgba8Unorm);
    let mut three_d = base();
    three_d.dimension = TextureDimension::D3;
    let mut view_formats = base();
    view_formats.view_formats = vec![TextureFormat::Rgba8UnormSrgb];
    let descs = [
        base(),
        TextureDesc { format: TextureFormat::Bgra8Unorm, ..base() },
        TextureDesc::new_2d("size", 8, 4, TextureFormat::Rgba8Unorm),
        three_d,
        base().with_mips(2),
        base().with_samples(4),
        view_formats,
        base().with_usage(TextureUsages::RENDER_ATTACHMENT | TextureUsages::TEXTURE_BINDING),
        base(),
    ];
    let mut ids = Vec::new();
    for desc in descs {
        let texture = frame.create_texture(desc).unwrap();
        render_and_root(&mut frame, texture);
        ids.push(texture.id());
    }

    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(full.allocations.len(), 8);
    assert_eq!(full.allocations[0].resource_ids, vec![ids[0], ids[8]]);
    for (allocation, id) in full.allocations.iter().zip(&ids).skip(1) {
        assert_eq!(allocation.resource_ids, vec![*id]);
    }
    let rendered = TextureUsages::RENDER_ATTACHMENT.bits();
    assert_eq!(full.allocations[0].compatibility_key, format!("texture|Rgba8Unorm|4x4x1|D2|1|1||{rendered}"));
    assert_eq!(full.allocations[0].estimated_byte_size, 64);
    assert_eq!(full.allocations[5].estimated_byte_size, 256, "four samples");
    assert_eq!(full.allocations[4].estimated_byte_size, 64 + 16, "two mips");
}

#[test]
fn view_format_order_and_duplicates_do_not_change_the_compatibility_key() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let mut first = TextureDesc::new_2d("first", 4, 4, TextureFormat::Rgba8Unorm);
    first.view_formats = vec![TextureFormat::Rgba8UnormSrgb, TextureFormat::Rgba8Unorm];
    let mut second = TextureDesc::new_2d("second", 4, 4, TextureFormat::Rgba8Unorm);
    second.view_formats = vec![TextureFormat::Rgba8Unorm, TextureFormat::Rgba8UnormSrgb, TextureFormat::Rgba8UnormSrgb];
    let first = frame.create_texture(first).unwrap();
    render_and_root(&mut frame, first);
    let second = frame.create_texture(second).unwrap();
    render_and_root(&mut frame, second);

    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(full.allocations.len(), 1);
    assert_eq!(full.allocations[0].resource_ids, vec![first.id(), second.id()]);
    assert_eq!(
        full.allocations[0].compatibility_key,
        format!(
            "texture|Rgba8Unorm|4x4x1|D2|1|1|Rgba8Unorm,Rgba8UnormSrgb|{}",
            TextureUsages::RENDER_ATTACHMENT.bits()
        )
    );
}

#[test]
fn lifetimes_span_retained_uses_only_and_roots_do_not_extend_them() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let a = buffer(&mut frame, "a", 64);
    let unused = buffer(&mut frame, "unused", 64);
    let out = output(&mut frame, "out");
    let mut pass = frame.compute_pass("dead");
    let _ = pass.storage_buffer_write(unused, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    pass.finish().unwrap();
    step(&mut frame, "write-a", None, a);
    frame.command_pass("unrelated").finish().unwrap();
    step(&mut frame, "use-a", Some(a), out);
    frame.command_pass("late").finish().unwrap();
    frame.mark_buffer_root(a, BufferRange::whole(), RootReason::DebugCapture).unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    let orders: Vec<_> = full.nodes.iter().map(|node| (node.recording_order, node.execution_order)).collect();
    assert_eq!(orders, vec![(1, 0), (2, 1), (3, 2), (4, 3)]);
    assert_eq!(resource(full, a.id()).lifetime, Some(ResourceLifetime { first_use: 0, last_use: 2 }));
    assert_eq!(resource(full, unused.id()).lifetime, None);
    assert_eq!(resource(full, unused.id()).allocation, None);
    assert_eq!(report.summary.logical_transient_count, 1);
}

#[test]
fn pool_scopes_partition_aliasing() {
    let mut graph = FrameGraph::new();
    let first_scope = graph.create_resource_pool_scope();
    let second_scope = graph.create_resource_pool_scope();
    let mut frame = graph.begin_frame();
    let a = frame.create_buffer_in(first_scope, BufferDesc::new("a", 64)).unwrap();
    let b = frame.create_buffer_in(first_scope, BufferDesc::new("b", 64)).unwrap();
    let c = frame.create_buffer_in(second_scope, BufferDesc::new("c", 64)).unwrap();
    let d = buffer(&mut frame, "d", 64);
    let e = frame.create_buffer_in(second_scope, BufferDesc::new("e", 64)).unwrap();
    let outs: Vec<_> = ["out-a", "out-b", "out-c", "out-d", "out-e"].map(|label| output(&mut frame, label)).to_vec();
    for (buffer, out) in [a, b, c, d, e].into_iter().zip(outs) {
        step(&mut frame, "write", None, buffer);
        step(&mut frame, "use", Some(buffer), out);
    }

    let report = compile_full(frame);
    let full = tables(&report);
    let groups: Vec<_> = full.allocations.iter().map(|allocation| allocation.resource_ids.clone()).collect();
    assert_eq!(groups, vec![vec![a.id(), b.id()], vec![c.id(), e.id()], vec![d.id()]]);
    let storage = BufferUsages::STORAGE.bits();
    let keys: Vec<_> = full.allocations.iter().map(|allocation| allocation.compatibility_key.clone()).collect();
    assert_eq!(
        keys,
        vec![
            format!("buffer|64|{storage}|partition-1"),
            format!("buffer|64|{storage}|partition-2"),
            format!("buffer|64|{storage}"),
        ]
    );
    assert!(resource(full, a.id()).scoped);
    assert!(!resource(full, d.id()).scoped);
}

#[test]
fn byte_estimates_follow_blocks_mips_slices_and_samples() {
    let mut graph = deviceless_graph();
    let mut frame = graph.begin_frame();
    let mut volume = TextureDesc::new_2d("volume", 8, 8, TextureFormat::R32Float).with_layers(8).with_mips(2);
    volume.dimension = TextureDimension::D3;
    let descs = [
        (TextureDesc::new_2d("depth24", 4, 4, TextureFormat::Depth24Plus), 64),
        (TextureDesc::new_2d("depth32", 4, 4, TextureFormat::Depth32Float), 64),
        (TextureDesc::new_2d("chain", 4, 4, TextureFormat::Rgba8Unorm).with_mips(3), (16 + 4 + 1) * 4),
        (TextureDesc::new_2d("array", 4, 4, TextureFormat::Rgba16Float).with_layers(3), 16 * 8 * 3),
        (TextureDesc::new_2d("msaa", 4, 4, TextureFormat::Rgba8Unorm).with_samples(4), 16 * 4 * 4),
        (TextureDesc::new_2d("bc1", 10, 10, TextureFormat::Bc1RgbaUnorm), 9 * 8),
        (volume, 8 * 8 * 8 * 4 + 4 * 4 * 4 * 4),
    ];
    let mut expected = Vec::new();
    for (desc, bytes) in descs {
        expected.push((frame.create_texture(desc).unwrap().id(), bytes));
    }
    let sized = buffer(&mut frame, "sized", 1000);
    let report = compile_full(frame);
    let full = tables(&report);
    for (id, bytes) in expected {
        assert_eq!(resource(full, id).estimated_byte_size, bytes, "{:?}", resource(full, id).label);
    }
    assert_eq!(resource(full, sized.id()).estimated_byte_size, 1000);
    assert_eq!(report.summary.logical_transient_bytes, 0, "nothing is used, so nothing is planned");
}

#[test]
fn without_aliasing_every_transient_has_an_allocation_of_its_own_and_the_report_says_so() {
    let mut graph = FrameGraph::new();
    let mut ids = Vec::new();
    for options in [CompileOptions::full_report(), CompileOptions::full_report().without_aliasing()] {
        let mut frame = graph.begin_frame();
        let a = buffer(&mut frame, "a", 100);
        let b = buffer(&mut frame, "b", 100);
        let out_a = output(&mut frame, "out-a");
        let out_b = output(&mut frame, "out-b");
        step(&mut frame, "write-a", None, a);
        step(&mut frame, "use-a", Some(a), out_a);
        step(&mut frame, "write-b", None, b);
        step(&mut frame, "use-b", Some(b), out_b);
        let compiled = frame.compile(options).unwrap();
        let report = compiled.report().unwrap();
        let full = tables(report);
        assert_eq!(report.summary.aliasing, options.aliasing);
        ids.push((full.allocations.len(), resource(full, a.id()).allocation, resource(full, b.id()).allocation));
        // Lifetimes and the order stay what they are with aliasing on.
        assert_eq!(resource(full, b.id()).lifetime, Some(ResourceLifetime { first_use: 2, last_use: 3 }));
        assert_eq!(compiled.retained_node_count(), 4);
        let text = report.to_string();
        assert_eq!(text.contains("aliasing disabled"), options.aliasing == Aliasing::Disabled, "{text}");
    }
    let (aliased, separate) = (ids[0], ids[1]);
    assert_eq!(aliased.0, 1);
    assert_eq!(aliased.1, aliased.2);
    assert_eq!(separate.0, 2);
    assert_ne!(separate.1, separate.2);
}

#[test]
fn a_transient_takes_the_free_allocation_opened_first() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let a = buffer(&mut frame, "a", 100);
    let b = buffer(&mut frame, "b", 100);
    let c = buffer(&mut frame, "c", 100);
    let out = output(&mut frame, "out");
    // a lives at node 0, b at nodes 0 and 1: both are free when c starts at
    // node 2, b's allocation freed last.
    let mut pass = frame.compute_pass("write-a-b");
    let _ = pass.storage_buffer_write(a, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let _ = pass.storage_buffer_write(b, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    pass.finish().unwrap();
    let mut pass = frame.compute_pass("use-b");
    let _ = pass.storage_buffer_read(b, BufferRange::whole()).unwrap();
    pass.set_side_effect(true);
    pass.finish().unwrap();
    step(&mut frame, "write-c", None, c);
    step(&mut frame, "use-c", Some(c), out);

    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(full.allocations.len(), 2);
    assert_eq!(resource(full, a.id()).allocation, resource(full, c.id()).allocation);
    assert_eq!(full.allocations[0].resource_ids, vec![a.id(), c.id()]);
    assert_eq!(full.allocations[1].resource_ids, vec![b.id()]);
}
