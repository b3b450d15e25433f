//! FrameGraph Snapshot 1.2: the portable JSON description of one compiled frame graph.
//!
//! A snapshot describes a compiled frame for diagnostics: its debug groups, nodes,
//! resources, texture views, accesses, dependencies, roots and execution segments, plus
//! physical allocations, pool statistics, CPU and GPU timings, producer diagnostics and
//! namespaced extensions. It holds no GPU commands or resource contents and cannot be
//! replayed.
//!
//! This crate provides:
//!
//! * a typed wire model ([`FrameGraphSnapshotV1`] and its parts) that producers build and
//!   consumers read;
//! * a validator that reports *every* problem of a document as a [`SnapshotIssue`]
//!   (severity, stable code, JSON Pointer path, exact message), up to
//!   [`FRAME_GRAPH_SNAPSHOT_MAX_ISSUES`] of them and then one `too-many-issues` error that
//!   counts the rest: [`validate_frame_graph_snapshot`] for JSON values and
//!   [`validate_typed_frame_graph_snapshot`] for typed snapshots;
//! * a decoder ([`parse_frame_graph_snapshot`], [`parse_frame_graph_snapshot_bytes`],
//!   [`decode_frame_graph_snapshot`]) that accepts Snapshot 1.2 and migrates Snapshot 1.1,
//!   Legacy Candidate V1 and Legacy V0 documents to 1.2;
//! * a canonical encoder ([`to_json`], [`to_json_pretty`]) that validates first and writes
//!   sorted keys, with integral numbers as integers;
//! * views for people: a plain-text [`SnapshotSummary`], Graphviz DOT ([`write_dot`],
//!   [`to_dot`]) and one self-contained HTML page ([`write_html`], [`to_html`]), each
//!   linear in the size of the document and safe on documents that are not valid;
//! * the `zenfg-snapshot` command (`validate`, `migrate`, `summary`, `dot`, `html`), run
//!   with `cargo run -p zenfg-snapshot-format -- --help` or installed with `cargo install`.
//!
//! Decoding and validation never panic on any input, including arbitrarily deep nesting,
//! huge numbers, invalid UTF-8 and very large strings; however many problems a document
//! has, no call returns more than [`FRAME_GRAPH_SNAPSHOT_MAX_ISSUES`] issues and the one
//! that says the list was cut short.
//!
//! # Example
//!
//! ```
//! use zenfg_snapshot_format::{SnapshotDecodeSource, parse_frame_graph_snapshot, to_json};
//!
//! let text = r#"{
//!   "format": "zenfg.frame-graph-snapshot",
//!   "version": { "major": 1, "minor": 2 },
//!   "producer": { "name": "example" },
//!   "capture": { "frameIndex": 3 },
//!   "graph": {
//!     "groups": [],
//!     "nodes": [{
//!       "id": "node:present", "recordingOrder": 0, "kind": "render", "sideEffect": true,
//!       "compileState": { "status": "retained", "executionOrder": 0 }
//!     }],
//!     "resources": [], "textureViews": [], "accesses": [], "dependencies": [],
//!     "roots": [{ "reason": "side-effect", "nodeId": "node:present" }],
//!     "segments": [{
//!       "id": "segment:0", "order": 0, "kind": "frame-graph", "nodeIds": ["node:present"]
//!     }]
//!   },
//!   "memory": {
//!     "allocationReport": { "status": "unavailable", "reason": "not-requested" },
//!     "poolReport": { "status": "unavailable", "reason": "not-requested" }
//!   },
//!   "timings": {
//!     "cpu": { "status": "unavailable", "reason": "not-requested" },
//!     "gpu": { "status": "unavailable", "reason": "not-requested" }
//!   },
//!   "diagnostics": [],
//!   "extensions": { "dev.example.note": "kept as is" }
//! }"#;
//!
//! let decoded = parse_frame_graph_snapshot(text)?;
//! assert_eq!(decoded.source, SnapshotDecodeSource::V1);
//! assert!(!decoded.migrated);
//! assert_eq!(decoded.snapshot.graph.nodes[0].kind.as_str(), "render");
//!
//! // Re-encoding validates again and writes canonical JSON.
//! let json = to_json(&decoded.snapshot)?;
//! assert!(json.starts_with(r#"{"capture":{"frameIndex":3},"diagnostics":[]"#));
//!
//! // Invalid documents come back with every issue, up to FRAME_GRAPH_SNAPSHOT_MAX_ISSUES.
//! let error = parse_frame_graph_snapshot(&text.replace("node:present\"]", "node:gone\"]"))
//!     .unwrap_err();
//! assert!(error.issues.iter().any(|issue| issue.code == "missing-reference"
//!     && issue.path == "/graph/segments/0/nodeIds/0"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Decisions where the specification is silent
//!
//! * Semantic rules (references, ordering, availability) are checked only once a document
//!   is structurally valid.
//! * A missing required property is `missing-property` and also fails its type rule (for
//!   example an absent `frameIndex` is also `invalid-integer`).
//! * Ids must carry the prefix of the field they appear in (`node:` for `nodeId`, ...).
//! * References resolve to the first declaration of an id.
//! * Root texture ranges of 3D textures must use depth slices that fit the depth of the
//!   deepest selected mip; other textures must use array layers. Buffer root ranges must
//!   fit the buffer size. Both are only checked when the resource has a descriptor.
//! * `usesInitialContents` is rejected only when the resource's initial contents are
//!   declared `undefined`; unknown initial contents of migrated documents are accepted.
//! * A resource without `initialContents` is accepted only for an imported resource of a
//!   document with migration provenance.
//! * A missing access region or range is judged by the kind of the referenced resource;
//!   GPU timing of a retained node that is neither render nor compute is
//!   `reference-kind`, of a culled node `reference-state`.
//! * Legacy V0 nodes are listed retained first, in execution order, then culled.
//!   Unavailable facts are listed in specification order. Legacy Candidate V1 declares a
//!   root fact unavailable only when some resource root lacks it.
//! * JSON text follows `JSON.parse`: duplicate object keys keep their last value. Numbers
//!   beyond the `f64` range cannot be represented and make the text `invalid-json`.
//! * One call keeps the first [`FRAME_GRAPH_SNAPSHOT_MAX_ISSUES`] issues it finds (10000)
//!   and only counts later ones; the list then ends with one more error, code
//!   `too-many-issues` at path `""`, message `Validation stopped reporting after 10000
//!   issues; it found N more.` with `N` the count of the others. Checks that run only when
//!   earlier ones found nothing (the semantic rules, the 1.2 validation of a migrated
//!   Legacy V0 capture) are skipped just as they would be without the cap, so `N` is
//!   exactly how many more issues the call would return without it.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod canonical;
mod decode;
mod error;
mod issue;
mod migrate;
mod parse;
mod pointer;
mod validate;
mod view;
mod wire;

