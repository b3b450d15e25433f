//! What the Snapshot export writes for each table: ids, merged nodes, descriptors and
//! usage, views, per-region accesses, dependencies, roots, allocations in pool scopes,
//! pool counters and timings.

use std::time::Duration;

use zenfg_runtime::snapshot::{
    CreateFrameGraphSnapshotOptions, FrameGraphSnapshotV1, SnapshotAccess, SnapshotAllocationReport,
    SnapshotCpuTimings, SnapshotDependencyKind, SnapshotGpuTimings, SnapshotNodeCompileState, SnapshotPoolReport,
    SnapshotResourceDescriptor, SnapshotResourceRange, SnapshotRoot, SnapshotRootReason, SnapshotSegmentKind,
    SnapshotTextureRegion, SnapshotUsageFlag, create_frame_graph_snapshot, parse_frame_graph_snapshot, to_json,
    to_json_pretty,
};
use zenfg_runtime::wgpu::{self, BufferUsages, Color, TextureDimension, TextureFormat, TextureUsages};
use zenfg_runtime::{
    BufferDesc, BufferRange, ColorAttachmentOps, CompilationReport, CompileOptions, DepthAttachmentOps,
    ExecutionOptions, Frame, FrameGraph, GpuTimingNodeKind, GpuTimingNodeReport, GpuTimingReport, ImportBufferOptions,
    InitialContents, ResourcePoolStats, RootReason, TextureDesc, TextureViewDesc, TimingMode, WriteContents,
};

fn compile(graph: &mut FrameGraph, record: impl FnOnce(&mut Frame<'_>)) -> CompilationReport {
    let mut frame = graph.begin_frame();
    record(&mut frame);
    let mut compiled = frame.compile(CompileOptions::full_report()).expect("the frame compiles");
    compiled.take_report().expect("a full report was asked for")
}

fn export(report: &CompilationReport) -> FrameGraphSnapshotV1 {
    create_frame_graph_snapshot(report, CreateFrameGraphSnapshotOptions::new(0)).expect("the export succeeds")
}

fn accesses_of<'s>(snapshot: &'s FrameGraphSnapshotV1, node: &str) -> Vec<&'s SnapshotAccess> {
    snapshot.graph.accesses.iter().filter(|access| access.node_id == node).collect()
}

fn dependencies(snapshot: &FrameGraphSnapshotV1) -> Vec<(&str, &str, &str, SnapshotDependencyKind)> {
    snapshot
        .graph
        .dependencies
        .iter()
        .map(|edge| (edge.from_node_id.as_str(), edge.to_node_id.as_str(), edge.resource_id.as_str(), edge.kind))
        .collect()
}

