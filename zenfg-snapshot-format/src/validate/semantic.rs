//! Semantic validation: references, ordering and availability across records.
//!
//! Runs on the typed form of a structurally valid document. References resolve to the
//! first declaration of an id; later duplicates are reported once as `duplicate-id`.
//! Every check is linear (hash lookups), so hostile documents cannot make it quadratic.

use std::collections::{HashMap, HashSet};

use super::UnavailableFacts;
use crate::issue::{IssueText, Issues, quoted_in};
use crate::wire::{
    FrameGraphSnapshotV1, SnapshotAccess, SnapshotAllocationReport, SnapshotCpuTimings, SnapshotGpuTimings,
    SnapshotInitialContents, SnapshotMigrationSourceFormat, SnapshotNode, SnapshotNodeKind, SnapshotResource,
    SnapshotResourceDescriptor, SnapshotResourceKind, SnapshotResourceOrigin, SnapshotResourceRange,
    SnapshotResourceRoot, SnapshotRoot, SnapshotSegmentKind, SnapshotTextureRegion,
};

const FACTS_PATH: &str = "/capture/migration/unavailableFacts";

/// Reports every semantic issue of `snapshot`. `declares_migration` tells whether the
/// source document carried migration provenance, which relaxes required initial contents.
pub(crate) fn validate(snapshot: &FrameGraphSnapshotV1, declares_migration: bool, issues: &mut Issues) {
    let mut check = Semantic::new(snapshot, declares_migration, issues);
    check.declared_ids();
    check.availability();
    check.groups();
    check.nodes();
    check.resources();
    check.texture_views();
    check.accesses();
    check.dependencies();
    check.roots();
    check.segments();
    check.timings();
    check.diagnostics();
}

#[derive(Clone, Copy)]
enum Table {
    Group,
    Node,
    Resource,
    View,
    Allocation,
}

impl Table {
    fn noun(self) -> &'static str {
        match self {
            Self::Group => "group",
            Self::Node => "node",
            Self::Resource => "resource",
            Self::View => "texture view",
            Self::Allocation => "allocation",
        }
    }
}

struct Semantic<'s, 'i> {
    snapshot: &'s FrameGraphSnapshotV1,
    declares_migration: bool,
    legacy: bool,
    facts: UnavailableFacts,
    issues: &'i mut Issues,
    groups: HashMap<&'s str, usize>,
    nodes: HashMap<&'s str, usize>,
    resources: HashMap<&'s str, usize>,
    views: HashMap<&'s str, usize>,
    allocations: HashMap<&'s str, usize>,
    retained_count: u64,
}

fn first_index<'s, T>(items: &'s [T], id: impl Fn(&'s T) -> &'s str) -> HashMap<&'s str, usize> {
    let mut map = HashMap::with_capacity(items.len());
    for (position, item) in items.iter().enumerate() {
        map.entry(id(item)).or_insert(position);
    }
    map
}

impl<'s, 'i> Semantic<'s, 'i> {
    fn new(snapshot: &'s FrameGraphSnapshotV1, declares_migration: bool, issues: &'i mut Issues) -> Self {
        let graph = &snapshot.graph;
        let allocations: &[_] = match &snapshot.memory.allocation_report {
            SnapshotAllocationReport::Available { allocations } => allocations,
            SnapshotAllocationReport::Unavailable { .. } => &[],
        };
        let legacy = snapshot.capture.migration.as_ref().is_some_and(|migration| {
            matches!(
                migration.source_format,
                SnapshotMigrationSourceFormat::LegacyV0 | SnapshotMigrationSourceFormat::LegacyCandidateV1
            )
        });
        Self {
            snapshot,
            declares_migration,
            legacy,
            facts: UnavailableFacts::of(snapshot),
            issues,
            groups: first_index(&graph.groups, |g| &g.id),
            nodes: first_index(&graph.nodes, |n| &n.id),
            resources: first_index(&graph.resources, |r| &r.id),
            views: first_index(&graph.texture_views, |v| &v.id),
            allocations: first_index(allocations, |a| &a.id),
            retained_count: graph.nodes.iter().filter(|node| node.execution_order().is_some()).count() as u64,
        }
    }

