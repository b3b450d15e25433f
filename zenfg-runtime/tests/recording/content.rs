//! Content validity, dependencies and retention (spec §3.3–3.7).

use crate::common::*;
use zenfg_runtime::wgpu::{BufferUsages, TextureFormat, TextureUsages};
use zenfg_runtime::{
    Buffer, BufferRange, CompileOptions, CulledNodeReason, DependencyKind, DependencyReport, Frame, FrameGraph,
    FrameGraphError, HazardKind, InitialContents, PassId, ResourceId, ResourceUsage, RootReason, TextureDesc,
    TextureViewDesc, UndefinedCause, ValueKind, WriteContents,
};

/// (from, to, resource, hazard) of every reported dependency, sorted.
fn edges(dependencies: &[DependencyReport]) -> Vec<(PassId, PassId, ResourceId, HazardKind)> {
    let mut edges: Vec<_> = dependencies
        .iter()
        .map(|dependency| (dependency.from, dependency.to, dependency.resource, dependency.hazard))
        .collect();
    edges.sort_by_key(|&(from, to, resource, hazard)| (from, to, resource, format!("{hazard:?}")));
    edges
}

#[test]
fn linear_chain_retains_both_passes_with_a_raw_edge_and_storage_usage() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let a = buffer(&mut frame, "a", 256);
    let b = buffer(&mut frame, "b", 256);
    let mut pass = frame.compute_pass("produce");
    let write_a = pass.storage_buffer_write(a, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let produce = pass.finish().unwrap();
    let mut pass = frame.compute_pass("consume");
    let _ = pass.storage_buffer_read(a, BufferRange::whole()).unwrap();
    let _ = pass.storage_buffer_write(b, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let consume = pass.finish().unwrap();
    frame.mark_buffer_root(b, BufferRange::whole(), RootReason::Output).unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(retained(full), vec![produce, consume]);
    assert!(full.culled_nodes.is_empty());
    assert_eq!(full.dependencies.len(), 1);
    let edge = &full.dependencies[0];
    assert_eq!((edge.from, edge.to, edge.resource), (produce, consume, a.id()));
    assert_eq!((edge.kind, edge.hazard), (DependencyKind::Value, HazardKind::Raw));
    assert_eq!(edge.range, bytes(0, 256));
    let produced = full.accesses.iter().find(|access| access.id == write_a.access_id()).unwrap().value;
    assert!(produced.is_some());
    assert_eq!(edge.value, produced);
    for id in [a.id(), b.id()] {
        assert_eq!(resource(full, id).effective_usage, ResourceUsage::Buffer(BufferUsages::STORAGE));
    }
}

#[test]
fn a_later_overwrite_culls_the_earlier_writer_although_a_waw_edge_exists() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let target = buffer(&mut frame, "target", 64);
    let mut pass = frame.compute_pass("first");
    let _ = pass.storage_buffer_write(target, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let first = pass.finish().unwrap();
    let mut pass = frame.compute_pass("second");
    let _ = pass.storage_buffer_write(target, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let second = pass.finish().unwrap();
    frame.mark_buffer_root(target, BufferRange::whole(), RootReason::Output).unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(retained(full), vec![second]);
    assert_eq!(culled(full), vec![first]);
    assert_eq!(full.culled_nodes[0].reason, CulledNodeReason::NotReachableFromRoot);
    assert_eq!(edges(&full.dependencies), vec![(first, second, target.id(), HazardKind::Waw)]);
    assert_eq!(full.dependencies[0].kind, DependencyKind::Ordering);
    assert_eq!(full.roots[0].resolution.producer_node_ids, vec![second]);
}

#[test]
fn reading_beyond_the_written_part_of_a_transient_is_fg1001_for_the_unwritten_range() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let data = buffer(&mut frame, "half-written", 256);
    let mut pass = frame.compute_pass("write-front");
    let _ = pass.storage_buffer_write(data, BufferRange::new(0, Some(128)), WriteContents::Overwrite).unwrap();
    pass.finish().unwrap();
    let mut pass = frame.compute_pass("read-all");
    let reader = pass.id();
    let _ = pass.storage_buffer_read(data, BufferRange::whole()).unwrap();
    pass.set_side_effect(true);
    pass.finish().unwrap();

    let error = expect_code(frame.compile(CompileOptions::default()), "FG1001");
    assert_eq!(error.pass(), Some(reader));
    assert_eq!(error.resource(), Some(data.id()));
    assert_names(&error, &["read-all", "half-written"]);
    let FrameGraphError::ReadBeforeWrite { range, cause, .. } = error else { panic!("unexpected variant") };
    assert_eq!(range, bytes(128, 128));
    assert_eq!(cause, UndefinedCause::Transient);
}

#[test]
fn a_culled_reader_of_undefined_contents_fails_compilation_at_every_report_level() {
    for options in [CompileOptions::default(), CompileOptions::summary_report(), CompileOptions::full_report()] {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let never_written = buffer(&mut frame, "never-written", 16);
        let mut pass = frame.compute_pass("dead-reader");
        let reader = pass.id();
        let _ = pass.uniform_buffer(never_written, BufferRange::whole()).unwrap();
        pass.finish().unwrap();
        let error = expect_code(frame.compile(options), "FG1001");
        assert_eq!(error.pass(), Some(reader));
        assert_eq!(error.resource(), Some(never_written.id()));
    }
}

#[test]
fn defined_imports_are_readable_without_a_producer_and_count_one_external_value() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let params = imported_buffer(&mut frame, "params", 48, InitialContents::Defined);
    let mut pass = frame.command_pass("use-params");
    let _ = pass.uniform_buffer(params, BufferRange::whole()).unwrap();
    let user = pass.finish().unwrap();

    let report = compile_full(frame);
    assert_eq!(report.summary.value_count, 1);
    assert_eq!(report.summary.dependency_count, 0);
    let full = tables(&report);
    assert_eq!(retained(full), vec![user]);
    assert_eq!(full.values.len(), 1);
    let value = &full.values[0];
    assert_eq!((value.resource, value.producer, value.kind), (params.id(), None, ValueKind::External));
    assert_eq!(value.range, bytes(0, 48));
    assert!(full.dependencies.is_empty());
}

