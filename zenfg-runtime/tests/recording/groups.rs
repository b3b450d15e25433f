//! Debug groups: labels, nesting, provenance and their errors (spec §1.9,
//! §7.1 "Debug groups").

use crate::common::*;
use zenfg_runtime::wgpu::BufferUsages;
use zenfg_runtime::{
    BufferDesc, BufferRange, CompileOptions, DebugGroupId, FrameGraph, FrameGraphError, RootReason, WriteContents,
};

#[test]
fn groups_trim_labels_nest_and_tag_resources_and_nodes() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let outside = buffer(&mut frame, "outside", 16);
    let frame_group = frame.push_debug_group("  frame\t").unwrap();
    let bloom = frame.push_debug_group(String::from("bloom ")).unwrap();
    let inside = buffer(&mut frame, "inside", 16);
    let mut pass = frame.compute_pass("blur");
    let _ = pass.storage_buffer_write(inside, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    let blur = pass.finish().unwrap();
    frame.pop_debug_group().unwrap();
    let (tonemap, nested) = frame
        .with_debug_group("tonemap", |frame| {
            let mut pass = frame.compute_pass("apply");
            let _ = pass.storage_buffer_write(outside, BufferRange::whole(), WriteContents::Overwrite).unwrap();
            let apply = pass.finish()?;
            Ok((apply, frame.with_debug_group("empty", |_| Ok(7))?))
        })
        .unwrap();
    frame.pop_debug_group().unwrap();
    let mut pass = frame.compute_pass("ungrouped");
    let _ = pass.storage_buffer_read(outside, BufferRange::whole()).unwrap();
    pass.set_side_effect(true);
    let ungrouped = pass.finish().unwrap();
    frame.mark_buffer_root(inside, BufferRange::whole(), RootReason::Output).unwrap();
    assert_eq!(nested, 7);
    assert_eq!((frame_group.get(), bloom.get()), (0, 1));

    let report = compile_full(frame);
    let full = tables(&report);
    let groups: Vec<_> =
        full.debug_groups.iter().map(|group| (group.id, group.label.to_string(), group.parent)).collect();
    let tonemap_group = full.debug_groups[2].id;
    assert_eq!(
        groups,
        vec![
            (frame_group, "frame".to_string(), None),
            (bloom, "bloom".to_string(), Some(frame_group)),
            (tonemap_group, "tonemap".to_string(), Some(frame_group)),
            (full.debug_groups[3].id, "empty".to_string(), Some(tonemap_group)),
        ]
    );
    let node_groups: Vec<_> = full.nodes.iter().map(|node| (node.id, node.debug_group)).collect();
    assert_eq!(node_groups, vec![(blur, Some(bloom)), (tonemap, Some(tonemap_group)), (ungrouped, None)]);
    assert_eq!(resource(full, outside.id()).debug_group, None);
    assert_eq!(resource(full, inside.id()).debug_group, Some(bloom));
}

#[test]
fn repeated_labels_make_distinct_groups() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let first = frame.with_debug_group("shadow", |frame| frame.push_debug_group("cascade")).unwrap_err();
    assert_eq!(first.code(), "FG2005");
    let a = frame.with_debug_group("shadow", |frame| frame.compute_pass("first").finish()).unwrap();
    let b = frame.with_debug_group("shadow", |frame| frame.compute_pass("second").finish()).unwrap();
    let report = compile_full(frame);
    let full = tables(&report);
    let shadow: Vec<DebugGroupId> =
        full.debug_groups.iter().filter(|group| group.label == "shadow").map(|group| group.id).collect();
    assert_eq!(shadow.len(), 3);
    let culled_groups: Vec<_> = full.culled_nodes.iter().map(|node| (node.id, node.debug_group)).collect();
    assert_eq!(culled_groups, vec![(a, Some(shadow[1])), (b, Some(shadow[2]))]);
}

#[test]
fn culled_nodes_keep_their_group_and_both_tables_keep_recording_order() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let kept = buffer(&mut frame, "kept", 16);
    let dropped = buffer(&mut frame, "dropped", 16);
    let group = frame.push_debug_group("feature").unwrap();
    let passes = [
        ("keep-0", kept, WriteContents::Overwrite),
        ("drop-1", dropped, WriteContents::Overwrite),
        ("keep-2", kept, WriteContents::Preserve),
        ("drop-3", dropped, WriteContents::Preserve),
    ];
    let mut ids = Vec::new();
    for (label, target, contents) in passes {
        let mut pass = frame.compute_pass(label);
        let _ = pass.storage_buffer_write(target, BufferRange::whole(), contents).unwrap();
        ids.push(pass.finish().unwrap());
    }
    frame.pop_debug_group().unwrap();
    frame.mark_buffer_root(kept, BufferRange::whole(), RootReason::Output).unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    let retained_rows: Vec<_> =
        full.nodes.iter().map(|node| (node.id, node.recording_order, node.execution_order)).collect();
    assert_eq!(retained_rows, vec![(ids[0], 0, 0), (ids[2], 2, 1)]);
    let culled_rows: Vec<_> =
        full.culled_nodes.iter().map(|node| (node.id, node.recording_order, node.debug_group)).collect();
    assert_eq!(culled_rows, vec![(ids[1], 1, Some(group)), (ids[3], 3, Some(group))]);
    assert!(full.nodes.iter().all(|node| node.debug_group == Some(group)));
    let labels: Vec<_> = full.culled_nodes.iter().map(|node| node.label.to_string()).collect();
    assert_eq!(labels, vec!["drop-1", "drop-3"]);
}

