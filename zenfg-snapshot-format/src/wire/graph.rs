use serde::{Deserialize, Serialize};

use super::{SnapshotAccess, SnapshotResource, SnapshotRoot, SnapshotTextureView};

/// The compiled graph: eight tables that reference each other by id.
///
/// Every table is required and known, even when empty, unless the document's migration
/// provenance declares the corresponding fact unavailable.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotGraph {
    /// Debug groups in creation order; parents precede children.
    pub groups: Vec<SnapshotGroup>,
    /// Retained and culled nodes in recording order.
    pub nodes: Vec<SnapshotNode>,
    /// Logical resources.
    pub resources: Vec<SnapshotResource>,
    /// Explicit logical texture views.
    pub texture_views: Vec<SnapshotTextureView>,
    /// The central access table; nodes and resources hold no access lists.
    pub accesses: Vec<SnapshotAccess>,
    /// Edges between retained nodes.
    pub dependencies: Vec<SnapshotDependency>,
    /// Why work was retained.
    pub roots: Vec<SnapshotRoot>,
    /// Execution segments in execution order.
    pub segments: Vec<SnapshotSegment>,
}

/// A debug group.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotGroup {
    /// `group:`-prefixed id.
    pub id: String,
    /// The enclosing group, declared earlier in the table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent_id: Option<String>,
    /// Non-empty label.
    pub label: String,
    /// Identity that is stable across captures, when the producer has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stable_key: Option<String>,
}

impl SnapshotGroup {
    /// A top-level group without a stable key.
    pub fn new(id: impl Into<String>, label: impl Into<String>) -> Self {
        Self { id: id.into(), parent_id: None, label: label.into(), stable_key: None }
    }
}

/// A recorded node, retained or culled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotNode {
    /// `node:`-prefixed id.
    pub id: String,
    /// Identity that is stable across captures, when the producer has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stable_key: Option<String>,
    /// Equals the node's index in the node table, unless declared unavailable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recording_order: Option<u64>,
    /// What the node does.
    pub kind: SnapshotNodeKind,
    /// Optional label; may be empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// Whether the node was declared to have side effects.
    pub side_effect: bool,
    /// The enclosing debug group.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group_id: Option<String>,
    /// Whether the compiler kept the node, and where it runs.
    pub compile_state: SnapshotNodeCompileState,
}

impl SnapshotNode {
    /// A node without stable key, recording order, label or group.
    pub fn new(
        id: impl Into<String>,
        kind: SnapshotNodeKind,
        side_effect: bool,
        compile_state: SnapshotNodeCompileState,
    ) -> Self {
        Self {
            id: id.into(),
            stable_key: None,
            recording_order: None,
            kind,
            label: None,
            side_effect,
            group_id: None,
            compile_state,
        }
    }

    /// The execution order of a retained node; `None` for a culled one.
    pub fn execution_order(&self) -> Option<u64> {
        match self.compile_state {
            SnapshotNodeCompileState::Retained { execution_order } => Some(execution_order),
            SnapshotNodeCompileState::Culled { .. } => None,
        }
    }
}

wire_enum! {
    /// What a node does.
    pub enum SnapshotNodeKind {
        /// A render pass.
        Render => "render",
        /// A compute pass.
        Compute => "compute",
        /// A copy pass.
        Copy => "copy",
        /// A buffer clear.
        ClearBuffer => "clear-buffer",
        /// Free-form command encoding.
        Command => "command",
        /// Work submitted outside the graph's command encoders.
        ExternalSubmission => "external-submission",
    }
}

/// Whether the compiler kept a node.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum SnapshotNodeCompileState {
    /// The node runs at `execution_order` among retained nodes (`0..N-1`).
    #[serde(rename_all = "camelCase")]
    Retained {
        /// Position in execution order.
        execution_order: u64,
    },
    /// The node was removed; `reason` is a non-empty token such as `not-reachable-from-root`.
    #[serde(rename_all = "camelCase")]
    Culled {
        /// Why the node was culled.
        reason: String,
    },
}

/// An edge from an earlier retained node to a later one.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotDependency {
    /// The earlier node.
    pub from_node_id: String,
    /// The later node.
    pub to_node_id: String,
    /// The resource that orders them.
    pub resource_id: String,
    /// Whether a value flows or only ordering is required.
    pub kind: SnapshotDependencyKind,
}

impl SnapshotDependency {
    /// An edge `from -> to` through `resource`.
    pub fn new(
        from_node_id: impl Into<String>,
        to_node_id: impl Into<String>,
        resource_id: impl Into<String>,
        kind: SnapshotDependencyKind,
    ) -> Self {
        Self { from_node_id: from_node_id.into(), to_node_id: to_node_id.into(), resource_id: resource_id.into(), kind }
    }
}

wire_enum! {
    /// Why one node depends on another.
    pub enum SnapshotDependencyKind {
        /// The later node reads a value the earlier node produced.
        Value => "value",
        /// The later node must only run after the earlier one.
        Ordering => "ordering",
    }
}

/// A run of retained nodes submitted together.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotSegment {
    /// `segment:`-prefixed id.
    pub id: String,
    /// Equals the segment's index in the segment table.
    pub order: u64,
    /// Graph-encoded work or one external submission.
    pub kind: SnapshotSegmentKind,
    /// Non-empty list of retained nodes, in execution order.
    pub node_ids: Vec<String>,
}

impl SnapshotSegment {
    /// A segment listing `node_ids`.
    pub fn new(id: impl Into<String>, order: u64, kind: SnapshotSegmentKind, node_ids: Vec<String>) -> Self {
        Self { id: id.into(), order, kind, node_ids }
    }
}

wire_enum! {
    /// What a segment submits.
    pub enum SnapshotSegmentKind {
        /// Nodes encoded by the graph.
        FrameGraph => "frame-graph",
        /// Exactly one external-submission node.
        ExternalSubmission => "external-submission",
    }
}
