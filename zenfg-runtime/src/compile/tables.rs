//! Builds the [`CompilationReport`] from the recording and the plan.

use std::collections::hash_map::Entry;
use std::fmt::Write as _;

use super::Plan;
use super::content::{ContentOutcome, Hull};
use super::lifetimes::candidate_order;
use super::options::{CompileOptions, ReportLevel};
use super::report::*;
use super::roots::ResolvedRoots;
use crate::desc::{BufferRange, ResourceRange, TextureSubresourceRange};
use crate::format::{estimated_texture_bytes, normalized_aspect};
use crate::hash::FastMap;
use crate::ids::{AccessId, AllocationId, DebugGroupId, PassId, ResourceId, ValueId, ViewId};
use crate::physical::{AllocationKey, PhysicalDesc, ResourcePoolScope};
use crate::record::{Recording, ResourceShape};
use crate::types::{AccessMode, ResourceKind, WriteContents};

/// Fills a table of an earlier report in place: each new row overwrites an
/// old one, which is dropped while its memory is being written anyway,
/// instead of in a pass of its own over the whole old table. Rows left over
/// are dropped when the filling ends.
struct Refill<'a, T> {
    table: &'a mut Vec<T>,
    filled: usize,
}

impl<'a, T> Refill<'a, T> {
    /// Refills `table`, which will get about `rows` rows.
    fn new(table: &'a mut Vec<T>, rows: usize) -> Self {
        table.reserve(rows.saturating_sub(table.len()));
        Self { table, filled: 0 }
    }

    fn push(&mut self, row: T) {
        match self.table.get_mut(self.filled) {
            Some(slot) => *slot = row,
            None => self.table.push(row),
        }
        self.filled += 1;
    }
}

impl<T> Drop for Refill<'_, T> {
    fn drop(&mut self) {
        self.table.truncate(self.filled);
    }
}

/// Refills `table` with `rows`.
fn refill<T>(table: &mut Vec<T>, rows: impl Iterator<Item = T>) {
    let (least, most) = rows.size_hint();
    let mut refill = Refill::new(table, most.unwrap_or(least));
    for row in rows {
        refill.push(row);
    }
}

/// The logical byte estimate of a resource: its size, or its texture estimate.
fn logical_bytes(rec: &Recording<'_>, resource: usize) -> u64 {
    match (rec.facts[resource].buffer_size(), &rec.resources[resource].shape) {
        (Some(size), _) => size,
        (None, ResourceShape::Texture { desc, .. }) => estimated_texture_bytes(desc),
        (None, ResourceShape::Buffer { desc, .. }) => desc.size,
    }
}

/// The range a dependency's hull covers; the resource record is read for
/// textures alone.
fn hull_range(rec: &Recording<'_>, resource: ResourceId, hull: &Hull) -> ResourceRange {
    let facts = &rec.facts[resource.index()];
    if facts.buffer_size().is_some() {
        return ResourceRange::Buffer(BufferRange::new(hull.start, Some(hull.end - hull.start)));
    }
    let aspect = normalized_aspect(rec.texture_desc(resource).format);
    let layers = facts.layers();
    ResourceRange::Texture(
        (hull.first_plane..=hull.last_plane)
            .filter_map(|mip| {
                let end = hull.end.min(u64::from(layers.at_mip(mip)));
                (hull.start < end).then(|| TextureSubresourceRange {
                    base_mip_level: mip,
                    mip_level_count: 1,
                    base_slice: hull.start as u32,
                    slice_count: (end - hull.start) as u32,
                    aspect,
                })
            })
            .collect(),
    )
}

