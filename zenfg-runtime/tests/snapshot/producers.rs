//! Producer conformance: each scenario of the shared corpus
//! (`snapshot-conformance/conformance/producers`) is recorded with the builder API,
//! compiled with a full report, exported with a synthetic CPU timing (1000 µs in total,
//! 1, 2, 3 … µs per retained node in execution order), validated, and reduced to the
//! label-based projection the goldens hold.
//!
//! The projection replaces ids by labels, drops producer and capture metadata, GPU
//! timing, pool counters, byte estimates and compatibility spellings, and turns the
//! allocations into classes of resources that share one. Its tables are in a canonical
//! order: groups as exported (parents first), nodes by recording order, resources and
//! views by label, accesses by node recording order then resource label, kind and
//! region, dependencies by their labels, roots by reason, subject and range, segments by
//! order.

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::{Value, json};
use zenfg_runtime::snapshot::{
    CreateFrameGraphSnapshotOptions, SnapshotDecodeSource, create_frame_graph_snapshot, parse_frame_graph_snapshot,
    to_json,
};
use zenfg_runtime::wgpu::{Color, Extent3d, TexelCopyBufferLayout, TextureFormat, TextureViewDimension};
use zenfg_runtime::{
    Buffer, BufferDesc, BufferRange, BufferTextureCopyLocation, ColorAttachmentOps, CompilationReport, CompileOptions,
    CpuTimingNodeReport, CpuTimingReport, Frame, FrameGraph, FrameGraphError, ImportTextureOptions, InitialContents,
    RootReason, TextureCopyLocation, TextureDesc, TextureViewDesc, WriteContents,
};

/// The conformance corpus, kept in the snapshot crate's test data.
const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../zenfg-snapshot-format/tests/data/snapshot-conformance");
const FRAME_INDEX: u64 = 7;

type Recorder = fn(&mut Frame<'_>) -> Result<(), FrameGraphError>;

const SCENARIOS: [(&str, Recorder); 9] = [
    ("linear-dependency", linear_dependency),
    ("overwrite-culling", overwrite_culling),
    ("preserve-discard", preserve_discard),
    ("buffer-range", buffer_range),
    ("texture-subresource", texture_subresource),
    ("external-submission", external_submission),
    ("aliasing", aliasing),
    ("texture-buffer-contiguous", texture_buffer_contiguous),
    ("texture-buffer-padding", texture_buffer_padding),
];

fn read_json(relative: &str) -> Value {
    let path = format!("{CORPUS}/conformance/producers/{relative}");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("cannot read {path}: {error}"));
    serde_json::from_str(&text).unwrap_or_else(|error| panic!("{path} is not JSON: {error}"))
}

fn buffer<'f>(frame: &mut Frame<'f>, label: &'static str, size: u64) -> Result<Buffer<'f>, FrameGraphError> {
    frame.create_buffer(BufferDesc::new(label, size))
}

fn whole() -> BufferRange {
    BufferRange::whole()
}

fn linear_dependency(frame: &mut Frame<'_>) -> Result<(), FrameGraphError> {
    frame.push_debug_group("linear.group")?;
    let input = buffer(frame, "linear.input", 64)?;
    let output = buffer(frame, "linear.output", 64)?;
    frame.push_debug_group("linear.work")?;
    let mut pass = frame.command_pass("linear.write");
    pass.set_side_effect(false);
    let _ = pass.storage_buffer_write(input, whole(), WriteContents::Overwrite)?;
    pass.finish_command(|_| Ok(()))?;
    let mut pass = frame.command_pass("linear.transform");
    pass.set_side_effect(false);
    let _ = pass.storage_buffer_read(input, whole())?;
    let _ = pass.storage_buffer_write(output, whole(), WriteContents::Overwrite)?;
    pass.finish_command(|_| Ok(()))?;
    frame.pop_debug_group()?;
    frame.pop_debug_group()?;
    frame.mark_buffer_root(output, whole(), RootReason::Output)
}