#[test]
fn a_preserving_first_write_of_a_transient_is_fg1002() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let accumulator = buffer(&mut frame, "accumulator", 32);
    let mut pass = frame.compute_pass("accumulate");
    let writer = pass.id();
    let _ = pass.storage_buffer_write(accumulator, BufferRange::whole(), WriteContents::Preserve).unwrap();
    pass.finish().unwrap();
    frame.mark_buffer_root(accumulator, BufferRange::whole(), RootReason::Output).unwrap();

    let error = expect_code(frame.compile(CompileOptions::default()), "FG1002");
    assert_eq!(error.pass(), Some(writer));
    assert_eq!(error.resource(), Some(accumulator.id()));
    assert_names(&error, &["accumulate", "accumulator"]);
    let FrameGraphError::PreserveBeforeWrite { range, cause, .. } = error else { panic!("unexpected variant") };
    assert_eq!((range, cause), (bytes(0, 32), UndefinedCause::Transient));
}

#[test]
fn a_preserving_write_of_an_undefined_import_is_fg1002_naming_the_import_cause() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let history = imported_buffer(&mut frame, "history", 32, InitialContents::Undefined);
    let mut pass = frame.compute_pass("blend-history");
    let _ = pass.storage_buffer_write(history, BufferRange::new(16, None), WriteContents::Preserve).unwrap();
    pass.finish().unwrap();
    let error = expect_code(frame.compile(CompileOptions::default()), "FG1002");
    assert!(error.to_string().contains("import it with `InitialContents::Defined`"), "the other fix: {error}");
    let FrameGraphError::PreserveBeforeWrite { range, cause, .. } = error else { panic!("unexpected variant") };
    assert_eq!((range, cause), (bytes(16, 16), UndefinedCause::ImportedUndefined));
}