#[test]
fn popping_without_an_open_group_is_fg2004() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let error = expect_code(frame.pop_debug_group(), "FG2004");
    assert_eq!((error.pass(), error.resource()), (None, None));
    assert_eq!(error, FrameGraphError::DebugGroupStackUnderflow);
    frame.push_debug_group("once").unwrap();
    frame.pop_debug_group().unwrap();
    expect_code(frame.pop_debug_group(), "FG2004");
    let report = compile_full(frame);
    assert_eq!(tables(&report).debug_groups.len(), 1);
}

#[test]
fn blank_group_labels_are_fg2003_and_open_nothing() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    for label in ["", "   ", "\t\n"] {
        let error = expect_code(frame.push_debug_group(label), "FG2003");
        assert_eq!((error.pass(), error.resource()), (None, None));
    }
    let mut ran = false;
    expect_code(
        frame.with_debug_group(" ", |_| {
            ran = true;
            Ok(())
        }),
        "FG2003",
    );
    assert!(!ran, "the body does not run when the group cannot open");
    let first = frame.push_debug_group("real").unwrap();
    assert_eq!(first.get(), 0, "blank labels consumed no group id");
    frame.pop_debug_group().unwrap();
    frame.compile(CompileOptions::default()).unwrap();
}

#[test]
fn compiling_with_an_open_group_is_fg2005_naming_the_innermost_group() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    frame.push_debug_group("outer").unwrap();
    let inner = frame.push_debug_group("inner").unwrap();
    let error = expect_code(frame.compile(CompileOptions::full_report()), "FG2005");
    assert_eq!((error.pass(), error.resource()), (None, None));
    assert_names(&error, &["inner"]);
    assert_eq!(error, FrameGraphError::UnclosedDebugGroup { group: inner, label: "inner".into() });
}

#[test]
fn an_unbalanced_group_body_is_fg2005_and_the_stack_is_restored() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let outer = frame.push_debug_group("outer").unwrap();
    let mut opened = None;
    let error = expect_code(
        frame.with_debug_group("leaky", |frame| {
            opened = Some(frame.push_debug_group("left-open")?);
            Ok(())
        }),
        "FG2005",
    );
    assert_names(&error, &["leaky"]);
    let FrameGraphError::UnclosedDebugGroup { group, .. } = error else { panic!("unexpected variant") };
    assert_eq!(group.get(), outer.get() + 1, "the error names the group the call opened");
    assert_eq!(opened.map(DebugGroupId::get), Some(2));

    let error = expect_code(frame.with_debug_group("over-popped", |frame| frame.pop_debug_group()), "FG2005");
    assert_names(&error, &["over-popped"]);

    let body_error = expect_code(
        frame.with_debug_group("failing", |frame| {
            frame.push_debug_group("abandoned")?;
            frame.create_buffer(BufferDesc::new(" ", 4))
        }),
        "FG2009",
    );
    assert!(matches!(body_error, FrameGraphError::InvalidLabel { .. }), "a failing body's own error is returned");

    // Every call restored the stack to `outer`.
    let pass = frame.command_pass("inside-outer");
    let id = pass.id();
    pass.finish().unwrap();
    frame.pop_debug_group().unwrap();
    expect_code(frame.pop_debug_group(), "FG2004");
    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(full.nodes.iter().map(|node| (node.id, node.debug_group)).collect::<Vec<_>>(), vec![(id, Some(outer))]);
}

#[test]
fn groups_never_change_dependencies_retention_or_aliasing() {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let a = frame.with_debug_group("a", |frame| frame.create_buffer(BufferDesc::new("a", 64))).unwrap();
    let b = frame.with_debug_group("b", |frame| frame.create_buffer(BufferDesc::new("b", 64))).unwrap();
    let out = imported_buffer(&mut frame, "out", 64, zenfg_runtime::InitialContents::Undefined);
    frame.push_debug_group("writers").unwrap();
    let mut pass = frame.compute_pass("write-a");
    let _ = pass.storage_buffer_write(a, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    pass.finish().unwrap();
    frame.pop_debug_group().unwrap();
    let mut pass = frame.compute_pass("a-to-out");
    let _ = pass.storage_buffer_read(a, BufferRange::whole()).unwrap();
    let _ = pass.storage_buffer_write(out, BufferRange::new(0, Some(32)), WriteContents::Overwrite).unwrap();
    pass.finish().unwrap();
    frame
        .with_debug_group("b-work", |frame| {
            let mut pass = frame.compute_pass("write-b");
            let _ = pass.storage_buffer_write(b, BufferRange::whole(), WriteContents::Overwrite)?;
            pass.finish()?;
            let mut pass = frame.compute_pass("b-to-out");
            let _ = pass.storage_buffer_read(b, BufferRange::whole())?;
            let _ = pass.storage_buffer_write(out, BufferRange::new(32, Some(32)), WriteContents::Overwrite)?;
            pass.finish()
        })
        .unwrap();
    frame.mark_buffer_root(out, BufferRange::whole(), RootReason::Output).unwrap();

    let report = compile_full(frame);
    let full = tables(&report);
    assert_eq!(report.summary.retained_node_count, 4);
    assert_eq!(full.allocations.len(), 1);
    assert_eq!(full.allocations[0].resource_ids, vec![a.id(), b.id()]);
    assert_eq!(full.allocations[0].compatibility_key, format!("buffer|64|{}", BufferUsages::STORAGE.bits()));
    assert_eq!(report.summary.dependency_count, 2);
}