/// The compatibility-key spelling of an allocation. Scopes appear as a
/// partition number local to this compile, never as a scope identity.
fn compatibility_key(key: &AllocationKey, partitions: &mut FastMap<ResourcePoolScope, usize>) -> String {
    let mut text = match &key.desc {
        PhysicalDesc::Buffer { size, usage } => format!("buffer|{size}|{}", usage.bits()),
        PhysicalDesc::Texture { format, size, dimension, mip_level_count, sample_count, view_formats, usage } => {
            let formats: Vec<String> = view_formats.iter().map(|format| format!("{format:?}")).collect();
            format!(
                "texture|{format:?}|{}x{}x{}|{dimension:?}|{mip_level_count}|{sample_count}|{}|{}",
                size.width,
                size.height,
                size.depth_or_array_layers,
                formats.join(","),
                usage.bits()
            )
        }
    };
    if let Some(scope) = key.scope {
        let next = partitions.len() + 1;
        let partition = *partitions.entry(scope).or_insert(next);
        let _ = write!(text, "|partition-{partition}");
    }
    text
}

/// The resources of each allocation, listed from `first_touch`, the
/// resources in order of first use.
fn allocation_members(plan: &Plan, first_touch: &[ResourceId]) -> Vec<Vec<ResourceId>> {
    let mut members = vec![Vec::new(); plan.allocations.len()];
    for &resource in first_touch {
        if let Some(allocation) = plan.resource_allocation[resource.index()] {
            members[allocation.index()].push(resource);
        }
    }
    members
}

/// The rows of the allocations of `plan`, each listing its `members`.
pub(crate) fn allocation_reports(
    rec: &Recording<'_>,
    plan: &Plan,
    members: Vec<Vec<ResourceId>>,
) -> impl Iterator<Item = AllocationReport> {
    let mut partitions = FastMap::default();
    plan.allocations.iter().zip(members).enumerate().map(move |(index, (allocation, resource_ids))| AllocationReport {
        id: AllocationId(index as u32),
        kind: match allocation.key.desc {
            PhysicalDesc::Buffer { .. } => ResourceKind::Buffer,
            PhysicalDesc::Texture { .. } => ResourceKind::Texture,
        },
        compatibility_key: compatibility_key(&allocation.key, &mut partitions),
        resource_ids,
        estimated_byte_size: allocation.estimated_bytes(&rec.resources),
    })
}

/// The allocation rows of `plan` without the walk's tables: its resources
/// in the aliasing plan's candidate order, by first use, last use and id.
pub(crate) fn plan_allocation_reports(rec: &Recording<'_>, plan: &Plan) -> Vec<AllocationReport> {
    let mut candidates: Vec<ResourceId> = (0..plan.resource_allocation.len())
        .filter(|&index| plan.resource_allocation[index].is_some())
        .map(|index| ResourceId(index as u32))
        .collect();
    candidates.sort_by_key(|&resource| candidate_order(&plan.lifetimes, resource));
    allocation_reports(rec, plan, allocation_members(plan, &candidates)).collect()
}

pub(crate) fn segment_reports(plan: &Plan) -> Vec<ExecutionSegmentReport> {
    plan.segments
        .iter()
        .map(|segment| ExecutionSegmentReport {
            kind: segment.kind,
            nodes: plan.order[segment.nodes.start as usize..segment.nodes.end as usize].to_vec(),
        })
        .collect()
}

/// Builds the report of `options.report_level`; a full report fills the tables of `spare`,
/// an earlier frame's report given back, so that their storage is reused.
#[allow(clippy::too_many_arguments, reason = "the stages' outcomes, each needed")]
pub(crate) fn build(
    rec: &Recording<'_>,
    content: &ContentOutcome,
    roots: &ResolvedRoots,
    retained: &[bool],
    plan: &Plan,
    options: CompileOptions,
    timings: CompilationTimings,
    first_touch: &[ResourceId],
    spare: &mut FullCompilationReport,
) -> CompilationReport {
    let (mut logical_transient_count, mut logical_transient_bytes) = (0, 0);
    for (index, allocation) in plan.resource_allocation.iter().enumerate() {
        if allocation.is_some() {
            logical_transient_count += 1;
            // Saturating: an unchecked device allows sizes whose sum leaves u64.
            logical_transient_bytes = logical_bytes(rec, index).saturating_add(logical_transient_bytes);
        }
    }
    let full = (options.report_level == ReportLevel::Full)
        .then(|| full_report(rec, content, roots, retained, plan, first_touch, std::mem::take(spare)));
    let access_count = match &full {
        Some(full) => full.accesses.len(),
        None => rec.accesses.iter().filter(|access| access.graph_effect()).count(),
    };
    let summary = CompilationSummary {
        recorded_node_count: rec.nodes.len(),
        retained_node_count: plan.order.len(),
        culled_node_count: rec.nodes.len() - plan.order.len(),
        resource_count: rec.resources.len(),
        view_count: rec.views.len(),
        access_count,
        value_count: content.values.len(),
        dependency_count: content.dependencies.len(),
        allocation_count: plan.allocations.len(),
        logical_transient_count,
        logical_transient_bytes,
        physical_allocation_bytes: plan
            .allocations
            .iter()
            .map(|allocation| allocation.estimated_bytes(&rec.resources))
            .fold(0, u64::saturating_add),
        aliasing: options.aliasing,
        timings,
    };
    CompilationReport { summary, full }
}

