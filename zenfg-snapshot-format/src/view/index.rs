//! Lookups over one document that every view needs, built once in linear time.
//!
//! The views render documents that may not have been validated, so every lookup
//! tolerates dangling references and orders that are not what the specification
//! promises: a missing target is `None`, never a panic.

use std::collections::{HashMap, HashSet};

use crate::{
    FrameGraphSnapshotV1, SnapshotAllocationReport, SnapshotCpuTimings, SnapshotGpuTimings, SnapshotNode,
    SnapshotNodeCompileState, SnapshotResource, SnapshotRoot, SnapshotRootReason,
};

/// The most group labels a group path shows.
pub(crate) const MAX_GROUP_PATH: usize = 32;

/// Id-to-position maps, group nesting, execution order, timings and aliasing of one document.
pub(crate) struct SnapshotIndex<'a> {
    /// The document.
    pub snapshot: &'a FrameGraphSnapshotV1,
    nodes: HashMap<&'a str, usize>,
    resources: HashMap<&'a str, usize>,
    groups: HashMap<&'a str, usize>,
    /// Each group's parent, kept only when the parent precedes it, so nesting is a forest.
    pub group_parents: Vec<Option<usize>>,
    /// Positions of retained nodes, in execution order.
    pub retained: Vec<usize>,
    /// Positions of culled nodes, in table order.
    pub culled: Vec<usize>,
    cpu: HashMap<&'a str, f64>,
    gpu: HashMap<&'a str, f64>,
    /// For each allocation of an available report, the positions of the resources it backs.
    pub allocation_resources: Vec<Vec<usize>>,
    allocations: HashMap<&'a str, usize>,
    side_effect_roots: HashSet<&'a str>,
    resource_roots: HashMap<&'a str, Vec<SnapshotRootReason>>,
}

impl<'a> SnapshotIndex<'a> {
    /// Indexes `snapshot`; the first declaration of an id wins, as in the validator.
    pub fn new(snapshot: &'a FrameGraphSnapshotV1) -> Self {
        let graph = &snapshot.graph;
        let nodes = first_positions(graph.nodes.iter().map(|node| node.id.as_str()));
        let resources = first_positions(graph.resources.iter().map(|resource| resource.id.as_str()));
        let groups = first_positions(graph.groups.iter().map(|group| group.id.as_str()));
        let group_parents = graph
            .groups
            .iter()
            .enumerate()
            .map(|(position, group)| {
                let parent = groups.get(group.parent_id.as_deref()?).copied()?;
                (parent < position).then_some(parent)
            })
            .collect();

        let mut retained: Vec<(u64, usize)> = Vec::new();
        let mut culled = Vec::new();
        for (position, node) in graph.nodes.iter().enumerate() {
            match node.compile_state {
                SnapshotNodeCompileState::Retained { execution_order } => retained.push((execution_order, position)),
                SnapshotNodeCompileState::Culled { .. } => culled.push(position),
            }
        }
        retained.sort_unstable();

        let cpu = match &snapshot.timings.cpu {
            SnapshotCpuTimings::Available { nodes, .. } => {
                nodes.iter().map(|node| (node.node_id.as_str(), node.duration_micros)).collect()
            }
            SnapshotCpuTimings::Unavailable { .. } => HashMap::new(),
        };
        let gpu = match &snapshot.timings.gpu {
            SnapshotGpuTimings::Available { nodes, .. } => {
                nodes.iter().map(|node| (node.node_id.as_str(), node.duration_micros)).collect()
            }
            SnapshotGpuTimings::Unavailable { .. } => HashMap::new(),
        };

        let allocation_ids: &[crate::SnapshotAllocation] = match &snapshot.memory.allocation_report {
            SnapshotAllocationReport::Available { allocations } => allocations,
            SnapshotAllocationReport::Unavailable { .. } => &[],
        };
        let allocations = first_positions(allocation_ids.iter().map(|allocation| allocation.id.as_str()));
        let mut allocation_resources = vec![Vec::new(); allocation_ids.len()];
        for (position, resource) in graph.resources.iter().enumerate() {
            if let Some(&allocation) = resource.allocation_id.as_deref().and_then(|id| allocations.get(id)) {
                allocation_resources[allocation].push(position);
            }
        }

        let mut side_effect_roots = HashSet::new();
        let mut resource_roots: HashMap<&str, Vec<SnapshotRootReason>> = HashMap::new();
        for root in &graph.roots {
            match root {
                SnapshotRoot::SideEffect { node_id } => {
                    side_effect_roots.insert(node_id.as_str());
                }
                SnapshotRoot::Resource(root) => {
                    let reasons = resource_roots.entry(root.resource_id.as_str()).or_default();
                    if !reasons.contains(&root.reason) {
                        reasons.push(root.reason);
                    }
                }
            }
        }

        Self {
            snapshot,
            nodes,
            resources,
            groups,
            group_parents,
            retained: retained.into_iter().map(|(_, position)| position).collect(),
            culled,
            cpu,
            gpu,
            allocation_resources,
            allocations,
            side_effect_roots,
            resource_roots,
        }
    }

