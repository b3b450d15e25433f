//! The native texture views the compiled view plan asks for.
//!
//! Views of pooled textures stay with the texture and are reused by later
//! executions that plan the same view (only views the latest execution used
//! are kept); within one execution every planned view still gets its own
//! native view. Views of imported textures are kept by the runtime's
//! [`ImportViews`] the same way; views of surface textures, which are new
//! every frame, are created for each execution.

use crate::binding::ImportViews;
use crate::error::{FrameGraphError, ResourceRef, Result};
use crate::ids::AllocationId;
use crate::physical::{NativeResource, PlannedView};
use crate::pool::store::{CachedView, Instance};
use crate::record::Recording;
use crate::types::ResourceOrigin;

/// An unused cached view of `instance` matching `planned`, or a new one.
fn pooled_view(instance: &mut Instance, planned: &PlannedView) -> Result<wgpu::TextureView> {
    if let Some(cached) = instance.views.iter_mut().find(|cached| !cached.used && cached.planned.same_view(planned)) {
        cached.used = true;
        return Ok(cached.view.clone());
    }
    let NativeResource::Texture(texture) = &instance.native else {
        return Err(FrameGraphError::internal(format!("a view of {} was planned on a buffer", planned.resource)));
    };
    let view = texture.create_view(&planned.descriptor());
    instance.views.push(CachedView { planned: planned.clone(), view: view.clone(), used: true });
    Ok(view)
}

/// One native view per planned view, in plan order, pushed onto `views`.
pub(crate) fn native_views(
    planned: &[PlannedView],
    rec: &Recording<'_>,
    allocations: &[Option<AllocationId>],
    leased: &mut [Instance],
    imports: &mut ImportViews,
    now: u64,
    views: &mut Vec<wgpu::TextureView>,
) -> Result<()> {
    views.reserve(planned.len());
    for view in planned {
        let native = match allocations[view.resource.index()] {
            Some(allocation) => {
                let instance = leased.get_mut(allocation.index()).ok_or_else(|| {
                    FrameGraphError::internal(format!("{allocation} of {} was not leased", view.resource))
                })?;
                pooled_view(instance, view)?
            }
            None => {
                let resource = &rec.resources[view.resource.index()];
                match rec.native(view.resource) {
                    Some(NativeResource::Texture(texture))
                        if rec.facts[view.resource.index()].origin == ResourceOrigin::Surface =>
                    {
                        texture.create_view(&view.descriptor())
                    }
                    Some(NativeResource::Texture(texture)) => imports.get_or_create(texture, view, now),
                    _ => {
                        return Err(FrameGraphError::MissingNativeBinding {
                            resource: ResourceRef { id: view.resource, label: resource.label().clone() },
                        });
                    }
                }
            }
        };
        views.push(native);
    }
    Ok(())
}