/// For each culled node that writes a resource a retained node overwrites
/// later, that resource and the first such retained node: the likeliest
/// reason it was culled is that overwrite (where `preserve` may have been
/// meant). One walk of the access table, backwards.
fn overwritten_after(rec: &Recording<'_>, retained: &[bool], culled: usize) -> Vec<Option<(ResourceId, PassId)>> {
    if culled == 0 {
        return Vec::new();
    }
    let mut found = vec![None; rec.nodes.len()];
    let mut next_overwrite: Vec<Option<PassId>> = vec![None; rec.resources.len()];
    for access in rec.accesses.iter().rev().filter(|access| access.graph_effect() && access.produces_value()) {
        let resource = access.resource.index();
        if retained[access.pass.index()] {
            if !access.consumes_previous() {
                next_overwrite[resource] = Some(access.pass);
            }
        } else if let Some(later) = next_overwrite[resource] {
            found[access.pass.index()] = Some((access.resource, later));
        }
    }
    found
}

/// Each label that more than one of `labels` has, with the indices that
/// have it, in the order the labels first appear.
fn shared_labels<'l>(labels: impl Iterator<Item = &'l str>) -> Vec<(&'l str, Vec<u32>)> {
    let mut position: FastMap<&str, usize> = FastMap::default();
    let mut labelled: Vec<(&str, Vec<u32>)> = Vec::new();
    for (index, label) in (0..).zip(labels) {
        match position.entry(label) {
            Entry::Occupied(at) => labelled[*at.get()].1.push(index),
            Entry::Vacant(slot) => {
                slot.insert(labelled.len());
                labelled.push((label, vec![index]));
            }
        }
    }
    labelled.retain(|(_, indices)| indices.len() > 1);
    labelled
}

/// The first few of `indices`, each named by `name`, with how many more.
fn ids(indices: &[u32], name: impl Fn(u32) -> String) -> String {
    const SHOWN: usize = 4;
    let mut listed: Vec<String> = indices.iter().take(SHOWN).map(|&index| name(index)).collect();
    if indices.len() > SHOWN {
        listed.push(format!("{} more", indices.len() - SHOWN));
    }
    listed.join(", ")
}

/// Why the culled node `label` was culled, in words.
fn culled_message(rec: &Recording<'_>, label: &str, overwritten: Option<(ResourceId, PassId)>) -> String {
    match overwritten {
        Some((resource, later)) => format!(
            "pass `{label}` was culled: no root or side effect depends on what it writes, since pass `{later}` \
             overwrites `{resource}` after it; if `{later}` is meant to keep what `{label}` wrote, declare its \
             write of `{resource}` `preserve`",
            later = rec.node_labels[later.index()],
            resource = rec.resources[resource.index()].label(),
        ),
        None => format!("pass `{label}` was culled: no root or side effect depends on what it writes"),
    }
}

