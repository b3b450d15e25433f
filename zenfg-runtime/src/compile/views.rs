//! The execution view plan: which native texture views execution creates,
//! and which view each texture access of a retained node binds.
//!
//! Explicit views get one native view each, whose usage is the union of the
//! roles it serves. Whole-texture accesses share a native view when their
//! descriptors (usage included) are equal, so a sampled and a storage access
//! of one texture get two views while two storage accesses share one. Copy
//! roles bind no view.

use wgpu::{TextureDimension, TextureFormat, TextureUsages, TextureViewDimension};

use crate::desc::Label;
use crate::execute::resolve::NO_VIEW;
use crate::hash::FastMap;
use crate::ids::{PassId, ResourceId, ViewId};
use crate::record::{Recording, Region, Slices};

/// One native view to create.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct PlannedView {
    pub resource: ResourceId,
    pub label: Option<Label>,
    pub format: TextureFormat,
    pub dimension: TextureViewDimension,
    pub base_mip_level: u32,
    pub mip_level_count: u32,
    pub base_array_layer: u32,
    pub array_layer_count: Option<u32>,
    pub usage: TextureUsages,
}

/// Planned views and the view of every access (`NO_VIEW` when none).
pub(crate) struct ViewPlan {
    pub views: Vec<PlannedView>,
    pub access_views: Vec<u32>,
}

#[derive(PartialEq, Eq, Hash)]
enum ViewKey {
    Explicit(ViewId),
    Implicit(PlannedView),
}

pub(crate) fn plan_views(rec: &Recording<'_>, order: &[PassId]) -> ViewPlan {
    let mut views: Vec<PlannedView> = Vec::new();
    let mut access_views = vec![NO_VIEW; rec.accesses.len()];
    let mut index: FastMap<ViewKey, u32> = FastMap::default();
    for node in order {
        let node = &rec.nodes[node.index()];
        for (offset, access) in rec.node_accesses(node).iter().enumerate() {
            let usage = access.role.texture_usage();
            let Region::Texture(region) = access.region else { continue };
            if usage.is_empty() || access.role.is_copy() {
                continue;
            }
            let desc = rec.texture_desc(access.resource);
            let planned = match access.view {
                Some(view) => {
                    let normalized = &rec.views[view.index()].normalized;
                    PlannedView {
                        resource: access.resource,
                        label: normalized.label.clone(),
                        format: normalized.format,
                        dimension: normalized.dimension,
                        base_mip_level: normalized.base_mip_level,
                        mip_level_count: normalized.mip_level_count,
                        base_array_layer: normalized.base_array_layer,
                        array_layer_count: normalized.array_layer_count,
                        usage,
                    }
                }
                None => {
                    let (base, count) = match region.slices {
                        Slices::Range { base, count } => (base, Some(count)),
                        Slices::AllDepth => (0, None),
                    };
                    let dimension = match desc.dimension {
                        TextureDimension::D1 => TextureViewDimension::D1,
                        TextureDimension::D3 => TextureViewDimension::D3,
                        TextureDimension::D2 if count == Some(1) => TextureViewDimension::D2,
                        TextureDimension::D2 => TextureViewDimension::D2Array,
                    };
                    PlannedView {
                        resource: access.resource,
                        label: None,
                        format: desc.format,
                        dimension,
                        base_mip_level: region.base_mip,
                        mip_level_count: region.mip_count,
                        base_array_layer: if desc.dimension == TextureDimension::D3 { 0 } else { base },
                        array_layer_count: if desc.dimension == TextureDimension::D3 { None } else { count },
                        usage,
                    }
                }
            };
            let key = match access.view {
                Some(view) => ViewKey::Explicit(view),
                None => ViewKey::Implicit(planned.clone()),
            };
            let slot = *index.entry(key).or_insert_with(|| {
                views.push(PlannedView { usage: TextureUsages::empty(), ..planned });
                (views.len() - 1) as u32
            });
            views[slot as usize].usage |= usage;
            access_views[(node.accesses.start as usize) + offset] = slot;
        }
    }
    ViewPlan { views, access_views }
}

#[cfg(test)]
mod tests {
    use wgpu::{TextureFormat, TextureUsages, TextureViewDimension};

    use crate::compile::CompiledFrame;
    use crate::execute::resolve::NO_VIEW;
    use crate::{
        BufferDesc, BufferRange, CompileOptions, FrameGraph, RootReason, TextureDesc, TextureViewDesc, WriteContents,
    };

    fn planned<'a>(compiled: &'a CompiledFrame<'_>) -> &'a super::ViewPlan {
        &compiled.plan.views
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
        assert_eq!(plan.access_views[0], 0);
        assert_eq!(plan.access_views[1], 0);
        assert_eq!(plan.access_views[3], NO_VIEW, "culled accesses get no view");
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
        assert_eq!(plan.access_views[0], plan.access_views[1], "storage write and read share a view");
        assert_ne!(plan.access_views[1], plan.access_views[2], "the sampled access gets its own view");
        assert_eq!(plan.views[plan.access_views[2] as usize].usage, TextureUsages::TEXTURE_BINDING);
        assert_eq!(plan.access_views[3], NO_VIEW, "buffers have no view");
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
        let layer_view = &plan.views[plan.access_views[1] as usize];
        assert_eq!(layer_view.dimension, TextureViewDimension::D2);
        assert_eq!((layer_view.base_array_layer, layer_view.array_layer_count), (11, Some(1)));
        let whole = &plan.views[plan.access_views[0] as usize];
        assert_eq!(whole.dimension, TextureViewDimension::D2Array);
        assert_eq!((whole.base_array_layer, whole.array_layer_count), (0, Some(12)));
        assert_ne!(plan.access_views[4], plan.access_views[0], "aliased logical textures keep distinct views");
        assert_eq!(plan.views[plan.access_views[4] as usize].resource, second.id());
    }
}
