//! Legacy Candidate V1 (`zenfg.frame-graph-snapshot-candidate` 1.0) to 1.2.
//!
//! The candidate model is the 1.1 model without explicit initial-contents rules and
//! without root ranges or resolutions. The migration renames the format, makes transient
//! and surface contents `undefined`, forgets imported initial contents (their history is
//! unknown), records `legacy-candidate-v1` provenance with the root facts it lacks, and
//! then validates and migrates the result as Snapshot 1.1. Issue paths are those of the
//! source: the rewrite adds and removes properties but moves nothing.

use serde_json::{Map, Value, json};

use crate::FRAME_GRAPH_SNAPSHOT_FORMAT;
use crate::SnapshotIssue;
use crate::issue::Issues;
use crate::validate::{Profile, validate_owned};
use crate::wire::{
    FrameGraphSnapshotV1, SnapshotInitialContents, SnapshotMigrationSourceFormat, SnapshotResourceOrigin,
    SnapshotUnavailableFact,
};

/// Warning attached to every migrated candidate document.
pub(crate) fn warning() -> SnapshotIssue {
    SnapshotIssue::warning(
        "legacy-candidate-v1-migrated",
        "",
        "Legacy Candidate V1 was migrated to ZenFG Snapshot 1.2.",
    )
}

/// Migrates a candidate document whose format and version 1.0 the caller has checked;
/// `None` with the issues in `issues` when it is not valid.
pub(crate) fn migrate(mut value: Value, issues: &mut Issues) -> Option<FrameGraphSnapshotV1> {
    if let Some(document) = value.as_object_mut() {
        rewrite(document);
    }
    validate_owned(value, Profile::V1_1, issues)
}

fn rewrite(document: &mut Map<String, Value>) {
    document.insert("format".to_owned(), json!(FRAME_GRAPH_SNAPSHOT_FORMAT));
    document.insert("version".to_owned(), json!({ "major": 1, "minor": 1 }));
    let graph = document.get_mut("graph").and_then(Value::as_object_mut);
    let mut facts = Vec::new();
    if let Some(graph) = graph {
        if let Some(resources) = graph.get_mut("resources").and_then(Value::as_array_mut) {
            resources.iter_mut().filter_map(Value::as_object_mut).for_each(rewrite_initial_contents);
        }
        facts = missing_root_facts(graph.get("roots"));
    }
    // The document is a candidate whatever provenance it claims: a migration it
    // already carries is replaced by this one (spec §9).
    if let Some(capture) = document.get_mut("capture").and_then(Value::as_object_mut) {
        capture.insert(
            "migration".to_owned(),
            json!({
                "sourceFormat": SnapshotMigrationSourceFormat::LegacyCandidateV1.as_str(),
                "unavailableFacts": facts,
            }),
        );
    }
}

/// Transient and surface resources begin undefined; imported ones become unknown. A
/// value that is not a contents token is left for the validator to report.
fn rewrite_initial_contents(resource: &mut Map<String, Value>) {
    let declared = resource.get("initialContents");
    let rewritable =
        declared.is_none_or(|declared| declared.as_str().and_then(SnapshotInitialContents::from_wire).is_some());
    if !rewritable {
        return;
    }
    let origin = resource.get("origin").and_then(Value::as_str).and_then(SnapshotResourceOrigin::from_wire);
    match origin {
        Some(SnapshotResourceOrigin::Transient | SnapshotResourceOrigin::Surface) => {
            let undefined = SnapshotInitialContents::Undefined.as_str();
            resource.insert("initialContents".to_owned(), json!(undefined));
        }
        Some(SnapshotResourceOrigin::Imported) => {
            resource.remove("initialContents");
        }
        None => {}
    }
}

/// The root facts that resource roots lack: candidates predate root ranges and
/// resolutions.
fn missing_root_facts(roots: Option<&Value>) -> Vec<&'static str> {
    let resource_roots: Vec<&Map<String, Value>> = roots
        .and_then(Value::as_array)
        .map(|roots| roots.iter().filter_map(Value::as_object).filter(|root| root.contains_key("resourceId")).collect())
        .unwrap_or_default();
    [("range", SnapshotUnavailableFact::RootsRange), ("resolution", SnapshotUnavailableFact::RootsResolution)]
        .into_iter()
        .filter(|(key, _)| resource_roots.iter().any(|root| !root.contains_key(*key)))
        .map(|(_, fact)| fact.as_str())
        .collect()
}
