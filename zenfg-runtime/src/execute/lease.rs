//! [`Lease`]: the transients of one execution, handed back to the pool when
//! the execution ends, however it ends (errors and panics included).

use crate::compile::aliasing::Allocation;
use crate::ids::ResourceId;
use crate::pool::store::{Instance, ResourcePool};
use crate::record::ResourceRecord;

/// The native objects of one execution, one per physical allocation, in
/// allocation order, held in the runtime's kept table.
pub(crate) struct Lease<'a> {
    pool: &'a mut ResourcePool,
    allocations: &'a [Allocation],
    instances: &'a mut Vec<Instance>,
}

impl<'a> Lease<'a> {
    /// Acquires one object per allocation into `instances`, which is empty
    /// and is emptied again when the lease ends. An object created for an
    /// allocation is labelled after the allocation's first logical resource.
    /// When wgpu refuses to create one, what was acquired goes back to the
    /// pool and the refusal names that first resource.
    pub fn acquire(
        pool: &'a mut ResourcePool,
        device: &wgpu::Device,
        allocations: &'a [Allocation],
        resources: &[ResourceRecord],
        instances: &'a mut Vec<Instance>,
    ) -> Result<Self, (ResourceId, wgpu::Error)> {
        instances.reserve(allocations.len());
        let lease = Self { pool, allocations, instances };
        for allocation in allocations {
            let label = resources[allocation.first.index()].label();
            let bytes = || allocation.estimated_bytes(resources);
            let instance =
                lease.pool.acquire(device, &allocation.key, bytes, label).map_err(|error| (allocation.first, error))?;
            lease.instances.push(instance);
        }
        Ok(lease)
    }

    /// The leased objects, indexed by allocation id.
    pub fn instances(&self) -> &[Instance] {
        self.instances
    }

    /// The leased objects, to hand out their cached views.
    pub fn instances_mut(&mut self) -> &mut [Instance] {
        self.instances
    }
}

impl Drop for Lease<'_> {
    fn drop(&mut self) {
        for (allocation, instance) in self.allocations.iter().zip(self.instances.drain(..)) {
            self.pool.release(&allocation.key, instance);
        }
    }
}
