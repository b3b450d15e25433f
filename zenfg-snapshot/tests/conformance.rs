//! The shared Snapshot 1.2 conformance corpus: every manifest case, the legacy
//! migrations, the 1.2 fixtures and the extension depth boundary.

mod common;

use common::{corpus, expected_triples, read_json, read_text, triples};
use serde_json::{Value, json};
use zenfg_snapshot::{
    FRAME_GRAPH_SNAPSHOT_FORMAT, FrameGraphSnapshotV1, SnapshotDecodeResult, SnapshotDecodeSource,
    SnapshotIssueSeverity, SnapshotMigrationSourceFormat, SnapshotUnavailableFact, decode_frame_graph_snapshot,
    parse_frame_graph_snapshot, to_json, to_json_pretty, validate_frame_graph_snapshot,
    validate_typed_frame_graph_snapshot,
};

fn decode_text(text: &str) -> SnapshotDecodeResult {
    parse_frame_graph_snapshot(text).unwrap_or_else(|error| panic!("{error}"))
}

/// Re-encodes a decoded snapshot and checks that the output is a fixed point.
fn assert_round_trip(snapshot: &FrameGraphSnapshotV1) {
    let compact = to_json(snapshot).expect("a decoded snapshot encodes");
    let pretty = to_json_pretty(snapshot).expect("a decoded snapshot encodes");
    let reparsed: Value = serde_json::from_str(&compact).expect("canonical output is JSON");
    assert_eq!(validate_frame_graph_snapshot(&reparsed), vec![]);
    assert_eq!(reparsed, serde_json::from_str::<Value>(&pretty).expect("pretty output is JSON"));
    let again = decode_text(&compact);
    assert_eq!(again.source, SnapshotDecodeSource::V1);
    assert!(!again.migrated);
    assert_eq!(&again.snapshot, snapshot);
    assert_eq!(to_json(&again.snapshot).expect("encodes"), compact);
}

#[test]
fn every_manifest_case_matches_its_expected_outcome() {
    let manifest = read_json("conformance/manifest.json");
    let cases = manifest["cases"].as_array().expect("cases");
    assert_eq!(cases.len(), 62);
    for case in cases {
        let id = case["id"].as_str().expect("id");
        let file = format!("conformance/{}", case["file"].as_str().expect("file"));
        let input = case["input"].as_str().expect("input");
        let runtime_valid = case["runtimeValid"].as_bool().expect("runtimeValid");
        let expected = expected_triples(case);
        let text = read_text(&file);

        let (accepted, issues, decoded) = if input == "validator" {
            let value: Value = serde_json::from_str(&text).expect("validator input is JSON");
            let issues = validate_frame_graph_snapshot(&value);
            (issues.is_empty(), issues, None)
        } else {
            let from_text = parse_frame_graph_snapshot(&text);
            if input != "json-text" {
                let value: Value = serde_json::from_str(&text).expect("decoder input is JSON");
                assert_eq!(decode_frame_graph_snapshot(value), from_text, "{id}: text and value decoding disagree");
            }
            match from_text {
                Ok(result) => (true, result.issues.clone(), Some(result)),
                Err(error) => (false, error.issues, None),
            }
        };

        assert_eq!(accepted, runtime_valid, "{id}: acceptance; issues {issues:#?}");
        assert_eq!(triples(&issues), expected, "{id}: issues");
        let severity = if accepted { SnapshotIssueSeverity::Warning } else { SnapshotIssueSeverity::Error };
        assert!(issues.iter().all(|issue| issue.severity == severity), "{id}: severities");

        if let Some(decoded) = &decoded {
            assert_eq!(decoded.migrated, decoded.source != SnapshotDecodeSource::V1, "{id}");
            assert_round_trip(&decoded.snapshot);
        }
        if let Some(canonical) = case.get("canonical").and_then(Value::as_str) {
            let decoded = decoded.unwrap_or_else(|| panic!("{id}: a canonical case decodes"));
            let expected = decode_text(&read_text(&format!("conformance/{canonical}")));
            assert_eq!(expected.source, SnapshotDecodeSource::V1, "{id}: canonical is 1.2");
            assert_eq!(decoded.snapshot, expected.snapshot, "{id}: canonical output");
            let actual: Value = serde_json::from_str(&to_json(&decoded.snapshot).expect("encodes")).expect("JSON");
            let wanted: Value = serde_json::from_str(&to_json(&expected.snapshot).expect("encodes")).expect("JSON");
            assert_eq!(actual, wanted, "{id}: canonical JSON");
        }
        if let Some(schema_valid) = case["schemaValid"].as_bool() {
            let value: Value = serde_json::from_str(&text).expect("JSON");
            let raw_issues = validate_frame_graph_snapshot(&value);
            if schema_valid {
                let semantic_only = raw_issues.iter().all(|issue| !structural_code(&issue.code));
                assert!(semantic_only, "{id}: schema-valid input has structural issues {raw_issues:#?}");
            } else {
                assert!(!raw_issues.is_empty(), "{id}: schema-invalid input passes the validator");
            }
        }
    }
}

