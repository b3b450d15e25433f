//! Helpers shared by the integration tests.

#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::OnceLock;

use jsonschema::Validator;

use serde_json::Value;
use zenfg_snapshot_format::SnapshotIssue;

/// The conformance corpus, kept in this crate's test data. Tests fail, never
/// skip, when it is missing.
pub fn corpus() -> PathBuf {
    let path = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/snapshot-conformance"));
    assert!(
        path.join("conformance/manifest.json").is_file(),
        "the Snapshot conformance corpus is missing at {}",
        path.display()
    );
    path
}

pub fn read_text(relative: &str) -> String {
    let path = corpus().join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()))
}

pub fn read_json(relative: &str) -> Value {
    serde_json::from_str(&read_text(relative)).unwrap_or_else(|error| panic!("{relative} is not JSON: {error}"))
}

/// `(code, path, message)` triples sorted by path, code, message.
pub fn triples(issues: &[SnapshotIssue]) -> Vec<(String, String, String)> {
    let mut triples: Vec<_> =
        issues.iter().map(|issue| (issue.path.clone(), issue.code.clone(), issue.message.clone())).collect();
    triples.sort();
    triples.into_iter().map(|(path, code, message)| (code, path, message)).collect()
}

/// Expected triples of a manifest case, sorted the same way.
pub fn expected_triples(case: &Value) -> Vec<(String, String, String)> {
    let mut triples: Vec<_> = case
        .get("issues")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .map(|issue| {
            let field = |key: &str| issue[key].as_str().unwrap_or_default().to_owned();
            (field("path"), field("code"), field("message"))
        })
        .collect();
    triples.sort();
    triples.into_iter().map(|(path, code, message)| (code, path, message)).collect()
}

/// Nests `value` inside `levels` single-item arrays.
pub fn nested_arrays(levels: usize, value: Value) -> Value {
    let mut value = value;
    for _ in 0..levels {
        value = Value::Array(vec![value]);
    }
    value
}

/// Drops a value of any depth without recursion.
pub fn dismantle(value: Value) {
    let mut pending = vec![value];
    while let Some(mut next) = pending.pop() {
        match &mut next {
            Value::Array(items) => pending.append(items),
            Value::Object(map) => {
                pending.extend(std::mem::take(map).into_iter().map(|(_, child)| child));
            }
            _ => {}
        }
    }
}

mod generated;
#[allow(unused_imports, reason = "only the view tests generate documents")]
pub use generated::generated_snapshot;

/// The corpus schema (`manifest.json`'s `schema`, draft 2020-12), compiled once.
///
/// `jsonschema` compiles `pattern` with ECMA-262 semantics, as the corpus asks: `.`
/// matches no line terminator (LF, CR, U+2028, U+2029), which the id and extension-name
/// patterns rely on; the conformance tests check it. It
/// is used offline: the schema has only local references, and no resolver is built in.
pub fn schema() -> &'static Validator {
    static SCHEMA: OnceLock<Validator> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        let manifest = read_json("conformance/manifest.json");
        let relative = manifest["schema"].as_str().expect("the manifest names its schema");
        let schema = read_json(&format!("conformance/{relative}"));
        if let Err(error) = jsonschema::meta::validate(&schema) {
            panic!("the corpus schema is not a valid JSON Schema: {error}");
        }
        jsonschema::draft202012::new(&schema).unwrap_or_else(|error| panic!("the corpus schema compiles: {error}"))
    })
}