/// A frame with groups, an import, a culled pass, an external submission and a render
/// pass with a depth attachment.
fn record_mixed(frame: &mut Frame<'_>) {
    frame.push_debug_group("scene").unwrap();
    let history = frame
        .import_buffer(BufferDesc::new("history", 64), ImportBufferOptions::new(InitialContents::Defined))
        .unwrap();
    let color = frame.create_texture(TextureDesc::new_2d("color", 8, 8, TextureFormat::Rgba8Unorm)).unwrap();
    let depth = frame.create_texture(TextureDesc::new_2d("depth", 8, 8, TextureFormat::Depth32Float)).unwrap();
    let mut pass = frame.render_pass("draw");
    let _ = pass.color_attachment(color, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    let _ = pass.depth_attachment(depth, DepthAttachmentOps::clear_discard(1.0)).unwrap();
    pass.finish_render(|_| Ok(())).unwrap();
    frame.pop_debug_group().unwrap();
    let unused = frame.create_buffer(BufferDesc::new("unused", 16)).unwrap();
    let mut pass = frame.compute_pass("dead");
    let _ = pass.storage_buffer_write(unused, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    pass.finish_compute(|_| Ok(())).unwrap();
    let mut pass = frame.command_pass("blit");
    let _ = pass.texture_copy_src(color).unwrap();
    let _ = pass.buffer_copy_dst(history, BufferRange::new(0, Some(16)), WriteContents::Preserve).unwrap();
    pass.finish_command(|_| Ok(())).unwrap();
    let mut pass = frame.external_submission("interop");
    let _ = pass.sampled_texture(color).unwrap();
    pass.finish_external(|_| Ok(())).unwrap();
    frame.mark_buffer_root(history, BufferRange::whole(), RootReason::PersistentState).unwrap();
}

#[test]
fn a_mixed_frame_exports_every_table() {
    let mut graph = FrameGraph::new();
    let report = compile(&mut graph, record_mixed);
    let options =
        CreateFrameGraphSnapshotOptions::new(12).with_captured_at("2026-01-02T03:04:05Z").with_backend("vulkan");
    let snapshot = create_frame_graph_snapshot(&report, options).unwrap();

    let producer = &snapshot.producer;
    assert_eq!(producer.name, "zenfg");
    assert_eq!(producer.version.as_deref(), Some(env!("CARGO_PKG_VERSION")));
    assert_eq!(producer.language.as_deref(), Some("rust"));
    let runtime = producer.runtime.as_ref().unwrap();
    assert_eq!(
        (runtime.implementation.as_deref(), runtime.graphics_api.as_deref(), runtime.backend.as_deref()),
        (Some("wgpu"), Some("webgpu"), Some("vulkan"))
    );
    assert_eq!(snapshot.capture.frame_index, 12);
    assert_eq!(snapshot.capture.captured_at.as_deref(), Some("2026-01-02T03:04:05Z"));
    assert!(snapshot.capture.migration.is_none() && snapshot.extensions.is_empty());

    let graph = &snapshot.graph;
    assert_eq!(graph.groups.len(), 1);
    assert_eq!((graph.groups[0].id.as_str(), graph.groups[0].label.as_str()), ("group:0", "scene"));
    let nodes: Vec<(&str, Option<u64>, Option<u64>, bool)> = graph
        .nodes
        .iter()
        .map(|node| (node.id.as_str(), node.recording_order, node.execution_order(), node.side_effect))
        .collect();
    assert_eq!(
        nodes,
        [
            ("node:0", Some(0), Some(0), false),
            ("node:1", Some(1), None, false),
            ("node:2", Some(2), Some(1), true),
            ("node:3", Some(3), Some(2), true),
        ]
    );
    assert_eq!(graph.nodes[0].group_id.as_deref(), Some("group:0"));
    assert_eq!(graph.nodes[1].label.as_deref(), Some("dead"));
    assert_eq!(
        graph.nodes[1].compile_state,
        SnapshotNodeCompileState::Culled { reason: "not-reachable-from-root".into() }
    );
    assert!(graph.nodes.iter().all(|node| node.stable_key.is_none()));

    let history = &graph.resources[0];
    assert_eq!(history.id, "resource:0");
    assert_eq!(history.group_id.as_deref(), Some("group:0"));
    assert_eq!(history.usage_flags, [SnapshotUsageFlag::CopyDst]);
    assert!(history.allocation_id.is_none());
    let color = &graph.resources[1];
    assert_eq!(
        color.usage_flags,
        [SnapshotUsageFlag::CopySrc, SnapshotUsageFlag::TextureBinding, SnapshotUsageFlag::RenderAttachment]
    );
    assert_eq!(color.estimated_byte_size, Some(8 * 8 * 4));
    assert_eq!(
        color.descriptor,
        Some(SnapshotResourceDescriptor::Texture {
            format: "rgba8unorm".into(),
            size: zenfg_runtime::snapshot::SnapshotTextureSize { width: 8, height: 8, depth_or_array_layers: 1 },
            dimension: "2d".into(),
            mip_level_count: 1,
            sample_count: 1,
            view_formats: Vec::new(),
        })
    );
    let depth_region = &accesses_of(&snapshot, "node:0")[1];
    assert_eq!(depth_region.texture_region.as_ref().unwrap().aspect, "depth-only");
    assert!(graph.resources[3].usage_flags.is_empty(), "culled uses need no usage");
    assert!(graph.resources[3].lifetime.is_none(), "a resource only culled nodes use has no lifetime");

    assert_eq!(accesses_of(&snapshot, "node:1").len(), 1, "culled nodes keep their accesses");
    let blit = accesses_of(&snapshot, "node:2");
    assert!(blit[0].contents.is_none() && !blit[0].produces_value, "reads have no contents");
    assert_eq!(blit[1].contents, Some(zenfg_runtime::snapshot::SnapshotWriteContents::Preserve));

    let kinds: Vec<(SnapshotSegmentKind, usize)> =
        graph.segments.iter().map(|segment| (segment.kind, segment.node_ids.len())).collect();
    assert_eq!(kinds, [(SnapshotSegmentKind::FrameGraph, 2), (SnapshotSegmentKind::ExternalSubmission, 1)]);
    assert_eq!(graph.segments[1].id, "segment:1");

    let diagnostic = &snapshot.diagnostics[0];
    assert_eq!((diagnostic.code.as_str(), diagnostic.node_id.as_deref()), ("culled-node", Some("node:1")));
    assert_eq!(diagnostic.severity.as_str(), "info");

    let json = to_json_pretty(&snapshot).unwrap();
    assert_eq!(parse_frame_graph_snapshot(&json).unwrap().snapshot, snapshot);
    assert_eq!(to_json(&snapshot).unwrap(), to_json(&create_frame_graph_snapshot(&report, options).unwrap()).unwrap());
}

#[test]
fn an_access_over_several_mips_becomes_one_wire_access_per_region() {
    let mut graph = FrameGraph::new();
    let report = compile(&mut graph, |frame| {
        let image =
            frame.create_texture(TextureDesc::new_2d("image", 8, 8, TextureFormat::Rgba8Unorm).with_mips(3)).unwrap();
        let seed = frame
            .import_texture(
                TextureDesc::new_2d("seed", 8, 8, TextureFormat::Rgba8Unorm).with_mips(3),
                zenfg_runtime::ImportTextureOptions::new(InitialContents::Defined),
            )
            .unwrap();
        let mut pass = frame.command_pass("fill");
        let _ = pass.texture_copy_src(seed).unwrap();
        let _ = pass.texture_copy_dst(image, WriteContents::Overwrite).unwrap();
        pass.finish_command(|_| Ok(())).unwrap();
        let mut pass = frame.command_pass("read");
        let _ = pass.sampled_texture(image).unwrap();
        pass.finish_command(|_| Ok(())).unwrap();
    });
    let snapshot = export(&report);
    let read = accesses_of(&snapshot, "node:1");
    let ids: Vec<&str> = read.iter().map(|access| access.id.as_str()).collect();
    assert_eq!(ids, ["access:2:0", "access:2:1", "access:2:2"]);
    for (mip, access) in read.iter().enumerate() {
        assert_eq!(access.texture_region, Some(SnapshotTextureRegion::array_layers(mip as u64, 1, 0, 1, "all")));
    }
    assert_eq!(accesses_of(&snapshot, "node:0").len(), 6);
}

#[test]
fn three_d_textures_are_addressed_by_depth_slices() {
    let mut graph = FrameGraph::new();
    let report = compile(&mut graph, |frame| {
        let desc = TextureDesc {
            dimension: TextureDimension::D3,
            ..TextureDesc::new_2d("volume", 4, 4, TextureFormat::Rgba8Unorm).with_layers(4).with_mips(2)
        };
        let volume = frame.create_texture(desc).unwrap();
        let mip1 = frame.create_texture_view(volume, TextureViewDesc::mip(1).with_label("volume.mip-1")).unwrap();
        let mut pass = frame.compute_pass("fill");
        let _ = pass.storage_texture_write(mip1, WriteContents::Overwrite).unwrap();
        pass.finish_compute(|_| Ok(())).unwrap();
        frame.mark_texture_root(mip1, RootReason::Output).unwrap();
    });
    let snapshot = export(&report);
    let view = &snapshot.graph.texture_views[0];
    assert_eq!((view.dimension.as_str(), view.base_array_layer, view.array_layer_count), ("3d", 0, 1));
    assert_eq!(view.label.as_deref(), Some("volume.mip-1"));
    let region = SnapshotTextureRegion::depth_slices(1, 1, 0, 2, "all");
    assert_eq!(snapshot.graph.accesses[0].texture_region.as_ref(), Some(&region));
    assert_eq!(snapshot.graph.accesses[0].texture_view_id.as_deref(), Some("view:0"));
    let root = snapshot.graph.roots[0].resource().unwrap();
    assert_eq!(root.range, Some(SnapshotResourceRange::Texture { regions: vec![region] }));
}

#[test]
fn views_resolve_depth_aspects_and_copies_name_no_view() {
    let mut graph = FrameGraph::new();
    let report = compile(&mut graph, |frame| {
        let depth = frame
            .create_texture(TextureDesc {
                view_formats: vec![TextureFormat::Depth32Float, TextureFormat::Depth32Float],
                ..TextureDesc::new_2d("depth", 4, 4, TextureFormat::Depth32Float)
            })
            .unwrap();
        let view = frame.create_texture_view(depth, TextureViewDesc::default()).unwrap();
        let mut pass = frame.render_pass("depth-prepass");
        let _ = pass.depth_attachment(view, DepthAttachmentOps::clear_store(1.0)).unwrap();
        pass.finish_render(|_| Ok(())).unwrap();
        let mut pass = frame.command_pass("inspect");
        let _ = pass.texture_copy_src(view).unwrap();
        let _ = pass.sampled_texture(view).unwrap();
        pass.finish_command(|_| Ok(())).unwrap();
    });
    let snapshot = export(&report);
    let view = &snapshot.graph.texture_views[0];
    assert_eq!(
        (view.format.as_str(), view.aspect.as_str(), view.swizzle.as_str()),
        ("depth32float", "depth-only", "rgba")
    );
    assert!(view.label.is_none());
    let Some(SnapshotResourceDescriptor::Texture { view_formats, .. }) = &snapshot.graph.resources[0].descriptor else {
        panic!("a texture descriptor")
    };
    assert_eq!(view_formats, &["depth32float"], "view formats are listed once");
    let inspect = accesses_of(&snapshot, "node:1");
    assert_eq!(inspect[0].access.as_str(), "texture-copy-src");
    assert!(inspect[0].texture_view_id.is_none());
    assert_eq!(inspect[1].texture_view_id.as_deref(), Some("view:0"));
    let prepass = accesses_of(&snapshot, "node:0");
    assert_eq!(prepass[0].access.as_str(), "texture-depth-write");
}

#[test]
fn dependencies_join_retained_nodes_once_per_resource() {
    let mut graph = FrameGraph::new();
    let report = compile(&mut graph, |frame| {
        let value = frame.create_buffer(BufferDesc::new("value", 64)).unwrap();
        let dead = frame.create_buffer(BufferDesc::new("dead", 64)).unwrap();
        let mut pass = frame.compute_pass("write");
        let _ = pass.storage_buffer_write(value, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish_compute(|_| Ok(())).unwrap();
        let mut pass = frame.command_pass("read");
        let _ = pass.storage_buffer_read(value, BufferRange::whole()).unwrap();
        pass.finish_command(|_| Ok(())).unwrap();
        let mut pass = frame.compute_pass("accumulate");
        let _ = pass.storage_buffer_write(value, BufferRange::new(0, Some(32)), WriteContents::Preserve).unwrap();
        pass.finish_compute(|_| Ok(())).unwrap();
        let mut pass = frame.compute_pass("replace");
        let _ = pass.storage_buffer_write(value, BufferRange::new(32, Some(32)), WriteContents::Overwrite).unwrap();
        pass.finish_compute(|_| Ok(())).unwrap();
        let mut pass = frame.compute_pass("dead-reader");
        let _ = pass.storage_buffer_read(value, BufferRange::whole()).unwrap();
        let _ = pass.storage_buffer_write(dead, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish_compute(|_| Ok(())).unwrap();
        frame.mark_buffer_root(value, BufferRange::whole(), RootReason::Output).unwrap();
    });
    let full = report.full.as_ref().unwrap();
    assert!(full.dependencies.iter().any(|dependency| dependency.to.get() == 4), "the report keeps culled edges");
    let snapshot = export(&report);
    use SnapshotDependencyKind::{Ordering, Value};
    assert_eq!(
        dependencies(&snapshot),
        [
            ("node:0", "node:1", "resource:0", Value),
            ("node:0", "node:2", "resource:0", Value),
            ("node:0", "node:3", "resource:0", Ordering),
            ("node:1", "node:2", "resource:0", Ordering),
            ("node:1", "node:3", "resource:0", Ordering),
        ]
    );
}

#[test]
fn side_effect_roots_follow_the_resource_roots_in_execution_order() {
    let mut graph = FrameGraph::new();
    let report = compile(&mut graph, |frame| {
        let value = frame.create_buffer(BufferDesc::new("value", 64)).unwrap();
        frame.command_pass("first").finish_command(|_| Ok(())).unwrap();
        let mut pass = frame.compute_pass("write");
        let _ = pass.storage_buffer_write(value, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish_compute(|_| Ok(())).unwrap();
        frame.command_pass("last").finish_command(|_| Ok(())).unwrap();
        frame.mark_buffer_root(value, BufferRange::new(0, Some(32)), RootReason::DebugCapture).unwrap();
        frame.mark_buffer_root(value, BufferRange::whole(), RootReason::Output).unwrap();
        frame.mark_buffer_root(value, BufferRange::new(0, Some(32)), RootReason::DebugCapture).unwrap();
    });
    let snapshot = export(&report);
    let roots: Vec<(SnapshotRootReason, Option<&str>)> =
        snapshot.graph.roots.iter().map(|root| (root.reason(), root.node_id())).collect();
    assert_eq!(
        roots,
        [
            (SnapshotRootReason::DebugCapture, None),
            (SnapshotRootReason::Output, None),
            (SnapshotRootReason::SideEffect, Some("node:0")),
            (SnapshotRootReason::SideEffect, Some("node:2")),
        ]
    );
    let SnapshotRoot::Resource(root) = &snapshot.graph.roots[0] else { panic!("a resource root") };
    assert_eq!(root.range, Some(SnapshotResourceRange::Buffer { offset: 0, size: 32 }));
    let resolution = root.resolution.as_ref().unwrap();
    assert_eq!(
        (resolution.producer_node_ids.as_slice(), resolution.uses_initial_contents),
        (&["node:1".to_owned()][..], false)
    );
}

/// The compatibility markers of a frame, by allocation, and the allocation of each
/// resource in order.
fn markers(snapshot: &FrameGraphSnapshotV1) -> (Vec<String>, Vec<Option<String>>) {
    let SnapshotAllocationReport::Available { allocations } = &snapshot.memory.allocation_report else {
        panic!("allocations are always available")
    };
    let markers = allocations.iter().map(|allocation| allocation.compatibility_class_id.clone()).collect();
    let placement = snapshot.graph.resources.iter().map(|resource| resource.allocation_id.clone()).collect();
    (markers, placement)
}

#[test]
fn allocations_of_different_pool_scopes_get_different_markers() {
    let mut graph = FrameGraph::new();
    let first = graph.create_resource_pool_scope();
    let second = graph.create_resource_pool_scope();
    // Six equal buffers, each written and read by its own pass: disjoint lifetimes that
    // could all share one allocation without scopes.
    let record = |frame: &mut Frame<'_>, scopes: [Option<zenfg_runtime::ResourcePoolScope>; 6]| {
        for (index, scope) in scopes.into_iter().enumerate() {
            let desc = BufferDesc::new(format!("buffer-{index}"), 256);
            let buffer = match scope {
                Some(scope) => frame.create_buffer_in(scope, desc).unwrap(),
                None => frame.create_buffer(desc).unwrap(),
            };
            let mut pass = frame.command_pass(format!("use-{index}"));
            let _ = pass.storage_buffer_write(buffer, BufferRange::whole(), WriteContents::Overwrite).unwrap();
            pass.finish_command(|_| Ok(())).unwrap();
        }
    };
    let report = compile(&mut graph, |frame| {
        record(frame, [Some(first), Some(second), None, Some(first), None, Some(second)]);
    });
    let (markers_of, placement) = markers(&export(&report));
    assert_eq!(markers_of.len(), 3, "one allocation per partition: {markers_of:?}");
    let distinct: std::collections::BTreeSet<&String> = markers_of.iter().collect();
    assert_eq!(distinct.len(), 3, "every partition has its own marker: {markers_of:?}");
    assert_eq!(placement[0], placement[3], "the first scope shares within itself");
    assert_eq!(placement[1], placement[5], "the second scope shares within itself");
    assert_eq!(placement[2], placement[4], "the default domain shares within itself");
    assert!(markers_of.iter().all(|marker| marker.starts_with("compatibility:buffer|")));
    assert!(
        markers_of.iter().filter(|marker| marker.contains("partition")).count() == 2,
        "only scoped allocations carry a partition: {markers_of:?}"
    );

    // Partition numbers are local to one compile: the same scopes used in the other
    // order get the same markers in first-use order, so nothing identifies a scope.
    let swapped = compile(&mut graph, |frame| {
        record(frame, [Some(second), Some(first), None, Some(second), None, Some(first)]);
    });
    assert_eq!(markers(&export(&swapped)).0, markers_of);
}

#[test]
fn allocations_of_one_domain_share_a_marker_when_their_keys_match() {
    let mut graph = FrameGraph::new();
    let scope = graph.create_resource_pool_scope();
    let report = compile(&mut graph, |frame| {
        let buffers = [
            frame.create_buffer(BufferDesc::new("default-a", 128)).unwrap(),
            frame.create_buffer(BufferDesc::new("default-b", 128)).unwrap(),
            frame.create_buffer_in(scope, BufferDesc::new("scoped-a", 128)).unwrap(),
            frame.create_buffer_in(scope, BufferDesc::new("scoped-b", 128)).unwrap(),
        ];
        // One pass writes all four, so no two can alias.
        let mut pass = frame.command_pass("fill");
        for buffer in buffers {
            let _ = pass.storage_buffer_write(buffer, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        }
        pass.finish_command(|_| Ok(())).unwrap();
    });
    let (markers_of, placement) = markers(&export(&report));
    assert_eq!(markers_of.len(), 4);
    assert_eq!(placement.iter().collect::<std::collections::BTreeSet<_>>().len(), 4);
    assert_eq!(markers_of[0], markers_of[1], "same key in the default domain");
    assert_eq!(markers_of[2], markers_of[3], "same key in one scope");
    assert_ne!(markers_of[0], markers_of[2], "different partitions");
}

#[test]
fn pool_counters_and_gpu_timing_are_exported_when_given() {
    let mut graph = FrameGraph::new();
    let report = compile(&mut graph, |frame| {
        let data = frame.create_buffer(BufferDesc::new("data", 64)).unwrap();
        let image = frame.create_texture(TextureDesc::new_2d("image", 4, 4, TextureFormat::Rgba8Unorm)).unwrap();
        let mut pass = frame.compute_pass("simulate");
        let _ = pass.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish_compute(|_| Ok(())).unwrap();
        frame.command_pass("upload").finish_command(|_| Ok(())).unwrap();
        let mut pass = frame.render_pass("draw");
        let _ = pass.color_attachment(image, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
        let _ = pass.vertex_buffer(data, BufferRange::whole()).unwrap();
        pass.finish_render(|_| Ok(())).unwrap();
        frame.mark_texture_root(image, RootReason::Output).unwrap();
    });
    let full = report.full.as_ref().unwrap();
    let timed = |index: usize, kind, nanos| GpuTimingNodeReport {
        pass: full.nodes[index].id,
        kind,
        label: full.nodes[index].label.clone(),
        debug_group: None,
        duration: Duration::from_nanos(nanos),
    };
    let gpu = GpuTimingReport::Available {
        frame_index: 3,
        frame_duration: Duration::from_nanos(4_250),
        nodes: vec![timed(0, GpuTimingNodeKind::Compute, 1_500), timed(2, GpuTimingNodeKind::Render, 2_000)],
        debug_groups: Vec::new(),
    };
    let stats = ResourcePoolStats {
        acquire_count: 5,
        reuse_count: 3,
        created_count: 2,
        retained_count: 2,
        estimated_retained_bytes: 320,
        evicted_count: 1,
        estimated_evicted_bytes: 64,
    };
    let options = CreateFrameGraphSnapshotOptions::new(3).with_gpu_timing(&gpu).with_pool_stats(stats);
    let snapshot = create_frame_graph_snapshot(&report, options).unwrap();
    assert_eq!(
        snapshot.memory.pool_report,
        SnapshotPoolReport::Available {
            acquire_count: 5,
            reuse_count: 3,
            created_count: 2,
            retained_count: 2,
            estimated_retained_bytes: Some(320),
        }
    );
    let SnapshotGpuTimings::Available { frame_span_micros, nodes } = &snapshot.timings.gpu else {
        panic!("GPU timing was given")
    };
    assert_eq!(*frame_span_micros, 4.25);
    let timed: Vec<(&str, f64)> = nodes.iter().map(|node| (node.node_id.as_str(), node.duration_micros)).collect();
    assert_eq!(timed, [("node:0", 1.5), ("node:2", 2.0)]);
    assert_eq!(snapshot.timings.cpu, SnapshotCpuTimings::unavailable("not-requested"));
    let json = to_json(&snapshot).unwrap();
    assert!(
        json.contains(r#""frameSpanMicros":4.25"#) && json.contains(r#""durationMicros":2,"nodeId":"node:2""#),
        "{json}"
    );
}

#[test]
fn an_execution_on_the_noop_device_exports_its_timing_and_pool_counters() {
    let (device, queue) = wgpu::Device::noop(&wgpu::DeviceDescriptor::default());
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let data = frame.create_buffer(BufferDesc::new("data", 256)).unwrap();
    let image = frame.create_texture(TextureDesc::new_2d("image", 4, 4, TextureFormat::Rgba8Unorm)).unwrap();
    let mut pass = frame.compute_pass("simulate");
    let _ = pass.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    pass.finish_compute(|_| Ok(())).unwrap();
    let mut pass = frame.render_pass("draw");
    let _ = pass.color_attachment(image, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    let _ = pass.storage_buffer_read(data, BufferRange::whole()).unwrap();
    pass.finish_render(|_| Ok(())).unwrap();
    frame.mark_texture_root(image, RootReason::Output).unwrap();
    let mut compiled = frame.compile(CompileOptions::full_report()).unwrap();
    let report = compiled.take_report().unwrap();
    let options = ExecutionOptions::default().with_frame_index(9);
    let timing = compiled.execute_with_timing(&queue, options, TimingMode::Both).unwrap();
    let cpu = timing.cpu.expect("CPU timing was requested");
    let gpu = timing.gpu.expect("GPU timing was requested").try_take().expect("the noop device has no timestamps");
    let stats = graph.resource_pool_stats();

    let options =
        CreateFrameGraphSnapshotOptions::new(9).with_cpu_timing(&cpu).with_gpu_timing(&gpu).with_pool_stats(stats);
    let snapshot = create_frame_graph_snapshot(&report, options).unwrap();
    let SnapshotCpuTimings::Available { nodes, .. } = &snapshot.timings.cpu else { panic!("CPU timing was given") };
    let timed: Vec<&str> = nodes.iter().map(|node| node.node_id.as_str()).collect();
    assert_eq!(timed, ["node:0", "node:1"]);
    assert_eq!(snapshot.timings.gpu, SnapshotGpuTimings::unavailable("unsupported"));
    let SnapshotPoolReport::Available { acquire_count, created_count, .. } = snapshot.memory.pool_report else {
        panic!("pool counters were given")
    };
    assert_eq!((acquire_count, created_count), (2, 2));
    assert!(parse_frame_graph_snapshot(&to_json_pretty(&snapshot).unwrap()).is_ok());
}

#[test]
fn usage_flags_follow_protocol_order() {
    let mut graph = FrameGraph::new();
    let report = compile(&mut graph, |frame| {
        let texture = frame
            .create_texture(TextureDesc::new_2d("fixed", 4, 4, TextureFormat::Rgba8Unorm).with_usage(
                TextureUsages::RENDER_ATTACHMENT
                    | TextureUsages::STORAGE_BINDING
                    | TextureUsages::TEXTURE_BINDING
                    | TextureUsages::COPY_DST
                    | TextureUsages::COPY_SRC,
            ))
            .unwrap();
        let buffer = frame
            .create_buffer(BufferDesc::new("fixed", 64).with_usage(
                BufferUsages::QUERY_RESOLVE
                    | BufferUsages::INDIRECT
                    | BufferUsages::STORAGE
                    | BufferUsages::UNIFORM
                    | BufferUsages::VERTEX
                    | BufferUsages::INDEX
                    | BufferUsages::COPY_DST
                    | BufferUsages::COPY_SRC,
            ))
            .unwrap();
        let mut pass = frame.command_pass("fill");
        let _ = pass.texture_copy_dst(texture, WriteContents::Overwrite).unwrap();
        let _ = pass.buffer_copy_dst(buffer, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish_command(|_| Ok(())).unwrap();
    });
    let snapshot = export(&report);
    use SnapshotUsageFlag as F;
    assert_eq!(
        snapshot.graph.resources[0].usage_flags,
        [F::CopySrc, F::CopyDst, F::TextureBinding, F::StorageBinding, F::RenderAttachment]
    );
    assert_eq!(
        snapshot.graph.resources[1].usage_flags,
        [F::CopySrc, F::CopyDst, F::Index, F::Vertex, F::Uniform, F::Storage, F::Indirect, F::QueryResolve]
    );
    let readback = BufferUsages::MAP_READ | BufferUsages::COPY_DST;
    let report = compile(&mut graph, |frame| {
        let target = frame
            .import_buffer(
                BufferDesc::new("readback", 16),
                ImportBufferOptions::new(InitialContents::Undefined).with_exposed_usage(readback),
            )
            .unwrap();
        let mut pass = frame.command_pass("copy");
        let _ = pass.buffer_copy_dst(target, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish_command(|_| Ok(())).unwrap();
    });
    assert_eq!(export(&report).graph.resources[0].usage_flags, [F::MapRead, F::CopyDst]);
}

/// Two transients of one kind with disjoint lifetimes, aliased unless told otherwise.
fn record_two_scratch_buffers(frame: &mut Frame<'_>) {
    let output =
        frame.import_buffer(BufferDesc::new("output", 64), ImportBufferOptions::new(InitialContents::Defined)).unwrap();
    for label in ["first", "second"] {
        let scratch = frame.create_buffer(BufferDesc::new(format!("{label}-scratch"), 64)).unwrap();
        let mut pass = frame.compute_pass(format!("{label}-write"));
        let _ = pass.storage_buffer_write(scratch, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish_compute(|_| Ok(())).unwrap();
        let mut pass = frame.compute_pass(format!("{label}-read"));
        let _ = pass.storage_buffer_read(scratch, BufferRange::whole()).unwrap();
        let _ = pass.storage_buffer_write(output, BufferRange::whole(), WriteContents::Preserve).unwrap();
        pass.finish_compute(|_| Ok(())).unwrap();
    }
    frame.mark_buffer_root(output, BufferRange::whole(), RootReason::Output).unwrap();
}

#[test]
fn a_frame_compiled_without_aliasing_says_so_in_its_snapshot() {
    let mut graph = FrameGraph::new();
    let allocations = |snapshot: &FrameGraphSnapshotV1| match &snapshot.memory.allocation_report {
        SnapshotAllocationReport::Available { allocations } => allocations.len(),
        other => panic!("no allocation table: {other:?}"),
    };

    let aliased = export(&compile(&mut graph, record_two_scratch_buffers));
    assert!(aliased.extensions.is_empty(), "{:?}", aliased.extensions);
    assert_eq!(allocations(&aliased), 1);

    let mut frame = graph.begin_frame();
    record_two_scratch_buffers(&mut frame);
    let mut compiled = frame.compile(CompileOptions::full_report().without_aliasing()).unwrap();
    let separate = export(&compiled.take_report().unwrap());
    assert_eq!(
        separate.extensions.get(zenfg_runtime::snapshot::COMPILE_EXTENSION),
        Some(&serde_json::json!({ "aliasing": "disabled" }))
    );
    assert_eq!(allocations(&separate), 2);
    // The extension is part of a valid document and survives a round trip.
    let parsed = parse_frame_graph_snapshot(&to_json(&separate).unwrap()).unwrap();
    assert_eq!(parsed.snapshot.extensions, separate.extensions);
}

#[test]
fn every_execution_of_a_repeatable_frame_exports_a_valid_snapshot_with_its_timing() {
    let (device, queue) = wgpu::Device::noop(&wgpu::DeviceDescriptor::default());
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let data = frame.create_buffer(BufferDesc::new("data", 64)).unwrap();
    let mut pass = frame.compute_pass("simulate");
    let _ = pass.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    pass.finish_compute_repeatable(|_| Ok(())).unwrap();
    frame.mark_buffer_root(data, BufferRange::whole(), RootReason::Output).unwrap();
    let mut repeatable = frame.compile(CompileOptions::full_report()).unwrap().into_repeatable().unwrap();
    for index in 0..3 {
        let options = ExecutionOptions::default().with_frame_index(index);
        let timing = repeatable.execute_with_timing(&queue, options, TimingMode::Cpu).unwrap();
        let cpu = timing.cpu.expect("CPU timing was requested");
        let report = repeatable.compiled().report().expect("a full report was asked for");
        let options = CreateFrameGraphSnapshotOptions::new(index)
            .with_cpu_timing(&cpu)
            .with_pool_stats(repeatable.graph().resource_pool_stats());
        let snapshot = create_frame_graph_snapshot(report, options).expect("the snapshot validates");
        assert_eq!(snapshot.capture.frame_index, index);
        let parsed = parse_frame_graph_snapshot(&to_json(&snapshot).unwrap()).unwrap();
        assert_eq!(parsed.snapshot, snapshot, "execution {index} round-trips");
    }
}
