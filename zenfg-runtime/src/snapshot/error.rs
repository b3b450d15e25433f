//! [`SnapshotExportError`]: why a compiled frame could not be exported.

use std::fmt;

use zenfg_snapshot_format::SnapshotJsonError;

/// The largest integer a Snapshot may hold: JSON numbers are only exact up to 2^53 - 1.
const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// Which timing report an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimingFamily {
    /// The [`CpuTimingReport`](crate::CpuTimingReport) of an execution.
    Cpu,
    /// The [`GpuTimingReport`](crate::GpuTimingReport) of an execution.
    Gpu,
}

impl fmt::Display for TimingFamily {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Cpu => "CPU",
            Self::Gpu => "GPU",
        })
    }
}

/// Why [`create_frame_graph_snapshot`](super::create_frame_graph_snapshot) produced no
/// Snapshot.
///
/// Nothing is partially exported: on any error the whole export fails.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SnapshotExportError {
    /// The report has no tables: it was compiled without
    /// [`CompileOptions::full_report`](crate::CompileOptions::full_report).
    #[error("a Snapshot is built from the full report; compile with CompileOptions::full_report()")]
    FullReportRequired,
    /// A number is larger than a Snapshot can represent exactly (2^53 - 1).
    #[error("{field} is {value}, larger than the largest integer a Snapshot can hold (2^53 - 1)")]
    UnsafeInteger {
        /// Where the number would go, e.g. `capture.frameIndex` or `resource:3 descriptor.size`.
        field: String,
        /// The number.
        value: u64,
    },
    /// An effective texture usage has bits that no Snapshot usage flag names
    /// (for example `STORAGE_ATOMIC`).
    #[error("texture usage bits {bits:#x} have no Snapshot usage flag")]
    UnsupportedTextureUsage {
        /// The bits without a flag.
        bits: u32,
    },
    /// An effective buffer usage has bits that no Snapshot usage flag names
    /// (for example `BLAS_INPUT`).
    #[error("buffer usage bits {bits:#x} have no Snapshot usage flag")]
    UnsupportedBufferUsage {
        /// The bits without a flag.
        bits: u32,
    },
    /// A value of the report has no spelling in the Snapshot vocabulary, such as a plane
    /// aspect or a role used with a mode it cannot have.
    #[error("the {field} `{value}` has no Snapshot spelling")]
    UnsupportedValue {
        /// What the value describes.
        field: &'static str,
        /// The value, as the runtime names it.
        value: String,
    },
    /// A timing report belongs to another frame than the capture.
    #[error("the {family} timing report is of frame {timing_frame}, but the capture is of frame {capture_frame}")]
    TimingFrameMismatch {
        /// Which timing report.
        family: TimingFamily,
        /// The frame index of the options.
        capture_frame: u64,
        /// The frame index of the timing report.
        timing_frame: u64,
    },
    /// A timing report does not describe an execution of this compiled frame: it names a
    /// node that is unknown, culled, of another kind, not timed by its family, or out of
    /// execution order.
    #[error("the {family} timing report does not match the compiled frame: {message}")]
    InvalidTimingReport {
        /// Which timing report.
        family: TimingFamily,
        /// What does not match.
        message: String,
    },
    /// The projected document failed Snapshot validation, for example because of an
    /// empty `backend` string.
    #[error("the exported Snapshot is not valid: {source}")]
    InvalidSnapshot {
        /// The validator's issues.
        #[source]
        source: SnapshotJsonError,
    },
    /// The report contradicts itself (a reference to a missing entity, a range of the
    /// wrong kind, recording orders with gaps). Reports built by compilation never do.
    #[error("the compilation report is inconsistent: {message}")]
    InvalidReport {
        /// What is inconsistent.
        message: String,
    },
}

impl SnapshotExportError {
    pub(super) fn invalid_report(message: impl Into<String>) -> Self {
        Self::InvalidReport { message: message.into() }
    }
}

/// `value`, when a Snapshot can hold it; `field` names it otherwise.
pub(super) fn safe_integer(value: u64, field: impl FnOnce() -> String) -> Result<u64, SnapshotExportError> {
    if value <= MAX_SAFE_INTEGER {
        Ok(value)
    } else {
        Err(SnapshotExportError::UnsafeInteger { field: field(), value })
    }
}