#[test]
fn sampling_a_fresh_surface_is_fg1001_with_the_surface_cause() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let surface =
        frame.import_surface_texture(TextureDesc::new_2d("swapchain", 4, 4, TextureFormat::Bgra8Unorm), None).unwrap();
    let mut pass = frame.compute_pass("sample-surface");
    let _ = pass.sampled_texture(surface).unwrap();
    pass.set_side_effect(true);
    pass.finish().unwrap();
    let error = expect_code(frame.compile(CompileOptions::default()), "FG1001");
    assert_names(&error, &["sample-surface", "swapchain"]);
    let FrameGraphError::ReadBeforeWrite { range, cause, .. } = error else { panic!("unexpected variant") };
    assert_eq!((range, cause), (regions(&[sub(0, 0, 1)]), UndefinedCause::Surface));
}

#[test]
fn dependencies_report_raw_preserve_war_and_waw_hazards_with_their_values() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let data = buffer(&mut frame, "data", 64);
    let mut pass = frame.compute_pass("write");
    let first_write = pass.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let write = pass.finish().unwrap();
    let mut pass = frame.compute_pass("read");
    let _ = pass.storage_buffer_read(data, BufferRange::whole()).unwrap();
    let read = pass.finish().unwrap();
    let mut pass = frame.compute_pass("update");
    let update_write = pass.storage_buffer_write(data, BufferRange::whole(), WriteContents::Preserve).unwrap();
    let update = pass.finish().unwrap();
    let mut pass = frame.compute_pass("replace");
    let _ = pass.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let replace = pass.finish().unwrap();
    frame.mark_buffer_root(data, BufferRange::whole(), RootReason::Output).unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    let id = data.id();
    assert_eq!(
        edges(&full.dependencies),
        vec![
            (write, read, id, HazardKind::Raw),
            (write, update, id, HazardKind::Preserve),
            (write, update, id, HazardKind::Waw),
            (read, update, id, HazardKind::War),
            (update, replace, id, HazardKind::Waw),
        ]
    );
    assert_eq!(report.summary.dependency_count, 5);
    let value_of = |access| full.accesses.iter().find(|row| row.id == access).unwrap().value.unwrap();
    let first_value = value_of(first_write.access_id());
    let update_value = value_of(update_write.access_id());
    for dependency in &full.dependencies {
        let expected_kind = match dependency.hazard {
            HazardKind::Raw | HazardKind::Preserve => DependencyKind::Value,
            _ => DependencyKind::Ordering,
        };
        assert_eq!(dependency.kind, expected_kind);
        assert_eq!(dependency.range, bytes(0, 64));
        let expected_value = if dependency.from == update { update_value } else { first_value };
        assert_eq!(dependency.value, Some(expected_value), "{dependency:?}");
    }
    // Only the final overwrite matters to the root; ordering edges retain nothing.
    assert_eq!(retained(full), vec![replace]);
    assert_eq!(culled(full), vec![write, read, update]);
}

#[test]
fn preserving_writes_retain_the_producer_of_the_value_they_consume() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let data = buffer(&mut frame, "data", 64);
    let mut pass = frame.compute_pass("init");
    let _ = pass.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let init = pass.finish().unwrap();
    let mut pass = frame.compute_pass("patch");
    let _ = pass.storage_buffer_write(data, BufferRange::new(8, Some(8)), WriteContents::Preserve).unwrap();
    let patch = pass.finish().unwrap();
    frame.mark_buffer_root(data, BufferRange::whole(), RootReason::Output).unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(retained(full), vec![init, patch]);
    let resolution = &full.roots[0].resolution;
    assert_eq!(resolution.producer_node_ids, vec![init, patch]);
    assert!(!resolution.uses_initial_contents);
    let preserve = full.dependencies.iter().find(|dependency| dependency.hazard == HazardKind::Preserve).unwrap();
    assert_eq!((preserve.from, preserve.to, preserve.range.clone()), (init, patch, bytes(8, 8)));
}

