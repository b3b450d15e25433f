//! The execution view plan: which native texture views execution creates,
//! and which view each texture access of a retained node binds.
//!
//! Explicit views get one native view each, whose usage is the union of the
//! roles it serves. Whole-texture accesses share a native view when their
//! descriptors (usage included) are equal, so a sampled and a storage access
//! of one texture get two views while two storage accesses share one. Copy
//! roles bind no view.

use wgpu::{TextureDimension, TextureUsages, TextureViewDimension};

use crate::ids::{AccessId, ResourceId, ViewId};
use crate::physical::PlannedView;
use crate::record::{AccessRecord, NodeRecord, Recording, Region, Slices, TextureRegion};

/// An empty slot of the planner's index tables.
const NO_VIEW: u32 = u32::MAX;

/// Planned views and the view of every access.
#[derive(Default)]
pub(crate) struct ViewPlan {
    pub views: Vec<PlannedView>,
    /// The view of each access, by access id; empty when no access binds a view.
    access_views: Vec<u32>,
}

impl ViewPlan {
    /// The index in [`views`](Self::views) of the view `access` binds, if it binds one.
    #[inline]
    pub fn access_view(&self, access: AccessId) -> Option<usize> {
        match self.access_views.get(access.index()) {
            Some(&slot) if slot != NO_VIEW => Some(slot as usize),
            _ => None,
        }
    }
}

/// The dimension of the view an access without an explicit view binds: a 2D
/// texture's region of one layer is a 2D view, of several an array view.
pub(crate) fn implicit_dimension(texture: TextureDimension, region: TextureRegion) -> TextureViewDimension {
    match texture {
        TextureDimension::D1 => TextureViewDimension::D1,
        TextureDimension::D3 => TextureViewDimension::D3,
        TextureDimension::D2 if matches!(region.slices, Slices::Range { count: 1, .. }) => TextureViewDimension::D2,
        TextureDimension::D2 => TextureViewDimension::D2Array,
    }
}

/// Whether an access binds a native view: every texture role but the copies.
#[inline]
pub(crate) fn binds_view(access: &AccessRecord) -> bool {
    !access.role.texture_usage().is_empty() && !access.role.is_copy()
}

/// Plans views node by node, in execution order.
#[derive(Default)]
pub(crate) struct ViewPlanner {
    views: Vec<PlannedView>,
    access_views: Vec<u32>,
    /// The native view of each explicit view, by view id (sized on first use).
    explicit: Vec<u32>,
    /// The first implicit native view of each resource, by resource id
    /// (sized on first use); later ones are chained through `next_implicit`.
    implicit: Vec<u32>,
    next_implicit: Vec<u32>,
}

impl ViewPlanner {
    /// Forgets the last plan, keeping its storage.
    pub fn reset(&mut self) {
        self.views.clear();
        self.access_views.clear();
        self.explicit.clear();
        self.implicit.clear();
        self.next_implicit.clear();
    }

    /// Takes back the storage of a plan that is done.
    pub fn recycle(&mut self, plan: ViewPlan) {
        self.views = plan.views;
        self.access_views = plan.access_views;
    }

    /// Adds the accesses of one retained node.
    #[inline]
    pub fn node(&mut self, rec: &Recording<'_>, node: &NodeRecord) {
        let first = node.accesses.start as usize;
        for (offset, access) in rec.node_accesses(node).iter().enumerate() {
            self.access(rec, first + offset, access);
        }
    }

    /// Adds one access of a retained node; `id` is its access id.
    #[inline]
    pub fn access(&mut self, rec: &Recording<'_>, id: usize, access: &AccessRecord) {
        if binds_view(access)
            && let Region::Texture(region) = access.region()
        {
            self.texture_access(rec, id, access, region);
        }
    }

    fn texture_access(&mut self, rec: &Recording<'_>, id: usize, access: &AccessRecord, region: TextureRegion) {
        let usage = access.role.texture_usage();
        let slot = match access.view() {
            Some(view) => self.explicit_view(rec, access.resource, view),
            None => self.implicit_view(rec, access.resource, region, usage),
        };
        self.views[slot as usize].usage |= usage;
        if self.access_views.is_empty() {
            self.access_views.resize(rec.accesses.len(), NO_VIEW);
        }
        self.access_views[id] = slot;
    }

