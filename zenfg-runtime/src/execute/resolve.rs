//! Token resolution inside callbacks.

use std::cell::RefCell;

use super::natives::NativeTable;
use crate::binding::{BindGroupTable, BindingCache, BindingSource};
use crate::compile::views::ViewPlan;
use crate::context::{Resolve, Subresources, TextureBinding};
use crate::desc::Label;
use crate::error::{FrameGraphError, PassRef, Result};
use crate::handle::RecordingIdentity;
use crate::ids::{AccessId, PassId};
use crate::record::{AccessRecord, Region, Slices};
use crate::scoped::one_line;

/// Everything callbacks may resolve during one execution.
pub(crate) struct ResolveTable<'e> {
    pub identity: RecordingIdentity,
    /// The label of each node, by node id.
    pub labels: &'e [Label],
    pub accesses: &'e [AccessRecord],
    /// Bound imports and leased transients.
    pub natives: NativeTable<'e>,
    /// The planned view of each access.
    pub view_plan: &'e ViewPlan,
    pub views: &'e [wgpu::TextureView],
    pub device: &'e wgpu::Device,
    /// The runtime's bind group cache, which callbacks of derived passes
    /// with bindings look their bind groups up in, one at a time.
    pub bindings: RefCell<&'e mut BindingCache>,
}

impl<'e> ResolveTable<'e> {
    /// Checks identity (FG2001), then pass (FG4005), then the access itself.
    fn access(
        &self,
        executing: PassId,
        identity: RecordingIdentity,
        pass: PassId,
        access: AccessId,
    ) -> Result<&'e AccessRecord> {
        let pass_ref = |id: PassId| PassRef { id, label: self.labels.get(id.index()).cloned().unwrap_or_default() };
        if identity != self.identity {
            return Err(FrameGraphError::ForeignHandle {
                pass: Some(pass_ref(executing)),
                expected_owner: self.identity.owner,
                expected_recording: self.identity.recording,
                actual_owner: identity.owner,
                actual_recording: identity.recording,
            });
        }
        if pass != executing {
            return Err(FrameGraphError::WrongPassToken {
                executing_pass: pass_ref(executing),
                token_pass: pass_ref(pass),
            });
        }
        self.accesses
            .get(access.index())
            .filter(|record| record.pass == pass)
            .ok_or_else(|| FrameGraphError::internal(format!("{access} of {pass} is not in the compiled frame")))
    }
}

impl<'e, 'x: 'e> Resolve<'e> for ResolveTable<'x> {
    fn buffer(
        &self,
        executing: PassId,
        identity: RecordingIdentity,
        pass: PassId,
        access: AccessId,
    ) -> Result<&'e wgpu::Buffer> {
        let record = self.access(executing, identity, pass, access)?;
        self.natives.buffer(record.resource)
    }

    fn buffer_bytes(
        &self,
        executing: PassId,
        identity: RecordingIdentity,
        pass: PassId,
        access: AccessId,
    ) -> Result<(&'e wgpu::Buffer, u64, u64)> {
        let record = self.access(executing, identity, pass, access)?;
        let Region::Buffer { offset, end } = record.region() else {
            return Err(FrameGraphError::internal(format!("{access}, a buffer access, selects texture subresources")));
        };
        Ok((self.natives.buffer(record.resource)?, offset, end - offset))
    }

    fn texture(
        &self,
        executing: PassId,
        identity: RecordingIdentity,
        pass: PassId,
        access: AccessId,
    ) -> Result<&'e wgpu::Texture> {
        let record = self.access(executing, identity, pass, access)?;
        self.natives.texture(record.resource)
    }

    fn texture_view(
        &self,
        executing: PassId,
        identity: RecordingIdentity,
        pass: PassId,
        access: AccessId,
    ) -> Result<&'e wgpu::TextureView> {
        let record = self.access(executing, identity, pass, access)?;
        self.natives.get(record.resource)?;
        match self.view_plan.access_view(access) {
            Some(index) => Ok(&self.views[index]),
            None => Err(FrameGraphError::internal(format!("{access}, a {} access, has no planned view", record.role))),
        }
    }

    fn texture_region(
        &self,
        executing: PassId,
        identity: RecordingIdentity,
        pass: PassId,
        access: AccessId,
    ) -> Result<(&'e wgpu::Texture, Subresources)> {
        let record = self.access(executing, identity, pass, access)?;
        let texture = self.natives.texture(record.resource)?;
        let Region::Texture(region) = record.region() else {
            return Err(FrameGraphError::internal(format!("{access}, a texture access, selects buffer bytes")));
        };
        let layers = match region.slices {
            Slices::Range { base, count } => base..base + count,
            Slices::AllDepth => {
                0..texture.size().mip_level_size(region.base_mip, texture.dimension()).depth_or_array_layers
            }
        };
        Ok((
            texture,
            Subresources {
                format: texture.format(),
                base_mip: region.base_mip,
                mip_count: region.mip_count,
                base_layer: layers.start,
                layer_count: layers.end - layers.start,
            },
        ))
    }

    fn texture_binding(
        &self,
        executing: PassId,
        identity: RecordingIdentity,
        pass: PassId,
        access: AccessId,
    ) -> Result<TextureBinding<'e>> {
        let record = self.access(executing, identity, pass, access)?;
        let texture = self.natives.texture(record.resource)?;
        let Some(index) = self.view_plan.access_view(access) else {
            return Err(FrameGraphError::internal(format!("{access}, a {} access, has no planned view", record.role)));
        };
        let planned = &self.view_plan.views[index];
        let layers =
            || texture.size().mip_level_size(planned.base_mip_level, texture.dimension()).depth_or_array_layers;
        Ok(TextureBinding {
            view: &self.views[index],
            texture,
            subresources: Subresources {
                format: planned.format.unwrap_or_else(|| texture.format()),
                base_mip: planned.base_mip_level,
                mip_count: planned.mip_level_count,
                base_layer: planned.base_array_layer,
                layer_count: planned.array_layer_count.unwrap_or_else(layers),
            },
            frame_scoped: self.natives.is_surface(record.resource),
        })
    }

    fn bind_group(
        &self,
        executing: PassId,
        table: &'static BindGroupTable,
        sources: &[BindingSource<'_>],
    ) -> Result<wgpu::BindGroup> {
        let mut bindings = self
            .bindings
            .try_borrow_mut()
            .map_err(|_| FrameGraphError::internal("the bind group cache is borrowed by another lookup"))?;
        let now = bindings.now();
        let BindingCache { layouts, groups, .. } = &mut **bindings;
        let label = &self.labels[executing.index()];
        let layout = || {
            // Moved in, so the layout can outlive the call.
            let layouts = layouts;
            layouts.get(self.device, table, label)
        };
        groups.get_or_create(self.device, layout, table, sources, label, now).map_err(|error| {
            FrameGraphError::BindGroupRefused {
                pass: PassRef { id: executing, label: label.clone() },
                group: table.group,
                reason: one_line(&error),
            }
        })
    }
}