#[test]
fn dependencies_are_deduplicated_per_hazard_with_a_bounding_range() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let data = buffer(&mut frame, "data", 64);
    let mut pass = frame.compute_pass("fill");
    let _ = pass.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let fill = pass.finish().unwrap();
    let mut pass = frame.compute_pass("patch-middle");
    let _ = pass.storage_buffer_write(data, BufferRange::new(16, Some(16)), WriteContents::Overwrite).unwrap();
    let patch = pass.finish().unwrap();
    let mut pass = frame.compute_pass("read-all");
    let _ = pass.storage_buffer_read(data, BufferRange::whole()).unwrap();
    let read = pass.finish().unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    let id = data.id();
    assert_eq!(
        edges(&full.dependencies),
        vec![(fill, patch, id, HazardKind::Waw), (fill, read, id, HazardKind::Raw), (patch, read, id, HazardKind::Raw)]
    );
    let range_of =
        |from, to| full.dependencies.iter().find(|dep| dep.from == from && dep.to == to).unwrap().range.clone();
    // `fill` reaches the reader through two pieces (0..16 and 32..64): one dependency, bounding range.
    assert_eq!(range_of(fill, read), bytes(0, 64));
    assert_eq!(range_of(patch, read), bytes(16, 16));
    assert_eq!(range_of(fill, patch), bytes(16, 16));
    assert_eq!(report.summary.dependency_count, 3);
}

#[test]
fn texture_dependencies_are_tracked_per_mip_and_bound_every_mip_they_cover() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let pyramid = frame
        .create_texture(TextureDesc::new_2d("pyramid", 8, 8, TextureFormat::Rgba8Unorm).with_mips(3).with_layers(2))
        .unwrap();
    let mip0 = frame.create_texture_view(pyramid, TextureViewDesc::mip(0)).unwrap();
    let mip1 = frame.create_texture_view(pyramid, TextureViewDesc::mip(1)).unwrap();
    let mip2 = frame.create_texture_view(pyramid, TextureViewDesc::mip(2)).unwrap();
    let mut pass = frame.compute_pass("write-0-1");
    let _ = pass.storage_texture_write(mip0, WriteContents::Overwrite).unwrap();
    let _ = pass.storage_texture_write(mip1, WriteContents::Overwrite).unwrap();
    let low = pass.finish().unwrap();
    let mut pass = frame.compute_pass("write-2");
    let _ = pass.storage_texture_write(mip2, WriteContents::Overwrite).unwrap();
    let high = pass.finish().unwrap();
    let mut pass = frame.compute_pass("sample-all");
    let _ = pass.sampled_texture(pyramid).unwrap();
    let sample = pass.finish().unwrap();
    frame.mark_texture_root(mip1, RootReason::Output).unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    let raw_from = |from| {
        full.dependencies.iter().find(|dep| dep.from == from && dep.to == sample && dep.hazard == HazardKind::Raw)
    };
    assert_eq!(raw_from(low).unwrap().range, regions(&[sub(0, 0, 2), sub(1, 0, 2)]));
    assert_eq!(raw_from(high).unwrap().range, regions(&[sub(2, 0, 2)]));
    // The mip 1 root retains only the pass that wrote mip 1.
    assert_eq!(retained(full), vec![low]);
    assert_eq!(culled(full), vec![high, sample]);
    assert_eq!(
        resource(full, pyramid.id()).effective_usage,
        ResourceUsage::Texture(TextureUsages::STORAGE_BINDING),
        "the culled sampler adds no usage"
    );
}

