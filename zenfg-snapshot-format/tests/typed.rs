//! Building snapshots from Rust, as a producer does, and validating the typed form.

mod common;

use common::triples;
use zenfg_snapshot_format::{
    FrameGraphSnapshotV1, SnapshotAccess, SnapshotAccessKind, SnapshotAllocation, SnapshotAllocationReport,
    SnapshotCapture, SnapshotCpuNodeTiming, SnapshotCpuTimings, SnapshotDecodeSource, SnapshotDependency,
    SnapshotDependencyKind, SnapshotGpuTimings, SnapshotGraph, SnapshotGroup, SnapshotInitialContents,
    SnapshotLifetime, SnapshotMemory, SnapshotNode, SnapshotNodeCompileState, SnapshotNodeKind, SnapshotPoolReport,
    SnapshotProducer, SnapshotResource, SnapshotResourceDescriptor, SnapshotResourceKind, SnapshotResourceOrigin,
    SnapshotResourceRange, SnapshotResourceRoot, SnapshotRoot, SnapshotRootReason, SnapshotRootResolution,
    SnapshotRuntime, SnapshotSegment, SnapshotSegmentKind, SnapshotTextureRegion, SnapshotTextureSize, SnapshotTimings,
    SnapshotUsageFlag, SnapshotWriteContents, parse_frame_graph_snapshot, to_json, to_json_pretty,
    validate_typed_frame_graph_snapshot,
};

fn retained(order: u64) -> SnapshotNodeCompileState {
    SnapshotNodeCompileState::Retained { execution_order: order }
}

/// A two-pass frame: a compute pass fills a transient buffer, a render pass reads it and
/// presents to the surface.
fn produced() -> FrameGraphSnapshotV1 {
    let mut producer = SnapshotProducer::new("zenfg");
    producer.version = Some("0.1.0".to_owned());
    producer.language = Some("rust".to_owned());
    producer.runtime = Some(SnapshotRuntime {
        implementation: Some("wgpu".to_owned()),
        graphics_api: Some("webgpu".to_owned()),
        backend: None,
    });

    let mut graph = SnapshotGraph::default();
    graph.groups.push(SnapshotGroup::new("group:0", "Frame"));
    for (order, (id, kind)) in
        [("node:0", SnapshotNodeKind::Compute), ("node:1", SnapshotNodeKind::Render)].into_iter().enumerate()
    {
        let mut node = SnapshotNode::new(id, kind, false, retained(order as u64));
        node.recording_order = Some(order as u64);
        node.group_id = Some("group:0".to_owned());
        graph.nodes.push(node);
    }

    let mut data = SnapshotResource::new("resource:0", SnapshotResourceKind::Buffer, SnapshotResourceOrigin::Transient);
    data.initial_contents = Some(SnapshotInitialContents::Undefined);
    data.lifetime = Some(SnapshotLifetime { first_use: 0, last_use: 1 });
    data.allocation_id = Some("allocation:0".to_owned());
    data.descriptor = Some(SnapshotResourceDescriptor::Buffer { size: 256 });
    data.usage_flags = vec![SnapshotUsageFlag::Storage];
    let mut surface =
        SnapshotResource::new("resource:1", SnapshotResourceKind::Texture, SnapshotResourceOrigin::Surface);
    surface.initial_contents = Some(SnapshotInitialContents::Undefined);
    surface.descriptor = Some(SnapshotResourceDescriptor::Texture {
        format: "bgra8unorm".to_owned(),
        size: SnapshotTextureSize { width: 64, height: 64, depth_or_array_layers: 1 },
        dimension: "2d".to_owned(),
        mip_level_count: 1,
        sample_count: 1,
        view_formats: Vec::new(),
    });
    surface.usage_flags = vec![SnapshotUsageFlag::RenderAttachment];
    graph.resources = vec![data, surface];

    let mut fill = SnapshotAccess::write(
        "access:0",
        "node:0",
        "resource:0",
        SnapshotAccessKind::BufferStorageWrite,
        SnapshotWriteContents::Overwrite,
        true,
    );
    fill.buffer_range = Some(zenfg_snapshot_format::SnapshotBufferRange::new(0, None));
    let mut read = SnapshotAccess::read("access:1", "node:1", "resource:0", SnapshotAccessKind::BufferStorageRead);
    read.buffer_range = Some(zenfg_snapshot_format::SnapshotBufferRange::new(0, Some(256)));
    let region = SnapshotTextureRegion::array_layers(0, 1, 0, 1, "all");
    let mut present = SnapshotAccess::write(
        "access:2",
        "node:1",
        "resource:1",
        SnapshotAccessKind::TextureColorAttachmentWrite,
        SnapshotWriteContents::Overwrite,
        true,
    );
    present.texture_region = Some(region.clone());
    graph.accesses = vec![fill, read, present];
    graph.dependencies.push(SnapshotDependency::new("node:0", "node:1", "resource:0", SnapshotDependencyKind::Value));
    graph.roots.push(SnapshotRoot::Resource(SnapshotResourceRoot::new(
        SnapshotRootReason::Present,
        "resource:1",
        SnapshotResourceRange::Texture { regions: vec![region] },
        SnapshotRootResolution { producer_node_ids: vec!["node:1".to_owned()], uses_initial_contents: false },
    )));
    graph.segments.push(SnapshotSegment::new(
        "segment:0",
        0,
        SnapshotSegmentKind::FrameGraph,
        vec!["node:0".to_owned(), "node:1".to_owned()],
    ));

    let memory = SnapshotMemory {
        allocation_report: SnapshotAllocationReport::Available {
            allocations: vec![SnapshotAllocation {
                id: "allocation:0".to_owned(),
                kind: SnapshotResourceKind::Buffer,
                compatibility_class_id: "compatibility:storage-256".to_owned(),
                estimated_byte_size: Some(256),
            }],
        },
        pool_report: SnapshotPoolReport::unavailable("not-requested"),
    };
    let timings = SnapshotTimings {
        cpu: SnapshotCpuTimings::Available {
            execution_duration_micros: 1000.0,
            nodes: vec![SnapshotCpuNodeTiming { node_id: "node:1".to_owned(), duration_micros: 2.5 }],
        },
        gpu: SnapshotGpuTimings::unavailable("not-requested"),
    };
    FrameGraphSnapshotV1::new(producer, SnapshotCapture::new(5), graph, memory, timings)
}