/// Codes that only the structural layer reports.
fn structural_code(code: &str) -> bool {
    matches!(
        code,
        "invalid-type"
            | "missing-property"
            | "unexpected-property"
            | "invalid-literal"
            | "empty-string"
            | "invalid-id"
            | "invalid-integer"
            | "invalid-number"
            | "invalid-enum"
            | "duplicate-value"
            | "invalid-extension-name"
            | "extension-depth-exceeded"
            | "invalid-texture-region"
            | "invalid-read"
            | "invalid-access-mode"
            | "invalid-access-view"
            | "invalid-initial-contents"
            | "missing-root-fact"
    )
}

#[test]
fn legacy_v0_migrates_to_its_expected_document() {
    let decoded = decode_text(&read_text("fixtures/legacy-v0.json"));
    assert_eq!(decoded.source, SnapshotDecodeSource::LegacyV0);
    assert!(decoded.migrated);
    assert_eq!(
        triples(&decoded.issues),
        vec![(
            "legacy-v0-migrated".to_owned(),
            String::new(),
            "The unversioned debug capture was migrated to FrameGraph Snapshot 1.2.".to_owned()
        )]
    );
    let expected = read_json("fixtures/legacy-v0.expected.fgsnapshot.json");
    let actual: Value = serde_json::from_str(&to_json(&decoded.snapshot).expect("encodes")).expect("JSON");
    assert_eq!(actual, expected);
}

#[test]
fn legacy_candidate_v1_migrates_to_its_expected_document() {
    let decoded = decode_text(&read_text("fixtures/legacy-candidate-v1-canonical.json"));
    assert_eq!(decoded.source, SnapshotDecodeSource::LegacyCandidateV1);
    let expected = read_json("fixtures/legacy-candidate-v1.expected.fgsnapshot.json");
    let actual: Value = serde_json::from_str(&to_json(&decoded.snapshot).expect("encodes")).expect("JSON");
    assert_eq!(actual, expected);
}

#[test]
fn legacy_candidate_v1_without_root_facts_declares_them_unavailable() {
    let decoded = decode_text(&read_text("fixtures/legacy-candidate-v1.json"));
    assert_eq!(decoded.source, SnapshotDecodeSource::LegacyCandidateV1);
    assert_eq!(decoded.issues[0].code, "legacy-candidate-v1-migrated");
    let migration = decoded.snapshot.capture.migration.clone().expect("provenance");
    assert_eq!(migration.source_format, SnapshotMigrationSourceFormat::LegacyCandidateV1);
    assert_eq!(
        migration.unavailable_facts,
        vec![SnapshotUnavailableFact::RootsRange, SnapshotUnavailableFact::RootsResolution]
    );
    let contents: Vec<_> = decoded
        .snapshot
        .graph
        .resources
        .iter()
        .map(|resource| resource.initial_contents.map(|contents| contents.as_str()))
        .collect();
    assert_eq!(contents, vec![Some("undefined"), Some("undefined"), Some("undefined")]);
    assert_round_trip(&decoded.snapshot);
}

#[test]
fn every_snapshot_1_2_fixture_decodes_unmigrated_and_round_trips() {
    let mut checked = 0;
    for entry in std::fs::read_dir(corpus().join("fixtures")).expect("fixtures") {
        let path = entry.expect("entry").path();
        let name = path.file_name().and_then(|name| name.to_str()).unwrap_or_default().to_owned();
        if !name.ends_with(".fgsnapshot.json") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("fixture");
        let decoded = decode_text(&text);
        assert_eq!(decoded.source, SnapshotDecodeSource::V1, "{name}");
        assert!(!decoded.migrated && decoded.issues.is_empty(), "{name}");
        let original: Value = serde_json::from_str(&text).expect("JSON");
        let encoded: Value = serde_json::from_str(&to_json(&decoded.snapshot).expect("encodes")).expect("JSON");
        assert_eq!(encoded, original, "{name}: re-encoding changes the document");
        assert_round_trip(&decoded.snapshot);
        checked += 1;
    }
    assert_eq!(checked, 8);
}

#[test]
fn zenfg_0_2_0_rust_fixture_is_a_valid_1_2_document() {
    let text = read_text("rust-zenfg-0.2.0/tests/fixtures/snapshot-v1.json");
    let value: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(validate_frame_graph_snapshot(&value), vec![]);
    let decoded = decode_text(&text);
    assert_eq!(decoded.source, SnapshotDecodeSource::V1);
    assert_eq!(decoded.snapshot.producer.language.as_deref(), Some("rust"));
    assert_round_trip(&decoded.snapshot);
}

