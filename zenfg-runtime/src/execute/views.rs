//! The native texture views the compiled view plan asks for.
//!
//! Views of pooled textures stay with the texture and are reused by later
//! executions that plan the same view (only views the latest execution used
//! are kept); within one execution every planned view still gets its own
//! native view. Views of imported textures are kept by the runtime's
//! [`ImportViews`] the way pooled ones are. The views of the latest
//! execution also stay in [`KeptViews`], each with its texture (and, for a
//! pooled texture, its place among the texture's cached views), so that
//! executing the same plan again on the same textures hands each one out
//! again after comparing a texture, searching nothing. Views of surface
//! textures, which are new every frame, are created for each execution and
//! dropped when it ends.

use crate::binding::{ImportViews, create_view};
use crate::error::{FrameGraphError, ResourceRef, Result};
use crate::ids::AllocationId;
use crate::physical::{NativeResource, PlannedView};
use crate::pool::store::{CachedView, Instance, Pooled};
use crate::record::Recording;
use crate::scoped::one_line;
use crate::types::ResourceOrigin;

/// An unused view of `texture` in `cached` matching `planned`, or a new one,
/// cached, with its index in `cached`; wgpu's error when it refuses the new
/// one (a format whose features the graph could not check, say).
fn pooled_view(
    device: &wgpu::Device,
    texture: &wgpu::Texture,
    cached: &mut Vec<CachedView>,
    planned: &PlannedView,
) -> Result<(wgpu::TextureView, usize), wgpu::Error> {
    if let Some((index, found)) =
        cached.iter_mut().enumerate().find(|(_, found)| !found.used && found.planned.same_view(planned))
    {
        found.used = true;
        return Ok((found.view.clone(), index));
    }
    let view = create_view(device, texture, planned)?;
    cached.push(CachedView { planned: planned.clone(), view: view.clone(), used: true });
    Ok((view, cached.len() - 1))
}

/// The native views of the latest execution, by planned view index, with
/// the texture each one views.
///
/// Entry `i` is a view of `textures[i]` as planned view `i` of the plan
/// `plan` describes it, so an execution of that plan whose planned view `i`
/// is of the same texture can hand it out as it is: a pooled texture's once
/// it has marked it used among the texture's cached views (where it was at
/// `cached[i]` when kept, unless the pool has dropped it since), an
/// import's at once (the bind group cache's sweep counts the views of the
/// latest execution as used). Kept views hold their textures alive,
/// imported ones included, until the next execution replaces them or the
/// bind group cache is cleared; views of surface textures are dropped when
/// their execution ends.
#[derive(Default)]
pub(crate) struct KeptViews {
    plan: Option<u64>,
    textures: Vec<wgpu::Texture>,
    views: Vec<wgpu::TextureView>,
    cached: Vec<usize>,
}

impl KeptViews {
    /// The views of the execution running, by planned view index.
    pub fn views(&self) -> &[wgpu::TextureView] {
        &self.views
    }

    /// Drops every kept view.
    pub fn clear(&mut self) {
        self.plan = None;
        self.textures.clear();
        self.views.clear();
        self.cached.clear();
    }

    /// Drops the kept views if one of them views one of `removed`, which the
    /// pool has destroyed.
    pub fn forget(&mut self, removed: &[NativeResource]) {
        let gone = |texture: &wgpu::Texture| {
            removed.iter().any(|native| matches!(native, NativeResource::Texture(gone) if gone == texture))
        };
        if self.textures.iter().any(gone) {
            self.clear();
        }
    }

    /// Whether kept view `index` is of `texture`.
    fn holds(&self, index: usize, texture: &wgpu::Texture) -> bool {
        self.textures.get(index) == Some(texture)
    }

    /// Hands out kept view `index` of pooled `texture` again, marking it
    /// used in `cached`, the texture's cached views; false when it is not
    /// kept, is of another texture, or the pool no longer caches it.
    fn reuse(&self, index: usize, texture: &wgpu::Texture, cached: &mut [CachedView]) -> bool {
        if !self.holds(index, texture) {
            return false;
        }
        match cached.get_mut(self.cached[index]) {
            Some(found) if found.view == self.views[index] => {
                found.used = true;
                true
            }
            _ => false,
        }
    }

    /// Keeps `view` of `texture` as view `index`, at `cached` among the
    /// texture's cached views: the views before it are kept already.
    fn store(&mut self, index: usize, texture: &wgpu::Texture, view: wgpu::TextureView, cached: usize) {
        if index < self.views.len() {
            if self.textures[index] != *texture {
                self.textures[index] = texture.clone();
            }
            self.views[index] = view;
            self.cached[index] = cached;
        } else {
            self.views.push(view);
            self.textures.push(texture.clone());
            self.cached.push(cached);
        }
    }
}