    /// The one native view of an explicit view.
    fn explicit_view(&mut self, rec: &Recording<'_>, resource: ResourceId, view: ViewId) -> u32 {
        if self.explicit.is_empty() {
            self.explicit.resize(rec.views.len(), NO_VIEW);
        }
        let slot = &mut self.explicit[view.index()];
        if *slot == NO_VIEW {
            let normalized = &rec.views[view.index()].normalized;
            *slot = self.views.len() as u32;
            self.views.push(PlannedView {
                resource,
                label: normalized.label.clone(),
                format: Some(normalized.format),
                dimension: normalized.dimension,
                base_mip_level: normalized.base_mip_level,
                mip_level_count: normalized.mip_level_count,
                base_array_layer: normalized.base_array_layer,
                array_layer_count: normalized.array_layer_count,
                usage: TextureUsages::empty(),
            });
        }
        *slot
    }

    /// The native view a whole-texture access shares with every earlier one
    /// of equal descriptor (usage included).
    fn implicit_view(
        &mut self,
        rec: &Recording<'_>,
        resource: ResourceId,
        region: TextureRegion,
        usage: TextureUsages,
    ) -> u32 {
        let texture_dimension = rec.facts[resource.index()].dimension();
        let (base, count) = match region.slices {
            Slices::Range { base, count } => (base, Some(count)),
            Slices::AllDepth => (0, None),
        };
        let dimension = implicit_dimension(texture_dimension, region);
        let is_3d = texture_dimension == TextureDimension::D3;
        let planned = PlannedView {
            resource,
            label: None,
            format: None,
            dimension,
            base_mip_level: region.base_mip,
            mip_level_count: region.mip_count,
            base_array_layer: if is_3d { 0 } else { base },
            array_layer_count: if is_3d { None } else { count },
            usage,
        };
        if self.implicit.is_empty() {
            self.implicit.resize(rec.resources.len(), NO_VIEW);
        }
        let mut slot = self.implicit[resource.index()];
        while slot != NO_VIEW {
            // Earlier accesses already merged their usage, equal to this one's.
            if self.views[slot as usize] == planned {
                return slot;
            }
            slot = self.next_implicit[slot as usize];
        }
        let slot = self.views.len() as u32;
        self.views.push(PlannedView { usage: TextureUsages::empty(), ..planned });
        self.next_implicit.resize(self.views.len(), NO_VIEW);
        self.next_implicit[slot as usize] = std::mem::replace(&mut self.implicit[resource.index()], slot);
        slot
    }

    /// The plan; the planner keeps its other tables.
    pub fn finish(&mut self) -> ViewPlan {
        ViewPlan { views: std::mem::take(&mut self.views), access_views: std::mem::take(&mut self.access_views) }
    }
}

#[cfg(test)]
mod tests {
    use wgpu::{TextureFormat, TextureUsages, TextureViewDimension};

    use crate::compile::CompiledFrame;
    use crate::ids::AccessId;
    use crate::{
        BufferDesc, BufferRange, CompileOptions, FrameGraph, RootReason, TextureDesc, TextureViewDesc, WriteContents,
    };

    fn planned<'a>(compiled: &'a CompiledFrame<'_>) -> &'a super::ViewPlan {
        &compiled.plan().views
    }