fn overwrite_culling(frame: &mut Frame<'_>) -> Result<(), FrameGraphError> {
    let value = buffer(frame, "overwrite.value", 64)?;
    for label in ["overwrite.dead-write", "overwrite.live-write"] {
        let mut pass = frame.command_pass(label);
        pass.set_side_effect(false);
        let _ = pass.storage_buffer_write(value, whole(), WriteContents::Overwrite)?;
        pass.finish_command(|_| Ok(()))?;
    }
    let mut pass = frame.command_pass("overwrite.consume");
    let _ = pass.storage_buffer_read(value, whole())?;
    pass.finish_command(|_| Ok(()))?;
    Ok(())
}

fn preserve_discard(frame: &mut Frame<'_>) -> Result<(), FrameGraphError> {
    let texture = frame.create_texture(
        TextureDesc::new_2d("preserve-discard.texture", 8, 8, TextureFormat::Rgba8Unorm).with_mips(2),
    )?;
    let mip0 = frame.create_texture_view(texture, TextureViewDesc::mip(0).with_label("preserve-discard.mip-0"))?;
    let mip1 = frame.create_texture_view(texture, TextureViewDesc::mip(1).with_label("preserve-discard.mip-1"))?;
    let passes = [
        ("preserve.seed", mip0, ColorAttachmentOps::clear_store(Color::BLACK), false),
        ("preserve.load", mip0, ColorAttachmentOps::load_store(), true),
        ("discard.seed", mip1, ColorAttachmentOps::clear_store(Color::BLACK), false),
        ("discard.overwrite-discard", mip1, ColorAttachmentOps::clear_discard(Color::BLACK), true),
    ];
    for (label, view, ops, side_effect) in passes {
        let mut pass = frame.render_pass(label);
        pass.set_side_effect(side_effect);
        let _ = pass.color_attachment(view, ops)?;
        pass.finish_render(|_| Ok(()))?;
    }
    Ok(())
}

fn buffer_range(frame: &mut Frame<'_>) -> Result<(), FrameGraphError> {
    let target = buffer(frame, "range.buffer", 64)?;
    for (label, offset) in [("range.write-left", 0), ("range.write-right", 8)] {
        let mut pass = frame.command_pass(label);
        pass.set_side_effect(false);
        let _ = pass.storage_buffer_write(target, BufferRange::new(offset, Some(8)), WriteContents::Overwrite)?;
        pass.finish_command(|_| Ok(()))?;
    }
    let mut pass = frame.command_pass("range.read-crossing");
    let _ = pass.storage_buffer_read(target, BufferRange::new(4, Some(8)))?;
    pass.finish_command(|_| Ok(()))?;
    for (offset, size) in [(0, 16), (0, 8), (8, 8), (0, 8)] {
        frame.mark_buffer_root(target, BufferRange::new(offset, Some(size)), RootReason::Output)?;
    }
    Ok(())
}

fn texture_subresource(frame: &mut Frame<'_>) -> Result<(), FrameGraphError> {
    let texture = frame.create_texture(
        TextureDesc::new_2d("subresource.texture", 8, 8, TextureFormat::Rgba8Unorm).with_mips(2).with_layers(2),
    )?;
    let single = |label: &'static str, mip: u32, layer: u32| TextureViewDesc {
        label: Some(label.into()),
        dimension: Some(TextureViewDimension::D2Array),
        base_mip_level: mip,
        mip_level_count: Some(1),
        base_array_layer: layer,
        array_layer_count: Some(1),
        ..TextureViewDesc::default()
    };
    let other = frame.create_texture_view(texture, single("subresource.other-mip-0-layer-0", 0, 0))?;
    let target = frame.create_texture_view(texture, single("subresource.target-mip-1-layer-1", 1, 1))?;
    for (label, view) in [("subresource.dead-non-overlap", other), ("subresource.write-target", target)] {
        let mut pass = frame.command_pass(label);
        pass.set_side_effect(false);
        let _ = pass.storage_texture_write(view, WriteContents::Overwrite)?;
        pass.finish_command(|_| Ok(()))?;
    }
    let mut pass = frame.command_pass("subresource.read-target");
    let _ = pass.storage_texture_read(target)?;
    pass.finish_command(|_| Ok(()))?;
    frame.mark_texture_root(target, RootReason::Output)?;
    frame.mark_texture_root(target, RootReason::Output)
}