#[test]
fn a_snapshot_built_from_rust_validates_encodes_and_decodes_back() {
    let snapshot = produced();
    validate_typed_frame_graph_snapshot(&snapshot).expect("valid");
    let json = to_json(&snapshot).expect("encodes");
    assert!(json.contains(r#""executionDurationMicros":1000,"#), "{json}");
    assert!(json.contains(r#""bufferRange":{"offset":0},"#), "{json}");
    let decoded = parse_frame_graph_snapshot(&json).expect("decodes");
    assert_eq!(decoded.source, SnapshotDecodeSource::V1);
    assert_eq!(decoded.snapshot, snapshot);
    let pretty = to_json_pretty(&snapshot).expect("encodes");
    assert_eq!(parse_frame_graph_snapshot(&pretty).expect("decodes").snapshot, snapshot);
}

#[test]
fn the_typed_validator_runs_every_rule() {
    let mut snapshot = produced();
    if let Some(runtime) = snapshot.producer.runtime.as_mut() {
        runtime.backend = Some(String::new());
    }
    snapshot.graph.segments[0].node_ids.pop();
    snapshot.graph.nodes[1].id = "pass 1".to_owned();
    let error = validate_typed_frame_graph_snapshot(&snapshot).expect_err("invalid");
    assert_eq!(
        triples(error.issues()),
        vec![
            (
                "invalid-id".to_owned(),
                "/graph/nodes/1/id".to_owned(),
                "Entity id must use a type-prefixed string such as \"node:1\".".to_owned()
            ),
            (
                "empty-string".to_owned(),
                "/producer/runtime/backend".to_owned(),
                "Expected a non-empty string.".to_owned()
            ),
        ]
    );

    let mut snapshot = produced();
    snapshot.graph.segments[0].node_ids.pop();
    let error = to_json(&snapshot).expect_err("semantic rules apply too");
    assert_eq!(error.issues()[0].code, "invalid-segment-sequence");
}

#[test]
fn non_finite_timings_are_invalid_json_values() {
    let mut snapshot = produced();
    snapshot.timings.cpu = SnapshotCpuTimings::Available {
        execution_duration_micros: f64::INFINITY,
        nodes: vec![SnapshotCpuNodeTiming { node_id: "node:0".to_owned(), duration_micros: f64::NAN }],
    };
    let error = validate_typed_frame_graph_snapshot(&snapshot).expect_err("not JSON");
    assert_eq!(
        triples(error.issues()),
        vec![
            (
                "invalid-json-value".to_owned(),
                "/timings/cpu/executionDurationMicros".to_owned(),
                "Expected a finite JSON number.".to_owned()
            ),
            (
                "invalid-json-value".to_owned(),
                "/timings/cpu/nodes/0/durationMicros".to_owned(),
                "Expected a finite JSON number.".to_owned()
            ),
        ]
    );
}

#[test]
fn root_accessors_describe_both_shapes() {
    let snapshot = produced();
    let root = &snapshot.graph.roots[0];
    assert_eq!(root.reason(), SnapshotRootReason::Present);
    assert_eq!(root.node_id(), None);
    assert_eq!(root.resource().map(|root| root.resource_id.as_str()), Some("resource:1"));
    let side_effect = SnapshotRoot::side_effect("node:0");
    assert_eq!(side_effect.reason(), SnapshotRootReason::SideEffect);
    assert_eq!(side_effect.node_id(), Some("node:0"));
    assert!(side_effect.resource().is_none());
}
