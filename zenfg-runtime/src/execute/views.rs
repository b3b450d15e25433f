//! The native texture views the compiled view plan asks for.
//!
//! Views of pooled textures stay with the texture and are reused by later
//! executions that plan the same view (only views the latest execution used
//! are kept); within one execution every planned view still gets its own
//! native view. Views of imported textures are created for each execution.

use crate::error::{FrameGraphError, ResourceRef, Result};
use crate::ids::AllocationId;
use crate::physical::{NativeResource, PlannedView};
use crate::pool::store::{CachedView, Instance};
use crate::record::ResourceRecord;

fn descriptor(view: &PlannedView) -> wgpu::TextureViewDescriptor<'_> {
    wgpu::TextureViewDescriptor {
        label: view.label.as_deref(),
        format: view.format,
        dimension: Some(view.dimension),
        usage: Some(view.usage),
        aspect: wgpu::TextureAspect::All,
        base_mip_level: view.base_mip_level,
        mip_level_count: Some(view.mip_level_count),
        base_array_layer: view.base_array_layer,
        array_layer_count: view.array_layer_count,
    }
}

/// Whether two planned views describe the same native view of one texture.
fn same_view(a: &PlannedView, b: &PlannedView) -> bool {
    a.label == b.label
        && a.format == b.format
        && a.dimension == b.dimension
        && a.base_mip_level == b.base_mip_level
        && a.mip_level_count == b.mip_level_count
        && a.base_array_layer == b.base_array_layer
        && a.array_layer_count == b.array_layer_count
        && a.usage == b.usage
}

/// An unused cached view of `instance` matching `planned`, or a new one.
fn pooled_view(instance: &mut Instance, planned: &PlannedView) -> Result<wgpu::TextureView> {
    if let Some(cached) = instance.views.iter_mut().find(|cached| !cached.used && same_view(&cached.planned, planned)) {
        cached.used = true;
        return Ok(cached.view.clone());
    }
    let NativeResource::Texture(texture) = &instance.native else {
        return Err(FrameGraphError::internal(format!("a view of {} was planned on a buffer", planned.resource)));
    };
    let view = texture.create_view(&descriptor(planned));
    instance.views.push(CachedView { planned: planned.clone(), view: view.clone(), used: true });
    Ok(view)
}

/// One native view per planned view, in plan order.
pub(crate) fn native_views(
    planned: &[PlannedView],
    resources: &[ResourceRecord],
    allocations: &[Option<AllocationId>],
    leased: &mut [Instance],
) -> Result<Vec<wgpu::TextureView>> {
    planned
        .iter()
        .map(|view| match allocations[view.resource.index()] {
            Some(allocation) => {
                let instance = leased.get_mut(allocation.index()).ok_or_else(|| {
                    FrameGraphError::internal(format!("{allocation} of {} was not leased", view.resource))
                })?;
                pooled_view(instance, view)
            }
            None => {
                let resource = &resources[view.resource.index()];
                match resource.native.as_deref() {
                    Some(NativeResource::Texture(texture)) => Ok(texture.create_view(&descriptor(view))),
                    _ => Err(FrameGraphError::MissingNativeBinding {
                        resource: ResourceRef { id: view.resource, label: resource.label().clone() },
                    }),
                }
            }
        })
        .collect()
}
