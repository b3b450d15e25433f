//! [`Recording`]: every table one recording fills, and the [`Spare`]
//! storage a finished one leaves for the next.

use super::table::Table;
use super::{
    AccessRecord, BindingCheck, Callback, ClearOp, ColorOutputCheck, ColorTarget, CopyOp, GroupRecord, NodeRecord,
    ResourceFacts, ResourceRecord, ResourceShape, RootRecord, ViewRecord,
};
use crate::desc::{Label, TextureDesc};
use crate::error::{FrameGraphError, PassRef, ResourceRef};
use crate::hash::FastMap;
use crate::ids::{AccessId, DebugGroupId, PassId, ResourceId};
use crate::physical::{NativeResource, ResourcePoolScope};

/// A native object bound to an import, in binding order.
pub(crate) struct BoundNative {
    pub resource: ResourceId,
    /// `None` once compilation let go of an import no retained work touches.
    pub native: Option<NativeResource>,
}

/// Everything one recording declared.
#[derive(Default)]
pub(crate) struct Recording<'frame> {
    pub resources: Table<ResourceRecord>,
    /// The facts of each resource, by resource id.
    pub facts: Vec<ResourceFacts>,
    pub views: Table<ViewRecord>,
    pub nodes: Vec<NodeRecord>,
    /// The label of each node, by node id.
    pub node_labels: Table<Label>,
    /// The side-effecting nodes, in recording order.
    pub side_effects: Vec<PassId>,
    /// The external submission nodes, in recording order.
    pub externals: Vec<PassId>,
    /// The callback of each node, by node id, up to the last node that has
    /// one: frames of nodes without callbacks (copies, clears) fill nothing.
    pub callbacks: Vec<Option<Callback<'frame>>>,
    pub accesses: Vec<AccessRecord>,
    pub colors: Vec<ColorTarget>,
    pub copies: Vec<CopyOp>,
    pub clears: Vec<ClearOp>,
    pub roots: Vec<RootRecord>,
    /// What the bound fields of derived passes expect of their accesses.
    pub binding_checks: Vec<BindingCheck>,
    /// What the fragment entry points of derived render passes write into
    /// their color attachments.
    pub color_output_checks: Vec<ColorOutputCheck>,
    pub groups: Vec<GroupRecord>,
    /// The native object of each bound resource, in binding order.
    pub bound: Vec<BoundNative>,
    /// Which resource each bound native object backs.
    pub bound_objects: FastMap<NativeResource, ResourceId>,
    /// The debug groups open now, innermost last.
    pub group_stack: Vec<DebugGroupId>,
    /// The first error that made the recording unusable; `compile` returns it.
    pub poisoned: Option<FrameGraphError>,
    /// The runtime that records, which owns every pool scope in the recording.
    pub owner: u64,
}

/// The tables of a finished recording, emptied, kept by the runtime for the
/// next one: frames of one runtime tend to look alike, and reusing their
/// storage spares every steady-state frame the allocation (and page faults)
/// of tables that can reach megabytes.
#[derive(Default)]
pub(crate) struct Spare {
    resources: Table<ResourceRecord>,
    facts: Vec<ResourceFacts>,
    views: Table<ViewRecord>,
    nodes: Vec<NodeRecord>,
    node_labels: Table<Label>,
    side_effects: Vec<PassId>,
    externals: Vec<PassId>,
    accesses: Vec<AccessRecord>,
    colors: Vec<ColorTarget>,
    copies: Vec<CopyOp>,
    clears: Vec<ClearOp>,
    roots: Vec<RootRecord>,
    binding_checks: Vec<BindingCheck>,
    color_output_checks: Vec<ColorOutputCheck>,
    groups: Vec<GroupRecord>,
    bound: Vec<BoundNative>,
    bound_objects: FastMap<NativeResource, ResourceId>,
    group_stack: Vec<DebugGroupId>,
    /// The callback table, emptied: its callbacks borrowed from a frame that
    /// is gone, and [`recycled`] gives its storage to the next one.
    callbacks: Vec<Option<Callback<'static>>>,
}

/// `table`'s storage, emptied, as a table of another type of the same size
/// and alignment (a callback table of another frame's lifetime): collecting
/// a vector's own iterator into a vector of such a type reuses its
/// allocation.
fn recycled<T, U>(mut table: Vec<T>) -> Vec<U> {
    // Emptied first, where its entries are dropped in place: the iterator
    // would move each one out to drop it.
    table.clear();
    table.into_iter().filter_map(|_| None).collect()
}

