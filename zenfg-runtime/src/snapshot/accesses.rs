//! The central access table and the dependencies between retained nodes.

use zenfg_snapshot_format::{SnapshotAccess, SnapshotAccessMode, SnapshotDependency, SnapshotWriteContents};

use super::error::SnapshotExportError;
use super::index::ReportIndex;
use super::regions::{buffer_range, texture_region, uses_depth_slices};
use super::{ids, vocabulary};
use crate::compile::{AccessReport, FullCompilationReport};
use crate::desc::ResourceRange;
use crate::hash::FastMap;
use crate::ids::{PassId, ResourceId};
use crate::types::{DependencyKind, ResourceKind, WriteContents};

/// Every access with an effect on contents, culled nodes' included, in report order.
/// A texture access over several regions becomes one wire access per region.
pub(super) fn accesses(
    report: &FullCompilationReport,
    index: &ReportIndex<'_>,
) -> Result<Vec<SnapshotAccess>, SnapshotExportError> {
    let mut wire = Vec::with_capacity(report.accesses.len());
    for access in &report.accesses {
        push_access(&mut wire, access, index)?;
    }
    Ok(wire)
}

fn push_access(
    wire: &mut Vec<SnapshotAccess>,
    access: &AccessReport,
    index: &ReportIndex<'_>,
) -> Result<(), SnapshotExportError> {
    let what = || format!("{} of {}", access.id, access.pass);
    let resource = index.resource(access.resource, what)?;
    let kind = vocabulary::access_kind(access.role, access.mode)?;
    if access.role.kind() != resource.kind {
        return Err(SnapshotExportError::invalid_report(format!(
            "{} is a {} access of {}, which is a {:?}",
            what(),
            access.role,
            access.resource,
            resource.kind
        )));
    }
    let contents = (kind.required_mode() == SnapshotAccessMode::Write).then(|| {
        let preserves =
            access.write_contents.map_or(access.consumes_previous, |contents| contents == WriteContents::Preserve);
        if preserves { SnapshotWriteContents::Preserve } else { SnapshotWriteContents::Overwrite }
    });
    let node = ids::node(access.pass);
    let resource_id = ids::resource(access.resource);
    let wire_access = |id: String| match contents {
        None => SnapshotAccess::read(id, node.clone(), resource_id.clone(), kind),
        Some(contents) => {
            SnapshotAccess::write(id, node.clone(), resource_id.clone(), kind, contents, access.produces_value)
        }
    };
    match &access.range {
        ResourceRange::Buffer(range) if resource.kind == ResourceKind::Buffer => {
            let range = buffer_range(*range, || format!("{} bufferRange", ids::access(access.id, None)))?;
            wire.push(SnapshotAccess { buffer_range: Some(range), ..wire_access(ids::access(access.id, None)) });
        }
        ResourceRange::Texture(regions) if resource.kind == ResourceKind::Texture && !regions.is_empty() => {
            // Copies address texels through their region, never through a view.
            let view = access.view.filter(|_| !access.role.is_copy()).map(ids::view);
            let depth_slices = uses_depth_slices(resource);
            let numbered = regions.len() > 1;
            for (position, region) in regions.iter().enumerate() {
                wire.push(SnapshotAccess {
                    texture_view_id: view.clone(),
                    texture_region: Some(texture_region(region, depth_slices)?),
                    ..wire_access(ids::access(access.id, numbered.then_some(position)))
                });
            }
        }
        _ => {
            return Err(SnapshotExportError::invalid_report(format!(
                "{} selects {} of {}, a {:?}",
                what(),
                if matches!(access.range, ResourceRange::Buffer(_)) { "bytes" } else { "no texture region" },
                access.resource,
                resource.kind
            )));
        }
    }
    Ok(())
}

/// Dependencies whose two nodes are retained, one per `(from, to, resource)`.
///
/// A value dependency already orders its two nodes, so an ordering dependency between
/// the same nodes through the same resource (the write-after-write hazard of a
/// preserving write) is folded into it. Sorted by the execution order of both ends,
/// then by resource.
pub(super) fn dependencies(
    report: &FullCompilationReport,
    index: &ReportIndex<'_>,
) -> Result<Vec<SnapshotDependency>, SnapshotExportError> {
    let mut kinds: FastMap<(PassId, PassId, ResourceId), DependencyKind> = FastMap::default();
    let mut kept: Vec<(u32, u32, PassId, PassId, ResourceId)> = Vec::new();
    for dependency in &report.dependencies {
        let order = |node: PassId| {
            index.node(node).map(|facts| facts.execution_order).ok_or_else(|| {
                SnapshotExportError::invalid_report(format!(
                    "a dependency from {} to {} references {node}, which is not reported",
                    dependency.from, dependency.to
                ))
            })
        };
        let (Some(from), Some(to)) = (order(dependency.from)?, order(dependency.to)?) else { continue };
        let key = (dependency.from, dependency.to, dependency.resource);
        match kinds.get_mut(&key) {
            Some(kind) => {
                if dependency.kind == DependencyKind::Value {
                    *kind = DependencyKind::Value;
                }
            }
            None => {
                kinds.insert(key, dependency.kind);
                kept.push((from, to, dependency.from, dependency.to, dependency.resource));
            }
        }
    }
    kept.sort_unstable_by_key(|&(from, to, _, _, resource)| (from, to, resource));
    Ok(kept
        .into_iter()
        .map(|(_, _, from, to, resource)| {
            let kind = kinds[&(from, to, resource)];
            SnapshotDependency::new(
                ids::node(from),
                ids::node(to),
                ids::resource(resource),
                vocabulary::dependency_kind(kind),
            )
        })
        .collect())
}