fn external_submission(frame: &mut Frame<'_>) -> Result<(), FrameGraphError> {
    let value = buffer(frame, "external.value", 64)?;
    let mut pass = frame.command_pass("external.before");
    pass.set_side_effect(false);
    let _ = pass.storage_buffer_write(value, whole(), WriteContents::Overwrite)?;
    pass.finish_command(|_| Ok(()))?;
    let mut pass = frame.external_submission("external.submit");
    pass.set_side_effect(false);
    let _ = pass.storage_buffer_write(value, whole(), WriteContents::Preserve)?;
    pass.finish_external(|_| Ok(()))?;
    let mut pass = frame.command_pass("external.after");
    let _ = pass.storage_buffer_read(value, whole())?;
    pass.finish_command(|_| Ok(()))?;
    Ok(())
}

fn aliasing(frame: &mut Frame<'_>) -> Result<(), FrameGraphError> {
    let first = buffer(frame, "alias.first", 64)?;
    let overlap = buffer(frame, "alias.overlap", 64)?;
    let second = buffer(frame, "alias.second", 64)?;
    let mut pass = frame.command_pass("alias.write-first");
    pass.set_side_effect(false);
    let _ = pass.storage_buffer_write(first, whole(), WriteContents::Overwrite)?;
    let _ = pass.storage_buffer_write(overlap, whole(), WriteContents::Overwrite)?;
    pass.finish_command(|_| Ok(()))?;
    let mut pass = frame.command_pass("alias.consume-first");
    pass.set_side_effect(false);
    let _ = pass.storage_buffer_read(first, whole())?;
    let _ = pass.storage_buffer_write(overlap, whole(), WriteContents::Preserve)?;
    pass.finish_command(|_| Ok(()))?;
    let mut pass = frame.command_pass("alias.write-second");
    pass.set_side_effect(false);
    let _ = pass.storage_buffer_read(overlap, whole())?;
    let _ = pass.storage_buffer_write(second, whole(), WriteContents::Overwrite)?;
    pass.finish_command(|_| Ok(()))?;
    let mut pass = frame.command_pass("alias.consume-second");
    let _ = pass.storage_buffer_read(overlap, whole())?;
    let _ = pass.storage_buffer_read(second, whole())?;
    pass.finish_command(|_| Ok(()))?;
    Ok(())
}

/// A clear of bytes `4..4 + copied` of a fresh buffer, then a copy of a 1x2 texture with
/// two layers into it at offset 4 with the given row and image pitches.
fn texture_to_buffer(
    frame: &mut Frame<'_>,
    prefix: &'static str,
    buffer_size: u64,
    copied: u64,
    bytes_per_row: u32,
    rows_per_image: u32,
) -> Result<(), FrameGraphError> {
    let label = |name: &str| format!("{prefix}.{name}");
    let destination = frame.create_buffer(BufferDesc::new(label("destination"), buffer_size))?;
    let source = frame.import_texture(
        TextureDesc::new_2d(label("source"), 1, 2, TextureFormat::Rgba8Unorm).with_layers(2),
        ImportTextureOptions::new(InitialContents::Defined),
    )?;
    frame.clear_buffer(label("initialize"), destination, BufferRange::new(4, Some(copied)))?;
    let layout =
        TexelCopyBufferLayout { offset: 4, bytes_per_row: Some(bytes_per_row), rows_per_image: Some(rows_per_image) };
    let mut pass = frame.copy_pass(label("copy"));
    pass.copy_texture_to_buffer(
        TextureCopyLocation::new(source),
        BufferTextureCopyLocation::new(destination, layout),
        Extent3d { width: 1, height: 2, depth_or_array_layers: 2 },
    )?;
    pass.finish()?;
    frame.mark_buffer_root(destination, BufferRange::new(4, Some(copied)), RootReason::Output)
}