    fn error(&mut self, code: &str, path: impl IssueText, message: impl IssueText) {
        self.issues.error(code, path, message);
    }

    fn lookup(&self, table: Table, id: &str) -> Option<usize> {
        let map = match table {
            Table::Group => &self.groups,
            Table::Node => &self.nodes,
            Table::Resource => &self.resources,
            Table::View => &self.views,
            Table::Allocation => &self.allocations,
        };
        map.get(id).copied()
    }

    /// Resolves a reference, reporting `missing-reference` when nothing declares `id`.
    fn reference(&mut self, table: Table, id: &str, path: impl IssueText) -> Option<usize> {
        let found = self.lookup(table, id);
        if found.is_none() {
            let message = || quoted_in(&format!("Unknown {} id ", table.noun()), id, ".");
            self.error("missing-reference", path, message);
        }
        found
    }

    fn node(&mut self, id: &str, path: impl IssueText) -> Option<&'s SnapshotNode> {
        let position = self.reference(Table::Node, id, path)?;
        self.snapshot.graph.nodes.get(position)
    }

    fn resource(&mut self, id: &str, path: impl IssueText) -> Option<&'s SnapshotResource> {
        let position = self.reference(Table::Resource, id, path)?;
        self.snapshot.graph.resources.get(position)
    }

    fn declared_ids(&mut self) {
        let snapshot = self.snapshot;
        let graph = &snapshot.graph;
        // Each id with its table and position: its path is built only for a kept issue.
        let mut ids: Vec<(&'s str, &'static str, usize)> = Vec::new();
        let mut add = |table: &'static str, items: &mut dyn Iterator<Item = &'s str>| {
            ids.extend(items.enumerate().map(|(position, id)| (id, table, position)));
        };
        add("/graph/groups", &mut graph.groups.iter().map(|g| g.id.as_str()));
        add("/graph/nodes", &mut graph.nodes.iter().map(|n| n.id.as_str()));
        add("/graph/resources", &mut graph.resources.iter().map(|r| r.id.as_str()));
        add("/graph/textureViews", &mut graph.texture_views.iter().map(|v| v.id.as_str()));
        add("/graph/accesses", &mut graph.accesses.iter().map(|a| a.id.as_str()));
        add("/graph/segments", &mut graph.segments.iter().map(|s| s.id.as_str()));
        if let SnapshotAllocationReport::Available { allocations } = &snapshot.memory.allocation_report {
            add("/memory/allocationReport/allocations", &mut allocations.iter().map(|a| a.id.as_str()));
        }
        let mut first: HashMap<&str, usize> = HashMap::with_capacity(ids.len());
        for (position, &(id, table, slot)) in ids.iter().enumerate() {
            match first.get(id) {
                Some(&earlier) => {
                    let (_, earlier_table, earlier_slot) = ids[earlier];
                    let message = || {
                        let declared = format!(" is already declared at {earlier_table}/{earlier_slot}/id.");
                        quoted_in("Entity id ", id, &declared)
                    };
                    self.error("duplicate-id", || format!("{table}/{slot}/id"), message);
                }
                None => {
                    first.insert(id, position);
                }
            }
        }
    }

    /// Facts declared unavailable must really be missing, and only Legacy sources may
    /// drop whole tables.
    fn availability(&mut self) {
        let snapshot = self.snapshot;
        let graph = &snapshot.graph;
        if self.facts.groups && (!self.legacy || !graph.groups.is_empty()) {
            self.error(
                "invalid-migration-availability",
                "/graph/groups",
                "Unavailable groups require Legacy migration provenance and an empty groups table.",
            );
        }
        if self.facts.texture_views && (!self.legacy || !graph.texture_views.is_empty()) {
            self.error(
                "invalid-migration-availability",
                "/graph/textureViews",
                "Unavailable texture views require Legacy migration provenance and an empty textureViews table.",
            );
        }
        if self.facts.access_regions && graph.accesses.iter().all(has_region) {
            self.error(
                "invalid-migration-availability",
                FACTS_PATH,
                "Access regions may be marked unavailable only when at least one access region is missing.",
            );
        }
        let resource_roots = || graph.roots.iter().filter_map(SnapshotRoot::resource);
        if self.facts.roots_range && resource_roots().all(|root| root.range.is_some()) {
            self.error(
                "invalid-migration-availability",
                FACTS_PATH,
                "Root ranges may be marked unavailable only when at least one resource root range is missing.",
            );
        }
        if self.facts.roots_resolution && resource_roots().all(|root| root.resolution.is_some()) {
            self.error(
                "invalid-migration-availability",
                FACTS_PATH,
                "Root resolutions may be marked unavailable only when at least one resource root resolution is missing.",
            );
        }
    }

    fn group_reference(&mut self, group_id: Option<&str>, path: impl IssueText) {
        let Some(group_id) = group_id else {
            return;
        };
        if self.facts.groups {
            self.error(
                "invalid-migration-availability",
                path,
                "Group references must be absent when groups are unavailable.",
            );
        } else {
            self.reference(Table::Group, group_id, path);
        }
    }

    /// Parents must be declared before their children and parent chains must end.
    ///
    /// A chain is followed by id, through first declarations, and is a cycle as soon as it
    /// revisits an id, the starting group's own id included. Chains from first
    /// declarations form a functional graph whose cyclic part is found in one pass; a
    /// duplicate declaration additionally cycles when its own id is an ancestor of its
    /// parent, which a DFS numbering of the acyclic part answers in constant time.
    fn groups(&mut self) {
        let snapshot = self.snapshot;
        let groups = &snapshot.graph.groups;
        let parent: Vec<Option<usize>> = groups
            .iter()
            .enumerate()
            .map(|(position, group)| {
                let parent = group.parent_id.as_deref()?;
                let first = self.lookup(Table::Group, &group.id)?;
                (first == position).then(|| self.lookup(Table::Group, parent)).flatten()
            })
            .collect();
        let cyclic = reaches_cycle(&parent);
        let ancestry = Ancestry::new(&parent, &cyclic);
        for (position, group) in groups.iter().enumerate() {
            let Some(parent_id) = group.parent_id.as_deref() else {
                continue;
            };
            let path = || format!("/graph/groups/{position}/parentId");
            let Some(parent_position) = self.reference(Table::Group, parent_id, path) else {
                continue;
            };
            if parent_position >= position {
                self.error("invalid-group-order", path, "A group parent must appear before its child.");
            }
            let own = self.lookup(Table::Group, &group.id).unwrap_or(position);
            let cycles = cyclic[parent_position] || (own != position && ancestry.is_ancestor(own, parent_position));
            if cycles {
                self.error("group-cycle", path, "Group parent references form a cycle.");
            }
        }
    }

    fn nodes(&mut self) {
        let snapshot = self.snapshot;
        let nodes = &snapshot.graph.nodes;
        let mut seen = vec![false; nodes.len()];
        for (position, node) in nodes.iter().enumerate() {
            if let Some(order) = node.execution_order() {
                let fresh = usize::try_from(order)
                    .ok()
                    .filter(|_| order < self.retained_count)
                    .and_then(|slot| seen.get_mut(slot))
                    .is_some_and(|taken| !std::mem::replace(taken, true));
                if !fresh {
                    self.error(
                        "invalid-execution-order",
                        || format!("/graph/nodes/{position}/compileState/executionOrder"),
                        "Retained node executionOrder values must form the contiguous range 0..N-1.",
                    );
                }
            }
            match node.recording_order {
                Some(_) if self.facts.recording_order => self.error(
                    "invalid-migration-availability",
                    || format!("/graph/nodes/{position}/recordingOrder"),
                    "recordingOrder must be absent when recording order is unavailable.",
                ),
                Some(order) if order != position as u64 => self.error(
                    "invalid-recording-order",
                    || format!("/graph/nodes/{position}/recordingOrder"),
                    "Node recordingOrder must equal its array index.",
                ),
                _ => {}
            }
            self.group_reference(node.group_id.as_deref(), || format!("/graph/nodes/{position}/groupId"));
        }
    }

    fn resources(&mut self) {
        let snapshot = self.snapshot;
        for (position, resource) in snapshot.graph.resources.iter().enumerate() {
            let path = |suffix: &str| format!("/graph/resources/{position}{suffix}");
            self.group_reference(resource.group_id.as_deref(), || path("/groupId"));
            if let Some(allocation_id) = resource.allocation_id.as_deref() {
                let allocation_path = || path("/allocationId");
                if let Some(allocation) = self.reference(Table::Allocation, allocation_id, allocation_path)
                    && self.allocation_kind(allocation) != Some(resource.kind)
                {
                    self.error("reference-kind", allocation_path, "Resource and allocation kinds must match.");
                }
            }
            if let Some(lifetime) = resource.lifetime
                && (lifetime.first_use >= self.retained_count || lifetime.last_use >= self.retained_count)
            {
                self.error(
                    "invalid-lifetime",
                    || path("/lifetime"),
                    "Resource lifetime must use retained execution-order indices.",
                );
            }
            let may_be_unknown = self.declares_migration && resource.origin == SnapshotResourceOrigin::Imported;
            if resource.initial_contents.is_none() && !may_be_unknown {
                self.error(
                    "missing-initial-contents",
                    || path("/initialContents"),
                    "ZenFG producers must declare the resource initial contents.",
                );
            }
        }
    }

    fn allocation_kind(&self, position: usize) -> Option<SnapshotResourceKind> {
        match &self.snapshot.memory.allocation_report {
            SnapshotAllocationReport::Available { allocations } => {
                allocations.get(position).map(|allocation| allocation.kind)
            }
            SnapshotAllocationReport::Unavailable { .. } => None,
        }
    }

    fn texture_views(&mut self) {
        let snapshot = self.snapshot;
        for (position, view) in snapshot.graph.texture_views.iter().enumerate() {
            let path = || format!("/graph/textureViews/{position}/resourceId");
            if let Some(resource) = self.resource(&view.resource_id, path)
                && resource.kind != SnapshotResourceKind::Texture
            {
                self.error("reference-kind", path, "Texture view must reference a texture resource.");
            }
        }
    }

    fn accesses(&mut self) {
        let snapshot = self.snapshot;
        for (position, access) in snapshot.graph.accesses.iter().enumerate() {
            let path = |suffix: &str| format!("/graph/accesses/{position}{suffix}");
            self.node(&access.node_id, || path("/nodeId"));
            let resource = self.resource(&access.resource_id, || path("/resourceId"));
            if let Some(view_id) = access.texture_view_id.as_deref() {
                let view_path = || path("/textureViewId");
                if self.facts.texture_views {
                    self.error(
                        "invalid-migration-availability",
                        view_path,
                        "Texture view references must be absent when texture views are unavailable.",
                    );
                } else if let Some(view) = self.reference(Table::View, view_id, view_path) {
                    let same = snapshot
                        .graph
                        .texture_views
                        .get(view)
                        .is_some_and(|view| view.resource_id == access.resource_id);
                    if !same {
                        self.error(
                            "reference-mismatch",
                            view_path,
                            "Texture view and access must reference the same resource.",
                        );
                    }
                }
            }
            let Some(resource) = resource else {
                continue;
            };
            if access.access.resource_kind() != resource.kind {
                self.error(
                    "reference-kind",
                    || path("/access"),
                    "Access kind does not match the referenced resource kind.",
                );
            }
            if !self.facts.access_regions {
                match resource.kind {
                    SnapshotResourceKind::Buffer if access.buffer_range.is_none() => self.error(
                        "invalid-access-range",
                        || path("/bufferRange"),
                        "Buffer access requires bufferRange when access regions are available.",
                    ),
                    SnapshotResourceKind::Texture if access.texture_region.is_none() => self.error(
                        "invalid-access-range",
                        || path("/textureRegion"),
                        "Texture access requires textureRegion when access regions are available.",
                    ),
                    _ => {}
                }
            }
        }
    }

    /// The execution order of the node `id`, reporting a culled node as `reference-state`.
    fn retained_order(&mut self, id: &str, path: impl IssueText + Copy, message: &str) -> Option<u64> {
        let node = self.node(id, path)?;
        let order = node.execution_order();
        if order.is_none() {
            self.error("reference-state", path, message);
        }
        order
    }

    fn dependencies(&mut self) {
        let snapshot = self.snapshot;
        let mut tuples = HashSet::new();
        for (position, dependency) in snapshot.graph.dependencies.iter().enumerate() {
            let path = |suffix: &str| format!("/graph/dependencies/{position}{suffix}");
            let message = "Dependency nodes must be retained.";
            let from = self.retained_order(&dependency.from_node_id, || path("/fromNodeId"), message);
            let to = self.retained_order(&dependency.to_node_id, || path("/toNodeId"), message);
            self.resource(&dependency.resource_id, || path("/resourceId"));
            if let (Some(from), Some(to)) = (from, to)
                && from >= to
            {
                self.error(
                    "invalid-dependency-order",
                    || path("/toNodeId"),
                    "Dependency edges must point from an earlier retained node to a later retained node.",
                );
            }
            if !tuples.insert(dependency) {
                self.error("duplicate-dependency", || path(""), "Duplicate dependency tuple.");
            }
        }
    }

    fn roots(&mut self) {
        let snapshot = self.snapshot;
        for (position, root) in snapshot.graph.roots.iter().enumerate() {
            match root {
                SnapshotRoot::SideEffect { node_id } => {
                    let node_path = || format!("/graph/roots/{position}/nodeId");
                    if let Some(node) = self.node(node_id, node_path)
                        && node.execution_order().is_none()
                    {
                        self.error("invalid-root", node_path, "Side-effect roots must reference retained nodes.");
                    }
                }
                SnapshotRoot::Resource(root) => self.resource_root(root, position),
            }
        }
    }

    /// The resource root at `position` in `graph.roots`.
    fn resource_root(&mut self, root: &'s SnapshotResourceRoot, position: usize) {
        let path = |suffix: &str| format!("/graph/roots/{position}{suffix}");
        let resource = self.resource(&root.resource_id, || path("/resourceId"));
        if let (Some(resource), Some(range)) = (resource, &root.range)
            && let Some(message) = range_problem(range, resource)
        {
            self.error("invalid-root-range", || path("/range"), message);
        }
        let Some(resolution) = &root.resolution else {
            return;
        };
        let resolution_path = || path("/resolution");
        let mut ordered = true;
        let mut previous: Option<u64> = None;
        for (slot, producer) in resolution.producer_node_ids.iter().enumerate() {
            let producer_path = || format!("/graph/roots/{position}/resolution/producerNodeIds/{slot}");
            let Some(node) = self.node(producer, producer_path) else {
                continue;
            };
            match node.execution_order() {
                Some(order) if previous.is_none_or(|previous| previous < order) => {
                    previous = Some(order);
                }
                _ => ordered = false,
            }
        }
        if !ordered {
            self.error(
                "invalid-root-producer",
                || path("/resolution/producerNodeIds"),
                "Producers must be unique retained nodes in execution order.",
            );
        }
        if resolution.producer_node_ids.is_empty() && !resolution.uses_initial_contents {
            self.error(
                "invalid-root-resolution",
                resolution_path,
                "Non-empty output must have a producer or initial contents.",
            );
        }
        let undefined =
            resource.is_some_and(|resource| resource.initial_contents == Some(SnapshotInitialContents::Undefined));
        if resolution.uses_initial_contents && undefined {
            self.error(
                "invalid-root-resolution",
                resolution_path,
                "Initial contribution requires defined initial contents.",
            );
        }
    }

    fn segments(&mut self) {
        let snapshot = self.snapshot;
        let graph = &snapshot.graph;
        let mut assigned: HashSet<&str> = HashSet::new();
        let mut concatenated: Vec<&str> = Vec::new();
        for (position, segment) in graph.segments.iter().enumerate() {
            if segment.order != position as u64 {
                self.error(
                    "invalid-segment-order",
                    || format!("/graph/segments/{position}/order"),
                    "Segment order must equal its array index.",
                );
            }
            let external = segment.kind == SnapshotSegmentKind::ExternalSubmission;
            if external && segment.node_ids.len() != 1 {
                self.error(
                    "invalid-segment-kind",
                    || format!("/graph/segments/{position}/nodeIds"),
                    "External-submission segment must contain exactly one node.",
                );
            }
            for (slot, node_id) in segment.node_ids.iter().enumerate() {
                let node_path = || format!("/graph/segments/{position}/nodeIds/{slot}");
                let Some(node) = self.node(node_id, node_path) else {
                    continue;
                };
                let external_node = node.kind == SnapshotNodeKind::ExternalSubmission;
                if external && !external_node {
                    self.error(
                        "invalid-segment-kind",
                        node_path,
                        "External-submission segment must contain an external-submission node.",
                    );
                } else if !external && external_node {
                    self.error(
                        "invalid-segment-kind",
                        node_path,
                        "FrameGraph segment cannot contain an external-submission node.",
                    );
                }
                if node.execution_order().is_none() {
                    self.error("reference-state", node_path, "Execution segment may only reference retained nodes.");
                    continue;
                }
                concatenated.push(node_id);
                if !assigned.insert(node_id) {
                    self.error(
                        "duplicate-segment-node",
                        node_path,
                        "Retained node may appear in only one execution segment.",
                    );
                }
            }
        }
        let mut retained: Vec<(u64, &str)> =
            graph.nodes.iter().filter_map(|node| Some((node.execution_order()?, node.id.as_str()))).collect();
        retained.sort_by_key(|&(order, _)| order);
        if !concatenated.iter().copied().eq(retained.iter().map(|&(_, id)| id)) {
            self.error(
                "invalid-segment-sequence",
                "/graph/segments",
                "Concatenated segment nodes must follow retained execution order.",
            );
        }
        for (_, id) in retained {
            if !assigned.contains(id) {
                self.error("missing-segment-node", "/graph/segments", || {
                    quoted_in("Retained node ", id, " is not assigned to an execution segment.")
                });
            }
        }
    }

    fn timings(&mut self) {
        let snapshot = self.snapshot;
        let timings = &snapshot.timings;
        if let SnapshotCpuTimings::Available { nodes, .. } = &timings.cpu {
            let mut timed = HashSet::new();
            for (position, timing) in nodes.iter().enumerate() {
                let path = || format!("/timings/cpu/nodes/{position}/nodeId");
                let Some(node) = self.node(&timing.node_id, path) else {
                    continue;
                };
                if node.execution_order().is_none() {
                    self.error("reference-state", path, "CPU timing must reference a retained node.");
                }
                if !timed.insert(timing.node_id.as_str()) {
                    self.error("duplicate-timing", path, "A node may have only one CPU timing.");
                }
            }
        }
        if let SnapshotGpuTimings::Available { nodes, .. } = &timings.gpu {
            let mut timed = HashSet::new();
            for (position, timing) in nodes.iter().enumerate() {
                let path = || format!("/timings/gpu/nodes/{position}/nodeId");
                let message = "GPU timing must reference a retained render or compute node.";
                let Some(node) = self.node(&timing.node_id, path) else {
                    continue;
                };
                if node.execution_order().is_none() {
                    self.error("reference-state", path, message);
                } else if !matches!(node.kind, SnapshotNodeKind::Render | SnapshotNodeKind::Compute) {
                    self.error("reference-kind", path, message);
                }
                if !timed.insert(timing.node_id.as_str()) {
                    self.error("duplicate-timing", path, "A node may have only one GPU timing.");
                }
            }
        }
    }

    fn diagnostics(&mut self) {
        let snapshot = self.snapshot;
        for (position, diagnostic) in snapshot.diagnostics.iter().enumerate() {
            if let Some(node_id) = diagnostic.node_id.as_deref() {
                self.node(node_id, || format!("/diagnostics/{position}/nodeId"));
            }
            if let Some(resource_id) = diagnostic.resource_id.as_deref() {
                self.resource(resource_id, || format!("/diagnostics/{position}/resourceId"));
            }
        }
    }
}

