//! Property tests: arbitrary JSON and arbitrary mutations of corpus documents never
//! panic, and the decoder, the validator and the encoder agree with each other.
//!
//! Mutations delete, insert, replace and duplicate fields and items, change
//! types, and put numbers at the edges of their ranges. Every issue has a known
//! code and a JSON Pointer into the document; a 1.2 document the validator
//! accepts also passes the corpus JSON Schema, and re-encodes canonically.
//!
//! The case count is `ZENFG_FUZZ_CASES` (default 512), for longer runs:
//! `ZENFG_FUZZ_CASES=50000 cargo test -p zenfg-snapshot-format --release --test properties`.

mod common;

use common::{corpus, schema, triples};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde_json::{Map, Value, json};
use zenfg_snapshot_format::{
    SnapshotDecodeSource, SnapshotIssueSeverity, decode_frame_graph_snapshot, parse_frame_graph_snapshot, to_json,
    to_json_pretty, validate_frame_graph_snapshot, validate_typed_frame_graph_snapshot,
};

/// Every document of the corpus that decodes: 1.2 fixtures, 1.1 and legacy sources.
fn corpus_documents() -> Vec<Value> {
    let mut paths = Vec::new();
    for directory in ["fixtures", "conformance/valid"] {
        for entry in std::fs::read_dir(corpus().join(directory)).expect("corpus directory") {
            paths.push(entry.expect("entry").path());
        }
    }
    paths.push(corpus().join("rust-zenfg-0.2.0/tests/fixtures/snapshot-v1.json"));
    paths.sort();
    paths
        .iter()
        .map(|path| serde_json::from_str(&std::fs::read_to_string(path).expect("file")).expect("JSON"))
        .collect()
}

/// Tokens the schema uses, so that random objects and strings sometimes hit real rules.
const WORDS: &[&str] = &[
    "format",
    "version",
    "major",
    "minor",
    "producer",
    "name",
    "capture",
    "frameIndex",
    "migration",
    "sourceFormat",
    "unavailableFacts",
    "graph",
    "groups",
    "nodes",
    "resources",
    "textureViews",
    "accesses",
    "dependencies",
    "roots",
    "segments",
    "id",
    "parentId",
    "label",
    "kind",
    "sideEffect",
    "compileState",
    "status",
    "executionOrder",
    "recordingOrder",
    "nodeId",
    "resourceId",
    "textureViewId",
    "textureRegion",
    "bufferRange",
    "access",
    "mode",
    "contents",
    "producesValue",
    "reason",
    "range",
    "resolution",
    "producerNodeIds",
    "usesInitialContents",
    "nodeIds",
    "order",
    "memory",
    "timings",
    "cpu",
    "gpu",
    "diagnostics",
    "extensions",
    "zenfg.frame-graph-snapshot",
    "zenfg.frame-graph-snapshot-candidate",
    "node:scene",
    "node:present",
    "node:x",
    "resource:scene-color",
    "resource:x",
    "group:main",
    "view:scene-color-mip0",
    "segment:0",
    "allocation:texture-0",
    "retained",
    "culled",
    "available",
    "unavailable",
    "read",
    "write",
    "texture",
    "buffer",
    "side-effect",
    "present",
    "overwrite",
    "preserve",
    "graph.groups",
    "graph.roots.range",
    "legacy-v0",
    "dev.zenfg.x",
    "",
];

fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(WORDS).prop_map(str::to_owned),
        1 => "[a-z:./~\\- \n]{0,10}",
    ]
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (0_u64..4).prop_map(Value::from),
        any::<f64>().prop_filter_map("finite", |f| serde_json::Number::from_f64(f).map(Value::Number)),
        prop::sample::select(vec![-0.0, 0.5, 1.0, 2.0, 9_007_199_254_740_992.0, 1e300]).prop_map(|f| json!(f)),
        word().prop_map(Value::String),
    ]
}