fn texture_buffer_contiguous(frame: &mut Frame<'_>) -> Result<(), FrameGraphError> {
    texture_to_buffer(frame, "contiguous", 20, 16, 4, 2)
}

fn texture_buffer_padding(frame: &mut Frame<'_>) -> Result<(), FrameGraphError> {
    texture_to_buffer(frame, "padding", 1288, 1284, 256, 4)
}

/// Records and compiles one scenario with a full report.
fn compile(record: Recorder) -> CompilationReport {
    // The goldens describe graphs, not one device's work: a 4-byte row pitch
    // (the contiguous copy) is a graph any executor but wgpu's encoder takes.
    let mut graph = FrameGraph::with_capabilities(zenfg_runtime::DeviceCapabilities::unchecked());
    let mut frame = graph.begin_frame();
    record(&mut frame).expect("the scenario records");
    let mut compiled = frame.compile(CompileOptions::full_report()).expect("the scenario compiles");
    compiled.take_report().expect("a full report was asked for")
}

/// The fake CPU timing the goldens assume.
fn synthetic_cpu_timing(report: &CompilationReport) -> CpuTimingReport {
    let mut nodes: Vec<_> = report.full.as_ref().expect("full report").nodes.iter().collect();
    nodes.sort_by_key(|node| node.execution_order);
    CpuTimingReport {
        frame_index: FRAME_INDEX,
        execution_duration: Duration::from_micros(1000),
        nodes: nodes
            .iter()
            .zip(1..)
            .map(|(node, micros)| CpuTimingNodeReport {
                pass: node.id,
                kind: node.kind,
                label: node.label.clone(),
                duration: Duration::from_micros(micros),
            })
            .collect(),
    }
}

/// Exports twice, checks determinism, validity and decodability, and returns the JSON.
fn export(report: &CompilationReport) -> String {
    let timing = synthetic_cpu_timing(report);
    let options = CreateFrameGraphSnapshotOptions::new(FRAME_INDEX).with_cpu_timing(&timing);
    let first = create_frame_graph_snapshot(report, options).expect("the export succeeds");
    let second = create_frame_graph_snapshot(report, options).expect("the export succeeds");
    let json = to_json(&first).expect("the snapshot encodes");
    assert_eq!(json, to_json(&second).expect("the snapshot encodes"), "two exports differ");
    let decoded = parse_frame_graph_snapshot(&json).expect("the snapshot decodes");
    assert_eq!(decoded.source, SnapshotDecodeSource::V1);
    assert!(!decoded.migrated && decoded.issues.is_empty());
    assert_eq!(decoded.snapshot, first, "decoding changes the snapshot");
    json
}

/// Labels by id, for one table.
fn labels(table: &Value) -> BTreeMap<String, Value> {
    table
        .as_array()
        .expect("a table is an array")
        .iter()
        .map(|row| (row["id"].as_str().expect("an id").to_owned(), row["label"].clone()))
        .collect()
}

fn label_of(labels: &BTreeMap<String, Value>, id: &Value) -> Value {
    id.as_str().map_or(Value::Null, |id| labels.get(id).cloned().unwrap_or_else(|| panic!("unknown id {id}")))
}

fn text(value: &Value) -> String {
    value.as_str().map_or_else(|| value.to_string(), str::to_owned)
}

