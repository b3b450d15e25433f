use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::SnapshotTextureRegion;

/// Why work was retained: a side-effecting node, or selected contents of a resource.
///
/// On the wire both shapes are one object with a `reason`; side effects carry `nodeId`,
/// every other reason carries `resourceId`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SnapshotRoot {
    /// A retained node with side effects; carries neither range nor resolution.
    SideEffect {
        /// The retained node.
        node_id: String,
    },
    /// A resource whose final contents matter.
    Resource(SnapshotResourceRoot),
}

impl SnapshotRoot {
    /// A side-effect root on `node_id`.
    pub fn side_effect(node_id: impl Into<String>) -> Self {
        Self::SideEffect { node_id: node_id.into() }
    }

    /// The resource root, if this is one.
    pub fn resource(&self) -> Option<&SnapshotResourceRoot> {
        match self {
            Self::SideEffect { .. } => None,
            Self::Resource(root) => Some(root),
        }
    }

    /// The node of a side-effect root.
    pub fn node_id(&self) -> Option<&str> {
        match self {
            Self::SideEffect { node_id } => Some(node_id),
            Self::Resource(_) => None,
        }
    }

    /// The root reason.
    pub fn reason(&self) -> SnapshotRootReason {
        match self {
            Self::SideEffect { .. } => SnapshotRootReason::SideEffect,
            Self::Resource(root) => root.reason,
        }
    }
}

/// A resource root: the resource, why it matters, which part, and who produced it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SnapshotResourceRoot {
    /// Any reason but [`SnapshotRootReason::SideEffect`].
    pub reason: SnapshotRootReason,
    /// The rooted resource.
    pub resource_id: String,
    /// The normalized selected range; required unless declared unavailable.
    pub range: Option<SnapshotResourceRange>,
    /// Who produced the selected contents; required unless declared unavailable.
    pub resolution: Option<SnapshotRootResolution>,
}

impl SnapshotResourceRoot {
    /// A resource root with the given range and resolution.
    pub fn new(
        reason: SnapshotRootReason,
        resource_id: impl Into<String>,
        range: SnapshotResourceRange,
        resolution: SnapshotRootResolution,
    ) -> Self {
        Self { reason, resource_id: resource_id.into(), range: Some(range), resolution: Some(resolution) }
    }
}

wire_enum! {
    /// Why something is a root.
    pub enum SnapshotRootReason {
        /// Presented to a surface.
        Present => "present",
        /// A frame output.
        Output => "output",
        /// Read back to the CPU.
        Readback => "readback",
        /// A node with side effects.
        SideEffect => "side-effect",
        /// Kept for a debug capture.
        DebugCapture => "debug-capture",
        /// State carried to later frames.
        PersistentState => "persistent-state",
    }
}

/// The normalized range a resource root selects, tagged by `kind`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum SnapshotResourceRange {
    /// Bytes `offset..offset + size` of a buffer; `size` is positive.
    Buffer {
        /// Offset in bytes.
        offset: u64,
        /// Positive size in bytes.
        size: u64,
    },
    /// Non-empty list of normalized texture regions.
    Texture {
        /// The regions, within the texture's bounds.
        regions: Vec<SnapshotTextureRegion>,
    },
}

/// The final writers of a root's selected contents.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotRootResolution {
    /// Distinct retained nodes in execution order.
    pub producer_node_ids: Vec<String>,
    /// Whether defined initial contents contribute.
    pub uses_initial_contents: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RootRef<'a> {
    reason: SnapshotRootReason,
    #[serde(skip_serializing_if = "Option::is_none")]
    node_id: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    resource_id: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    range: Option<&'a SnapshotResourceRange>,
    #[serde(skip_serializing_if = "Option::is_none")]
    resolution: Option<&'a SnapshotRootResolution>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RootWire {
    reason: SnapshotRootReason,
    #[serde(default)]
    node_id: Option<String>,
    #[serde(default)]
    resource_id: Option<String>,
    #[serde(default)]
    range: Option<SnapshotResourceRange>,
    #[serde(default)]
    resolution: Option<SnapshotRootResolution>,
}

impl Serialize for SnapshotRoot {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let wire = match self {
            Self::SideEffect { node_id } => RootRef {
                reason: SnapshotRootReason::SideEffect,
                node_id: Some(node_id),
                resource_id: None,
                range: None,
                resolution: None,
            },
            Self::Resource(root) => RootRef {
                reason: root.reason,
                node_id: None,
                resource_id: Some(&root.resource_id),
                range: root.range.as_ref(),
                resolution: root.resolution.as_ref(),
            },
        };
        wire.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for SnapshotRoot {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let wire = RootWire::deserialize(deserializer)?;
        match (wire.reason, wire.node_id, wire.resource_id) {
            (SnapshotRootReason::SideEffect, Some(node_id), None)
                if wire.range.is_none() && wire.resolution.is_none() =>
            {
                Ok(Self::SideEffect { node_id })
            }
            (reason, None, Some(resource_id)) if reason != SnapshotRootReason::SideEffect => {
                Ok(Self::Resource(SnapshotResourceRoot {
                    reason,
                    resource_id,
                    range: wire.range,
                    resolution: wire.resolution,
                }))
            }
            _ => Err(serde::de::Error::custom("a root must be a side effect on a node or a resource root")),
        }
    }
}