pub use decode::{
    SnapshotDecodeResult, SnapshotDecodeSource, decode_frame_graph_snapshot, parse_frame_graph_snapshot,
    parse_frame_graph_snapshot_bytes,
};
pub use error::{SnapshotDecodeError, SnapshotJsonError};
pub use issue::{SnapshotIssue, SnapshotIssueSeverity};
pub use validate::{validate_frame_graph_snapshot, validate_typed_frame_graph_snapshot};
pub use view::{SnapshotSummary, to_dot, to_html, write_dot, write_html};
pub use wire::*;

/// The `format` of every canonical document.
pub const FRAME_GRAPH_SNAPSHOT_FORMAT: &str = "zenfg.frame-graph-snapshot";

/// The `format` of Legacy Candidate V1 documents, which the decoder migrates.
pub const LEGACY_CANDIDATE_FRAME_GRAPH_SNAPSHOT_FORMAT: &str = "zenfg.frame-graph-snapshot-candidate";

/// The version of every canonical document, 1.2.
pub const FRAME_GRAPH_SNAPSHOT_VERSION: SnapshotVersion = SnapshotVersion { major: 1, minor: 2 };

/// The extension in which zenfg records compile options that change the plan:
/// `{"aliasing": "disabled"}` when the frame was compiled without aliasing.
/// Absent when every option had its default; the text and HTML views show it.
pub const COMPILE_EXTENSION: &str = "dev.zenfg.compile";

/// The most container levels an extension value may nest: a primitive has depth 0, an
/// array or object one more than its deepest item.
pub const FRAME_GRAPH_SNAPSHOT_MAX_EXTENSION_DEPTH: usize = 64;

/// The most issues that one validation or decoding call keeps.
///
/// Issues found beyond it are counted but not kept, and the list then ends with one more
/// error: code `too-many-issues`, path `""`, message `Validation stopped reporting after
/// 10000 issues; it found N more.`, where `N` is how many more the call would have
/// returned without the cap. A list therefore holds at most this many issues plus one.
/// Uncapped, a hostile document could make its list hundreds of times larger than itself:
/// three bytes of text (`{},` in `graph.nodes`) yield ten issues of about 180 bytes each.
/// Ten thousand keeps a list to a few megabytes and still reports any document that a
/// person would fix by hand in full.
pub const FRAME_GRAPH_SNAPSHOT_MAX_ISSUES: usize = 10_000;

/// Validates `snapshot` like [`validate_typed_frame_graph_snapshot`], then writes it as
/// compact canonical JSON: keys sorted, integral numbers as integers, no whitespace.
/// Writes nothing on failure.
pub fn to_json(snapshot: &FrameGraphSnapshotV1) -> Result<String, SnapshotJsonError> {
    let value = validate::validated_value(snapshot)?;
    Ok(canonical::write_canonical(&value, false))
}

/// Like [`to_json`], indented by two spaces.
pub fn to_json_pretty(snapshot: &FrameGraphSnapshotV1) -> Result<String, SnapshotJsonError> {
    let value = validate::validated_value(snapshot)?;
    Ok(canonical::write_canonical(&value, true))
}