fn arbitrary_json() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(5, 64, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map(word(), inner, 0..6)
                .prop_map(|map| Value::Object(map.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// Cases per property: `ZENFG_FUZZ_CASES`, or a bound that keeps the normal suite fast.
fn fuzz_cases() -> u32 {
    std::env::var("ZENFG_FUZZ_CASES").ok().and_then(|cases| cases.parse().ok()).unwrap_or(512)
}

#[derive(Debug, Clone)]
enum Mutation {
    Replace(Value),
    Remove,
    Duplicate,
    /// Adds a member to an object, or an item to an array.
    Insert(String, Value),
    /// Keeps the first items of an array.
    Truncate(usize),
}

/// Numbers at the edges of what the schema allows.
fn edge_number() -> impl Strategy<Value = Value> {
    prop::sample::select(vec![
        json!(0),
        json!(-1),
        json!(1),
        json!(-0.0),
        json!(0.5),
        json!(9_007_199_254_740_991_u64),
        json!(9_007_199_254_740_992_u64),
        json!(u64::MAX),
        json!(i64::MIN),
        json!(1e308),
        json!(4_294_967_295_u64),
    ])
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        3 => arbitrary_json().prop_map(Mutation::Replace),
        3 => leaf().prop_map(Mutation::Replace),
        2 => Just(Mutation::Remove),
        1 => Just(Mutation::Duplicate),
        2 => edge_number().prop_map(Mutation::Replace),
        2 => (word(), leaf()).prop_map(|(key, value)| Mutation::Insert(key, value)),
        1 => (0_usize..3).prop_map(Mutation::Truncate),
    ]
}

#[derive(Clone)]
enum Step {
    Key(String),
    Index(usize),
}

/// Every location in `value`, the root included, as steps from the root.
fn locations(value: &Value) -> Vec<Vec<Step>> {
    let mut found = Vec::new();
    let mut pending = vec![(value, Vec::new())];
    while let Some((next, path)) = pending.pop() {
        match next {
            Value::Array(items) => {
                for (position, item) in items.iter().enumerate() {
                    let mut child = path.clone();
                    child.push(Step::Index(position));
                    pending.push((item, child));
                }
            }
            Value::Object(map) => {
                for (key, item) in map {
                    let mut child = path.clone();
                    child.push(Step::Key(key.clone()));
                    pending.push((item, child));
                }
            }
            _ => {}
        }
        found.push(path);
    }
    found
}

fn step_into<'v>(value: &'v mut Value, step: &Step) -> Option<&'v mut Value> {
    match step {
        Step::Key(key) => value.get_mut(key),
        Step::Index(position) => value.get_mut(*position),
    }
}

fn apply(document: &mut Value, selector: usize, mutation: &Mutation) {
    let places = locations(document);
    let path = &places[selector % places.len()];
    let Some((last, parents)) = path.split_last() else {
        if let Mutation::Replace(value) = mutation {
            *document = value.clone();
        }
        return;
    };
    let mut parent = &mut *document;
    for step in parents {
        match step_into(parent, step) {
            Some(child) => parent = child,
            None => return,
        }
    }
    match (mutation, last, parent) {
        (Mutation::Replace(value), step, parent) => {
            if let Some(slot) = step_into(parent, step) {
                *slot = value.clone();
            }
        }
        (Mutation::Remove, Step::Key(key), Value::Object(map)) => {
            map.remove(key);
        }
        (Mutation::Remove, Step::Index(position), Value::Array(items)) => {
            items.remove(*position);
        }
        (Mutation::Duplicate, Step::Index(position), Value::Array(items)) => {
            let copy = items[*position].clone();
            items.insert(*position, copy);
        }
        (Mutation::Insert(key, value), step, parent) => match step_into(parent, step) {
            Some(Value::Object(map)) => {
                map.insert(key.clone(), value.clone());
            }
            Some(Value::Array(items)) => items.push(value.clone()),
            _ => {}
        },
        (Mutation::Truncate(length), step, parent) => {
            if let Some(Value::Array(items)) = step_into(parent, step) {
                items.truncate(*length);
            }
        }
        _ => {}
    }
}

/// Every issue code the decoder and the validator raise.
const CODES: &[&str] = &[
    "invalid-type",
    "missing-property",
    "unexpected-property",
    "invalid-literal",
    "empty-string",
    "invalid-id",
    "invalid-integer",
    "invalid-number",
    "invalid-enum",
    "duplicate-value",
    "invalid-extension-name",
    "extension-depth-exceeded",
    "invalid-json-value",
    "invalid-structure",
    "invalid-json",
    "invalid-initial-contents",
    "invalid-lifetime",
    "invalid-read",
    "invalid-access-mode",
    "invalid-access-range",
    "invalid-access-view",
    "invalid-texture-region",
    "invalid-root",
    "invalid-root-range",
    "missing-root-fact",
    "invalid-root-producer",
    "invalid-root-resolution",
    "invalid-segment-sequence",
    "duplicate-id",
    "missing-reference",
    "reference-kind",
    "reference-state",
    "reference-mismatch",
    "invalid-group-order",
    "group-cycle",
    "invalid-execution-order",
    "invalid-recording-order",
    "missing-initial-contents",
    "invalid-dependency-order",
    "duplicate-dependency",
    "invalid-segment-order",
    "invalid-segment-kind",
    "duplicate-segment-node",
    "missing-segment-node",
    "duplicate-timing",
    "invalid-migration-availability",
    "unsupported-format",
    "unsupported-version",
    "legacy-v0-migrated",
    "legacy-candidate-v1-migrated",
    "snapshot-v1.1-migrated",
    "legacy-structure",
    "legacy-number",
    "legacy-string",
    "legacy-boolean",
    "legacy-enum",
    "legacy-texture-region",
    "legacy-root",
    "legacy-access-contents",
    "legacy-access-value",
    "legacy-unknown-usage",
    "too-many-issues",
];