impl Recording<'_> {
    /// An empty recording using the storage of `spare`.
    pub fn from_spare(spare: Spare, owner: u64) -> Self {
        Self {
            owner,
            callbacks: recycled(spare.callbacks),
            resources: spare.resources,
            facts: spare.facts,
            views: spare.views,
            nodes: spare.nodes,
            node_labels: spare.node_labels,
            side_effects: spare.side_effects,
            externals: spare.externals,
            accesses: spare.accesses,
            colors: spare.colors,
            copies: spare.copies,
            clears: spare.clears,
            roots: spare.roots,
            binding_checks: spare.binding_checks,
            color_output_checks: spare.color_output_checks,
            groups: spare.groups,
            bound: spare.bound,
            bound_objects: spare.bound_objects,
            group_stack: spare.group_stack,
            poisoned: None,
        }
    }

    /// Empties the tables, keeping their storage. Bound natives and callbacks
    /// are released now; the rest of the resource records, the views and the
    /// node labels are dropped as the next recording overwrites them.
    pub fn into_spare(mut self) -> Spare {
        fn emptied<T>(mut table: Vec<T>) -> Vec<T> {
            table.clear();
            table
        }
        self.bound_objects.clear();
        self.resources.clear();
        self.views.clear();
        self.node_labels.clear();
        Spare {
            resources: self.resources,
            facts: emptied(self.facts),
            views: self.views,
            nodes: emptied(self.nodes),
            node_labels: self.node_labels,
            side_effects: emptied(self.side_effects),
            externals: emptied(self.externals),
            accesses: emptied(self.accesses),
            colors: emptied(self.colors),
            copies: emptied(self.copies),
            clears: emptied(self.clears),
            roots: emptied(self.roots),
            binding_checks: emptied(self.binding_checks),
            color_output_checks: emptied(self.color_output_checks),
            groups: emptied(self.groups),
            bound: emptied(self.bound),
            bound_objects: self.bound_objects,
            group_stack: emptied(self.group_stack),
            callbacks: recycled(self.callbacks),
        }
    }

    /// The native object bound to `id`, if any.
    pub fn native(&self, id: ResourceId) -> Option<&NativeResource> {
        native(&self.resources, &self.bound, id)
    }

    /// The pool scope a resource was created in, if any.
    pub fn scope(&self, id: ResourceId) -> Option<ResourcePoolScope> {
        let index = self.resources[id.index()].scope_index();
        self.facts[id.index()].scoped().then_some(ResourcePoolScope { owner: self.owner, index })
    }

    pub fn resource_ref(&self, id: ResourceId) -> ResourceRef {
        ResourceRef { id, label: self.resources[id.index()].label().clone() }
    }

    pub fn pass_ref(&self, id: PassId) -> PassRef {
        PassRef { id, label: self.node_labels[id.index()].clone() }
    }

    /// The format a texture access works in: its view's, or its texture's.
    pub fn access_format(&self, id: AccessId) -> wgpu::TextureFormat {
        let access = &self.accesses[id.index()];
        access.view().map_or_else(
            || self.texture_desc(access.resource).format,
            |view| self.views[view.index()].normalized.format,
        )
    }

    pub fn texture_desc(&self, id: ResourceId) -> &TextureDesc {
        match &self.resources[id.index()].shape {
            ResourceShape::Texture { desc, .. } => desc,
            ResourceShape::Buffer { .. } => unreachable!("handle types keep buffers and textures apart"),
        }
    }

    /// The callback of node `pass`, if it has one.
    pub fn callback(&self, pass: PassId) -> Option<&Callback<'_>> {
        self.callbacks.get(pass.index()).and_then(Option::as_ref)
    }

    pub fn node_accesses(&self, node: &NodeRecord) -> &[AccessRecord] {
        &self.accesses[node.accesses.start as usize..node.accesses.end as usize]
    }

    /// Records the first poisoning error; later ones are dropped because they
    /// are usually consequences of the first.
    pub fn poison(&mut self, error: FrameGraphError) {
        self.poisoned.get_or_insert(error);
    }
}

/// The native object bound to `id` in a recording's tables, if any.
pub(crate) fn native<'t>(
    resources: &'t [ResourceRecord],
    bound: &'t [BoundNative],
    id: ResourceId,
) -> Option<&'t NativeResource> {
    resources[id.index()].native.and_then(|index| bound[index as usize].native.as_ref())
}