#[test]
fn side_effect_nodes_retain_their_upstream_producers_only() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let input = buffer(&mut frame, "input", 16);
    let unrelated = buffer(&mut frame, "unrelated", 16);
    let mut pass = frame.compute_pass("make-input");
    let _ = pass.storage_buffer_write(input, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let make = pass.finish().unwrap();
    let mut pass = frame.compute_pass("make-unrelated");
    let _ = pass.storage_buffer_write(unrelated, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let other = pass.finish().unwrap();
    let mut pass = frame.command_pass("upload");
    let _ = pass.buffer_copy_src(input, BufferRange::whole()).unwrap();
    let upload = pass.finish().unwrap();
    let mut pass = frame.compute_pass("flagged");
    pass.set_side_effect(true);
    let _ = pass.uniform_buffer(input, BufferRange::new(0, Some(4))).unwrap();
    let flagged = pass.finish().unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(retained(full), vec![make, upload, flagged]);
    assert_eq!(culled(full), vec![other]);
    let sides: Vec<bool> = full.nodes.iter().map(|node| node.side_effect).collect();
    assert_eq!(sides, vec![false, true, true]);
    assert!(!full.culled_nodes[0].side_effect);
}

#[test]
fn empty_buffer_accesses_and_zero_sized_buffers_have_no_contents_to_check() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let empty = buffer(&mut frame, "empty", 0);
    let data = buffer(&mut frame, "data", 32);
    let mut pass = frame.command_pass("touch");
    let _ = pass.storage_buffer_read(empty, BufferRange::whole()).unwrap();
    let _ = pass.uniform_buffer(data, BufferRange::new(32, Some(0))).unwrap();
    let touch = pass.finish().unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(retained(full), vec![touch]);
    let ranges: Vec<_> = full.accesses.iter().map(|access| access.range.clone()).collect();
    assert_eq!(ranges, vec![bytes(0, 0), bytes(32, 0)]);
    assert_eq!(report.summary.value_count, 0);
    assert_eq!(resource(full, empty.id()).effective_usage, ResourceUsage::Buffer(BufferUsages::STORAGE));
}

fn write<'f>(frame: &mut Frame<'f>, data: Buffer<'f>, label: &'static str, offset: u64, size: u64) -> PassId {
    let mut pass = frame.compute_pass(label);
    let _ = pass.storage_buffer_write(data, BufferRange::new(offset, Some(size)), WriteContents::Overwrite).unwrap();
    pass.finish().unwrap()
}

fn read<'f>(frame: &mut Frame<'f>, data: Buffer<'f>, label: &'static str, offset: u64, size: u64) -> PassId {
    let mut pass = frame.compute_pass(label);
    let _ = pass.storage_buffer_read(data, BufferRange::new(offset, Some(size))).unwrap();
    pass.finish().unwrap()
}

#[test]
fn overlapping_partial_accesses_split_contents_into_exact_pieces() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let data = buffer(&mut frame, "data", 64);
    let p0 = write(&mut frame, data, "p0", 0, 64);
    let p1 = write(&mut frame, data, "p1", 16, 16);
    let p2 = read(&mut frame, data, "p2", 8, 32);
    let p3 = read(&mut frame, data, "p3", 0, 64);
    let p4 = write(&mut frame, data, "p4", 24, 24);
    let p5 = read(&mut frame, data, "p5", 0, 64);

    let report = compile_full(frame);
    let full = tables(&report);
    let mut rows: Vec<_> = full
        .dependencies
        .iter()
        .map(|dep| (dep.from.get(), dep.to.get(), format!("{:?}", dep.hazard), dep.range.clone()))
        .collect();
    rows.sort_by(|a, b| (a.0, a.1, &a.2).cmp(&(b.0, b.1, &b.2)));
    let row = |from: PassId, to: PassId, hazard: &str, offset, size| {
        (from.get(), to.get(), hazard.to_string(), bytes(offset, size))
    };
    assert_eq!(
        rows,
        vec![
            row(p0, p1, "Waw", 16, 16),
            row(p0, p2, "Raw", 8, 32),
            row(p0, p3, "Raw", 0, 64),
            row(p0, p4, "Waw", 32, 16),
            row(p0, p5, "Raw", 0, 64),
            row(p1, p2, "Raw", 16, 16),
            row(p1, p3, "Raw", 16, 16),
            row(p1, p4, "Waw", 24, 8),
            row(p1, p5, "Raw", 16, 8),
            row(p2, p4, "War", 24, 16),
            row(p3, p4, "War", 24, 24),
            row(p4, p5, "Raw", 24, 24),
        ]
    );
    // Nothing is rooted or side-effecting: everything is culled, yet fully analyzed.
    assert_eq!(culled(full), vec![p0, p1, p2, p3, p4, p5]);
}
