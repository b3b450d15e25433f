//! Hostile input: the decoder never panics, never recurses without bound, and reports
//! what it rejects.

mod common;

use common::{dismantle, nested_arrays, read_text, triples};
use serde_json::{Value, json};
use zenfg_snapshot::{
    SnapshotGroup, decode_frame_graph_snapshot, parse_frame_graph_snapshot, parse_frame_graph_snapshot_bytes, to_json,
    validate_frame_graph_snapshot, validate_typed_frame_graph_snapshot,
};

const DEEP: usize = 100_000;

fn minimal_text() -> String {
    read_text("fixtures/minimal.fgsnapshot.json")
}

fn minimal() -> Value {
    serde_json::from_str(&minimal_text()).expect("JSON")
}

/// `minimal` with `"<marker>"` in place of `replace`, so that raw text can be spliced in.
fn minimal_with_raw(pointer: &str, raw: &str) -> String {
    let mut document = minimal();
    *document.pointer_mut(pointer).expect("pointer") = json!("@@RAW@@");
    document.to_string().replace("\"@@RAW@@\"", raw)
}

fn deep_text(levels: usize) -> String {
    format!("{}true{}", "[".repeat(levels), "]".repeat(levels))
}

fn issue(code: &str, path: &str, message: &str) -> Vec<(String, String, String)> {
    vec![(code.to_owned(), path.to_owned(), message.to_owned())]
}

#[test]
fn deeply_nested_arrays_are_rejected_without_overflowing_the_stack() {
    let error = parse_frame_graph_snapshot(&deep_text(DEEP)).expect_err("not a document");
    assert_eq!(triples(&error.issues), issue("invalid-type", "", "Expected an object."));

    let text = minimal_with_raw("/producer", &deep_text(DEEP));
    let error = parse_frame_graph_snapshot(&text).expect_err("not a producer");
    assert_eq!(triples(&error.issues), issue("invalid-type", "/producer", "Expected an object."));

    let unbalanced = format!("{}{}", "[".repeat(DEEP), "]".repeat(DEEP - 1));
    let error = parse_frame_graph_snapshot(&unbalanced).expect_err("not JSON");
    assert_eq!(triples(&error.issues), issue("invalid-json", "", "Invalid JSON."));
    let mismatched = format!("{}{}}}", "[".repeat(DEEP), "]".repeat(DEEP - 1));
    assert!(parse_frame_graph_snapshot(&mismatched).is_err());
}