/// Whether an access carries the region or range its kind calls for.
fn has_region(access: &SnapshotAccess) -> bool {
    match access.access.resource_kind() {
        SnapshotResourceKind::Texture => access.texture_region.is_some(),
        SnapshotResourceKind::Buffer => access.buffer_range.is_some(),
    }
}

/// Why a root range does not fit its resource, if it does not.
fn range_problem(range: &SnapshotResourceRange, resource: &SnapshotResource) -> Option<&'static str> {
    match (range, resource.kind) {
        (SnapshotResourceRange::Buffer { offset, size }, SnapshotResourceKind::Buffer) => {
            let Some(SnapshotResourceDescriptor::Buffer { size: total }) = &resource.descriptor else {
                return None;
            };
            let fits = offset.checked_add(*size).is_some_and(|end| end <= *total);
            (!fits).then_some("Root buffer range exceeds the buffer.")
        }
        (SnapshotResourceRange::Texture { regions }, SnapshotResourceKind::Texture) => {
            let descriptor = resource.descriptor.as_ref()?;
            let fits = regions.iter().all(|region| region_fits(region, descriptor));
            (!fits).then_some("Root texture region exceeds or mismatches the texture.")
        }
        _ => Some("Root range and resource kinds must match."),
    }
}

/// Whether `region` lies within the texture: mips within the mip count; array layers for
/// 1D/2D textures, depth slices for 3D textures, where the depth shrinks with every mip
/// and the deepest selected mip bounds the slices.
fn region_fits(region: &SnapshotTextureRegion, descriptor: &SnapshotResourceDescriptor) -> bool {
    let SnapshotResourceDescriptor::Texture { size, dimension, mip_level_count, .. } = descriptor else {
        return false;
    };
    let Some(mip_end) = region.base_mip_level.checked_add(region.mip_level_count) else {
        return false;
    };
    if mip_end > *mip_level_count {
        return false;
    }
    let within = |base: Option<u64>, count: Option<u64>, limit: u64| {
        base.zip(count).and_then(|(base, count)| base.checked_add(count)).is_some_and(|end| end <= limit)
    };
    if dimension == "3d" {
        let deepest_mip = mip_end.saturating_sub(1);
        let depth = u32::try_from(deepest_mip)
            .ok()
            .and_then(|shift| size.depth_or_array_layers.checked_shr(shift))
            .unwrap_or(0)
            .max(1);
        region.base_array_layer.is_none() && within(region.base_depth_slice, region.depth_slice_count, depth)
    } else {
        region.base_depth_slice.is_none()
            && within(region.base_array_layer, region.array_layer_count, size.depth_or_array_layers)
    }
}

