//! CPU and GPU timings, checked against the compiled frame.

use std::time::Duration;

use zenfg_snapshot_format::{SnapshotCpuNodeTiming, SnapshotCpuTimings, SnapshotGpuNodeTiming, SnapshotGpuTimings};

use super::error::{SnapshotExportError, TimingFamily};
use super::ids;
use super::index::ReportIndex;
use crate::execute::{CpuTimingReport, GpuTimingNodeKind, GpuTimingReport};
use crate::ids::PassId;
use crate::types::NodeKind;

/// The CPU timing of `report`, or `unavailable` / `not-requested` without one.
pub(super) fn cpu(
    report: Option<&CpuTimingReport>,
    frame_index: u64,
    index: &ReportIndex<'_>,
) -> Result<SnapshotCpuTimings, SnapshotExportError> {
    let Some(report) = report else { return Ok(SnapshotCpuTimings::unavailable("not-requested")) };
    check_frame(TimingFamily::Cpu, frame_index, report.frame_index)?;
    let mut sequence = Sequence::new(TimingFamily::Cpu, index);
    let nodes = report
        .nodes
        .iter()
        .map(|node| {
            sequence.next(node.pass, node.kind)?;
            Ok(SnapshotCpuNodeTiming { node_id: ids::node(node.pass), duration_micros: micros(node.duration) })
        })
        .collect::<Result<_, SnapshotExportError>>()?;
    Ok(SnapshotCpuTimings::Available { execution_duration_micros: micros(report.execution_duration), nodes })
}

/// The GPU timing of `report`, its unavailability reason, or `unavailable` /
/// `not-requested` without one.
pub(super) fn gpu(
    report: Option<&GpuTimingReport>,
    frame_index: u64,
    index: &ReportIndex<'_>,
) -> Result<SnapshotGpuTimings, SnapshotExportError> {
    let Some(report) = report else { return Ok(SnapshotGpuTimings::unavailable("not-requested")) };
    check_frame(TimingFamily::Gpu, frame_index, report.frame_index())?;
    match report {
        GpuTimingReport::Unavailable { reason, .. } => Ok(SnapshotGpuTimings::unavailable(reason.name())),
        GpuTimingReport::Available { frame_duration, nodes, .. } => {
            let mut sequence = Sequence::new(TimingFamily::Gpu, index);
            let nodes = nodes
                .iter()
                .map(|node| {
                    let kind = match node.kind {
                        GpuTimingNodeKind::Render => NodeKind::Render,
                        GpuTimingNodeKind::Compute => NodeKind::Compute,
                    };
                    sequence.next(node.pass, kind)?;
                    Ok(SnapshotGpuNodeTiming { node_id: ids::node(node.pass), duration_micros: micros(node.duration) })
                })
                .collect::<Result<_, SnapshotExportError>>()?;
            Ok(SnapshotGpuTimings::Available { frame_span_micros: micros(*frame_duration), nodes })
        }
    }
}

fn check_frame(family: TimingFamily, capture_frame: u64, timing_frame: u64) -> Result<(), SnapshotExportError> {
    if capture_frame == timing_frame {
        Ok(())
    } else {
        Err(SnapshotExportError::TimingFrameMismatch { family, capture_frame, timing_frame })
    }
}

/// Microseconds, exact for whole microseconds.
fn micros(duration: Duration) -> f64 {
    duration.as_nanos() as f64 / 1000.0
}

/// Checks that timed nodes are retained nodes of the right kind, each once, in
/// execution order.
struct Sequence<'i, 'r> {
    family: TimingFamily,
    index: &'i ReportIndex<'r>,
    last: Option<u32>,
}

impl<'i, 'r> Sequence<'i, 'r> {
    fn new(family: TimingFamily, index: &'i ReportIndex<'r>) -> Self {
        Self { family, index, last: None }
    }

    fn next(&mut self, pass: PassId, kind: NodeKind) -> Result<(), SnapshotExportError> {
        let invalid = |message: String| SnapshotExportError::InvalidTimingReport { family: self.family, message };
        let Some(facts) = self.index.node(pass) else {
            return Err(invalid(format!("it times {pass}, which the compilation report does not list")));
        };
        let Some(order) = facts.execution_order else {
            return Err(invalid(format!("it times {pass}, which was culled")));
        };
        if self.family == TimingFamily::Gpu && !matches!(facts.kind, NodeKind::Render | NodeKind::Compute) {
            return Err(invalid(format!(
                "it times {pass}, a {} node; only render and compute nodes are GPU-timed",
                facts.kind
            )));
        }
        if facts.kind != kind {
            return Err(invalid(format!("it times {pass} as a {kind} node, but the node is a {} node", facts.kind)));
        }
        if self.last.is_some_and(|last| order <= last) {
            return Err(invalid(format!("it times {pass} after a node that executes at or after it")));
        }
        self.last = Some(order);
        Ok(())
    }
}