/// The golden projection of an exported document.
fn project(case: &str, snapshot: &Value) -> Value {
    let graph = &snapshot["graph"];
    let groups = labels(&graph["groups"]);
    let nodes = labels(&graph["nodes"]);
    let resources = labels(&graph["resources"]);
    let views = labels(&graph["textureViews"]);
    let node = |id: &Value| label_of(&nodes, id);
    let resource = |id: &Value| label_of(&resources, id);
    let rows = |table: &str| graph[table].as_array().expect("a table is an array").clone();
    let recording_order: BTreeMap<String, u64> = rows("nodes")
        .iter()
        .map(|row| (text(&row["id"]), row["recordingOrder"].as_u64().expect("a recording order")))
        .collect();

    let group_rows: Vec<Value> = rows("groups")
        .iter()
        .map(|row| json!({ "label": row["label"], "parent": label_of(&groups, &row["parentId"]) }))
        .collect();
    let mut node_rows = rows("nodes");
    node_rows.sort_by_key(|row| row["recordingOrder"].as_u64());
    let node_rows: Vec<Value> = node_rows
        .iter()
        .map(|row| {
            json!({
                "label": row["label"], "recordingOrder": row["recordingOrder"], "kind": row["kind"],
                "sideEffect": row["sideEffect"], "group": label_of(&groups, &row["groupId"]),
                "compileState": row["compileState"],
            })
        })
        .collect();
    let mut resource_rows: Vec<Value> = rows("resources")
        .iter()
        .map(|row| {
            let mut projected = json!({
                "label": row["label"], "kind": row["kind"], "origin": row["origin"],
                "initialContents": row["initialContents"], "group": label_of(&groups, &row["groupId"]),
                "descriptor": row["descriptor"], "usageFlags": row["usageFlags"],
            });
            if !row["lifetime"].is_null() {
                projected["lifetime"] = row["lifetime"].clone();
            }
            projected
        })
        .collect();
    resource_rows.sort_by_key(|row| text(&row["label"]));
    let mut view_rows: Vec<Value> = rows("textureViews")
        .iter()
        .map(|row| {
            json!({
                "label": row["label"], "resource": resource(&row["resourceId"]), "format": row["format"],
                "dimension": row["dimension"], "aspect": row["aspect"], "baseMipLevel": row["baseMipLevel"],
                "mipLevelCount": row["mipLevelCount"], "baseArrayLayer": row["baseArrayLayer"],
                "arrayLayerCount": row["arrayLayerCount"], "swizzle": row["swizzle"],
            })
        })
        .collect();
    view_rows.sort_by_key(|row| text(&row["label"]));
    let mut access_rows: Vec<(u64, Value)> = rows("accesses")
        .iter()
        .map(|row| {
            let mut projected = json!({
                "node": node(&row["nodeId"]), "resource": resource(&row["resourceId"]), "access": row["access"],
                "mode": row["mode"], "producesValue": row["producesValue"],
            });
            for (from, to) in
                [("contents", "contents"), ("bufferRange", "bufferRange"), ("textureRegion", "textureRegion")]
            {
                if !row[from].is_null() {
                    projected[to] = row[from].clone();
                }
            }
            if !row["textureViewId"].is_null() {
                projected["textureView"] = label_of(&views, &row["textureViewId"]);
            }
            (recording_order[&text(&row["nodeId"])], projected)
        })
        .collect();
    access_rows.sort_by_key(|(order, row)| {
        (
            *order,
            text(&row["resource"]),
            text(&row["access"]),
            row["bufferRange"].to_string(),
            row["textureRegion"].to_string(),
        )
    });
    let mut dependency_rows: Vec<Value> = rows("dependencies")
        .iter()
        .map(|row| {
            json!({
                "from": node(&row["fromNodeId"]), "to": node(&row["toNodeId"]),
                "resource": resource(&row["resourceId"]), "kind": row["kind"],
            })
        })
        .collect();
    dependency_rows.sort_by_key(|row| ["from", "to", "resource", "kind"].map(|key| text(&row[key])));
    let mut root_rows: Vec<Value> = rows("roots")
        .iter()
        .map(|row| match row["nodeId"].as_str() {
            Some(_) => json!({ "reason": row["reason"], "node": node(&row["nodeId"]) }),
            None => {
                let producers: Vec<Value> =
                    row["resolution"]["producerNodeIds"].as_array().expect("producers").iter().map(node).collect();
                json!({
                    "reason": row["reason"], "resource": resource(&row["resourceId"]), "range": row["range"],
                    "resolution": {
                        "usesInitialContents": row["resolution"]["usesInitialContents"],
                        "producerNodes": producers,
                    },
                })
            }
        })
        .collect();
    root_rows.sort_by_key(|row| {
        let subject = if row["node"].is_null() { text(&row["resource"]) } else { text(&row["node"]) };
        (text(&row["reason"]), subject, row["range"].to_string())
    });
    let segment_rows: Vec<Value> = rows("segments")
        .iter()
        .map(|row| {
            let members: Vec<Value> = row["nodeIds"].as_array().expect("segment nodes").iter().map(node).collect();
            json!({ "order": row["order"], "kind": row["kind"], "nodes": members })
        })
        .collect();

    let mut classes: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for row in rows("resources") {
        if let Some(allocation) = row["allocationId"].as_str() {
            classes.entry(allocation.to_owned()).or_default().push(text(&row["label"]));
        }
    }
    let mut classes: Vec<Vec<String>> = classes.into_values().collect();
    classes.iter_mut().for_each(|class| class.sort());
    classes.sort();

    let cpu = &snapshot["timings"]["cpu"];
    let cpu_timing = if cpu["status"] == "available" {
        let timed: Vec<Value> = cpu["nodes"]
            .as_array()
            .expect("timed nodes")
            .iter()
            .map(|row| json!({ "node": node(&row["nodeId"]), "durationMicros": row["durationMicros"] }))
            .collect();
        json!({ "status": "available", "executionDurationMicros": cpu["executionDurationMicros"], "nodes": timed })
    } else {
        json!({ "status": cpu["status"], "reason": cpu["reason"] })
    };

    json!({
        "projectionVersion": 1,
        "case": case,
        "graph": {
            "groups": group_rows,
            "nodes": node_rows,
            "resources": resource_rows,
            "textureViews": view_rows,
            "accesses": access_rows.into_iter().map(|(_, row)| row).collect::<Vec<_>>(),
            "dependencies": dependency_rows,
            "roots": root_rows,
            "segments": segment_rows,
        },
        "memory": { "allocationEquivalenceClasses": classes },
        "cpuTiming": cpu_timing,
    })
}

