//! Snapshot 1.1 to 1.2: same model, without CPU timing.

use serde_json::{Value, json};

use crate::SnapshotIssue;
use crate::issue::Issues;
use crate::validate::{Profile, validate_owned};
use crate::wire::{FrameGraphSnapshotV1, SnapshotMigration, SnapshotMigrationSourceFormat};

/// Warning attached to every migrated 1.1 document.
pub(crate) fn warning() -> SnapshotIssue {
    SnapshotIssue::warning(
        "snapshot-v1.1-migrated",
        "",
        "Snapshot 1.1 was migrated to ZenFG Snapshot 1.2; CPU timing was not collected.",
    )
}

/// Validates a 1.1 document and migrates it: version 1.2, CPU timing `unavailable` /
/// `not-collected`, and `snapshot-v1.1` provenance unless the document already carries
/// provenance from an earlier migration, which is kept as it is. Returns `None` with the
/// issues in `issues` when the document is not valid.
pub(crate) fn migrate(value: Value, issues: &mut Issues) -> Option<FrameGraphSnapshotV1> {
    let mut snapshot = validate_owned(value, Profile::V1_1, issues)?;
    snapshot.capture.migration.get_or_insert_with(|| SnapshotMigration {
        source_format: SnapshotMigrationSourceFormat::SnapshotV1_1,
        unavailable_facts: Vec::new(),
    });
    Some(snapshot)
}

/// Rewrites a structurally valid 1.1 document as 1.2: the version, and CPU timing that
/// was not collected. Provenance is the caller's concern.
pub(crate) fn upgrade_in_place(value: &mut Value) {
    if let Some(document) = value.as_object_mut() {
        document.insert("version".to_owned(), json!({ "major": 1, "minor": 2 }));
        if let Some(timings) = document.get_mut("timings").and_then(Value::as_object_mut) {
            timings.insert("cpu".to_owned(), json!({ "status": "unavailable", "reason": "not-collected" }));
        }
    }
}
