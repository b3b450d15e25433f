use serde::{Deserialize, Serialize};

use super::SnapshotResourceKind;

/// Physical memory facts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotMemory {
    /// Physical allocations behind the resources.
    pub allocation_report: SnapshotAllocationReport,
    /// Resource pool counters.
    pub pool_report: SnapshotPoolReport,
}

/// The allocation table, or why it is missing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum SnapshotAllocationReport {
    /// The allocations; resources point at them, never the reverse.
    Available {
        /// The physical allocations.
        allocations: Vec<SnapshotAllocation>,
    },
    /// Not captured; `reason` is non-empty.
    Unavailable {
        /// Why the report is missing.
        reason: String,
    },
}

impl SnapshotAllocationReport {
    /// An unavailable report with `reason`.
    pub fn unavailable(reason: impl Into<String>) -> Self {
        Self::Unavailable { reason: reason.into() }
    }
}

/// One physical allocation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotAllocation {
    /// `allocation:`-prefixed id.
    pub id: String,
    /// Texture or buffer; equals the kind of every resource it backs.
    pub kind: SnapshotResourceKind,
    /// `compatibility:`-prefixed equivalence-class marker; compatible allocations may share it.
    pub compatibility_class_id: String,
    /// Estimated size in bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub estimated_byte_size: Option<u64>,
}

/// Resource pool counters, or why they are missing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum SnapshotPoolReport {
    /// Pool counters for the frame.
    #[serde(rename_all = "camelCase")]
    Available {
        /// Acquisitions from the pool.
        acquire_count: u64,
        /// Acquisitions served by reuse.
        reuse_count: u64,
        /// Objects created.
        created_count: u64,
        /// Objects kept for later frames.
        retained_count: u64,
        /// Estimated bytes kept for later frames.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        estimated_retained_bytes: Option<u64>,
    },
    /// Not captured; `reason` is non-empty.
    Unavailable {
        /// Why the report is missing.
        reason: String,
    },
}

impl SnapshotPoolReport {
    /// An unavailable report with `reason`.
    pub fn unavailable(reason: impl Into<String>) -> Self {
        Self::Unavailable { reason: reason.into() }
    }
}
