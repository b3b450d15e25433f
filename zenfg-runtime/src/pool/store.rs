//! [`ResourcePool`]: native objects retained between executions, keyed by
//! compatibility.
//!
//! Each bucket is a stack: an execution takes the most recently returned
//! object, so objects that stop being needed age and can be evicted. Empty
//! buckets stay until maintenance, which keeps warm executions free of
//! allocations. Buckets are found by key once and then by their
//! [`slot`](ResourcePool::slot): an execution of a plan the runtime executed
//! before goes straight to its buckets, hashing and comparing no key.

use std::ops::{Deref, DerefMut};

use super::stats::ResourcePoolStats;
use crate::hash::FastMap;
use crate::physical::{HashedKey, NativeResource, PhysicalDesc, PlannedView, ResourcePoolScope};
use crate::scoped::in_error_scopes;

/// A native view kept with a pooled texture for later executions that plan
/// the same view.
pub(crate) struct CachedView {
    pub planned: PlannedView,
    pub view: wgpu::TextureView,
    /// Handed out during the current execution.
    pub used: bool,
}

/// One native object owned by the pool or leased to an execution, boxed so
/// that leasing and returning it moves a pointer rather than the native
/// object and its descriptor.
pub(crate) struct Instance(Box<Pooled>);

/// What the pool keeps of one native object.
pub(crate) struct Pooled {
    pub native: NativeResource,
    pub bytes: u64,
    /// The pool's execution count when the object was last acquired.
    pub last_acquired: u64,
    /// Identifies the object inside the pool, for eviction.
    pub serial: u64,
    /// Views of a texture, kept across executions.
    pub views: Vec<CachedView>,
}

impl Deref for Instance {
    type Target = Pooled;

    fn deref(&self) -> &Pooled {
        &self.0
    }
}

impl DerefMut for Instance {
    fn deref_mut(&mut self) -> &mut Pooled {
        &mut self.0
    }
}

/// The retained objects of one key, most recently returned last.
pub(super) struct Bucket {
    pub key: HashedKey,
    pub instances: Vec<Instance>,
}

/// Where a key's bucket is, while the pool's [`generation`](ResourcePool::generation)
/// stays the one it was found in.
pub(crate) type Slot = usize;

/// The transient pool of one device-backed runtime.
#[derive(Default)]
pub(crate) struct ResourcePool {
    pub(super) buckets: Vec<Bucket>,
    /// The slot of each key's bucket.
    slots: FastMap<HashedKey, Slot>,
    /// Counts the times maintenance moved buckets, which makes slots found
    /// before stale.
    generation: u64,
    /// Accepted executions so far: the clock of idle ages.
    pub(super) executions: u64,
    pub(super) stats: ResourcePoolStats,
    /// Objects created so far: the next serial.
    created: u64,
    /// The objects the last maintenance destroyed, for the caches that
    /// refer to them; emptied by whoever reads them.
    pub removed: Vec<NativeResource>,
}

impl ResourcePool {
    pub fn stats(&self) -> ResourcePoolStats {
        self.stats
    }

    /// Marks the start of an accepted execution: every retained object is one
    /// execution older.
    pub fn age(&mut self) {
        self.executions += 1;
    }

    /// The slot of `key`'s bucket, which is created empty if there is none.
    pub fn slot(&mut self, key: &HashedKey) -> Slot {
        if let Some(&slot) = self.slots.get(key) {
            return slot;
        }
        let slot = self.buckets.len();
        self.buckets.push(Bucket { key: key.clone(), instances: Vec::new() });
        self.slots.insert(key.clone(), slot);
        slot
    }

    /// Changes whenever slots found before stop being valid.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Takes a retained object from the bucket at `slot`, or creates one
    /// labelled `label` whose planning estimate `estimated_bytes` gives. An
    /// object counts as created only once wgpu has created it: its refusal
    /// is returned and changes no counter.
    #[inline]
    pub fn acquire(
        &mut self,
        device: &wgpu::Device,
        slot: Slot,
        estimated_bytes: impl FnOnce() -> u64,
        label: &str,
    ) -> Result<Instance, wgpu::Error> {
        let bucket = &mut self.buckets[slot];
        if let Some(mut instance) = bucket.instances.pop() {
            self.stats.acquire_count += 1;
            self.stats.reuse_count += 1;
            self.stats.retained_count -= 1;
            self.stats.estimated_retained_bytes -= instance.bytes;
            instance.last_acquired = self.executions;
            return Ok(instance);
        }
        let native = create_native(device, &bucket.key.desc, label)?;
        self.stats.acquire_count += 1;
        self.stats.created_count += 1;
        self.created += 1;
        Ok(Instance(Box::new(Pooled {
            native,
            bytes: estimated_bytes(),
            last_acquired: self.executions,
            serial: self.created,
            views: Vec::new(),
        })))
    }

    /// Takes `instance`, acquired from `slot`, back for later executions.
    /// Views the execution did not use are dropped, so the kept views follow
    /// what frames plan now.
    #[inline]
    pub fn release(&mut self, slot: Slot, mut instance: Instance) {
        instance.views.retain_mut(|cached| std::mem::replace(&mut cached.used, false));
        self.stats.retained_count += 1;
        self.stats.estimated_retained_bytes += instance.bytes;
        self.buckets[slot].instances.push(instance);
    }

