//! A generated Snapshot of any number of passes, for the view tests and benchmarks.
//!
//! Every tenth pass is a culled debug view; every thousandth (from the 500th on) is an
//! external submission with its own segment; the rest alternate render and compute,
//! each reading the previous retained pass's texture and writing its own, so every
//! retained pass has a value dependency on the one before it. Transients share
//! allocations in pairs (the one of execution order `e` with the one of `e + 2`), each
//! pair ordered by an ordering-only dependency. Passes sit in stage groups of ten under
//! one `frame` group; CPU and GPU timings cover every pass that may have them.

use zenfg_snapshot_format::{
    FrameGraphSnapshotV1, SnapshotAccess, SnapshotAccessKind, SnapshotAllocation, SnapshotAllocationReport,
    SnapshotCapture, SnapshotCpuNodeTiming, SnapshotCpuTimings, SnapshotDependency, SnapshotDependencyKind,
    SnapshotDiagnostic, SnapshotDiagnosticSeverity, SnapshotGpuNodeTiming, SnapshotGpuTimings, SnapshotGraph,
    SnapshotGroup, SnapshotInitialContents, SnapshotLifetime, SnapshotMemory, SnapshotNode, SnapshotNodeCompileState,
    SnapshotNodeKind, SnapshotPoolReport, SnapshotProducer, SnapshotResource, SnapshotResourceDescriptor,
    SnapshotResourceKind, SnapshotResourceOrigin, SnapshotResourceRange, SnapshotResourceRoot, SnapshotRoot,
    SnapshotRootReason, SnapshotRootResolution, SnapshotSegment, SnapshotSegmentKind, SnapshotTextureRegion,
    SnapshotTextureSize, SnapshotTimings, SnapshotUsageFlag, SnapshotWriteContents,
};

const TEXTURE_BYTES: u64 = 1920 * 1080 * 8;

fn descriptor() -> SnapshotResourceDescriptor {
    SnapshotResourceDescriptor::Texture {
        format: "rgba16float".to_owned(),
        size: SnapshotTextureSize { width: 1920, height: 1080, depth_or_array_layers: 1 },
        dimension: "2d".to_owned(),
        mip_level_count: 1,
        sample_count: 1,
        view_formats: Vec::new(),
    }
}

fn region() -> SnapshotTextureRegion {
    SnapshotTextureRegion::array_layers(0, 1, 0, 1, "all")
}