fn check(case: &str) {
    let (_, record) = SCENARIOS.iter().find(|(name, _)| *name == case).expect("a known scenario");
    let golden = read_json(&format!("goldens/{case}.projection.json"));
    let json = export(&compile(*record));
    let projected = project(case, &serde_json::from_str(&json).expect("the export is JSON"));
    assert!(
        projected == golden,
        "{case} differs from its golden\n--- exported\n{}\n--- golden\n{}",
        serde_json::to_string_pretty(&projected).unwrap_or_default(),
        serde_json::to_string_pretty(&golden).unwrap_or_default()
    );
}

#[test]
fn the_manifest_lists_exactly_these_scenarios() {
    let manifest = read_json("manifest.json");
    assert_eq!(manifest["schemaVersion"], 1);
    assert_eq!(manifest["projectionVersion"], 1);
    let cases: Vec<(String, String)> = manifest["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .map(|case| (text(&case["name"]), text(&case["golden"])))
        .collect();
    let expected: Vec<(String, String)> =
        SCENARIOS.iter().map(|(name, _)| ((*name).to_owned(), format!("goldens/{name}.projection.json"))).collect();
    assert_eq!(cases, expected);
}

#[test]
fn linear_dependency_matches_its_golden() {
    check("linear-dependency");
}

#[test]
fn overwrite_culling_matches_its_golden() {
    check("overwrite-culling");
}

#[test]
fn preserve_discard_matches_its_golden() {
    check("preserve-discard");
}

#[test]
fn buffer_range_matches_its_golden() {
    check("buffer-range");
}

#[test]
fn texture_subresource_matches_its_golden() {
    check("texture-subresource");
}

#[test]
fn external_submission_matches_its_golden() {
    check("external-submission");
}

#[test]
fn aliasing_matches_its_golden() {
    check("aliasing");
}

#[test]
fn texture_buffer_contiguous_matches_its_golden() {
    check("texture-buffer-contiguous");
}

#[test]
fn texture_buffer_padding_matches_its_golden() {
    check("texture-buffer-padding");
}
