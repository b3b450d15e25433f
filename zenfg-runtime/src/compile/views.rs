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
