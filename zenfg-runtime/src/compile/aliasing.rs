//! The aliasing plan: transients whose lifetimes do not overlap share one
//! physical allocation when their compatibility keys are equal.
//!
//! Candidates are taken in order of first use (ties in the order their first
//! node declared them); each takes the free allocation of its key that was
//! opened first (the lowest [`AllocationId`]), or opens a new one. This is
//! interval partitioning, which is optimal: per key, the number of
//! allocations equals the largest number of simultaneously live transients.
//! Every allocation of a key has the same size, so which free one a candidate
//! takes changes no count and no byte; the first opened is the reference
//! semantics' first fit. Lifetimes that meet at one node overlap (a
//! node reading A and writing B cannot alias them). Allocations are freed by
//! sweeping the execution positions once and kept per key in a min-heap, so
//! planning is `O(n log n)` in the transients.
//!
//! Buffers are grouped in size classes: four classes per power of two, so an
//! allocation is at most 1.25 times the size of any buffer it holds.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use wgpu::{BufferUsages, TextureUsages};

use super::lifetimes::{Lifetime, Uses};
use super::options::Aliasing;
use super::reuse::Kept;
use crate::format::estimated_texture_bytes;
use crate::hash::FastMap;
use crate::ids::{AllocationId, ResourceId};
use crate::physical::{AllocationKey, HashedKey, PhysicalDesc};
use crate::record::{Recording, ResourceRecord, ResourceShape};
use crate::types::ResourceOrigin;

/// One physical allocation of the plan. Its resources are those the plan
/// assigns to it; their lifetimes are disjoint, so they take turns in order of
/// first use.
#[derive(Clone, Debug)]
pub(crate) struct Allocation {
    pub key: HashedKey,
    /// The first resource placed in it.
    pub first: ResourceId,
    pub lifetime: Lifetime,
}

impl Allocation {
    /// Its estimated size, from the descriptor of its first resource:
    /// computed where it is used, since a warm execution, which reuses its
    /// pooled objects, does not need it.
    pub fn estimated_bytes(&self, resources: &[ResourceRecord]) -> u64 {
        match (&self.key.desc, resources[self.first.index()].texture_desc()) {
            (PhysicalDesc::Texture { .. }, Some(desc)) => estimated_texture_bytes(desc),
            (PhysicalDesc::Buffer { size, .. }, _) => *size,
            (PhysicalDesc::Texture { .. }, None) => unreachable!("a texture allocation's first resource is a texture"),
        }
    }
}

/// The size class of a buffer: `size` rounded up to a quarter of its
/// power of two (exact below 8 bytes).
pub(crate) fn buffer_size_class(size: u64) -> u64 {
    if size <= 8 {
        return size;
    }
    let step = (1_u64 << (63 - size.leading_zeros())) >> 2;
    size.div_ceil(step).saturating_mul(step)
}

fn physical_desc(rec: &Recording<'_>, resource: ResourceId, usage: u32) -> PhysicalDesc {
    match &rec.resources[resource.index()].shape {
        ResourceShape::Buffer { desc, .. } => {
            PhysicalDesc::Buffer { size: buffer_size_class(desc.size), usage: BufferUsages::from_bits_truncate(usage) }
        }
        ResourceShape::Texture { desc, .. } => {
            let mut view_formats = desc.view_formats.clone();
            view_formats.sort_by_cached_key(|format| format!("{format:?}"));
            view_formats.dedup();
            PhysicalDesc::Texture {
                format: desc.format,
                size: desc.size,
                dimension: desc.dimension,
                mip_level_count: desc.mip_level_count,
                sample_count: desc.sample_count,
                view_formats,
                usage: TextureUsages::from_bits_truncate(usage),
            }
        }
    }
}

/// Whether two transients have equal compatibility keys, judged from their
/// facts and descriptors without building the keys. `false` may still mean
/// equal keys (view formats listed in another order), so it only gates a
/// fast path.
fn same_key(rec: &Recording<'_>, a: ResourceId, a_usage: u32, b: ResourceId, b_usage: u32) -> bool {
    let (x, y) = (&rec.facts[a.index()], &rec.facts[b.index()]);
    if a_usage != b_usage || x.scoped() != y.scoped() || (x.scoped() && rec.scope(a) != rec.scope(b)) {
        return false;
    }
    match (x.buffer_size(), y.buffer_size()) {
        (Some(x), Some(y)) => x == y || buffer_size_class(x) == buffer_size_class(y),
        (None, None) => {
            let (x, y) = (rec.texture_desc(a), rec.texture_desc(b));
            x.format == y.format
                && x.size == y.size
                && x.dimension == y.dimension
                && x.mip_level_count == y.mip_level_count
                && x.sample_count == y.sample_count
                && x.view_formats == y.view_formats
        }
        _ => false,
    }
}

/// The end of an allocation list.
const NONE: u32 = u32::MAX;

/// How many keys of earlier plans are kept, at least, for later ones.
const KEPT_KEYS: usize = 64;

/// Allocation planning: its working tables and the tables of its plans,
/// kept across compiles.
#[derive(Default)]
pub(crate) struct AliasingPlanner {
    key_index: FastMap<HashedKey, u32>,
    keys: Vec<HashedKey>,
    /// Per transient, in order of first use, its key in the last plan that
    /// looked it up: a frame like the last one finds its keys by equality,
    /// without hashing them.
    candidate_keys: Vec<u32>,
    /// Per key, its free allocations, the first opened on top.
    free: Vec<BinaryHeap<Reverse<u32>>>,
    /// Per execution position, the allocations whose current member is last
    /// used there.
    release_head: Vec<u32>,
    /// Per allocation in use, the next one of its release list.
    next: Vec<u32>,
    /// Per allocation, its key.
    allocation_key: Vec<u32>,
    allocations: Kept<Vec<Allocation>>,
    assignment: Kept<Vec<Option<AllocationId>>>,
}

