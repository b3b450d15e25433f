//! Hostile input: the decoder never panics, never recurses without bound, reports what it
//! rejects, and allocates at most a small multiple of its input, measured by a counting
//! allocator.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use common::{dismantle, nested_arrays, read_text, triples};
use serde_json::{Value, json};
use zenfg_snapshot_format::{
    FRAME_GRAPH_SNAPSHOT_MAX_ISSUES, SnapshotDecodeError, SnapshotDecodeResult, SnapshotGpuNodeTiming,
    SnapshotGpuTimings, SnapshotGroup, SnapshotIssue, decode_frame_graph_snapshot, parse_frame_graph_snapshot,
    parse_frame_graph_snapshot_bytes, to_json, validate_frame_graph_snapshot, validate_typed_frame_graph_snapshot,
};

/// The system allocator, counting per thread the bytes allocated and not yet freed, and
/// the most of them at any time since the last [`peak_allocation`] began.
struct Counting;

thread_local! {
    static LIVE: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

fn grew(bytes: usize) {
    let _ = LIVE.try_with(|live| {
        let now = live.get() + bytes;
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

fn shrank(bytes: usize) {
    // Memory allocated on another thread may be freed on this one.
    let _ = LIVE.try_with(|live| live.set(live.get().saturating_sub(bytes)));
}

// SAFETY: every call is forwarded unchanged to the system allocator; the counters are
// plain thread-local cells that never allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract, which `System` shares.
        let pointer = unsafe { System.alloc(layout) };
        if !pointer.is_null() {
            grew(layout.size());
        }
        pointer
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        // SAFETY: `pointer` came from `System` with this layout, as the caller guarantees.
        unsafe { System.dealloc(pointer, layout) };
        shrank(layout.size());
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller upholds `GlobalAlloc::realloc`'s contract, which `System` shares.
        let moved = unsafe { System.realloc(pointer, layout, new_size) };
        if !moved.is_null() {
            // Counted as if both blocks were live at once, as they may be while copying.
            grew(new_size);
            shrank(layout.size());
        }
        moved
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Runs `work` and returns its result with the most bytes it had allocated on this thread
/// at any one time, its result included.
fn peak_allocation<T>(work: impl FnOnce() -> T) -> (T, usize) {
    let before = LIVE.with(Cell::get);
    PEAK.with(|peak| peak.set(before));
    let result = work();
    (result, PEAK.with(Cell::get) - before)
}

/// Parses `text`, checking that the decoder never holds more than `budget` bytes at once.
fn parse_within(text: &str, budget: usize) -> Result<SnapshotDecodeResult, SnapshotDecodeError> {
    let (outcome, peak) = peak_allocation(|| parse_frame_graph_snapshot(text));
    assert!(peak <= budget, "{peak} bytes at once for {} bytes of text, over the budget of {budget}", text.len());
    outcome
}

/// Nesting depth of the deep inputs.
const DEEP: usize = 1_000_000;

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

/// `minimal` with one extension `name` whose value is the raw text `raw`.
fn with_raw_extension(name: &str, raw: &str) -> String {
    let mut document = minimal();
    document["extensions"] = json!({ name: "@@RAW@@" });
    document.to_string().replace("\"@@RAW@@\"", raw)
}

/// `levels` nested single-key objects around `true`.
fn deep_objects(levels: usize) -> String {
    format!("{}true{}", r#"{"a":"#.repeat(levels), "}".repeat(levels))
}

/// A run of `length` digits, none of them zero.
fn digit_run(length: usize) -> String {
    (0..length).map(|i| char::from(b'1' + (i % 9) as u8)).collect()
}

/// Length of the long digit runs and keys.
const LONG: usize = 4 << 20;

fn not_an_object(path: &str) -> Vec<(String, String, String)> {
    issue("invalid-type", path, "Expected an object.")
}

fn invalid_json() -> Vec<(String, String, String)> {
    issue("invalid-json", "", "Invalid JSON.")
}

/// The issue that ends a list of `found` issues cut short at the cap.
fn too_many_issues(found: usize) -> SnapshotIssue {
    let max = FRAME_GRAPH_SNAPSHOT_MAX_ISSUES;
    let message = format!("Validation stopped reporting after {max} issues; it found {} more.", found - max);
    SnapshotIssue::error("too-many-issues", "", message)
}

fn too_deep(path: &str) -> Vec<(String, String, String)> {
    issue("extension-depth-exceeded", path, "Extension JSON nesting depth must not exceed 64 container levels.")
}

// Containers below the depth that any valid document can reach are only checked, with one
// byte per open container: nesting costs less memory than the text that spells it.

#[test]
fn a_million_nested_arrays_are_rejected_in_memory_below_their_length() {
    let text = deep_text(DEEP);
    let error = parse_within(&text, text.len()).expect_err("not a document");
    assert_eq!(triples(&error.issues), not_an_object(""));

    let text = minimal_with_raw("/producer", &deep_text(DEEP));
    let error = parse_within(&text, text.len()).expect_err("not a producer");
    assert_eq!(triples(&error.issues), not_an_object("/producer"));

    let unbalanced = format!("{}{}", "[".repeat(DEEP), "]".repeat(DEEP - 1));
    let error = parse_within(&unbalanced, unbalanced.len()).expect_err("not JSON");
    assert_eq!(triples(&error.issues), invalid_json());
    let mismatched = format!("{}{}}}", "[".repeat(DEEP), "]".repeat(DEEP - 1));
    let error = parse_within(&mismatched, mismatched.len()).expect_err("not JSON");
    assert_eq!(triples(&error.issues), invalid_json());
}

#[test]
fn a_million_nested_objects_are_rejected_in_memory_below_their_length() {
    let text = deep_objects(DEEP);
    let error = parse_within(&text, text.len()).expect_err("no format");
    assert_eq!(error.issues[0].code, "unsupported-format");

    let text = minimal_with_raw("/capture", &deep_objects(DEEP));
    let error = parse_within(&text, text.len()).expect_err("not a capture");
    let codes: Vec<_> = triples(&error.issues).into_iter().map(|(code, path, _)| (code, path)).collect();
    assert!(codes.contains(&("unexpected-property".to_owned(), "/capture/a".to_owned())), "{codes:?}");

    let unclosed = format!("{}true{}", r#"{"a":"#.repeat(DEEP), "}".repeat(DEEP - 1));
    let error = parse_within(&unclosed, unclosed.len()).expect_err("not JSON");
    assert_eq!(triples(&error.issues), invalid_json());
    let no_value = format!("{}{}", r#"{"a":"#.repeat(DEEP), "}".repeat(DEEP));
    let error = parse_within(&no_value, no_value.len()).expect_err("not JSON");
    assert_eq!(triples(&error.issues), invalid_json());
}

#[test]
fn a_million_nested_containers_in_an_extension_exceed_its_depth_once() {
    for deep in
        [deep_text(DEEP), deep_objects(DEEP), format!("{}1{}", r#"[{"a":"#.repeat(DEEP / 2), "}]".repeat(DEEP / 2))]
    {
        let text = with_raw_extension("dev.zenfg.deep", &deep);
        let error = parse_within(&text, text.len()).expect_err("too deep");
        assert_eq!(triples(&error.issues), too_deep("/extensions/dev.zenfg.deep"));
    }
}

// Number tokens are checked and read where they lie in the text, never copied: however
// long, they cost a bounded amount of memory.

#[test]
fn multi_megabyte_integers_are_rejected_without_copying_them() {
    let digits = digit_run(LONG);
    for raw in [digits.clone(), format!("-{digits}"), "0".repeat(LONG)] {
        let text = minimal_with_raw("/capture/frameIndex", &raw);
        let error = parse_within(&text, text.len() / 64).expect_err("beyond f64, or leading zeros");
        assert_eq!(triples(&error.issues), invalid_json());
    }
    let text = with_raw_extension("dev.zenfg.number", &digits);
    let error = parse_within(&text, text.len() / 64).expect_err("beyond f64");
    assert_eq!(triples(&error.issues), invalid_json());
}

#[test]
fn multi_megabyte_fractions_and_exponents_read_like_json_parse_without_copying_them() {
    let frame_index = |raw: &str| {
        let text = minimal_with_raw("/capture/frameIndex", raw);
        parse_within(&text, text.len() / 64).map(|decoded| decoded.snapshot.capture.frame_index)
    };
    // Values that JSON.parse reads as integers are integers, however they are spelled.
    assert_eq!(frame_index(&format!("1.{}", "0".repeat(LONG))), Ok(1));
    assert_eq!(frame_index(&format!("7e-{}", digit_run(LONG))), Ok(0));
    assert_eq!(frame_index(&format!("1{}e-{LONG}", "0".repeat(LONG))), Ok(1));
    assert_eq!(frame_index(&format!("0.{}2e{}", "0".repeat(LONG), LONG + 1)), Ok(2));

    let error = frame_index(&format!("0.{}", digit_run(LONG))).expect_err("a fraction");
    assert_eq!(
        triples(&error.issues),
        issue("invalid-integer", "/capture/frameIndex", "Expected a non-negative safe integer.")
    );
    for raw in [format!("1e{}", digit_run(LONG)), format!("-1E+{}", digit_run(LONG))] {
        assert_eq!(triples(&frame_index(&raw).expect_err("beyond f64").issues), invalid_json());
    }

    let digits = digit_run(LONG);
    let extension = |raw: &str| {
        let text = with_raw_extension("dev.zenfg.number", raw);
        let decoded = parse_within(&text, text.len() / 64).expect("a finite number");
        decoded.snapshot.extensions["dev.zenfg.number"].as_f64()
    };
    let nearest = |text: &str| text.parse::<f64>().ok();
    assert_eq!(extension(&format!("{digits}e-{}", LONG - 1)), nearest(&format!("1.{}", &digits[1..40])));
    assert_eq!(extension(&format!("0.{digits}")), nearest(&format!("0.{}", &digits[..40])));
    assert_eq!(
        extension(&format!("-0.{}{digits}E{LONG}", "0".repeat(LONG))),
        nearest(&format!("-0.{}", &digits[..40]))
    );
}

// A key costs its own length, once more for its path in an issue (twice when every
// character needs escaping) and once more for the message that quotes it.

#[test]
fn a_multi_megabyte_unknown_key_is_reported_at_its_escaped_path() {
    for (key, escaped) in [("k".repeat(LONG), "k".repeat(LONG)), ("~/".repeat(LONG / 2), "~0~1".repeat(LONG / 2))] {
        let text = minimal_text().replacen('{', &format!("{{\"{key}\": 1,"), 1);
        let error = parse_within(&text, 5 * text.len()).expect_err("unknown property");
        assert_eq!(
            triples(&error.issues),
            issue(
                "unexpected-property",
                &format!("/{escaped}"),
                &format!("Property \"{key}\" is not part of Snapshot 1.2.")
            )
        );
    }
    let key = "\\u0001".repeat(LONG / 6);
    let text = minimal_text().replacen("\"groups\"", &format!("\"{key}\": 1, \"groups\""), 1);
    let error = parse_within(&text, 5 * text.len()).expect_err("unknown property");
    let control = "\u{1}".repeat(LONG / 6);
    assert_eq!(
        triples(&error.issues),
        issue(
            "unexpected-property",
            &format!("/graph/{control}"),
            &format!("Property \"{key}\" is not part of Snapshot 1.2.")
        )
    );
}

#[test]
fn a_multi_megabyte_extension_name_is_checked_and_kept() {
    let name = "x".repeat(LONG);
    let text = with_raw_extension(&name, "1");
    let error = parse_within(&text, 5 * text.len()).expect_err("not namespaced");
    assert_eq!(
        triples(&error.issues),
        issue("invalid-extension-name", &format!("/extensions/{name}"), "Extension names must be namespace-qualified.")
    );

    let name = format!("dev.{name}");
    let text = with_raw_extension(&name, "[true]");
    let decoded = parse_within(&text, 5 * text.len()).expect("a namespaced name");
    assert_eq!(decoded.snapshot.extensions.get(&name), Some(&json!([true])));
    let json = to_json(&decoded.snapshot).expect("encodes");
    assert_eq!(parse_frame_graph_snapshot(&json).expect("decodes").snapshot, decoded.snapshot);

    let mut legacy = serde_json::from_str::<Value>(&read_text("fixtures/legacy-v0.json")).expect("JSON");
    legacy[name.as_str()] = json!(1);
    let text = legacy.to_string();
    assert!(parse_within(&text, 5 * text.len()).is_ok(), "unknown legacy properties are ignored");
}

// A call keeps at most FRAME_GRAPH_SNAPSHOT_MAX_ISSUES issues and counts the rest in one
// final error, so a document that is wrong everywhere costs its parsed tree and a fixed
// list of issues. Uncapped, 200k empty nodes (ten issues each) would take about 600 times
// the memory of their text.

/// Nodes, or Legacy V0 nodes, in the capped documents.
const EMPTY_NODES: usize = 200_000;

/// Peak bytes per byte of text allowed while decoding the capped documents. The parsed
/// tree costs a 32-byte `Value` for each 3-byte `{},`, about 11 times the text, and about
/// twice that at its peak, while the vector of nodes grows and both of its buffers are
/// live; the kept issues add under 3 MB, under 5 times the text at this size. Measured:
/// 28 times the text.
const CAPPED_BUDGET: usize = 40;

/// Peak bytes allowed per kept issue when validating an already parsed document: an
/// 80-byte issue, its code, path and message, and the slack of the growing list.
const BYTES_PER_KEPT_ISSUE: usize = 512;

/// A JSON array of `count` empty objects.
fn empty_objects(count: usize) -> String {
    format!("[{}]", vec!["{}"; count].join(","))
}

/// Checks that `issues` are the first issues of `found` ones, cut at the cap: as many as
/// the cap, only the last of them `too-many-issues`, counting the rest.
fn assert_capped(issues: &[SnapshotIssue], found: usize) {
    let max = FRAME_GRAPH_SNAPSHOT_MAX_ISSUES;
    assert_eq!(issues.len(), max + 1);
    assert_eq!(issues[max], too_many_issues(found));
    assert!(issues[..max].iter().all(|issue| issue.code != "too-many-issues"));
}

/// Whether `path` lies in one of the first `count` items of the array at `table`.
fn within_first(path: &str, table: &str, count: usize) -> bool {
    path.strip_prefix(table)
        .and_then(|rest| rest.strip_prefix('/'))
        .and_then(|rest| rest.split('/').next())
        .and_then(|position| position.parse::<usize>().ok())
        .is_some_and(|position| position < count)
}

#[test]
fn two_hundred_thousand_empty_nodes_report_the_cap_and_count_the_rest() {
    // Each empty node lacks five required properties and fails their five type rules.
    let found = 10 * EMPTY_NODES;
    let max = FRAME_GRAPH_SNAPSHOT_MAX_ISSUES;
    let text = minimal_with_raw("/graph/nodes", &empty_objects(EMPTY_NODES));
    let error = parse_within(&text, CAPPED_BUDGET * text.len()).expect_err("no node is valid");
    assert_capped(&error.issues, found);
    assert!(error.issues[..max].iter().all(|issue| within_first(&issue.path, "/graph/nodes", max / 10)));
    let node = |code: &str, key: &str| (code.to_owned(), format!("/graph/nodes/0/{key}"));
    let first: Vec<_> = error.issues[..10].iter().map(|issue| (issue.code.clone(), issue.path.clone())).collect();
    for expected in [node("missing-property", "id"), node("invalid-id", "id"), node("invalid-type", "compileState")] {
        assert!(first.contains(&expected), "{expected:?} in {first:?}");
    }

    let document: Value = serde_json::from_str(&text).expect("JSON");
    let (issues, peak) = peak_allocation(|| validate_frame_graph_snapshot(&document));
    assert_eq!(issues, error.issues);
    assert!(peak <= BYTES_PER_KEPT_ISSUE * (max + 1), "{peak} bytes to validate");
}

#[test]
fn two_hundred_thousand_empty_legacy_v0_nodes_report_the_cap_and_count_the_rest() {
    // Each empty Legacy V0 node lacks its id, kind and sideEffect.
    let found = 3 * EMPTY_NODES;
    let max = FRAME_GRAPH_SNAPSHOT_MAX_ISSUES;
    let mut legacy = serde_json::from_str::<Value>(&read_text("fixtures/legacy-v0.json")).expect("JSON");
    legacy["compilation"]["nodes"] = json!("@@RAW@@");
    let text = legacy.to_string().replace("\"@@RAW@@\"", &empty_objects(EMPTY_NODES));
    let error = parse_within(&text, CAPPED_BUDGET * text.len()).expect_err("no node is valid");
    assert_capped(&error.issues, found);
    let nodes = "/compilation/nodes";
    assert!(error.issues[..max].iter().all(|issue| within_first(&issue.path, nodes, max / 3 + 1)));
    assert!(error.issues[..3].iter().all(|issue| issue.path.starts_with("/compilation/nodes/0/")));

    // Valid Legacy nodes that share one id fail only once migrated, in the 1.2 validator.
    // The capture is dropped once converted and the JSON form of the result is validated
    // without a copy: the converted snapshot, that JSON form and the validator's typed
    // form of it take about 35 times the text. Keeping the capture and a copy of the JSON
    // form alive as well took 78.
    let count = 20_000;
    let node = r#"{"id": 1, "kind": "render", "sideEffect": true}"#;
    let text = legacy.to_string().replace("\"@@RAW@@\"", &format!("[{}]", vec![node; count].join(",")));
    let error = parse_within(&text, 48 * text.len()).expect_err("duplicate node ids");
    assert_eq!(error.issues.len(), max + 1);
    assert!(error.issues[..max].iter().any(|issue| issue.code == "duplicate-id"));
    let last = &error.issues[max];
    assert_eq!((last.code.as_str(), last.path.as_str()), ("too-many-issues", ""));
}

#[test]
fn typed_snapshots_report_the_cap_across_their_checks() {
    let mut snapshot = parse_frame_graph_snapshot(&minimal_text()).expect("valid").snapshot;
    let count = 15_000;
    let nodes =
        (0..count).map(|_| SnapshotGpuNodeTiming { node_id: "node:present".to_owned(), duration_micros: f64::NAN });
    snapshot.timings.gpu = SnapshotGpuTimings::Available { frame_span_micros: f64::INFINITY, nodes: nodes.collect() };
    snapshot.extensions.insert("dev.zenfg.deep".to_owned(), nested_arrays(100, Value::Null));
    // Every timing number, then the extension, is found; the extension is only counted.
    let error = validate_typed_frame_graph_snapshot(&snapshot).expect_err("not JSON numbers");
    assert_capped(error.issues(), count + 2);
    assert!(error.issues()[..FRAME_GRAPH_SNAPSHOT_MAX_ISSUES].iter().all(|issue| issue.code == "invalid-json-value"));
    assert_eq!(to_json(&snapshot).expect_err("not valid").issues(), error.issues());
}

#[test]
fn the_allocation_meter_sees_what_is_allocated() {
    let (kept, peak) = peak_allocation(|| {
        let transient = vec![0_u8; 3 << 20];
        drop(transient);
        vec![0_u8; 1 << 20]
    });
    assert!(peak >= 3 << 20, "{peak}");
    assert!(peak < 4 << 20, "{peak}");
    assert_eq!(kept.len(), 1 << 20);
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
    let text = document.to_string();
    let decoded = parse_within(&text, 2 * text.len()).expect("long strings are fine");
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

    // Every group now cycles and the first one also comes before its parent: one issue
    // more than there are groups, reported up to the cap and counted beyond it.
    document["graph"]["groups"][0]["parentId"] = json!(format!("group:{}", count - 1));
    let issues = validate_frame_graph_snapshot(&document);
    let max = FRAME_GRAPH_SNAPSHOT_MAX_ISSUES;
    assert_eq!(issues.len(), max + 1);
    assert_eq!(issues.iter().filter(|issue| issue.code == "group-cycle").count(), max - 1);
    assert_eq!(issues.iter().filter(|issue| issue.code == "invalid-group-order").count(), 1);
    assert_eq!(issues[max], too_many_issues(count + 1));
}