    /// The node with `id`.
    pub fn node(&self, id: &str) -> Option<&'a SnapshotNode> {
        self.nodes.get(id).map(|&position| &self.snapshot.graph.nodes[position])
    }

    /// The resource with `id`.
    pub fn resource(&self, id: &str) -> Option<&'a SnapshotResource> {
        self.resources.get(id).map(|&position| &self.snapshot.graph.resources[position])
    }

    /// The position of the group with `id`.
    pub fn group_position(&self, id: &str) -> Option<usize> {
        self.groups.get(id).copied()
    }

    /// The position of the allocation with `id` in an available allocation report.
    pub fn allocation_position(&self, id: &str) -> Option<usize> {
        self.allocations.get(id).copied()
    }

    /// The CPU time of a node in microseconds, when measured.
    pub fn cpu_micros(&self, node_id: &str) -> Option<f64> {
        self.cpu.get(node_id).copied()
    }

    /// The GPU time of a node in microseconds, when measured.
    pub fn gpu_micros(&self, node_id: &str) -> Option<f64> {
        self.gpu.get(node_id).copied()
    }

    /// Whether a side-effect root names the node.
    pub fn is_side_effect_root(&self, node_id: &str) -> bool {
        self.side_effect_roots.contains(node_id)
    }

    /// The distinct reasons of the roots on a resource, in declaration order.
    pub fn root_reasons(&self, resource_id: &str) -> &[SnapshotRootReason] {
        self.resource_roots.get(resource_id).map_or(&[], Vec::as_slice)
    }

    /// Whether the resource's allocation backs more than one resource.
    pub fn is_aliased(&self, resource: &SnapshotResource) -> bool {
        resource
            .allocation_id
            .as_deref()
            .and_then(|id| self.allocation_position(id))
            .is_some_and(|allocation| self.allocation_resources[allocation].len() > 1)
    }

    /// The labels of a group and its ancestors, outermost first, joined by `.`; past
    /// [`MAX_GROUP_PATH`] levels only the innermost ones, after `…`, so that a deep
    /// nesting cannot make every line of a view as long as the nesting.
    pub fn group_path(&self, group_id: Option<&str>) -> String {
        let mut labels = Vec::new();
        let mut current = group_id.and_then(|id| self.group_position(id));
        while let Some(position) = current {
            if labels.len() == MAX_GROUP_PATH {
                labels.push("…");
                break;
            }
            labels.push(self.snapshot.graph.groups[position].label.as_str());
            current = self.group_parents[position];
        }
        labels.reverse();
        labels.join(".")
    }
}

/// The label of a node, or its id when it has none.
pub(crate) fn node_name(node: &SnapshotNode) -> &str {
    node.label.as_deref().filter(|label| !label.is_empty()).unwrap_or(&node.id)
}

/// The label of a resource, or its id when it has none.
pub(crate) fn resource_name(resource: &SnapshotResource) -> &str {
    resource.label.as_deref().filter(|label| !label.is_empty()).unwrap_or(&resource.id)
}

fn first_positions<'a>(ids: impl Iterator<Item = &'a str>) -> HashMap<&'a str, usize> {
    let mut positions = HashMap::new();
    for (position, id) in ids.enumerate() {
        positions.entry(id).or_insert(position);
    }
    positions
}
