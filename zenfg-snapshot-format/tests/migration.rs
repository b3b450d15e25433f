//! Migration details beyond the corpus: Legacy V0 shapes, Candidate root facts and 1.1
//! provenance.

mod common;

use common::{read_json, triples};
use serde_json::{Value, json};
use zenfg_snapshot_format::{
    SnapshotCpuTimings, SnapshotDecodeSource, SnapshotGpuTimings, SnapshotMigrationSourceFormat, SnapshotRoot,
    SnapshotTextureRegion, SnapshotUnavailableFact, SnapshotUsageFlag, decode_frame_graph_snapshot, to_json,
};

fn legacy_v0() -> Value {
    read_json("fixtures/legacy-v0.json")
}

#[test]
fn legacy_v0_keeps_regions_timings_and_descriptors_it_has() {
    let mut capture = legacy_v0();
    let compilation = &mut capture["compilation"];
    compilation["resources"][0]["descriptor"] = json!({
        "format": "bgra8unorm",
        "size": { "width": 4, "height": 4, "depthOrArrayLayers": 1 },
        "dimension": "2d", "mipLevelCount": 1, "sampleCount": 1, "viewFormats": []
    });
    compilation["resources"].as_array_mut().expect("resources").push(json!({
        "id": 3, "kind": "buffer", "label": "params", "origin": "imported", "usage": 72,
        "descriptor": { "size": 256 }
    }));
    compilation["accesses"][0]["textureRegion"] = json!({
        "baseMipLevel": 0, "mipLevelCount": 1, "baseArrayLayer": 0, "arrayLayerCount": 1, "aspect": "all"
    });
    compilation["accesses"].as_array_mut().expect("accesses").push(json!({
        "id": 2, "nodeId": 1, "resourceId": 3, "access": "buffer-uniform", "mode": "read",
        "producesValue": false, "bufferRange": { "offset": 0, "size": 64 }
    }));
    compilation["roots"].as_array_mut().expect("roots").push(json!({ "reason": "present", "resourceId": 1 }));
    capture["gpuTiming"] = json!({
        "status": "available", "frameIndex": 9, "frameDurationMicros": 12.5,
        "nodes": [{ "nodeId": 1, "durationMicros": 10 }]
    });

    let decoded = decode_frame_graph_snapshot(capture).expect("valid legacy capture");
    assert_eq!(decoded.source, SnapshotDecodeSource::LegacyV0);
    let snapshot = &decoded.snapshot;
    assert_eq!(snapshot.capture.frame_index, 9);
    let migration = snapshot.capture.migration.as_ref().expect("provenance");
    assert_eq!(migration.source_format, SnapshotMigrationSourceFormat::LegacyV0);
    assert_eq!(
        migration.unavailable_facts,
        vec![
            SnapshotUnavailableFact::TextureViews,
            SnapshotUnavailableFact::NodesRecordingOrder,
            SnapshotUnavailableFact::RootsRange,
            SnapshotUnavailableFact::RootsResolution,
        ]
    );
    let params = &snapshot.graph.resources[2];
    assert_eq!(params.initial_contents, None, "imported contents stay unknown");
    assert_eq!(params.usage_flags, vec![SnapshotUsageFlag::CopyDst, SnapshotUsageFlag::Uniform]);
    assert_eq!(snapshot.graph.accesses[0].texture_region, Some(SnapshotTextureRegion::array_layers(0, 1, 0, 1, "all")));
    assert!(matches!(&snapshot.graph.roots[1], SnapshotRoot::Resource(root)
        if root.resource_id == "resource:1" && root.range.is_none() && root.resolution.is_none()));
    assert!(matches!(&snapshot.timings.gpu, SnapshotGpuTimings::Available { frame_span_micros, nodes }
        if *frame_span_micros == 12.5 && nodes[0].node_id == "node:1"));
    assert_eq!(snapshot.timings.cpu, SnapshotCpuTimings::unavailable("not-collected"));
    assert!(to_json(snapshot).is_ok());
}

#[test]
fn legacy_v0_without_debug_groups_declares_groups_unavailable() {
    let mut capture = legacy_v0();
    let compilation = capture["compilation"].as_object_mut().expect("compilation");
    compilation.remove("debugGroups");
    compilation["nodes"][0].as_object_mut().expect("node").remove("debugGroupId");
    let decoded = decode_frame_graph_snapshot(capture).expect("valid");
    let facts = &decoded.snapshot.capture.migration.as_ref().expect("provenance").unavailable_facts;
    assert_eq!(facts[0], SnapshotUnavailableFact::Groups);
    assert!(decoded.snapshot.graph.groups.is_empty());
}

#[test]
fn legacy_v0_rejects_unknown_buffer_usage_bits_and_misplaced_roots() {
    let mut capture = legacy_v0();
    capture["compilation"]["resources"][1]["usage"] = json!(1024 + 128);
    capture["compilation"]["roots"] = json!([{ "reason": "side-effect", "resourceId": 2 }]);
    let error = decode_frame_graph_snapshot(capture).expect_err("invalid");
    assert_eq!(
        triples(&error.issues),
        vec![
            (
                "legacy-unknown-usage".to_owned(),
                "/compilation/resources/1/usage".to_owned(),
                "Legacy buffer usage contains unknown bits 0x400.".to_owned()
            ),
            (
                "legacy-root".to_owned(),
                "/compilation/roots/0".to_owned(),
                "Legacy side-effect root must reference a node.".to_owned()
            ),
        ]
    );
}

