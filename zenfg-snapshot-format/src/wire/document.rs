use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{SnapshotGraph, SnapshotMemory, SnapshotTimings};
use crate::{FRAME_GRAPH_SNAPSHOT_FORMAT, FRAME_GRAPH_SNAPSHOT_VERSION};

/// One FrameGraph Snapshot 1.2 document: a diagnostic description of one compiled frame.
///
/// The value is plain data; it is a valid snapshot only once
/// [`crate::validate_typed_frame_graph_snapshot`] accepts it. Values returned by the decoder
/// have always been validated.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FrameGraphSnapshotV1 {
    /// Always [`FRAME_GRAPH_SNAPSHOT_FORMAT`] in a valid document.
    pub format: String,
    /// Always [`FRAME_GRAPH_SNAPSHOT_VERSION`] in a valid document.
    pub version: SnapshotVersion,
    /// Who wrote the document.
    pub producer: SnapshotProducer,
    /// Which frame was captured, and where a migrated document came from.
    pub capture: SnapshotCapture,
    /// The compiled graph.
    pub graph: SnapshotGraph,
    /// Physical allocations and pool statistics.
    pub memory: SnapshotMemory,
    /// CPU and GPU timings; each is independently available or not.
    pub timings: SnapshotTimings,
    /// Producer diagnostics attached to the frame.
    pub diagnostics: Vec<SnapshotDiagnostic>,
    /// Namespaced extension values (`vendor.name` keys), preserved verbatim.
    pub extensions: BTreeMap<String, Value>,
}

impl FrameGraphSnapshotV1 {
    /// A 1.2 document with the canonical format and version, no diagnostics and no extensions.
    pub fn new(
        producer: SnapshotProducer,
        capture: SnapshotCapture,
        graph: SnapshotGraph,
        memory: SnapshotMemory,
        timings: SnapshotTimings,
    ) -> Self {
        Self {
            format: FRAME_GRAPH_SNAPSHOT_FORMAT.to_owned(),
            version: FRAME_GRAPH_SNAPSHOT_VERSION,
            producer,
            capture,
            graph,
            memory,
            timings,
            diagnostics: Vec::new(),
            extensions: BTreeMap::new(),
        }
    }
}

/// A `{ major, minor }` document version.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SnapshotVersion {
    /// Major version; 1 for every supported document.
    pub major: u32,
    /// Minor version; 2 for canonical documents.
    pub minor: u32,
}

/// The program that wrote the document. Every field but `name` is optional.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotProducer {
    /// Non-empty producer name.
    pub name: String,
    /// Producer version, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// Implementation language, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// The graphics runtime underneath the producer, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runtime: Option<SnapshotRuntime>,
}

impl SnapshotProducer {
    /// A producer known only by name.
    pub fn new(name: impl Into<String>) -> Self {
        Self { name: name.into(), ..Self::default() }
    }
}

/// Opaque, non-empty descriptions of the graphics runtime; each one is optional.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotRuntime {
    /// Runtime implementation, e.g. `wgpu` or `browser`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub implementation: Option<String>,
    /// Graphics API, e.g. `webgpu`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub graphics_api: Option<String>,
    /// Native backend, e.g. `vulkan`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backend: Option<String>,
}

/// Capture metadata.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotCapture {
    /// Index of the captured frame (a JavaScript-safe integer).
    pub frame_index: u64,
    /// Producer timestamp; metadata only, without graph meaning.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captured_at: Option<String>,
    /// Provenance of a migrated document; kept on every re-encode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub migration: Option<SnapshotMigration>,
}

impl SnapshotCapture {
    /// A capture of `frame_index` with no timestamp and no migration.
    pub fn new(frame_index: u64) -> Self {
        Self { frame_index, ..Self::default() }
    }
}

/// Where a migrated document came from and which table-level facts it cannot provide.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotMigration {
    /// The historical format the document was migrated from.
    pub source_format: SnapshotMigrationSourceFormat,
    /// Facts the source could not provide; each appears at most once.
    pub unavailable_facts: Vec<SnapshotUnavailableFact>,
}

wire_enum! {
    /// A historical format that a reader migrates to 1.2.
    pub enum SnapshotMigrationSourceFormat {
        /// The unversioned `{ compilation, gpuTiming, resourcePool }` capture.
        LegacyV0 => "legacy-v0",
        /// The pre-release `zenfg.frame-graph-snapshot-candidate` 1.0 format.
        LegacyCandidateV1 => "legacy-candidate-v1",
        /// Snapshot 1.1, which had no CPU timing.
        SnapshotV1_1 => "snapshot-v1.1",
    }
}

wire_enum! {
    /// A table-level fact that a historical source could not provide.
    pub enum SnapshotUnavailableFact {
        /// No group table; nodes and resources carry no `groupId`.
        Groups => "graph.groups",
        /// No texture view table; accesses carry no `textureViewId`.
        TextureViews => "graph.textureViews",
        /// No node carries `recordingOrder`; node order is not recording order.
        NodesRecordingOrder => "graph.nodes.recordingOrder",
        /// Some accesses lack their texture region or buffer range.
        AccessesRegions => "graph.accesses.regions",
        /// Some resource roots lack their normalized range.
        RootsRange => "graph.roots.range",
        /// Some resource roots lack their final-contents resolution.
        RootsResolution => "graph.roots.resolution",
    }
}

/// A producer diagnostic attached to the frame.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotDiagnostic {
    /// How serious the diagnostic is.
    pub severity: SnapshotDiagnosticSeverity,
    /// Non-empty producer-defined code.
    pub code: String,
    /// Human-readable text; may be empty.
    pub message: String,
    /// The node the diagnostic is about, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_id: Option<String>,
    /// The resource the diagnostic is about, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_id: Option<String>,
}

impl SnapshotDiagnostic {
    /// A diagnostic about neither a node nor a resource.
    pub fn new(severity: SnapshotDiagnosticSeverity, code: impl Into<String>, message: impl Into<String>) -> Self {
        Self { severity, code: code.into(), message: message.into(), node_id: None, resource_id: None }
    }
}

wire_enum! {
    /// Severity of a producer diagnostic.
    pub enum SnapshotDiagnosticSeverity {
        /// Informational.
        Info => "info",
        /// Something worth attention.
        Warning => "warning",
        /// Something wrong.
        Error => "error",
    }
}