/// The kept views lent to one execution: when it ends, however it ends,
/// views of surface textures are dropped with the rest, since a surface
/// texture lives one frame.
pub(crate) struct ViewLoan<'a> {
    kept: &'a mut KeptViews,
    frame_scoped: bool,
}

impl ViewLoan<'_> {
    pub fn views(&self) -> &[wgpu::TextureView] {
        self.kept.views()
    }
}

impl Drop for ViewLoan<'_> {
    fn drop(&mut self) {
        if self.frame_scoped {
            self.kept.clear();
        }
    }
}

/// One native view per planned view of plan `plan`, in plan order, in `kept`:
/// the kept view where it is of the same plan and texture, otherwise a
/// cached or new one.
#[allow(clippy::too_many_arguments, reason = "one execution's tables, each borrowed apart")]
pub(crate) fn native_views<'k>(
    device: &wgpu::Device,
    (plan, planned): (u64, &[PlannedView]),
    rec: &Recording<'_>,
    allocations: &[Option<AllocationId>],
    leased: &mut [Instance],
    imports: &mut ImportViews,
    now: u64,
    kept: &'k mut KeptViews,
) -> Result<ViewLoan<'k>> {
    if kept.plan != Some(plan) || kept.views.len() > planned.len() {
        kept.clear();
        kept.plan = Some(plan);
    }
    let mut loan = ViewLoan { kept, frame_scoped: false };
    for (index, view) in planned.iter().enumerate() {
        match allocations[view.resource.index()] {
            Some(allocation) => {
                let instance = leased.get_mut(allocation.index()).ok_or_else(|| {
                    FrameGraphError::internal(format!("{allocation} of {} was not leased", view.resource))
                })?;
                let Pooled { native: NativeResource::Texture(texture), views: cached, .. } = &mut **instance else {
                    return Err(FrameGraphError::internal(format!(
                        "a view of {} was planned on a buffer",
                        view.resource
                    )));
                };
                if !loan.kept.reuse(index, texture, cached) {
                    let (native, at) = pooled_view(device, texture, cached, view)
                        .map_err(|error| unmade(rec, view, texture, &error))?;
                    loan.kept.store(index, texture, native, at);
                }
            }
            None => match rec.native(view.resource) {
                Some(NativeResource::Texture(texture))
                    if rec.facts[view.resource.index()].origin == ResourceOrigin::Surface =>
                {
                    loan.frame_scoped = true;
                    let native = create_view(device, texture, view).map_err(|error| refused(rec, view, &error))?;
                    loan.kept.store(index, texture, native, usize::MAX);
                }
                Some(NativeResource::Texture(texture)) => {
                    if !loan.kept.holds(index, texture) {
                        let native = imports
                            .get_or_create(device, texture, view, now)
                            .map_err(|error| refused(rec, view, &error))?;
                        loan.kept.store(index, texture, native, usize::MAX);
                    }
                }
                _ => {
                    let resource = &rec.resources[view.resource.index()];
                    return Err(FrameGraphError::MissingNativeBinding {
                        resource: ResourceRef { id: view.resource, label: resource.label().clone() },
                    });
                }
            },
        }
    }
    Ok(loan)
}

/// FG4012 for the view `planned` of a pooled texture that wgpu refused:
/// the recording was checked against capabilities that did not know what
/// the view's format can do on this device.
#[cold]
fn unmade(rec: &Recording<'_>, planned: &PlannedView, texture: &wgpu::Texture, error: &wgpu::Error) -> FrameGraphError {
    FrameGraphError::NativeCreationFailed {
        resource: rec.resource_ref(planned.resource),
        reason: format!(
            "wgpu refused a view of it in format {:?} ({}); the device's format features decide what a view \
             can be used for: plan the frame with DeviceCapabilities::of_adapter_device to have them checked \
             when it is recorded, or view it in a format that supports the use",
            planned.format.unwrap_or(texture.format()),
            one_line(error)
        ),
    }
}

/// FG4003 for the view `planned` of a caller's texture that wgpu refused.
#[cold]
fn refused(rec: &Recording<'_>, planned: &PlannedView, error: &wgpu::Error) -> FrameGraphError {
    FrameGraphError::NativeDescriptorMismatch {
        resource: rec.resource_ref(planned.resource),
        message: format!(
            "wgpu refused a view of it ({}); for a view format, create the native texture with it in its \
             `view_formats` (for a surface, in the surface configuration's `view_formats`) or view it in its own \
             format; a destroyed texture cannot be bound",
            one_line(error)
        ),
    }
}