#[test]
fn legacy_v0_semantic_problems_are_reported_on_the_migrated_document() {
    let mut capture = legacy_v0();
    capture["compilation"]["accesses"][0]["nodeId"] = json!(7);
    let error = decode_frame_graph_snapshot(capture).expect_err("dangling node");
    assert_eq!(
        triples(&error.issues),
        vec![(
            "missing-reference".to_owned(),
            "/graph/accesses/0/nodeId".to_owned(),
            "Unknown node id \"node:7\".".to_owned()
        )]
    );
}

#[test]
fn legacy_v0_requires_all_three_parts() {
    let error = decode_frame_graph_snapshot(json!({ "compilation": {} })).expect_err("incomplete");
    let paths: Vec<_> = error.issues.iter().map(|issue| issue.path.as_str()).collect();
    assert!(paths.contains(&"/gpuTiming") && paths.contains(&"/resourcePool"), "{paths:?}");
    assert!(error.issues.iter().all(|issue| issue.code.starts_with("legacy-")));
}

#[test]
fn candidate_roots_with_range_and_resolution_keep_them_available() {
    let mut candidate = read_json("fixtures/legacy-candidate-v1.json");
    candidate["graph"]["roots"][0]["range"] = json!({
        "kind": "texture",
        "regions": [{ "baseMipLevel": 0, "mipLevelCount": 1, "baseArrayLayer": 0, "arrayLayerCount": 1, "aspect": "all" }]
    });
    let decoded = decode_frame_graph_snapshot(candidate).expect("valid candidate");
    let facts = &decoded.snapshot.capture.migration.as_ref().expect("provenance").unavailable_facts;
    assert_eq!(facts, &vec![SnapshotUnavailableFact::RootsResolution]);
}

#[test]
fn a_candidate_that_claims_a_migration_records_itself_as_the_source() {
    let mut candidate = read_json("fixtures/legacy-candidate-v1.json");
    candidate["capture"]["migration"] = json!({ "sourceFormat": "snapshot-v1.1", "unavailableFacts": [] });
    let decoded = decode_frame_graph_snapshot(candidate.clone()).expect("valid candidate");
    assert_eq!(decoded.source, SnapshotDecodeSource::LegacyCandidateV1);
    let migration = decoded.snapshot.capture.migration.as_ref().expect("provenance");
    assert_eq!(migration.source_format, SnapshotMigrationSourceFormat::LegacyCandidateV1);
    // The same document without the claim migrates to the same provenance.
    candidate["capture"].as_object_mut().expect("capture").remove("migration");
    let plain = decode_frame_graph_snapshot(candidate).expect("valid candidate");
    assert_eq!(plain.snapshot.capture.migration, decoded.snapshot.capture.migration);
}

#[test]
fn candidate_initial_contents_must_still_be_contents_tokens() {
    let mut candidate = read_json("fixtures/legacy-candidate-v1-canonical.json");
    candidate["graph"]["resources"][1]["initialContents"] = json!("zeroed");
    let error = decode_frame_graph_snapshot(candidate).expect_err("invalid token");
    assert_eq!(
        triples(&error.issues),
        vec![(
            "invalid-enum".to_owned(),
            "/graph/resources/1/initialContents".to_owned(),
            "Expected one of: defined, undefined.".to_owned()
        )]
    );
}

#[test]
fn snapshot_1_1_keeps_earlier_provenance_and_rejects_cpu_timing() {
    let mut document = read_json("conformance/valid/snapshot-1.1.json");
    document["capture"]["migration"] =
        json!({ "sourceFormat": "legacy-v0", "unavailableFacts": ["graph.nodes.recordingOrder"] });
    document["graph"]["nodes"][0].as_object_mut().expect("node").remove("recordingOrder");
    let decoded = decode_frame_graph_snapshot(document.clone()).expect("valid 1.1");
    assert_eq!(decoded.source, SnapshotDecodeSource::SnapshotV1_1);
    let migration = decoded.snapshot.capture.migration.as_ref().expect("provenance");
    assert_eq!(migration.source_format, SnapshotMigrationSourceFormat::LegacyV0);
    assert_eq!(migration.unavailable_facts, vec![SnapshotUnavailableFact::NodesRecordingOrder]);

    document["timings"]["cpu"] = json!({ "status": "unavailable", "reason": "not-requested" });
    let error = decode_frame_graph_snapshot(document).expect_err("1.1 has no CPU timing");
    assert_eq!(
        triples(&error.issues),
        vec![(
            "unexpected-property".to_owned(),
            "/timings/cpu".to_owned(),
            "Property \"cpu\" is not part of Snapshot 1.1.".to_owned()
        )]
    );
}