/// For each node of the functional graph `parent`, whether following parents from it
/// reaches a cycle. Linear time, no recursion.
fn reaches_cycle(parent: &[Option<usize>]) -> Vec<bool> {
    const UNSEEN: u8 = 0;
    const ON_PATH: u8 = 1;
    const DONE: u8 = 2;
    let mut state = vec![UNSEEN; parent.len()];
    let mut cyclic = vec![false; parent.len()];
    let mut path = Vec::new();
    for start in 0..parent.len() {
        let mut next = Some(start);
        while let Some(node) = next.filter(|&node| state[node] == UNSEEN) {
            state[node] = ON_PATH;
            path.push(node);
            next = parent[node];
        }
        let result = match next {
            None => false,
            Some(node) if state[node] == ON_PATH => true,
            Some(node) => cyclic[node],
        };
        for node in path.drain(..) {
            state[node] = DONE;
            cyclic[node] = result;
        }
    }
    cyclic
}

/// Ancestor queries on the acyclic part of a functional graph, via DFS entry/exit numbers.
struct Ancestry {
    enter: Vec<usize>,
    exit: Vec<usize>,
}

impl Ancestry {
    fn new(parent: &[Option<usize>], cyclic: &[bool]) -> Self {
        let count = parent.len();
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); count];
        let mut roots = Vec::new();
        for node in (0..count).filter(|&node| !cyclic[node]) {
            match parent[node] {
                Some(up) => children[up].push(node),
                None => roots.push(node),
            }
        }
        let mut enter = vec![0; count];
        let mut exit = vec![0; count];
        let mut clock = 0;
        for root in roots {
            let mut stack = vec![(root, false)];
            while let Some((node, finished)) = stack.pop() {
                clock += 1;
                if finished {
                    exit[node] = clock;
                } else {
                    enter[node] = clock;
                    stack.push((node, true));
                    stack.extend(children[node].iter().map(|&child| (child, false)));
                }
            }
        }
        Self { enter, exit }
    }

    /// Whether `ancestor` is `node` or lies on the parent chain from `node`.
    fn is_ancestor(&self, ancestor: usize, node: usize) -> bool {
        self.enter[ancestor] != 0 && self.enter[ancestor] <= self.enter[node] && self.exit[node] <= self.exit[ancestor]
    }
}