/// Checks that `path` is a JSON Pointer (RFC 6901) and, for a Snapshot 1.x document, that
/// its parent exists in `document`: the issue is about that value or about a member
/// missing from it. Legacy documents are reported at the paths of their migrated form.
fn check_pointer(document: &Value, path: &str) -> Result<(), TestCaseError> {
    prop_assert!(path.is_empty() || path.starts_with('/'), "{:?} is no JSON Pointer", path);
    let mut escapes = path.split('~').skip(1);
    prop_assert!(escapes.all(|rest| rest.starts_with('0') || rest.starts_with('1')), "bad escape in {:?}", path);
    if document.get("format") == Some(&json!("zenfg.frame-graph-snapshot")) {
        let parent = path.rfind('/').map_or("", |end| &path[..end]);
        prop_assert!(document.pointer(parent).is_some(), "{:?} points outside the document", path);
    }
    Ok(())
}

/// The agreements every document must satisfy.
fn check(document: Value) -> Result<(), TestCaseError> {
    let decoded = decode_frame_graph_snapshot(document.clone());
    let all_issues = match &decoded {
        Ok(result) => &result.issues,
        Err(error) => &error.issues,
    };
    for issue in all_issues {
        prop_assert!(CODES.contains(&issue.code.as_str()), "unknown code {}", issue.code);
        if issue.code != "too-many-issues" {
            check_pointer(&document, &issue.path)?;
        }
    }
    if let Ok(result) = &decoded
        && result.source == SnapshotDecodeSource::V1
    {
        let errors: Vec<String> = schema().iter_errors(&document).map(|error| error.to_string()).collect();
        prop_assert!(errors.is_empty(), "accepted but fails the schema: {:?}", errors);
    }
    prop_assert_eq!(&parse_frame_graph_snapshot(&document.to_string()), &decoded);
    let issues = validate_frame_graph_snapshot(&document);
    let canonical_header = document.get("format") == Some(&json!("zenfg.frame-graph-snapshot"))
        && document.get("version") == Some(&json!({ "major": 1, "minor": 2 }));
    if canonical_header {
        match &decoded {
            Ok(_) => prop_assert_eq!(issues, vec![]),
            Err(error) => prop_assert_eq!(triples(&error.issues), triples(&issues)),
        }
    }
    match decoded {
        Ok(result) => {
            prop_assert_eq!(result.migrated, result.source != SnapshotDecodeSource::V1);
            prop_assert!(result.issues.iter().all(|issue| issue.severity == SnapshotIssueSeverity::Warning));
            prop_assert!(validate_typed_frame_graph_snapshot(&result.snapshot).is_ok());
            let json = to_json(&result.snapshot).map_err(|error| TestCaseError::fail(error.to_string()))?;
            let reparsed: Value =
                serde_json::from_str(&json).map_err(|error| TestCaseError::fail(error.to_string()))?;
            prop_assert_eq!(validate_frame_graph_snapshot(&reparsed), vec![]);
            let again = parse_frame_graph_snapshot(&json).map_err(|error| TestCaseError::fail(error.to_string()))?;
            prop_assert_eq!(again.source, SnapshotDecodeSource::V1);
            prop_assert_eq!(&again.snapshot, &result.snapshot);
            prop_assert_eq!(to_json(&again.snapshot).ok(), Some(json));
            prop_assert!(to_json_pretty(&result.snapshot).is_ok());
        }
        Err(error) => {
            prop_assert!(!error.issues.is_empty());
            prop_assert!(error.issues.iter().all(|issue| issue.severity == SnapshotIssueSeverity::Error));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(fuzz_cases()) })]

    #[test]
    fn arbitrary_json_never_panics_and_paths_agree(document in arbitrary_json()) {
        check(document)?;
    }

    #[test]
    fn arbitrary_objects_with_a_snapshot_header_never_panic(
        mut document in prop::collection::btree_map(word(), arbitrary_json(), 0..10),
        header in 0_usize..4,
    ) {
        let (format, version) = match header {
            0 => ("zenfg.frame-graph-snapshot", json!({ "major": 1, "minor": 2 })),
            1 => ("zenfg.frame-graph-snapshot", json!({ "major": 1, "minor": 1 })),
            2 => ("zenfg.frame-graph-snapshot-candidate", json!({ "major": 1, "minor": 0 })),
            _ => ("zenfg.frame-graph-snapshot", json!({ "major": 1.0, "minor": 2.0 })),
        };
        document.insert("format".to_owned(), json!(format));
        document.insert("version".to_owned(), version);
        check(Value::Object(document.into_iter().collect()))?;
    }

    #[test]
    fn mutated_corpus_documents_never_panic_and_paths_agree(
        which in any::<prop::sample::Index>(),
        mutations in prop::collection::vec((any::<usize>(), mutation()), 1..4),
    ) {
        let documents = corpus_documents();
        let mut document = which.get(&documents).clone();
        for (selector, mutation) in &mutations {
            apply(&mut document, *selector, mutation);
        }
        check(document)?;
    }
}

#[test]
fn every_unmutated_corpus_document_decodes() {
    for document in corpus_documents() {
        assert!(decode_frame_graph_snapshot(document.clone()).is_ok(), "{document}");
        check(document).expect("agreement");
    }
}
