//! Compiler diagnostics as Snapshot diagnostics.

use zenfg_snapshot_format::SnapshotDiagnostic;

use super::{ids, vocabulary};
use crate::compile::FullCompilationReport;

/// Every diagnostic of the report, in report order.
pub(super) fn diagnostics(report: &FullCompilationReport) -> Vec<SnapshotDiagnostic> {
    report
        .diagnostics
        .iter()
        .map(|diagnostic| SnapshotDiagnostic {
            node_id: diagnostic.pass.map(ids::node),
            resource_id: diagnostic.resource.map(ids::resource),
            ..SnapshotDiagnostic::new(
                vocabulary::severity(diagnostic.severity),
                diagnostic.code,
                diagnostic.message.as_str(),
            )
        })
        .collect()
}