/// A valid Snapshot of `passes` passes (at least one).
pub fn generated_snapshot(passes: usize) -> FrameGraphSnapshotV1 {
    let mut graph = SnapshotGraph::default();
    graph.groups.push(SnapshotGroup::new("group:frame", "frame"));
    let mut cpu = Vec::new();
    let mut gpu = Vec::new();
    let mut allocations = Vec::new();
    let mut diagnostics = Vec::new();
    let mut segment_nodes: Vec<String> = Vec::new();
    // (execution order, node id, resource id) of the last retained pass.
    let mut previous: Option<(u64, String, String)> = None;
    // Resource ids by execution order, to set lifetimes once readers are known.
    let mut outputs: Vec<usize> = Vec::new();
    // Node ids by execution order.
    let mut retained_ids: Vec<String> = Vec::new();
    let mut execution = 0u64;

    for pass in 0..passes {
        if pass % 10 == 0 {
            let mut group = SnapshotGroup::new(format!("group:stage-{}", pass / 10), format!("stage {}", pass / 10));
            group.parent_id = Some("group:frame".to_owned());
            graph.groups.push(group);
        }
        let group_id = Some(format!("group:stage-{}", pass / 10));
        let node_id = format!("node:{pass}");
        let culled = pass % 10 == 9;
        let external = !culled && pass % 1000 == 500;
        let kind = match (culled, external, pass % 2) {
            (true, _, _) => SnapshotNodeKind::Compute,
            (false, true, _) => SnapshotNodeKind::ExternalSubmission,
            (false, false, 0) => SnapshotNodeKind::Render,
            (false, false, _) => SnapshotNodeKind::Compute,
        };
        let state = if culled {
            SnapshotNodeCompileState::Culled { reason: "not-reachable-from-root".to_owned() }
        } else {
            SnapshotNodeCompileState::Retained { execution_order: execution }
        };
        let mut node = SnapshotNode::new(node_id.clone(), kind, external, state);
        node.recording_order = Some(pass as u64);
        node.label = Some(if culled { format!("debug-{pass}") } else { format!("pass-{pass}") });
        node.group_id = group_id.clone();
        graph.nodes.push(node);

        let resource_id = format!("resource:{pass}");
        let mut resource = SnapshotResource::new(
            resource_id.clone(),
            SnapshotResourceKind::Texture,
            SnapshotResourceOrigin::Transient,
        );
        resource.label = Some(format!("target-{pass}"));
        resource.initial_contents = Some(SnapshotInitialContents::Undefined);
        resource.group_id = group_id;
        resource.estimated_byte_size = Some(TEXTURE_BYTES);
        resource.descriptor = Some(descriptor());
        resource.usage_flags = vec![SnapshotUsageFlag::TextureBinding, SnapshotUsageFlag::StorageBinding];
        if kind == SnapshotNodeKind::Render {
            resource.usage_flags = vec![SnapshotUsageFlag::TextureBinding, SnapshotUsageFlag::RenderAttachment];
        }

        if let Some((_, _, read)) = &previous {
            let mut access = SnapshotAccess::read(
                format!("access:{pass}:read"),
                node_id.clone(),
                read.clone(),
                SnapshotAccessKind::TextureSampled,
            );
            access.texture_region = Some(region());
            graph.accesses.push(access);
        }
        let write_kind = if kind == SnapshotNodeKind::Render {
            SnapshotAccessKind::TextureColorAttachmentWrite
        } else {
            SnapshotAccessKind::TextureStorageWrite
        };
        let mut write = SnapshotAccess::write(
            format!("access:{pass}:write"),
            node_id.clone(),
            resource_id.clone(),
            write_kind,
            SnapshotWriteContents::Overwrite,
            !culled,
        );
        write.texture_region = Some(region());
        graph.accesses.push(write);

        if culled {
            graph.resources.push(resource);
            diagnostics.push({
                let mut diagnostic = SnapshotDiagnostic::new(
                    SnapshotDiagnosticSeverity::Info,
                    "culled-pass",
                    format!("debug-{pass} feeds no root"),
                );
                diagnostic.node_id = Some(node_id);
                diagnostic
            });
            continue;
        }

        let allocation = (execution / 4) * 2 + execution % 2;
        let allocation_id = format!("allocation:{allocation}");
        if execution % 4 < 2 {
            allocations.push(SnapshotAllocation {
                id: allocation_id.clone(),
                kind: SnapshotResourceKind::Texture,
                compatibility_class_id: "compatibility:rgba16float-1920x1080".to_owned(),
                estimated_byte_size: Some(TEXTURE_BYTES),
            });
        }
        resource.allocation_id = Some(allocation_id);
        resource.lifetime = Some(SnapshotLifetime { first_use: execution, last_use: execution });
        if let Some((order, from, read)) = &previous {
            graph.dependencies.push(SnapshotDependency::new(
                from.clone(),
                node_id.clone(),
                read.clone(),
                SnapshotDependencyKind::Value,
            ));
            if let Some(&reader_of) = outputs.get(*order as usize)
                && let Some(lifetime) = graph.resources[reader_of].lifetime.as_mut()
            {
                lifetime.last_use = execution;
            }
        }
        if execution % 4 >= 2 {
            let earlier = execution as usize - 2;
            graph.dependencies.push(SnapshotDependency::new(
                retained_ids[earlier].clone(),
                node_id.clone(),
                graph.resources[outputs[earlier]].id.clone(),
                SnapshotDependencyKind::Ordering,
            ));
        }
        outputs.push(graph.resources.len());
        retained_ids.push(node_id.clone());
        graph.resources.push(resource);

        cpu.push(SnapshotCpuNodeTiming { node_id: node_id.clone(), duration_micros: 2.0 + (pass % 7) as f64 });
        if matches!(kind, SnapshotNodeKind::Render | SnapshotNodeKind::Compute) {
            gpu.push(SnapshotGpuNodeTiming { node_id: node_id.clone(), duration_micros: 10.0 + (pass % 13) as f64 });
        }
        if external {
            if !segment_nodes.is_empty() {
                push_segment(&mut graph, SnapshotSegmentKind::FrameGraph, std::mem::take(&mut segment_nodes));
            }
            push_segment(&mut graph, SnapshotSegmentKind::ExternalSubmission, vec![node_id.clone()]);
            graph.roots.push(SnapshotRoot::side_effect(node_id.clone()));
        } else {
            segment_nodes.push(node_id.clone());
        }
        previous = Some((execution, node_id, resource_id));
        execution += 1;
    }
    if !segment_nodes.is_empty() {
        push_segment(&mut graph, SnapshotSegmentKind::FrameGraph, segment_nodes);
    }
    if let Some((_, producer, resource)) = previous {
        graph.roots.push(SnapshotRoot::Resource(SnapshotResourceRoot::new(
            SnapshotRootReason::Output,
            resource,
            SnapshotResourceRange::Texture { regions: vec![region()] },
            SnapshotRootResolution { producer_node_ids: vec![producer], uses_initial_contents: false },
        )));
    }

    let memory = SnapshotMemory {
        allocation_report: SnapshotAllocationReport::Available { allocations },
        pool_report: SnapshotPoolReport::Available {
            acquire_count: execution,
            reuse_count: execution / 2,
            created_count: execution - execution / 2,
            retained_count: execution / 2,
            estimated_retained_bytes: Some(execution / 2 * TEXTURE_BYTES),
        },
    };
    let timings = SnapshotTimings {
        cpu: SnapshotCpuTimings::Available { execution_duration_micros: 3.0 * execution as f64 + 50.0, nodes: cpu },
        gpu: SnapshotGpuTimings::Available { frame_span_micros: 16.0 * execution as f64, nodes: gpu },
    };
    let capture = SnapshotCapture { captured_at: Some("2026-01-01T00:00:00Z".to_owned()), ..SnapshotCapture::new(7) };
    let mut snapshot = FrameGraphSnapshotV1::new(SnapshotProducer::new("generated"), capture, graph, memory, timings);
    snapshot.diagnostics = diagnostics;
    snapshot
}

fn push_segment(graph: &mut SnapshotGraph, kind: SnapshotSegmentKind, node_ids: Vec<String>) {
    let order = graph.segments.len() as u64;
    graph.segments.push(SnapshotSegment::new(format!("segment:{order}"), order, kind, node_ids));
}