/// The physical allocations of a plan, and each resource's allocation.
pub(crate) struct Allocations {
    pub allocations: Vec<Allocation>,
    pub assignment: Vec<Option<AllocationId>>,
}

impl AliasingPlanner {
    /// Moves the allocations released before `position` to their free lists.
    fn release_until(&mut self, swept: &mut usize, position: usize) {
        while *swept < position {
            let mut released = self.release_head[*swept];
            if released != NONE {
                self.release_head[*swept] = NONE;
            }
            while released != NONE {
                let next = self.next[released as usize];
                let key = self.allocation_key[released as usize] as usize;
                self.free[key].push(Reverse(released));
                released = next;
            }
            *swept += 1;
        }
    }

    /// The index of the key of the `candidate`-th transient: the same
    /// candidate's key of the last plan when it is equal, or `key`'s found or
    /// added by hash.
    fn candidate_key(&mut self, candidate: usize, key: AllocationKey) -> u32 {
        if let Some(&previous) = self.candidate_keys.get(candidate)
            && previous != NONE
            && *self.keys[previous as usize] == key
        {
            return previous;
        }
        let index = self.key(HashedKey::new(key));
        if self.candidate_keys.len() <= candidate {
            self.candidate_keys.resize(candidate + 1, NONE);
        }
        self.candidate_keys[candidate] = index;
        index
    }

    /// The index of `key`, added if new.
    fn key(&mut self, key: HashedKey) -> u32 {
        let Self { key_index, keys, free, .. } = self;
        *key_index.entry(key).or_insert_with_key(|key| {
            keys.push(key.clone());
            free.push(BinaryHeap::new());
            (keys.len() - 1) as u32
        })
    }
}

impl AliasingPlanner {
    /// Plans the physical allocations of the transients `uses` touches, over
    /// `positions` execution positions.
    pub fn plan(
        &mut self,
        rec: &Recording<'_>,
        uses: &Uses,
        usage: &[u32],
        positions: usize,
        aliasing: Aliasing,
    ) -> Allocations {
        let mut allocations = self.allocations.take();
        let mut assignment = self.assignment.take();
        assignment.resize(rec.resources.len(), None);
        // Frames of one runtime tend to use the same keys: the keys of earlier
        // plans are kept, so that a warm plan only finds them, unless they
        // outnumber what this frame could use.
        if self.keys.len() > KEPT_KEYS.max(rec.resources.len()) {
            self.key_index.clear();
            self.keys.clear();
            self.candidate_keys.clear();
            self.free.clear();
        }
        self.free.iter_mut().for_each(BinaryHeap::clear);
        self.release_head.clear();
        self.release_head.resize(positions, NONE);
        self.next.clear();
        self.allocation_key.clear();
        self.assign(rec, uses, usage, aliasing, &mut allocations, &mut assignment);
        Allocations { allocations, assignment }
    }

    /// Takes back the tables of a plan that is done.
    pub fn recycle(&mut self, allocations: Allocations) {
        self.allocations.keep(allocations.allocations);
        self.assignment.keep(allocations.assignment);
    }

    /// Places every transient, in order of first use. Without aliasing no
    /// allocation is ever released, so each transient gets its own.
    fn assign(
        &mut self,
        rec: &Recording<'_>,
        uses: &Uses,
        usage: &[u32],
        aliasing: Aliasing,
        allocations: &mut Vec<Allocation>,
        assignment: &mut [Option<AllocationId>],
    ) {
        let mut swept = 0_usize;
        // Neighbouring transients usually share a key: the last candidate and its key.
        let mut last: Option<(ResourceId, u32, u32)> = None;
        let mut candidate = 0;
        for &resource in &uses.first_touch {
            let Some(lifetime) = uses.lifetimes[resource.index()] else { continue };
            if rec.facts[resource.index()].origin != ResourceOrigin::Transient {
                continue;
            }
            if aliasing == Aliasing::Enabled {
                self.release_until(&mut swept, lifetime.first as usize);
            }
            let bits = usage[resource.index()];
            let key = match last {
                Some((previous, previous_bits, key)) if same_key(rec, previous, previous_bits, resource, bits) => key,
                _ => {
                    let key = AllocationKey { scope: rec.scope(resource), desc: physical_desc(rec, resource, bits) };
                    self.candidate_key(candidate, key)
                }
            };
            candidate += 1;
            last = Some((resource, bits, key));
            let allocation = if let Some(Reverse(free)) = self.free[key as usize].pop() {
                allocations[free as usize].lifetime.last = lifetime.last;
                free
            } else {
                let key_value = self.keys[key as usize].clone();
                allocations.push(Allocation { key: key_value, first: resource, lifetime });
                self.next.push(NONE);
                self.allocation_key.push(key);
                (allocations.len() - 1) as u32
            };
            let head = &mut self.release_head[lifetime.last as usize];
            self.next[allocation as usize] = std::mem::replace(head, allocation);
            assignment[resource.index()] = Some(AllocationId(allocation));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::buffer_size_class;

    #[test]
    fn size_classes_waste_at_most_a_quarter() {
        for size in 1..=70_000_u64 {
            let class = buffer_size_class(size);
            assert!(class >= size, "{size} -> {class}");
            assert!(class * 4 <= size * 5, "{size} -> {class} wastes more than 25%");
        }
        assert_eq!(buffer_size_class(0), 0);
        assert_eq!(buffer_size_class(100), 112);
        assert_eq!(buffer_size_class(1 << 20), 1 << 20);
        assert_eq!(buffer_size_class(u64::MAX), u64::MAX);
    }
}