/// The depth-64 fixture with its extension renamed to `dev.zenfg.deep/~` and nested
/// `extra` levels deeper.
fn deep_extension_document(extra: usize) -> Value {
    let mut document = read_json("fixtures/extension-depth-64.fgsnapshot.json");
    let extensions = document["extensions"].as_object_mut().expect("extensions");
    let deep = extensions.remove("dev.zenfg.deep").expect("deep extension");
    extensions.insert("dev.zenfg.deep/~".to_owned(), common::nested_arrays(extra, deep));
    document
}

#[test]
fn extension_depth_64_is_accepted_and_65_rejected_everywhere_with_escaped_paths() {
    let expected = vec![(
        "extension-depth-exceeded".to_owned(),
        "/extensions/dev.zenfg.deep~1~0".to_owned(),
        "Extension JSON nesting depth must not exceed 64 container levels.".to_owned(),
    )];

    let accepted = deep_extension_document(0);
    assert_eq!(validate_frame_graph_snapshot(&accepted), vec![]);
    let decoded = decode_frame_graph_snapshot(accepted.clone()).expect("depth 64 decodes");
    assert_eq!(decode_text(&accepted.to_string()), decoded);
    to_json(&decoded.snapshot).expect("depth 64 encodes");

    let rejected = deep_extension_document(1);
    assert_eq!(triples(&validate_frame_graph_snapshot(&rejected)), expected);
    let error = decode_frame_graph_snapshot(rejected.clone()).expect_err("depth 65 is rejected");
    assert_eq!(triples(&error.issues), expected);
    let error = parse_frame_graph_snapshot(&rejected.to_string()).expect_err("depth 65 is rejected");
    assert_eq!(triples(&error.issues), expected);

    let mut typed = decoded.snapshot;
    let deep = typed.extensions.remove("dev.zenfg.deep/~").expect("extension");
    typed.extensions.insert("dev.zenfg.deep/~".to_owned(), common::nested_arrays(1, deep));
    let error = to_json(&typed).expect_err("depth 65 does not encode");
    assert_eq!(triples(error.issues()), expected);
    let error = validate_typed_frame_graph_snapshot(&typed).expect_err("depth 65 is invalid");
    assert_eq!(triples(error.issues()), expected);
}

#[test]
fn unknown_formats_and_versions_are_rejected() {
    let mut document = read_json("fixtures/minimal.fgsnapshot.json");
    for (major, minor) in [(1, 0), (1, 3), (2, 2), (0, 2)] {
        document["version"] = json!({ "major": major, "minor": minor });
        let error = decode_frame_graph_snapshot(document.clone()).expect_err("unsupported");
        assert_eq!(
            triples(&error.issues),
            vec![(
                "unsupported-version".to_owned(),
                "/version".to_owned(),
                format!("Snapshot version {major}.{minor} is not supported; this Viewer supports 1.2."),
            )]
        );
    }
    document["version"] = json!({ "major": 1, "minor": 2 });
    for format in [json!("zenfg.frame-graph-snapshot-v2"), json!(7)] {
        document["format"] = format;
        let error = decode_frame_graph_snapshot(document.clone()).expect_err("unsupported");
        assert_eq!(error.issues[0].code, "unsupported-format");
    }
    let mut candidate = read_json("fixtures/legacy-candidate-v1-canonical.json");
    candidate["version"] = json!({ "major": 1, "minor": 2 });
    let error = decode_frame_graph_snapshot(candidate).expect_err("candidates are 1.0 only");
    assert_eq!(error.issues[0].code, "unsupported-version");
}

#[test]
fn encoding_validates_and_integral_floats_are_integers() {
    let mut document = read_json("fixtures/minimal.fgsnapshot.json");
    document["capture"]["frameIndex"] = json!(0.0);
    document["version"] = json!({ "major": 1.0, "minor": 2.0 });
    let mut snapshot = decode_frame_graph_snapshot(document).expect("0.0 is an integer").snapshot;
    assert_eq!(snapshot.capture.frame_index, 0);
    assert!(to_json(&snapshot).expect("encodes").contains(r#""frameIndex":0}"#));

    snapshot.format = "zenfg.other".to_owned();
    let error = to_json(&snapshot).expect_err("the format is checked on encode");
    assert_eq!(
        triples(error.issues()),
        vec![(
            "invalid-literal".to_owned(),
            "/format".to_owned(),
            format!("Expected \"{FRAME_GRAPH_SNAPSHOT_FORMAT}\"."),
        )]
    );
}
