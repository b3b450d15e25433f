//! Physical allocations and pool counters.

use zenfg_snapshot_format::{SnapshotAllocation, SnapshotAllocationReport, SnapshotMemory, SnapshotPoolReport};

use super::error::{SnapshotExportError, safe_integer};
use super::{ids, vocabulary};
use crate::compile::FullCompilationReport;
use crate::pool::ResourcePoolStats;

/// The allocation table (always available: compilation always plans it) and the pool
/// counters, `unavailable` / `not-requested` without `pool_stats`.
pub(super) fn memory(
    report: &FullCompilationReport,
    pool_stats: Option<ResourcePoolStats>,
) -> Result<SnapshotMemory, SnapshotExportError> {
    let allocations = report
        .allocations
        .iter()
        .map(|allocation| {
            let id = ids::allocation(allocation.id);
            let estimated = safe_integer(allocation.estimated_byte_size, || format!("{id} estimatedByteSize"))?;
            Ok(SnapshotAllocation {
                kind: vocabulary::resource_kind(allocation.kind),
                compatibility_class_id: ids::compatibility(&allocation.compatibility_key),
                estimated_byte_size: Some(estimated),
                id,
            })
        })
        .collect::<Result<_, SnapshotExportError>>()?;
    Ok(SnapshotMemory {
        allocation_report: SnapshotAllocationReport::Available { allocations },
        pool_report: pool_stats.map_or_else(|| Ok(SnapshotPoolReport::unavailable("not-requested")), pool_report)?,
    })
}

fn pool_report(stats: ResourcePoolStats) -> Result<SnapshotPoolReport, SnapshotExportError> {
    let counter = |value: u64, name: &str| safe_integer(value, || format!("poolReport.{name}"));
    Ok(SnapshotPoolReport::Available {
        acquire_count: counter(stats.acquire_count, "acquireCount")?,
        reuse_count: counter(stats.reuse_count, "reuseCount")?,
        created_count: counter(stats.created_count, "createdCount")?,
        retained_count: counter(stats.retained_count, "retainedCount")?,
        estimated_retained_bytes: Some(counter(stats.estimated_retained_bytes, "estimatedRetainedBytes")?),
    })
}
