//! Roots: resource roots with their range and resolution, and side effects.

use zenfg_snapshot_format::{SnapshotResourceRange, SnapshotResourceRoot, SnapshotRoot, SnapshotRootResolution};

use super::error::{SnapshotExportError, safe_integer};
use super::index::ReportIndex;
use super::regions::{texture_region, uses_depth_slices};
use super::{ids, vocabulary};
use crate::compile::{FullCompilationReport, RootReport};
use crate::desc::ResourceRange;
use crate::hash::FastSet;
use crate::types::ResourceKind;

/// Resource roots in declaration order, identical ones once, then one side-effect root
/// per retained side-effecting node in execution order.
pub(super) fn roots(
    report: &FullCompilationReport,
    index: &ReportIndex<'_>,
) -> Result<Vec<SnapshotRoot>, SnapshotExportError> {
    let mut seen = FastSet::default();
    let mut wire = Vec::with_capacity(report.roots.len() + report.nodes.len());
    for root in &report.roots {
        if seen.insert((root.resource, root.reason, &root.range)) {
            wire.push(SnapshotRoot::Resource(resource_root(root, index)?));
        }
    }
    let mut side_effects: Vec<_> = report.nodes.iter().filter(|node| node.side_effect).collect();
    side_effects.sort_by_key(|node| node.execution_order);
    wire.extend(side_effects.into_iter().map(|node| SnapshotRoot::side_effect(ids::node(node.id))));
    Ok(wire)
}

fn resource_root(root: &RootReport, index: &ReportIndex<'_>) -> Result<SnapshotResourceRoot, SnapshotExportError> {
    let id = ids::resource(root.resource);
    let resource = index.resource(root.resource, || format!("a {} root", root.reason))?;
    let range = match (&root.range, resource.kind) {
        (ResourceRange::Buffer(range), ResourceKind::Buffer) => {
            let Some(size) = range.size else {
                return Err(SnapshotExportError::invalid_report(format!(
                    "the {} root of {} has an unresolved size",
                    root.reason, root.resource
                )));
            };
            SnapshotResourceRange::Buffer {
                offset: safe_integer(range.offset, || format!("the {} root of {id}: offset", root.reason))?,
                size: safe_integer(size, || format!("the {} root of {id}: size", root.reason))?,
            }
        }
        (ResourceRange::Texture(regions), ResourceKind::Texture) => {
            let depth_slices = uses_depth_slices(resource);
            SnapshotResourceRange::Texture {
                regions: regions.iter().map(|region| texture_region(region, depth_slices)).collect::<Result<_, _>>()?,
            }
        }
        _ => {
            return Err(SnapshotExportError::invalid_report(format!(
                "the {} root of {} has a range of the other resource kind",
                root.reason, root.resource
            )));
        }
    };
    let resolution = SnapshotRootResolution {
        producer_node_ids: root.resolution.producer_node_ids.iter().copied().map(ids::node).collect(),
        uses_initial_contents: root.resolution.uses_initial_contents,
    };
    Ok(SnapshotResourceRoot::new(vocabulary::root_reason(root.reason), id, range, resolution))
}
