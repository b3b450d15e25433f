//! The compilation report: report levels never change the plan, and every
//! table of the full report says what compilation decided (spec §1.10).

use crate::common::*;
use zenfg_runtime::wgpu::{BufferUsages, Color, TextureFormat, TextureUsages};
use zenfg_runtime::{
    AccessMode, AccessRole, BufferDesc, BufferRange, ColorAttachmentOps, CompilationReport, CompileOptions,
    CulledNodeReason, DependencyKind, DiagnosticSeverity, ExecutionSegmentKind, Frame, FrameGraph, HazardKind,
    ImportBufferOptions, InitialContents, NodeKind, ReportLevel, ResourceDescriptor, ResourceId, ResourceKind,
    ResourceLifetime, ResourceOrigin, ResourceUsage, RootReason, TextureDesc, TextureViewDesc, ValueKind,
    WriteContents,
};

/// A frame with culling, aliasing, imports, a view and an external boundary.
fn record_mixed(frame: &mut Frame<'_>) -> Vec<ResourceId> {
    let history = frame
        .import_buffer(BufferDesc::new("history", 128), ImportBufferOptions::new(InitialContents::Defined))
        .unwrap();
    let a = buffer(frame, "a", 100);
    let b = buffer(frame, "b", 90);
    let unused = buffer(frame, "unused", 32);
    let image =
        frame.create_texture(TextureDesc::new_2d("image", 8, 8, TextureFormat::Rgba8Unorm).with_mips(2)).unwrap();
    let mip1 = frame.create_texture_view(image, TextureViewDesc::mip(1)).unwrap();
    let mut pass = frame.compute_pass("fill-a");
    let _ = pass.storage_buffer_read(history, BufferRange::new(0, Some(64))).unwrap();
    let _ = pass.storage_buffer_write(a, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    pass.finish().unwrap();
    let mut pass = frame.compute_pass("dead");
    let _ = pass.storage_buffer_write(unused, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    pass.finish().unwrap();
    let mut pass = frame.compute_pass("a-to-history");
    let _ = pass.storage_buffer_read(a, BufferRange::whole()).unwrap();
    let _ = pass.storage_buffer_write(history, BufferRange::new(64, None), WriteContents::Preserve).unwrap();
    pass.finish().unwrap();
    frame.external_submission("third-party").finish().unwrap();
    let mut pass = frame.compute_pass("fill-b");
    let _ = pass.storage_buffer_write(b, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let _ = pass.storage_texture_write(mip1, WriteContents::Overwrite).unwrap();
    pass.finish().unwrap();
    let mut pass = frame.command_pass("b-to-history");
    let _ = pass.buffer_copy_src(b, BufferRange::whole()).unwrap();
    let _ = pass.sampled_texture(mip1).unwrap();
    pass.finish().unwrap();
    frame.mark_buffer_root(history, BufferRange::whole(), RootReason::PersistentState).unwrap();
    vec![history.id(), a.id(), b.id(), unused.id(), image.id()]
}

#[test]
fn asking_for_a_report_never_changes_the_plan() {
    let mut graph = FrameGraph::new();
    let mut plans = Vec::new();
    let mut summaries: Vec<CompilationReport> = Vec::new();
    for level in [ReportLevel::None, ReportLevel::Summary, ReportLevel::Full] {
        let mut frame = graph.begin_frame();
        let ids = record_mixed(&mut frame);
        let options = match level {
            ReportLevel::Summary => CompileOptions::summary_report(),
            ReportLevel::Full => CompileOptions::full_report(),
            _ => CompileOptions::no_report(),
        };
        let mut compiled = frame.compile(options).unwrap();
        let usages: Vec<_> = ids.iter().map(|&id| compiled.resource_usage(id)).collect();
        plans.push((
            compiled.retained_node_count(),
            compiled.allocation_count(),
            compiled.execution_segments(),
            usages,
        ));
        let report = compiled.take_report();
        assert!(compiled.report().is_none(), "the report was moved out");
        match level {
            ReportLevel::None => assert!(report.is_none()),
            ReportLevel::Summary => assert!(report.as_ref().unwrap().full.is_none()),
            _ => assert!(report.as_ref().unwrap().full.is_some()),
        }
        summaries.extend(report);
    }
    assert_eq!(plans[0], plans[1]);
    assert_eq!(plans[0], plans[2]);
    let (retained_count, allocation_count, segments, _) = &plans[0];
    assert_eq!(*retained_count, 5);
    assert_eq!(*allocation_count, 3, "a, b and the image: different size classes and usages");
    assert_eq!(segments.len(), 3);

    let [summary, full] = [&summaries[0], &summaries[1]];
    let mut without_timings = summary.summary.clone();
    without_timings.timings = full.summary.timings;
    assert_eq!(without_timings, full.summary);
    assert_eq!(full.summary.allocation_count, *allocation_count);
    assert_eq!(tables(full).allocations.len(), *allocation_count);
    assert_eq!(full.summary.dependency_count, tables(full).dependencies.len());
}

#[test]
fn the_default_options_compile_without_a_report() {
    assert_eq!(CompileOptions::default(), CompileOptions::no_report());
    assert_eq!(CompileOptions::default().report_level, ReportLevel::None);
    let mut graph = FrameGraph::new();
    let frame = graph.begin_frame();
    let mut compiled = frame.compile(CompileOptions::default()).unwrap();
    assert!(compiled.report().is_none());
    assert!(compiled.take_report().is_none());
}

#[test]
fn the_full_report_tables_describe_nodes_resources_views_accesses_values_and_plan() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let params_desc = BufferDesc::new("params", 64);
    let params = frame
        .import_buffer(
            params_desc.clone(),
            ImportBufferOptions::new(InitialContents::Defined).with_exposed_usage(BufferUsages::UNIFORM),
        )
        .unwrap();
    let lighting = frame.push_debug_group("lighting").unwrap();
    let color_desc = TextureDesc::new_2d("color", 4, 4, TextureFormat::Rgba8Unorm);
    let color = frame.create_texture(color_desc.clone()).unwrap();
    let view_desc = TextureViewDesc::default().with_label("color-view");
    let view = frame.create_texture_view(color, view_desc.clone()).unwrap();
    let mut pass = frame.render_pass("draw");
    let draw_color = pass.color_attachment(color, ColorAttachmentOps::clear_store(Color::BLACK)).unwrap();
    let draw_params = pass.uniform_buffer(params, BufferRange::new(0, Some(16))).unwrap();
    let draw = pass.finish().unwrap();
    frame.pop_debug_group().unwrap();
    let scratch = buffer(&mut frame, "scratch", 256);
    let result = imported_buffer(&mut frame, "result", 64, InitialContents::Undefined);
    let mut pass = frame.compute_pass("unused");
    let unused_write = pass.storage_buffer_write(scratch, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let unused = pass.finish().unwrap();
    let mut pass = frame.compute_pass("post");
    let post_sample = pass.sampled_texture(view).unwrap();
    let post_write = pass.storage_buffer_write(result, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let post = pass.finish().unwrap();
    frame.mark_buffer_root(result, BufferRange::whole(), RootReason::Output).unwrap();

    let report = compile_full(frame);
    let summary = &report.summary;
    assert_eq!((summary.recorded_node_count, summary.retained_node_count, summary.culled_node_count), (3, 2, 1));
    assert_eq!((summary.resource_count, summary.view_count, summary.access_count), (4, 1, 5));
    assert_eq!((summary.value_count, summary.dependency_count, summary.allocation_count), (4, 1, 1));
    assert_eq!(
        (summary.logical_transient_count, summary.logical_transient_bytes, summary.physical_allocation_bytes),
        (1, 64, 64)
    );
    let timings = summary.timings;
    assert_eq!(
        timings.total,
        timings.validation + timings.dependencies + timings.retention + timings.planning + timings.report
    );
    assert!(!timings.total.is_zero());

    let full = tables(&report);
    let nodes: Vec<_> = full
        .nodes
        .iter()
        .map(|node| {
            (node.id, node.recording_order, node.execution_order, node.kind, node.label.to_string(), node.debug_group)
        })
        .collect();
    assert_eq!(
        nodes,
        vec![
            (draw, 0, 0, NodeKind::Render, "draw".to_string(), Some(lighting)),
            (post, 2, 1, NodeKind::Compute, "post".to_string(), None),
        ]
    );
    assert_eq!(full.culled_nodes.len(), 1);
    let culled_node = &full.culled_nodes[0];
    assert_eq!((culled_node.id, culled_node.recording_order, culled_node.kind), (unused, 1, NodeKind::Compute));
    assert_eq!((culled_node.label.as_ref(), culled_node.reason), ("unused", CulledNodeReason::NotReachableFromRoot));

    let params_row = resource(full, params.id());
    assert_eq!((params_row.kind, params_row.label.as_ref()), (ResourceKind::Buffer, "params"));
    assert_eq!((params_row.origin, params_row.initial_contents), (ResourceOrigin::Imported, InitialContents::Defined));
    assert_eq!(params_row.descriptor, ResourceDescriptor::Buffer(params_desc));
    assert_eq!(params_row.effective_usage, ResourceUsage::Buffer(BufferUsages::UNIFORM));
    assert_eq!(params_row.estimated_byte_size, 64);
    assert_eq!(params_row.lifetime, Some(ResourceLifetime { first_use: 0, last_use: 0 }));
    assert_eq!((params_row.allocation, params_row.debug_group, params_row.scoped), (None, None, false));
    let color_row = resource(full, color.id());
    assert_eq!((color_row.kind, color_row.origin), (ResourceKind::Texture, ResourceOrigin::Transient));
    assert_eq!(color_row.initial_contents, InitialContents::Undefined);
    assert_eq!(color_row.descriptor, ResourceDescriptor::Texture(Box::new(color_desc)));
    let color_usage = TextureUsages::RENDER_ATTACHMENT | TextureUsages::TEXTURE_BINDING;
    assert_eq!(color_row.effective_usage, ResourceUsage::Texture(color_usage));
    assert_eq!(color_row.estimated_byte_size, 64);
    assert_eq!(color_row.lifetime, Some(ResourceLifetime { first_use: 0, last_use: 1 }));
    assert_eq!((color_row.allocation, color_row.debug_group), (Some(full.allocations[0].id), Some(lighting)));
    let scratch_row = resource(full, scratch.id());
    assert_eq!(scratch_row.effective_usage, ResourceUsage::Buffer(BufferUsages::empty()));
    assert_eq!((scratch_row.lifetime, scratch_row.allocation, scratch_row.estimated_byte_size), (None, None, 256));
    let result_row = resource(full, result.id());
    assert_eq!(
        (result_row.origin, result_row.initial_contents),
        (ResourceOrigin::Imported, InitialContents::Undefined)
    );
    assert_eq!(result_row.lifetime, Some(ResourceLifetime { first_use: 1, last_use: 1 }));

    assert_eq!(full.views.len(), 1);
    let view_row = &full.views[0];
    assert_eq!((view_row.id, view_row.texture), (view.id(), color.id()));
    assert_eq!(view_row.descriptor, view_desc);
    assert_eq!(view_row.normalized.label.as_deref(), Some("color-view"));
    assert_eq!(view_row.range, regions(&[sub(0, 0, 1)]));

    let accesses: Vec<_> = full
        .accesses
        .iter()
        .map(|access| {
            (
                access.id,
                access.pass,
                access.resource,
                access.view,
                access.role,
                access.mode,
                access.consumes_previous,
                access.produces_value,
                access.write_contents,
                access.range.clone(),
                access.value.map(|value| value.get()),
            )
        })
        .collect();
    let overwrite = Some(WriteContents::Overwrite);
    assert_eq!(
        accesses,
        vec![
            (
                draw_color.access_id(),
                draw,
                color.id(),
                None,
                AccessRole::ColorAttachment,
                AccessMode::Write,
                false,
                true,
                overwrite,
                regions(&[sub(0, 0, 1)]),
                Some(1),
            ),
            (
                draw_params.access_id(),
                draw,
                params.id(),
                None,
                AccessRole::UniformBuffer,
                AccessMode::Read,
                true,
                false,
                None,
                bytes(0, 16),
                None,
            ),
            (
                unused_write.access_id(),
                unused,
                scratch.id(),
                None,
                AccessRole::StorageBufferWrite,
                AccessMode::Write,
                false,
                true,
                overwrite,
                bytes(0, 256),
                Some(2),
            ),
            (
                post_sample.access_id(),
                post,
                color.id(),
                Some(view.id()),
                AccessRole::SampledTexture,
                AccessMode::Read,
                true,
                false,
                None,
                regions(&[sub(0, 0, 1)]),
                None,
            ),
            (
                post_write.access_id(),
                post,
                result.id(),
                None,
                AccessRole::StorageBufferWrite,
                AccessMode::Write,
                false,
                true,
                overwrite,
                bytes(0, 64),
                Some(3),
            ),
        ]
    );

    let values: Vec<_> = full
        .values
        .iter()
        .map(|value| (value.id.get(), value.resource, value.producer, value.kind, value.range.clone()))
        .collect();
    assert_eq!(
        values,
        vec![
            (0, params.id(), None, ValueKind::External, bytes(0, 64)),
            (1, color.id(), Some(draw), ValueKind::Write, regions(&[sub(0, 0, 1)])),
            (2, scratch.id(), Some(unused), ValueKind::Write, bytes(0, 256)),
            (3, result.id(), Some(post), ValueKind::Write, bytes(0, 64)),
        ]
    );

    assert_eq!(full.dependencies.len(), 1);
    let dependency = &full.dependencies[0];
    assert_eq!((dependency.from, dependency.to, dependency.resource), (draw, post, color.id()));
    assert_eq!((dependency.kind, dependency.hazard), (DependencyKind::Value, HazardKind::Raw));
    assert_eq!(
        (dependency.range.clone(), dependency.value.map(|value| value.get())),
        (regions(&[sub(0, 0, 1)]), Some(1))
    );

    assert_eq!(full.roots.len(), 1);
    let root = &full.roots[0];
    assert_eq!((root.resource, root.reason, root.range.clone()), (result.id(), RootReason::Output, bytes(0, 64)));
    assert_eq!(root.resolution.producer_node_ids, vec![post]);
    assert!(!root.resolution.uses_initial_contents);

    assert_eq!(full.execution_segments.len(), 1);
    assert_eq!(full.execution_segments[0].kind, ExecutionSegmentKind::FrameGraph);
    assert_eq!(full.execution_segments[0].nodes, vec![draw, post]);

    assert_eq!(full.allocations.len(), 1);
    let allocation = &full.allocations[0];
    assert_eq!((allocation.id.get(), allocation.kind), (0, ResourceKind::Texture));
    assert_eq!(allocation.compatibility_key, format!("texture|Rgba8Unorm|4x4x1|D2|1|1||{}", color_usage.bits()));
    assert_eq!((allocation.resource_ids.clone(), allocation.estimated_byte_size), (vec![color.id()], 64));

    assert_eq!(full.debug_groups.len(), 1);
    let group = &full.debug_groups[0];
    assert_eq!((group.id, group.label.as_ref(), group.parent), (lighting, "lighting", None));

    // This runtime reports each culled node as an informational diagnostic.
    let diagnostics: Vec<_> = full
        .diagnostics
        .iter()
        .map(|diagnostic| (diagnostic.code, diagnostic.severity, diagnostic.pass, diagnostic.resource))
        .collect();
    assert_eq!(diagnostics, vec![("culled-node", DiagnosticSeverity::Info, Some(unused), None)]);
    assert!(full.diagnostics[0].message.contains("`unused`"));
}

/// The full report of `record`, compiled on `graph`, with timings zeroed.
fn full_report_of(graph: &mut FrameGraph, record: impl FnOnce(&mut Frame<'_>)) -> CompilationReport {
    let mut frame = graph.begin_frame();
    record(&mut frame);
    let mut report = frame.compile(CompileOptions::full_report()).unwrap().report().unwrap().clone();
    report.summary.timings = Default::default();
    report
}

#[test]
fn a_report_reusing_an_earlier_reports_storage_holds_only_its_own_rows() {
    let small = |frame: &mut Frame<'_>| {
        let only = buffer(frame, "only", 16);
        let mut pass = frame.compute_pass("write-only");
        let _ = pass.storage_buffer_write(only, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        frame.mark_buffer_root(only, BufferRange::whole(), RootReason::Output).unwrap();
    };
    let mixed = |frame: &mut Frame<'_>| {
        record_mixed(frame);
    };
    let fresh_small = full_report_of(&mut FrameGraph::new(), small);
    let fresh_mixed = full_report_of(&mut FrameGraph::new(), mixed);

    // Borrowed reports leave their storage to the runtime, larger frames
    // before smaller ones and the other way round.
    let mut graph = FrameGraph::new();
    assert_eq!(full_report_of(&mut graph, mixed), fresh_mixed);
    assert_eq!(full_report_of(&mut graph, small), fresh_small);
    assert_eq!(full_report_of(&mut graph, mixed), fresh_mixed);

    // A report moved out stays whole when later frames are compiled.
    let mut frame = graph.begin_frame();
    record_mixed(&mut frame);
    let mut taken = frame.compile(CompileOptions::full_report()).unwrap().take_report().unwrap();
    taken.summary.timings = Default::default();
    assert_eq!(full_report_of(&mut graph, small), fresh_small);
    assert_eq!(taken, fresh_mixed);
}

#[test]
fn a_pass_culled_because_a_later_pass_overwrites_what_it_wrote_is_told_which_pass_and_to_preserve() {
    let mut graph = FrameGraph::new();
    let report = full_report_of(&mut graph, |frame| {
        let state = buffer(frame, "state", 64);
        let unused = buffer(frame, "unused", 64);
        let mut pass = frame.compute_pass("seed");
        let _ = pass.storage_buffer_write(state, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        let mut pass = frame.compute_pass("dead");
        let _ = pass.storage_buffer_write(unused, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        let mut pass = frame.compute_pass("accumulate");
        let _ = pass.storage_buffer_write(state, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        frame.mark_buffer_root(state, BufferRange::whole(), RootReason::Output).unwrap();
    });
    let full = report.full.as_ref().unwrap();
    let messages: Vec<&str> = full.diagnostics.iter().map(|diagnostic| diagnostic.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "pass `seed` was culled: no root or side effect depends on what it writes, since pass `accumulate` \
             overwrites `state` after it; if `accumulate` is meant to keep what `seed` wrote, declare its write of \
             `state` `preserve`",
            "pass `dead` was culled: no root or side effect depends on what it writes",
        ]
    );
    assert!(full.culled_nodes.iter().all(|node| node.reason == CulledNodeReason::NotReachableFromRoot));
}

#[test]
fn passes_or_resources_sharing_a_label_are_a_warning_in_the_full_report() {
    let mut graph = FrameGraph::new();
    let report = full_report_of(&mut graph, |frame| {
        let mips: Vec<_> = (0..3).map(|_| buffer(frame, "mip", 64)).collect();
        for mip in &mips {
            let mut pass = frame.compute_pass("downsample");
            let _ = pass.storage_buffer_write(*mip, BufferRange::whole(), WriteContents::Overwrite).unwrap();
            pass.finish().unwrap();
            frame.mark_buffer_root(*mip, BufferRange::whole(), RootReason::Output).unwrap();
        }
        let other = buffer(frame, "other", 64);
        let mut pass = frame.compute_pass("unique");
        let _ = pass.storage_buffer_write(other, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.set_side_effect(true);
        pass.finish().unwrap();
    });
    let full = report.full.as_ref().unwrap();
    let warnings: Vec<_> = full
        .diagnostics
        .iter()
        .map(|diagnostic| (diagnostic.code, diagnostic.severity, diagnostic.pass, diagnostic.resource))
        .collect();
    assert_eq!(
        warnings,
        [
            ("duplicate-label", DiagnosticSeverity::Warning, Some(full.nodes[1].id), None),
            ("duplicate-label", DiagnosticSeverity::Warning, None, Some(full.resources[1].id)),
        ]
    );
    assert_eq!(
        full.diagnostics[0].message,
        "3 passes are labelled `downsample` (pass 0, pass 1, pass 2); errors, reports and timings name a pass by its \
         label, so give each its own (`format!(\"downsample-{index}\")` in a loop)"
    );
    assert!(
        full.diagnostics[1].message.starts_with("3 resources are labelled `mip` (resource 0, resource 1, resource 2)")
    );
}