    #[test]
    fn explicit_view_usage_unions_only_retained_roles() {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let texture = frame.create_texture(TextureDesc::new_2d("t", 8, 8, TextureFormat::Rgba8Unorm)).unwrap();
        let view = frame.create_texture_view(texture, TextureViewDesc::default()).unwrap();
        let out = frame.create_buffer(BufferDesc::new("out", 4)).unwrap();
        let dead = frame.create_buffer(BufferDesc::new("dead", 4)).unwrap();
        let mut pass = frame.compute_pass("write");
        let _ = pass.storage_texture_write(view, WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        let mut pass = frame.compute_pass("sample");
        let _ = pass.sampled_texture(view).unwrap();
        let _ = pass.storage_buffer_write(out, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        let mut pass = frame.command_pass("culled-reader");
        pass.set_side_effect(false);
        let _ = pass.storage_texture_read(view).unwrap();
        let _ = pass.storage_buffer_write(dead, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        frame.mark_buffer_root(out, BufferRange::whole(), RootReason::Output).unwrap();
        let compiled = frame.compile(CompileOptions::default()).unwrap();
        let plan = planned(&compiled);
        assert_eq!(plan.views.len(), 1, "one explicit view gets one native view");
        assert_eq!(plan.views[0].usage, TextureUsages::STORAGE_BINDING | TextureUsages::TEXTURE_BINDING);
        assert_eq!(plan.access_view(AccessId(0)), Some(0));
        assert_eq!(plan.access_view(AccessId(1)), Some(0));
        assert_eq!(plan.access_view(AccessId(3)), None, "culled accesses get no view");
    }

    #[test]
    fn implicit_views_are_shared_only_by_equal_descriptors() {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let texture = frame.create_texture(TextureDesc::new_2d("t", 8, 8, TextureFormat::Rgba8Unorm)).unwrap();
        let out = frame.create_buffer(BufferDesc::new("out", 4)).unwrap();
        let mut pass = frame.compute_pass("write");
        let _ = pass.storage_texture_write(texture, WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        let mut pass = frame.compute_pass("read-and-sample");
        let _ = pass.storage_texture_read(texture).unwrap();
        let _ = pass.sampled_texture(texture).unwrap();
        let _ = pass.storage_buffer_write(out, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        frame.mark_buffer_root(out, BufferRange::whole(), RootReason::Output).unwrap();
        let compiled = frame.compile(CompileOptions::default()).unwrap();
        let plan = planned(&compiled);
        assert_eq!(plan.views.len(), 2);
        assert_eq!(plan.access_view(AccessId(0)), plan.access_view(AccessId(1)), "storage write and read share a view");
        assert_ne!(
            plan.access_view(AccessId(1)),
            plan.access_view(AccessId(2)),
            "the sampled access gets its own view"
        );
        assert_eq!(plan.views[plan.access_view(AccessId(2)).unwrap()].usage, TextureUsages::TEXTURE_BINDING);
        assert_eq!(plan.access_view(AccessId(3)), None, "buffers have no view");
    }

    #[test]
    fn explicit_layer_view_maps_to_its_native_descriptor_and_aliases_keep_their_views() {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let desc = TextureDesc::new_2d("layers", 8, 8, TextureFormat::Rgba8Unorm).with_layers(12);
        let first = frame.create_texture(desc.clone()).unwrap();
        let second = frame.create_texture(desc).unwrap();
        let layer = frame.create_texture_view(first, TextureViewDesc::layer(11)).unwrap();
        let middle = frame.create_buffer(BufferDesc::new("middle", 4)).unwrap();
        let out = frame.create_buffer(BufferDesc::new("out", 4)).unwrap();
        let mut pass = frame.compute_pass("fill-first");
        let _ = pass.storage_texture_write(first, WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        let mut pass = frame.compute_pass("sample-first");
        let _ = pass.sampled_texture(layer).unwrap();
        let _ = pass.storage_buffer_write(middle, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        let mut pass = frame.compute_pass("fill-second");
        let _ = pass.storage_buffer_read(middle, BufferRange::whole()).unwrap();
        let _ = pass.storage_texture_write(second, WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        let mut pass = frame.compute_pass("sample-second");
        let _ = pass.sampled_texture(second).unwrap();
        let _ = pass.storage_buffer_write(out, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        frame.mark_buffer_root(out, BufferRange::whole(), RootReason::Output).unwrap();
        let compiled = frame.compile(CompileOptions::default()).unwrap();
        assert_eq!(compiled.allocation_count(), 2, "the textures alias, and so do the buffers");
        let plan = planned(&compiled);
        let layer_view = &plan.views[plan.access_view(AccessId(1)).unwrap()];
        assert_eq!(layer_view.dimension, TextureViewDimension::D2);
        assert_eq!((layer_view.base_array_layer, layer_view.array_layer_count), (11, Some(1)));
        let whole = &plan.views[plan.access_view(AccessId(0)).unwrap()];
        assert_eq!(whole.dimension, TextureViewDimension::D2Array);
        assert_eq!((whole.base_array_layer, whole.array_layer_count), (0, Some(12)));
        assert_ne!(
            plan.access_view(AccessId(4)),
            plan.access_view(AccessId(0)),
            "aliased logical textures keep distinct views"
        );
        assert_eq!(plan.views[plan.access_view(AccessId(4)).unwrap()].resource, second.id());
    }
}
