//! Validation of canonical documents: a structural layer (the JSON Schema's shape) and,
//! once the structure is sound, a semantic layer (references, ordering, availability).
//!
//! Semantic rules are only checked on structurally valid documents: a reference cannot be
//! resolved, nor an order compared, before the values have the right types.

mod extensions;
mod fields;
mod semantic;
mod structural;
mod typed;

use serde_json::Value;

pub(crate) use fields::safe_integer;
pub use typed::validate_typed_frame_graph_snapshot;
pub(crate) use typed::{json_value, validated_value};

use crate::SnapshotIssue;
use crate::canonical::canonicalize_numbers;
use crate::issue::Issues;
use crate::migrate::v1_1;
use crate::parse::discard;
use crate::wire::{FrameGraphSnapshotV1, SnapshotUnavailableFact};

/// Which canonical version a document is validated as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Profile {
    /// Snapshot 1.2, the only version that is written.
    V1_2,
    /// Snapshot 1.1: version 1.1 and no `timings.cpu`; otherwise the 1.2 rules.
    V1_1,
}

impl Profile {
    fn minor(self) -> u64 {
        match self {
            Self::V1_2 => 2,
            Self::V1_1 => 1,
        }
    }

    fn format_name(self) -> &'static str {
        match self {
            Self::V1_2 => "Snapshot 1.2",
            Self::V1_1 => "Snapshot 1.1",
        }
    }

    fn has_cpu_timing(self) -> bool {
        self == Self::V1_2
    }
}

/// The table-level facts a document declares unavailable.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct UnavailableFacts {
    groups: bool,
    texture_views: bool,
    recording_order: bool,
    access_regions: bool,
    roots_range: bool,
    roots_resolution: bool,
}

impl UnavailableFacts {
    fn from_facts(facts: impl IntoIterator<Item = SnapshotUnavailableFact>) -> Self {
        let mut set = Self::default();
        for fact in facts {
            let flag = match fact {
                SnapshotUnavailableFact::Groups => &mut set.groups,
                SnapshotUnavailableFact::TextureViews => &mut set.texture_views,
                SnapshotUnavailableFact::NodesRecordingOrder => &mut set.recording_order,
                SnapshotUnavailableFact::AccessesRegions => &mut set.access_regions,
                SnapshotUnavailableFact::RootsRange => &mut set.roots_range,
                SnapshotUnavailableFact::RootsResolution => &mut set.roots_resolution,
            };
            *flag = true;
        }
        set
    }

    /// The facts listed under `capture.migration.unavailableFacts`, read leniently: the
    /// structural layer reports a malformed list.
    fn declared_in(document: &Value) -> Self {
        let listed = document
            .pointer("/capture/migration/unavailableFacts")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default();
        Self::from_facts(listed.iter().filter_map(Value::as_str).filter_map(SnapshotUnavailableFact::from_wire))
    }

    fn of(snapshot: &FrameGraphSnapshotV1) -> Self {
        snapshot
            .capture
            .migration
            .as_ref()
            .map(|migration| Self::from_facts(migration.unavailable_facts.iter().copied()))
            .unwrap_or_default()
    }
}

/// Validates `value` as a canonical Snapshot 1.2 document, structurally and semantically,
/// without any format gate or migration.
///
/// Returns every issue found, up to [`crate::FRAME_GRAPH_SNAPSHOT_MAX_ISSUES`] and then one
/// final `too-many-issues` error, in no particular order otherwise; an empty list means the
/// document is valid. Never panics, whatever the input, including arbitrarily deep nesting.
pub fn validate_frame_graph_snapshot(value: &Value) -> Vec<SnapshotIssue> {
    let mut issues = Issues::new();
    validate_value(value, &mut issues);
    issues.into_vec()
}

/// Reports the issues of `value` as a canonical Snapshot 1.2 document.
pub(crate) fn validate_value(value: &Value, issues: &mut Issues) {
    structural::validate(value, Profile::V1_2, issues);
    if issues.is_empty() {
        // A structurally valid document nests boundedly, so cloning it is safe.
        semantic_pass(value.clone(), Profile::V1_2, issues);
    }
}

/// Validates an owned document of `profile` and returns its typed 1.2 form, or `None`
/// with the issues in `issues`. A 1.1 document comes back with version 1.2 and CPU timing
/// `unavailable` / `not-collected`, but without migration provenance.
pub(crate) fn validate_owned(mut value: Value, profile: Profile, issues: &mut Issues) -> Option<FrameGraphSnapshotV1> {
    structural::validate(&value, profile, issues);
    if issues.is_empty() {
        semantic_pass(value, profile, issues)
    } else {
        discard(&mut value);
        None
    }
}

/// The semantic layer of a structurally valid document.
fn semantic_pass(mut value: Value, profile: Profile, issues: &mut Issues) -> Option<FrameGraphSnapshotV1> {
    let declares_migration = value.pointer("/capture/migration").is_some();
    if profile == Profile::V1_1 {
        v1_1::upgrade_in_place(&mut value);
    }
    canonicalize_numbers(&mut value);
    let snapshot: FrameGraphSnapshotV1 = match serde_json::from_value(value) {
        Ok(snapshot) => snapshot,
        Err(error) => {
            let message = || format!("The document does not match the Snapshot 1.2 model: {error}.");
            issues.error("invalid-structure", "", message);
            return None;
        }
    };
    semantic::validate(&snapshot, declares_migration, issues);
    issues.is_empty().then_some(snapshot)
}
