//! [`NativeTable`]: the native object behind each logical resource during
//! one execution — the bound object of an import, the leased pool object of
//! a transient.

use crate::error::{FrameGraphError, ResourceRef, Result};
use crate::ids::{AllocationId, ResourceId};
use crate::physical::NativeResource;
use crate::pool::store::Instance;
use crate::record::recording::native;
use crate::record::{BoundNative, ResourceFacts, ResourceRecord};
use crate::types::ResourceOrigin;

#[derive(Clone, Copy)]
pub(crate) struct NativeTable<'e> {
    pub resources: &'e [ResourceRecord],
    /// The bound native objects the resources index.
    pub bound: &'e [BoundNative],
    pub facts: &'e [ResourceFacts],
    /// The physical allocation of each transient.
    pub allocations: &'e [Option<AllocationId>],
    /// The leased object of each allocation.
    pub leased: &'e [Instance],
}

impl<'e> NativeTable<'e> {
    /// The native object of `resource` (FG4002 when there is none).
    pub fn get(&self, resource: ResourceId) -> Result<&'e NativeResource> {
        let native = match self.allocations[resource.index()] {
            Some(allocation) => self.leased.get(allocation.index()).map(|instance| &instance.native),
            None => native(self.resources, self.bound, resource),
        };
        native.ok_or_else(|| FrameGraphError::MissingNativeBinding {
            resource: ResourceRef { id: resource, label: self.resources[resource.index()].label().clone() },
        })
    }

    /// Whether `resource` is a surface texture, whose objects live one frame.
    pub fn is_surface(&self, resource: ResourceId) -> bool {
        self.facts[resource.index()].origin == ResourceOrigin::Surface
    }

    pub fn buffer(&self, resource: ResourceId) -> Result<&'e wgpu::Buffer> {
        match self.get(resource)? {
            NativeResource::Buffer(buffer) => Ok(buffer),
            NativeResource::Texture(_) => Err(FrameGraphError::internal(format!("{resource} is not a buffer"))),
        }
    }

    pub fn texture(&self, resource: ResourceId) -> Result<&'e wgpu::Texture> {
        match self.get(resource)? {
            NativeResource::Texture(texture) => Ok(texture),
            NativeResource::Buffer(_) => Err(FrameGraphError::internal(format!("{resource} is not a texture"))),
        }
    }
}
