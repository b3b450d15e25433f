//! The shared Snapshot 1.2 conformance corpus: every manifest case (issues, decode source,
//! canonical output and validity under the corpus JSON Schema), the legacy migrations, the
//! 1.2 fixtures and the extension depth boundary.

mod common;

use common::{corpus, expected_triples, read_json, read_text, schema, triples};
use serde_json::{Value, json};
use zenfg_snapshot_format::{
    FRAME_GRAPH_SNAPSHOT_FORMAT, FrameGraphSnapshotV1, SnapshotDecodeResult, SnapshotDecodeSource,
    SnapshotIssueSeverity, SnapshotMigrationSourceFormat, SnapshotUnavailableFact, decode_frame_graph_snapshot,
    parse_frame_graph_snapshot, to_json, to_json_pretty, validate_frame_graph_snapshot,
    validate_typed_frame_graph_snapshot,
};

/// What the schema finds wrong with `value`, one `path: message` line per error.
fn schema_errors(value: &Value) -> Vec<String> {
    schema().iter_errors(value).map(|error| format!("{}: {error}", error.instance_path())).collect()
}

fn decode_text(text: &str) -> SnapshotDecodeResult {
    parse_frame_graph_snapshot(text).unwrap_or_else(|error| panic!("{error}"))
}

/// Re-encodes a decoded snapshot and checks that the output passes the schema and the
/// validator and is a fixed point.
fn assert_round_trip(snapshot: &FrameGraphSnapshotV1) {
    let compact = to_json(snapshot).expect("a decoded snapshot encodes");
    let pretty = to_json_pretty(snapshot).expect("a decoded snapshot encodes");
    let reparsed: Value = serde_json::from_str(&compact).expect("canonical output is JSON");
    assert_eq!(schema_errors(&reparsed), Vec::<String>::new(), "canonical output fails the schema");
    assert_eq!(validate_frame_graph_snapshot(&reparsed), vec![]);
    assert_eq!(reparsed, serde_json::from_str::<Value>(&pretty).expect("pretty output is JSON"));
    let again = decode_text(&compact);
    assert_eq!(again.source, SnapshotDecodeSource::V1);
    assert!(!again.migrated);
    assert_eq!(&again.snapshot, snapshot);
    assert_eq!(to_json(&again.snapshot).expect("encodes"), compact);
}

/// The source a decoded case must report, from its manifest `input` and its expected
/// issues: a `v1` input is Snapshot 1.1 exactly when the 1.1 migration warning is
/// expected, and canonical 1.2 otherwise.
fn expected_source(id: &str, input: &str, expected: &[(String, String, String)]) -> SnapshotDecodeSource {
    match input {
        "legacy-v0" => SnapshotDecodeSource::LegacyV0,
        "legacy-candidate-v1" => SnapshotDecodeSource::LegacyCandidateV1,
        "v1" if expected.iter().any(|(code, _, _)| code == "snapshot-v1.1-migrated") => {
            SnapshotDecodeSource::SnapshotV1_1
        }
        "v1" => SnapshotDecodeSource::V1,
        other => panic!("{id}: input {other:?} is not decoded"),
    }
}

/// The warning, at the root, that a decode from `source` carries; none for 1.2.
fn migration_warning(source: SnapshotDecodeSource) -> Option<&'static str> {
    match source {
        SnapshotDecodeSource::V1 => None,
        SnapshotDecodeSource::SnapshotV1_1 => Some("snapshot-v1.1-migrated"),
        SnapshotDecodeSource::LegacyV0 => Some("legacy-v0-migrated"),
        SnapshotDecodeSource::LegacyCandidateV1 => Some("legacy-candidate-v1-migrated"),
    }
}