fn full_report(
    rec: &Recording<'_>,
    content: &ContentOutcome,
    roots: &ResolvedRoots,
    retained: &[bool],
    plan: &Plan,
    first_touch: &[ResourceId],
    mut report: FullCompilationReport,
) -> FullCompilationReport {
    // Named one by one, so that a table added to reports cannot be left out
    // and keep an earlier frame's rows.
    let FullCompilationReport {
        nodes,
        culled_nodes,
        resources,
        views,
        accesses,
        values,
        dependencies,
        roots: root_rows,
        allocations,
        execution_segments,
        diagnostics,
        debug_groups,
    } = &mut report;
    // Execution order is the retained nodes in recording order.
    let mut execution_order = 0;
    let culled = rec.nodes.len() - plan.order.len();
    let mut node_rows = Refill::new(nodes, plan.order.len());
    let mut culled_rows = Refill::new(culled_nodes, culled);
    let mut diagnostic_rows = Refill::new(diagnostics, culled);
    let overwritten = overwritten_after(rec, retained, culled);
    for (index, (node, label)) in rec.nodes.iter().zip(rec.node_labels.iter()).enumerate() {
        let id = PassId(index as u32);
        if retained[index] {
            node_rows.push(NodeReport {
                id,
                recording_order: id.get(),
                execution_order,
                kind: node.work.kind(),
                label: label.clone(),
                side_effect: node.side_effect,
                debug_group: node.group(),
            });
            execution_order += 1;
        } else {
            culled_rows.push(CulledNodeReport {
                id,
                recording_order: id.get(),
                kind: node.work.kind(),
                label: label.clone(),
                side_effect: node.side_effect,
                debug_group: node.group(),
                reason: CulledNodeReason::NotReachableFromRoot,
            });
            diagnostic_rows.push(Diagnostic {
                code: "culled-node",
                severity: DiagnosticSeverity::Info,
                message: culled_message(rec, label, overwritten[index]),
                pass: Some(id),
                resource: None,
            });
        }
    }
    for (label, passes) in shared_labels(rec.node_labels.iter().map(|label| &**label)) {
        diagnostic_rows.push(Diagnostic {
            code: "duplicate-label",
            severity: DiagnosticSeverity::Warning,
            message: format!(
                "{} passes are labelled `{label}` ({}); errors, reports and timings name a pass by its label, so \
                 give each its own (`format!(\"{label}-{{index}}\")` in a loop)",
                passes.len(),
                ids(&passes, |index| PassId(index).to_string()),
            ),
            pass: Some(PassId(passes[1])),
            resource: None,
        });
    }
    for (label, resources) in shared_labels(rec.resources.iter().map(|resource| &**resource.label())) {
        diagnostic_rows.push(Diagnostic {
            code: "duplicate-label",
            severity: DiagnosticSeverity::Warning,
            message: format!(
                "{} resources are labelled `{label}` ({}); errors and reports name a resource by its label, so \
                 give each its own",
                resources.len(),
                ids(&resources, |index| ResourceId(index).to_string()),
            ),
            pass: None,
            resource: Some(ResourceId(resources[1])),
        });
    }
    drop((node_rows, culled_rows, diagnostic_rows));
    refill(
        resources,
        rec.resources.iter().enumerate().map(|(index, resource)| ResourceReport {
            id: ResourceId(index as u32),
            kind: resource.kind(),
            label: resource.label().clone(),
            origin: rec.facts[index].origin,
            initial_contents: rec.facts[index].initial(),
            descriptor: match &resource.shape {
                ResourceShape::Texture { desc, .. } => ResourceDescriptor::Texture(desc.clone()),
                ResourceShape::Buffer { desc, .. } => ResourceDescriptor::Buffer(desc.clone()),
            },
            effective_usage: resource.usage(plan.usage[index]),
            estimated_byte_size: logical_bytes(rec, index),
            lifetime: plan.lifetimes[index]
                .map(|lifetime| ResourceLifetime { first_use: lifetime.first, last_use: lifetime.last }),
            allocation: plan.resource_allocation[index],
            scoped: rec.facts[index].scoped(),
            debug_group: resource.group(),
        }),
    );
    refill(
        views,
        rec.views.iter().enumerate().map(|(index, view)| ViewReport {
            id: ViewId(index as u32),
            texture: view.texture,
            descriptor: view.desc.clone(),
            normalized: view.normalized.clone(),
            range: crate::record::Region::Texture(view.region).range_of(&rec.resources[view.texture.index()]),
        }),
    );
    // Values are the imports' initial contents, in resource order, then what
    // writes produce, in access order: each written value is reported beside
    // its access, whose range it shares.
    let mut access_rows = Refill::new(accesses, rec.accesses.len());
    let mut value_rows = Refill::new(values, content.values.len());
    for (index, value) in content.values.iter().enumerate().take_while(|(_, value)| value.access.is_none()) {
        let resource = &rec.resources[value.resource.index()];
        let range = match resource.texture_desc() {
            Some(desc) => crate::record::Region::Texture(crate::record::TextureRegion::whole(desc)).range_of(resource),
            None => ResourceRange::Buffer(BufferRange::new(0, resource.buffer_size())),
        };
        value_rows.push(ValueReport {
            id: ValueId(index as u32),
            resource: value.resource,
            producer: None,
            kind: ValueKind::External,
            range,
        });
    }
    for (index, access) in rec.accesses.iter().enumerate().filter(|(_, access)| access.graph_effect()) {
        let range = access.region().range_of(&rec.resources[access.resource.index()]);
        let value = content.access_values[index];
        if let Some(id) = value {
            debug_assert_eq!(id.index(), value_rows.filled, "values are produced in access order");
            value_rows.push(ValueReport {
                id,
                resource: access.resource,
                producer: Some(access.pass),
                kind: ValueKind::Write,
                range: range.clone(),
            });
        }
        access_rows.push(AccessReport {
            id: AccessId(index as u32),
            pass: access.pass,
            resource: access.resource,
            view: access.view(),
            role: access.role,
            mode: access.mode,
            consumes_previous: access.consumes_previous(),
            produces_value: access.produces_value(),
            write_contents: (access.mode == AccessMode::Write).then_some(if access.consumes_previous() {
                WriteContents::Preserve
            } else {
                WriteContents::Overwrite
            }),
            range,
            value,
        });
    }
    drop((access_rows, value_rows));
    refill(
        dependencies,
        content.dependencies.iter().map(|dependency| DependencyReport {
            from: dependency.from,
            to: dependency.to,
            resource: dependency.resource,
            kind: dependency.hazard.dependency_kind(),
            hazard: dependency.hazard,
            range: hull_range(rec, dependency.resource, &dependency.hull),
            value: dependency.value,
        }),
    );
    refill(
        root_rows,
        roots.roots.iter().map(|root| RootReport {
            resource: root.root.resource,
            reason: root.root.reason,
            range: root.root.region.range_of(&rec.resources[root.root.resource.index()]),
            resolution: RootResolution {
                producer_node_ids: roots.producers(root).to_vec(),
                uses_initial_contents: root.uses_initial_contents,
            },
        }),
    );
    refill(allocations, allocation_reports(rec, plan, allocation_members(plan, first_touch)));
    *execution_segments = segment_reports(plan);
    refill(
        debug_groups,
        rec.groups.iter().enumerate().map(|(index, group)| DebugGroupReport {
            id: DebugGroupId(index as u32),
            label: group.label.clone(),
            parent: group.parent,
        }),
    );
    report
}

#[cfg(test)]
mod tests {
    use super::refill;

    #[test]
    fn a_refill_overwrites_the_old_rows_and_drops_those_left_over() {
        let mut table = vec![String::from("a"), String::from("b"), String::from("c")];
        refill(&mut table, ["x", "y"].into_iter().map(String::from));
        assert_eq!(table, ["x", "y"]);
        refill(&mut table, ["1", "2", "3", "4"].into_iter().map(String::from));
        assert_eq!(table, ["1", "2", "3", "4"]);
        refill(&mut table, std::iter::empty());
        assert!(table.is_empty());
    }

    #[test]
    fn a_refill_keeps_the_table_s_memory() {
        let mut table: Vec<u64> = (0..64).collect();
        let capacity = table.capacity();
        refill(&mut table, 0..8);
        assert_eq!(table, (0..8).collect::<Vec<_>>());
        assert_eq!(table.capacity(), capacity);
    }
}