    /// Destroys every retained object for which `remove` holds, then drops
    /// the buckets left empty; returns the estimated bytes removed.
    pub(super) fn remove_where(&mut self, mut remove: impl FnMut(&HashedKey, &Instance) -> bool) -> u64 {
        let mut removed_bytes = 0;
        let Self { stats, removed, buckets, slots, generation, .. } = self;
        for Bucket { key, instances } in buckets.iter_mut() {
            instances.retain(|instance| {
                if !remove(key, instance) {
                    return true;
                }
                instance.native.destroy();
                removed.push(instance.native.clone());
                stats.retained_count -= 1;
                stats.estimated_retained_bytes -= instance.bytes;
                stats.evicted_count += 1;
                stats.estimated_evicted_bytes += instance.bytes;
                removed_bytes += instance.bytes;
                false
            });
        }
        if buckets.iter().any(|bucket| bucket.instances.is_empty()) {
            buckets.retain(|bucket| !bucket.instances.is_empty());
            slots.clear();
            slots.extend(buckets.iter().enumerate().map(|(slot, bucket)| (bucket.key.clone(), slot)));
            *generation += 1;
        }
        removed_bytes
    }

    /// Destroys every retained object.
    pub fn clear(&mut self) -> u64 {
        self.remove_where(|_, _| true)
    }

    /// Destroys every retained object of one partition.
    pub fn clear_scope(&mut self, scope: ResourcePoolScope) -> u64 {
        self.remove_where(|key, _| key.scope == Some(scope))
    }
}

impl Drop for ResourcePool {
    fn drop(&mut self) {
        for instance in self.buckets.iter().flat_map(|bucket| &bucket.instances) {
            instance.native.destroy();
        }
    }
}

/// Creates the native object of `desc`, or returns wgpu's refusal. Cold:
/// a warm execution finds every object in the pool.
#[cold]
#[inline(never)]
fn create_native(device: &wgpu::Device, desc: &PhysicalDesc, label: &str) -> Result<NativeResource, wgpu::Error> {
    let (native, refusal) = in_error_scopes(device, || match desc {
        PhysicalDesc::Buffer { size, usage } => NativeResource::Buffer(device.create_buffer(&wgpu::BufferDescriptor {
            label: Some(label),
            size: *size,
            usage: *usage,
            mapped_at_creation: false,
        })),
        PhysicalDesc::Texture { format, size, dimension, mip_level_count, sample_count, view_formats, usage } => {
            NativeResource::Texture(device.create_texture(&wgpu::TextureDescriptor {
                label: Some(label),
                size: *size,
                mip_level_count: *mip_level_count,
                sample_count: *sample_count,
                dimension: *dimension,
                format: *format,
                usage: *usage,
                view_formats,
            }))
        }
    });
    match refusal {
        Some(error) => {
            native.destroy();
            Err(error)
        }
        None => Ok(native),
    }
}

#[cfg(test)]
mod tests {
    use super::ResourcePool;
    use crate::physical::{AllocationKey, HashedKey, PhysicalDesc};

    fn buffer_key(size: u64) -> HashedKey {
        HashedKey::new(AllocationKey {
            scope: None,
            desc: PhysicalDesc::Buffer { size, usage: wgpu::BufferUsages::STORAGE },
        })
    }

    #[test]
    fn slots_stay_with_their_keys_until_maintenance_moves_buckets() {
        let (device, _queue) = wgpu::Device::noop(&Default::default());
        let mut pool = ResourcePool::default();
        let (small, large) = (buffer_key(256), buffer_key(1024));
        let (first, second) = (pool.slot(&small), pool.slot(&large));
        assert_eq!((pool.slot(&small), pool.slot(&large)), (first, second), "a key keeps its slot");
        let generation = pool.generation();

        let one = pool.acquire(&device, first, || 256, "small").unwrap();
        let other = pool.acquire(&device, second, || 1024, "large").unwrap();
        let large_serial = other.serial;
        pool.release(first, one);
        pool.release(second, other);
        assert_eq!(pool.generation(), generation, "acquiring and releasing moves no bucket");

        assert_eq!(pool.remove_where(|key, _| *key == small), 256);
        assert_ne!(pool.generation(), generation, "dropping the emptied bucket makes old slots stale");
        let moved = pool.slot(&large);
        let again = pool.acquire(&device, moved, || 1024, "large").unwrap();
        assert_eq!(again.serial, large_serial, "the new slot holds the large buffer");
        assert_eq!((pool.stats().created_count, pool.stats().reuse_count), (2, 1));
        pool.release(moved, again);
        let recreated = pool.slot(&small);
        assert_ne!(recreated, moved);
        let fresh = pool.acquire(&device, recreated, || 256, "small").unwrap();
        assert_eq!(pool.stats().created_count, 3, "the evicted key's object is created again");
        pool.release(recreated, fresh);
    }
}
