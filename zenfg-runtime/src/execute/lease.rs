//! [`Lease`]: the transients of one execution, handed back to the pool when
//! the execution ends, however it ends (errors and panics included).

use crate::compile::aliasing::Allocation;
use crate::ids::ResourceId;
use crate::pool::store::{Instance, ResourcePool, Slot};
use crate::record::ResourceRecord;

/// The pool slot of each allocation of one plan, kept between executions so
/// that executing a plan again looks no key up.
#[derive(Default)]
pub(crate) struct PlanSlots {
    slots: Vec<Slot>,
    /// The plan and the pool generation the slots were found for.
    found_for: Option<(u64, u64)>,
}

impl PlanSlots {
    /// The slots of `allocations`, the allocations of the plan `plan`
    /// counts, found again only when the plan or the pool's slots changed.
    fn of(&mut self, pool: &mut ResourcePool, plan: u64, allocations: &[Allocation]) -> &[Slot] {
        let current = Some((plan, pool.generation()));
        if self.found_for != current {
            self.slots.clear();
            self.slots.extend(allocations.iter().map(|allocation| pool.slot(&allocation.key)));
            self.found_for = current;
        }
        &self.slots
    }
}

/// The native objects of one execution, one per physical allocation, in
/// allocation order, held in the runtime's kept table.
pub(crate) struct Lease<'a> {
    pool: &'a mut ResourcePool,
    slots: &'a [Slot],
    instances: &'a mut Vec<Instance>,
}

impl<'a> Lease<'a> {
    /// Acquires one object per allocation into `instances`, which is empty
    /// and is emptied again when the lease ends. An object created for an
    /// allocation is labelled after the allocation's first logical resource.
    /// When wgpu refuses to create one, what was acquired goes back to the
    /// pool and the refusal names that first resource. `plan` identifies the
    /// plan the allocations are those of, for `slots` to keep theirs.
    pub fn acquire(
        pool: &'a mut ResourcePool,
        device: &wgpu::Device,
        (plan, allocations): (u64, &[Allocation]),
        resources: &[ResourceRecord],
        slots: &'a mut PlanSlots,
        instances: &'a mut Vec<Instance>,
    ) -> Result<Self, (ResourceId, wgpu::Error)> {
        instances.reserve(allocations.len());
        let slots = slots.of(pool, plan, allocations);
        let lease = Self { pool, slots, instances };
        for (allocation, &slot) in allocations.iter().zip(slots) {
            let label = resources[allocation.first.index()].label();
            let bytes = || allocation.estimated_bytes(resources);
            let instance = lease.pool.acquire(device, slot, bytes, label).map_err(|error| (allocation.first, error))?;
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
        for (&slot, instance) in self.slots.iter().zip(self.instances.drain(..)) {
            self.pool.release(slot, instance);
        }
    }
}