/// Checks a decoded case against the source its manifest entry implies: canonical 1.2
/// comes back unmigrated and unchanged, historical input migrated, with its warning and
/// provenance, and with a `canonical` document to compare.
fn assert_decoded_as_declared(id: &str, case: &Value, raw: &Value, decoded: &SnapshotDecodeResult) {
    let expected = expected_triples(case);
    let source = expected_source(id, case["input"].as_str().unwrap_or_default(), &expected);
    assert_eq!(decoded.source, source, "{id}: decode source");
    assert_eq!(decoded.migrated, source != SnapshotDecodeSource::V1, "{id}: migrated");
    let warnings: Vec<_> = decoded.issues.iter().map(|issue| (issue.code.as_str(), issue.path.as_str())).collect();
    assert_eq!(warnings, migration_warning(source).map(|code| (code, "")).into_iter().collect::<Vec<_>>(), "{id}");
    let migration = decoded.snapshot.capture.migration.as_ref().map(|migration| migration.source_format);
    let declared = raw.pointer("/capture/migration/sourceFormat").and_then(Value::as_str);
    let declared = declared.and_then(SnapshotMigrationSourceFormat::from_wire);
    match source {
        SnapshotDecodeSource::V1 => {
            assert!(case.get("canonical").is_none(), "{id}: canonical 1.2 needs no expected document");
            assert_eq!(case["schemaValid"], json!(true), "{id}: valid canonical 1.2 passes the schema");
            assert_eq!(migration, declared, "{id}: provenance is kept as it is");
            let encoded: Value = serde_json::from_str(&to_json(&decoded.snapshot).expect("encodes")).expect("JSON");
            assert_eq!(encoded, canonical_numbers(raw.clone()), "{id}: decoding changes the document");
        }
        SnapshotDecodeSource::SnapshotV1_1 => {
            assert!(case.get("canonical").is_some(), "{id}: a migration has an expected document");
            let kept = declared.unwrap_or(SnapshotMigrationSourceFormat::SnapshotV1_1);
            assert_eq!(migration, Some(kept), "{id}: provenance");
        }
        SnapshotDecodeSource::LegacyV0 | SnapshotDecodeSource::LegacyCandidateV1 => {
            assert!(case.get("canonical").is_some(), "{id}: a migration has an expected document");
            let format = if source == SnapshotDecodeSource::LegacyV0 {
                SnapshotMigrationSourceFormat::LegacyV0
            } else {
                SnapshotMigrationSourceFormat::LegacyCandidateV1
            };
            assert_eq!(migration, Some(format), "{id}: provenance");
        }
    }
}

/// `value` with every integral float written as an integer, as the canonical encoder
/// writes numbers.
fn canonical_numbers(value: Value) -> Value {
    match value {
        Value::Number(number) => match number.as_f64() {
            Some(float) if number.is_f64() && float.fract() == 0.0 && float.abs() < 9_007_199_254_740_992.0 => {
                json!(float as i64)
            }
            _ => Value::Number(number),
        },
        Value::Array(items) => Value::Array(items.into_iter().map(canonical_numbers).collect()),
        Value::Object(map) => {
            Value::Object(map.into_iter().map(|(key, item)| (key, canonical_numbers(item))).collect())
        }
        other => other,
    }
}

/// Checks what a case's `category` implies about its other fields and issues.
fn assert_category(id: &str, case: &Value, issues: &[(String, String, String)]) {
    let input = case["input"].as_str().unwrap_or_default();
    let runtime_valid = case["runtimeValid"].as_bool();
    let codes = || issues.iter().map(|(code, _, _)| code.as_str());
    match case["category"].as_str().unwrap_or_default() {
        "valid" => assert_eq!(runtime_valid, Some(true), "{id}"),
        "structural-invalid" => {
            assert_eq!((runtime_valid, &case["schemaValid"]), (Some(false), &json!(false)), "{id}");
        }
        "semantic-invalid" => {
            assert_eq!(runtime_valid, Some(false), "{id}");
            assert!(!codes().any(structural_code), "{id}: a semantic case has only semantic issues");
        }
        "unsupported" => {
            assert_eq!((runtime_valid, input), (Some(false), "v1"), "{id}");
            assert!(codes().all(|code| matches!(code, "unsupported-format" | "unsupported-version")), "{id}");
        }
        "malformed-legacy" => {
            assert_eq!((runtime_valid, input), (Some(false), "legacy-v0"), "{id}");
            assert!(codes().all(|code| code.starts_with("legacy-")), "{id}: legacy issues");
        }
        "malformed-json" => {
            assert_eq!((runtime_valid, input), (Some(false), "json-text"), "{id}");
            assert!(codes().all(|code| code == "invalid-json"), "{id}");
        }
        other => panic!("{id}: unknown category {other:?}"),
    }
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
        let raw = serde_json::from_str::<Value>(&text);
        assert_eq!(raw.is_ok(), input != "json-text", "{id}: only json-text inputs are not JSON");
        let raw = raw.unwrap_or_default();

        let (accepted, issues, decoded) = if input == "validator" {
            let issues = validate_frame_graph_snapshot(&raw);
            (issues.is_empty(), issues, None)
        } else {
            let from_text = parse_frame_graph_snapshot(&text);
            if input != "json-text" {
                assert_eq!(
                    decode_frame_graph_snapshot(raw.clone()),
                    from_text,
                    "{id}: text and value decoding disagree"
                );
            }
            match from_text {
                Ok(result) => (true, result.issues.clone(), Some(result)),
                Err(error) => (false, error.issues, None),
            }
        };

        assert_eq!(accepted, runtime_valid, "{id}: acceptance; issues {issues:#?}");
        assert_eq!(triples(&issues), expected, "{id}: issues");
        assert_category(id, case, &expected);
        let severity = if accepted { SnapshotIssueSeverity::Warning } else { SnapshotIssueSeverity::Error };
        assert!(issues.iter().all(|issue| issue.severity == severity), "{id}: severities");

        if let Some(decoded) = &decoded {
            assert_decoded_as_declared(id, case, &raw, decoded);
            assert_round_trip(&decoded.snapshot);
        }
        if let Some(canonical) = case.get("canonical").and_then(Value::as_str) {
            let decoded = decoded.unwrap_or_else(|| panic!("{id}: a canonical case decodes"));
            let canonical_text = read_text(&format!("conformance/{canonical}"));
            let canonical_value: Value = serde_json::from_str(&canonical_text).expect("JSON");
            assert_eq!(schema_errors(&canonical_value), Vec::<String>::new(), "{id}: canonical passes the schema");
            let expected = decode_text(&canonical_text);
            assert_eq!(expected.source, SnapshotDecodeSource::V1, "{id}: canonical is 1.2");
            assert_eq!(decoded.snapshot, expected.snapshot, "{id}: canonical output");
            let actual: Value = serde_json::from_str(&to_json(&decoded.snapshot).expect("encodes")).expect("JSON");
            let wanted: Value = serde_json::from_str(&to_json(&expected.snapshot).expect("encodes")).expect("JSON");
            assert_eq!(actual, wanted, "{id}: canonical JSON");
        }
        match &case["schemaValid"] {
            Value::Bool(schema_valid) => {
                let errors = schema_errors(&raw);
                assert_eq!(errors.is_empty(), *schema_valid, "{id}: schema validity; schema errors {errors:#?}");
                // The validator agrees with the schema: no structural issue where the
                // schema accepts, a rejection where it does not.
                let raw_issues = validate_frame_graph_snapshot(&raw);
                if *schema_valid {
                    let semantic_only = raw_issues.iter().all(|issue| !structural_code(&issue.code));
                    assert!(semantic_only, "{id}: schema-valid input has structural issues {raw_issues:#?}");
                } else {
                    assert!(!raw_issues.is_empty(), "{id}: schema-invalid input passes the validator");
                }
            }
            not_applicable => {
                assert_eq!(not_applicable, &json!("not-applicable"), "{id}: schemaValid");
                assert!(matches!(input, "legacy-v0" | "legacy-candidate-v1" | "json-text"), "{id}: only non-V1 shapes");
            }
        }
    }
}