#[test]
fn deeply_nested_extension_text_reports_extension_depth_exceeded() {
    let mut document = minimal();
    document["extensions"] = json!({ "dev.zenfg.deep": "@@RAW@@" });
    let text = document.to_string().replace("\"@@RAW@@\"", &deep_text(DEEP));
    let error = parse_frame_graph_snapshot(&text).expect_err("too deep");
    assert_eq!(
        triples(&error.issues),
        issue(
            "extension-depth-exceeded",
            "/extensions/dev.zenfg.deep",
            "Extension JSON nesting depth must not exceed 64 container levels.",
        )
    );
    let objects = format!("{}true{}", r#"{"a":"#.repeat(DEEP), "}".repeat(DEEP));
    let text = document.to_string().replace("\"@@RAW@@\"", &objects);
    let error = parse_frame_graph_snapshot(&text).expect_err("too deep");
    assert_eq!(error.issues.len(), 1);
    assert_eq!(error.issues[0].code, "extension-depth-exceeded");
}

#[test]
fn deeply_nested_values_built_in_memory_are_rejected_without_overflow() {
    let deep_document = || {
        let mut document = minimal();
        // Built by hand: `json!` would serialize the deep value recursively.
        let mut extensions = serde_json::Map::new();
        extensions.insert("dev.zenfg.deep".to_owned(), nested_arrays(DEEP, Value::Null));
        document["extensions"] = Value::Object(extensions);
        document["graph"]["nodes"] = Value::Array(vec![nested_arrays(DEEP, Value::Null)]);
        document
    };
    let document = deep_document();
    let issues = validate_frame_graph_snapshot(&document);
    dismantle(document);
    let codes: Vec<_> = triples(&issues).into_iter().map(|(code, path, _)| (code, path)).collect();
    assert_eq!(
        codes,
        vec![
            ("extension-depth-exceeded".to_owned(), "/extensions/dev.zenfg.deep".to_owned()),
            ("invalid-type".to_owned(), "/graph/nodes/0".to_owned()),
        ]
    );
    let error = decode_frame_graph_snapshot(deep_document()).expect_err("rejected");
    assert_eq!(triples(&error.issues), triples(&issues));

    let mut legacy = serde_json::from_str::<Value>(&read_text("fixtures/legacy-v0.json")).expect("JSON");
    legacy["ignored"] = nested_arrays(DEEP, Value::Null);
    assert!(decode_frame_graph_snapshot(legacy).is_ok(), "unknown legacy properties are ignored");
}

#[test]
fn typed_snapshot_with_deep_extension_is_rejected_before_serialization() {
    let mut snapshot = parse_frame_graph_snapshot(&minimal_text()).expect("valid").snapshot;
    snapshot.extensions.insert("dev.zenfg.deep".to_owned(), nested_arrays(DEEP, Value::Null));
    let error = validate_typed_frame_graph_snapshot(&snapshot).expect_err("too deep");
    assert_eq!(error.issues()[0].code, "extension-depth-exceeded");
    assert!(to_json(&snapshot).is_err());
    if let Some(deep) = snapshot.extensions.remove("dev.zenfg.deep") {
        dismantle(deep);
    }
}

#[test]
fn number_beyond_the_f64_range_is_invalid_json() {
    let text = minimal_with_raw("/capture/frameIndex", "1e400");
    let error = parse_frame_graph_snapshot(&text).expect_err("not representable");
    assert_eq!(triples(&error.issues), issue("invalid-json", "", "Invalid JSON."));
}

#[test]
fn two_to_the_64_is_not_a_safe_integer() {
    let text = minimal_with_raw("/capture/frameIndex", "18446744073709551616");
    let error = parse_frame_graph_snapshot(&text).expect_err("unsafe integer");
    assert_eq!(
        triples(&error.issues),
        issue("invalid-integer", "/capture/frameIndex", "Expected a non-negative safe integer.")
    );
}

#[test]
fn two_to_the_53_is_not_a_safe_integer_but_one_less_is() {
    let text = minimal_with_raw("/capture/frameIndex", "9007199254740992");
    let error = parse_frame_graph_snapshot(&text).expect_err("unsafe integer");
    assert_eq!(error.issues[0].code, "invalid-integer");
    let text = minimal_with_raw("/capture/frameIndex", "9007199254740991");
    let decoded = parse_frame_graph_snapshot(&text).expect("largest safe integer");
    assert_eq!(decoded.snapshot.capture.frame_index, 9_007_199_254_740_991);
    let text = minimal_with_raw("/capture/frameIndex", "9007199254740991.0");
    assert!(parse_frame_graph_snapshot(&text).is_ok());
    let text = minimal_with_raw("/capture/frameIndex", "-1");
    assert_eq!(parse_frame_graph_snapshot(&text).expect_err("negative").issues[0].code, "invalid-integer");
    let text = minimal_with_raw("/capture/frameIndex", "0.5");
    assert_eq!(parse_frame_graph_snapshot(&text).expect_err("fraction").issues[0].code, "invalid-integer");
}

#[test]
fn negative_zero_is_zero() {
    let mut document = minimal();
    document["timings"]["gpu"] = json!({ "status": "available", "frameSpanMicros": "@@SPAN@@", "nodes": [] });
    let text = document.to_string().replace("\"@@SPAN@@\"", "-0.0").replace("\"frameIndex\":0", "\"frameIndex\":-0");
    let decoded = parse_frame_graph_snapshot(&text).expect("-0 is a valid integer and duration");
    assert_eq!(decoded.snapshot.capture.frame_index, 0);
    let json = to_json(&decoded.snapshot).expect("encodes");
    assert!(json.contains(r#""frameIndex":0}"#), "{json}");
    assert!(json.contains(r#""frameSpanMicros":0,"#), "{json}");
    assert!(!json.contains(":-0"), "{json}");
}

#[test]
fn duplicate_ids_are_all_reported() {
    let mut document = minimal();
    let groups: Vec<Value> = (0..1000).map(|_| json!({ "id": "group:same", "label": "same" })).collect();
    document["graph"]["groups"] = Value::Array(groups);
    let issues = validate_frame_graph_snapshot(&document);
    assert_eq!(issues.len(), 999);
    assert!(issues.iter().all(|issue| issue.code == "duplicate-id"
        && issue.message == "Entity id \"group:same\" is already declared at /graph/groups/0/id."));
}

#[test]
fn ten_megabyte_label_round_trips() {
    let label = "é".repeat(5 * 1024 * 1024);
    let mut document = minimal();
    document["graph"]["groups"] = json!([{ "id": "group:big", "label": label }]);
    let decoded = parse_frame_graph_snapshot(&document.to_string()).expect("long strings are fine");
    assert_eq!(decoded.snapshot.graph.groups, vec![SnapshotGroup::new("group:big", label.clone())]);
    let json = to_json(&decoded.snapshot).expect("encodes");
    assert_eq!(parse_frame_graph_snapshot(&json).expect("decodes").snapshot, decoded.snapshot);
}

#[test]
fn invalid_utf8_bytes_are_invalid_json() {
    let mut bytes = minimal_text().into_bytes();
    let error = parse_frame_graph_snapshot_bytes(&bytes).map(|decoded| decoded.snapshot.capture.frame_index);
    assert_eq!(error, Ok(0));
    let at = bytes.iter().position(|&b| b == b'f').expect("a letter");
    bytes[at] = 0xff;
    let error = parse_frame_graph_snapshot_bytes(&bytes).expect_err("not UTF-8");
    assert_eq!(triples(&error.issues), issue("invalid-json", "", "Invalid JSON."));
    let error = parse_frame_graph_snapshot_bytes(b"\"\\ud800\"").expect_err("lone surrogate");
    assert_eq!(error.issues[0].code, "invalid-json");
}

#[test]
fn duplicate_object_keys_keep_the_last_value() {
    let text = minimal_text().replacen("\"frameIndex\": 0", "\"frameIndex\": \"first\", \"frameIndex\": 5", 1);
    let decoded = parse_frame_graph_snapshot(&text).expect("the last key wins");
    assert_eq!(decoded.snapshot.capture.frame_index, 5);
    let text = minimal_text().replacen("\"frameIndex\": 0", "\"frameIndex\": 5, \"frameIndex\": -5", 1);
    let error = parse_frame_graph_snapshot(&text).expect_err("the last key wins");
    assert_eq!(error.issues[0].path, "/capture/frameIndex");
}

#[test]
fn scalars_and_empty_input_are_rejected() {
    for text in ["", " ", "null", "0", "\"text\"", "[]", "{}", "{", "}", "[1,]", "{\"a\":1,}", "\u{feff}{}"] {
        assert!(parse_frame_graph_snapshot(text).is_err(), "{text:?}");
    }
    assert_eq!(
        triples(&parse_frame_graph_snapshot("{}").expect_err("no format").issues),
        issue("unsupported-format", "/format", "Expected FrameGraph Snapshot format \"zenfg.frame-graph-snapshot\".")
    );
}

#[test]
fn long_group_chains_and_cycles_are_checked_in_linear_time() {
    let count = 50_000;
    let mut document = minimal();
    let chain: Vec<Value> = (0..count)
        .map(|i| match i {
            0 => json!({ "id": "group:0", "label": "g" }),
            _ => json!({ "id": format!("group:{i}"), "parentId": format!("group:{}", i - 1), "label": "g" }),
        })
        .collect();
    document["graph"]["groups"] = Value::Array(chain);
    assert_eq!(validate_frame_graph_snapshot(&document), vec![]);

    document["graph"]["groups"][0]["parentId"] = json!(format!("group:{}", count - 1));
    let issues = validate_frame_graph_snapshot(&document);
    assert_eq!(issues.iter().filter(|issue| issue.code == "group-cycle").count(), count);
    assert_eq!(issues.iter().filter(|issue| issue.code == "invalid-group-order").count(), 1);
}
