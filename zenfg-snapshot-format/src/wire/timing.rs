use serde::{Deserialize, Serialize};

/// CPU and GPU timings; both are required and independent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SnapshotTimings {
    /// Host-side execution timing.
    pub cpu: SnapshotCpuTimings,
    /// GPU timestamp timing.
    pub gpu: SnapshotGpuTimings,
}

impl SnapshotTimings {
    /// Neither CPU nor GPU timing was requested (`not-requested`).
    pub fn not_requested() -> Self {
        Self {
            cpu: SnapshotCpuTimings::unavailable("not-requested"),
            gpu: SnapshotGpuTimings::unavailable("not-requested"),
        }
    }
}

/// Synchronous elapsed host time of one execution, or why it is missing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum SnapshotCpuTimings {
    /// Measured durations, in microseconds.
    #[serde(rename_all = "camelCase")]
    Available {
        /// Whole execution, including shared preparation and submission.
        execution_duration_micros: f64,
        /// Per-node durations; each retained node at most once, any subset.
        nodes: Vec<SnapshotCpuNodeTiming>,
    },
    /// `not-requested`, `not-collected` for historical data, or another non-empty reason.
    Unavailable {
        /// Why the timing is missing.
        reason: String,
    },
}

impl SnapshotCpuTimings {
    /// Unavailable CPU timing with `reason`.
    pub fn unavailable(reason: impl Into<String>) -> Self {
        Self::Unavailable { reason: reason.into() }
    }
}

/// CPU time of one retained node.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotCpuNodeTiming {
    /// The retained node.
    pub node_id: String,
    /// Finite, non-negative duration in microseconds.
    pub duration_micros: f64,
}

/// GPU timestamp timing of one frame, or why it is missing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum SnapshotGpuTimings {
    /// Measured durations, in microseconds.
    #[serde(rename_all = "camelCase")]
    Available {
        /// First to last timestamp of the frame.
        frame_span_micros: f64,
        /// Per-node durations; each retained render or compute node at most once.
        nodes: Vec<SnapshotGpuNodeTiming>,
    },
    /// Non-empty reason, e.g. `unsupported` or `not-requested`.
    Unavailable {
        /// Why the timing is missing.
        reason: String,
    },
}

impl SnapshotGpuTimings {
    /// Unavailable GPU timing with `reason`.
    pub fn unavailable(reason: impl Into<String>) -> Self {
        Self::Unavailable { reason: reason.into() }
    }
}

/// GPU time of one retained render or compute node.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotGpuNodeTiming {
    /// The retained render or compute node.
    pub node_id: String,
    /// Finite, non-negative duration in microseconds.
    pub duration_micros: f64,
}