#[test]
fn the_schema_reads_patterns_with_ecma_262_semantics() {
    let minimal = read_json("fixtures/minimal.fgsnapshot.json");
    assert_eq!(schema_errors(&minimal), Vec::<String>::new());
    let with_group = |id: &str| {
        let mut document = minimal.clone();
        document["graph"]["groups"] = json!([{ "id": id, "label": "group" }]);
        document
    };
    for terminator in ['\n', '\r', '\u{2028}', '\u{2029}'] {
        for id in [format!("group:{terminator}"), format!("group:a{terminator}b"), format!("group:ab{terminator}")] {
            let document = with_group(&id);
            assert!(!schema_errors(&document).is_empty(), "{id:?} is not an id");
            assert!(!validate_frame_graph_snapshot(&document).is_empty(), "{id:?} is not an id");
        }
        let mut document = minimal.clone();
        document["extensions"] = json!({ format!("dev.zenfg{terminator}x"): 1 });
        assert!(!schema_errors(&document).is_empty(), "an extension name with {terminator:?}");
    }
    for id in ["group:a b", "group:\t", "group:\u{a0}\u{85}\u{3000}", "group:é", "group::"] {
        let document = with_group(id);
        assert_eq!(schema_errors(&document), Vec::<String>::new(), "{id:?} is an id");
        assert_eq!(validate_frame_graph_snapshot(&document), vec![], "{id:?} is an id");
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

#[test]
fn legacy_candidate_v1_with_a_claimed_migration_migrates_to_its_expected_document() {
    let mut candidate = read_json("fixtures/legacy-candidate-v1-canonical.json");
    candidate["capture"]["migration"] = json!({ "sourceFormat": "snapshot-v1.1", "unavailableFacts": [] });
    let decoded = decode_text(&candidate.to_string());
    assert_eq!(decoded.source, SnapshotDecodeSource::LegacyCandidateV1);
    assert_eq!(triples(&decoded.issues)[0].0, "legacy-candidate-v1-migrated");
    let expected = read_json("fixtures/legacy-candidate-v1.expected.fgsnapshot.json");
    let actual: Value = serde_json::from_str(&to_json(&decoded.snapshot).expect("encodes")).expect("JSON");
    assert_eq!(actual, expected, "the claim is replaced by the candidate's own provenance");
    assert_round_trip(&decoded.snapshot);
}
