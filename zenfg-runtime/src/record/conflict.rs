//! Intra-node conflict detection: within one node, two accesses to the same
//! subresource or byte conflict when at least one of them writes.
//!
//! Small nodes are checked by scanning the node's own accesses. Once a node has
//! [`INDEX_THRESHOLD`] accesses, an interval index per (resource, mip) plane takes
//! over so that a node with thousands of accesses (a large grouped clear, say)
//! costs `O(log k)` per declaration rather than `O(k)`.

use std::collections::{BTreeMap, HashMap};

use super::{AccessRecord, Region, ResourceRecord, TextureRegion};
use crate::desc::TextureDesc;
use crate::format::Layers;
use crate::ids::ResourceId;
use crate::types::AccessMode;

const INDEX_THRESHOLD: usize = 32;

/// Disjoint half-open intervals keyed by start.
#[derive(Default)]
struct IntervalSet(BTreeMap<u64, u64>);

impl IntervalSet {
    fn overlaps(&self, start: u64, end: u64) -> bool {
        start < end && self.0.range(..end).next_back().is_some_and(|(_, &last_end)| last_end > start)
    }

    /// Adds `start..end`, merging with the intervals it touches.
    fn insert_merged(&mut self, mut start: u64, mut end: u64) {
        if start >= end {
            return;
        }
        while let Some((&s, &e)) = self.0.range(..=end).next_back() {
            if e < start {
                break;
            }
            self.0.remove(&s);
            start = start.min(s);
            end = end.max(e);
        }
        self.0.insert(start, end);
    }
}

#[derive(Default)]
struct Plane {
    writes: IntervalSet,
    reads: IntervalSet,
}

/// The conflict index of the node being recorded.
#[derive(Default)]
pub(crate) struct ConflictIndex {
    planes: Option<HashMap<(ResourceId, u32), Plane>>,
}

/// Calls `f(plane, start, end)` for every (resource, mip) plane piece of an access.
fn for_each_piece(access: AccessRecord, desc: Option<&TextureDesc>, mut f: impl FnMut(u32, u64, u64)) {
    match (access.region(), desc) {
        (Region::Buffer { offset, end }, _) => f(0, offset, end),
        (Region::Texture(region), Some(desc)) => {
            for mip in region.mips() {
                let slices = region.slice_range(Layers::of(desc), mip);
                f(mip, u64::from(slices.start), u64::from(slices.end));
            }
        }
        (Region::Texture(_), None) => {}
    }
}

fn texture_regions_overlap(a: &TextureRegion, b: &TextureRegion, desc: &TextureDesc) -> bool {
    let first = a.base_mip.max(b.base_mip);
    let last = (a.base_mip + a.mip_count).min(b.base_mip + b.mip_count);
    let layers = Layers::of(desc);
    (first..last).any(|mip| {
        let x = a.slice_range(layers, mip);
        let y = b.slice_range(layers, mip);
        x.start < y.end && y.start < x.end && !x.is_empty() && !y.is_empty()
    })
}

/// Whether two accesses of one resource touch a common byte or subresource.
pub(crate) fn regions_overlap(a: &Region, b: &Region, desc: Option<&TextureDesc>) -> bool {
    match (a, b, desc) {
        (Region::Buffer { offset: a0, end: a1 }, Region::Buffer { offset: b0, end: b1 }, _) => {
            a0 < b1 && b0 < a1 && a0 < a1 && b0 < b1
        }
        (Region::Texture(x), Region::Texture(y), Some(desc)) => texture_regions_overlap(x, y, desc),
        _ => false,
    }
}

impl ConflictIndex {
    /// Forgets the previous node.
    #[inline]
    pub fn reset(&mut self) {
        if self.planes.is_some() {
            self.planes = None;
        }
    }

    /// Finds an earlier access of the node that conflicts with `candidate`.
    ///
    /// `earlier` are the node's accesses declared so far.
    #[inline]
    pub fn find_conflict(
        &mut self,
        resources: &[ResourceRecord],
        earlier: &[AccessRecord],
        candidate: AccessRecord,
    ) -> Option<usize> {
        if earlier.len() < INDEX_THRESHOLD {
            // Most accesses of a node are to distinct resources.
            if earlier.iter().all(|access| access.resource != candidate.resource) {
                return None;
            }
            let desc = resources[candidate.resource.index()].texture_desc();
            return Self::scan(earlier, candidate, desc);
        }
        self.find_indexed(resources, earlier, candidate)
    }

    fn find_indexed(
        &mut self,
        resources: &[ResourceRecord],
        earlier: &[AccessRecord],
        candidate: AccessRecord,
    ) -> Option<usize> {
        let desc = resources[candidate.resource.index()].texture_desc();
        let planes = self.planes.get_or_insert_with(|| {
            let mut planes = HashMap::new();
            for &access in earlier {
                Self::add(&mut planes, resources, access);
            }
            planes
        });
        let writes = candidate.mode == AccessMode::Write;
        let mut conflict = false;
        for_each_piece(candidate, desc, |mip, start, end| {
            if let Some(plane) = planes.get(&(candidate.resource, mip)) {
                conflict |= plane.writes.overlaps(start, end) || (writes && plane.reads.overlaps(start, end));
            }
        });
        // The index only knows that a conflict exists; the scan names it.
        conflict.then(|| Self::scan(earlier, candidate, desc)).flatten()
    }

    /// Adds an accepted access to the index, if the index is in use.
    #[inline]
    pub fn insert(&mut self, resources: &[ResourceRecord], access: AccessRecord) {
        if let Some(planes) = &mut self.planes {
            Self::add(planes, resources, access);
        }
    }

    /// Drops the index after a rollback; it is rebuilt from the surviving
    /// accesses on the next large check.
    pub fn invalidate(&mut self) {
        self.planes = None;
    }

    fn scan(earlier: &[AccessRecord], candidate: AccessRecord, desc: Option<&TextureDesc>) -> Option<usize> {
        earlier.iter().position(|access| {
            access.resource == candidate.resource
                && (access.mode == AccessMode::Write || candidate.mode == AccessMode::Write)
                && regions_overlap(&access.region(), &candidate.region(), desc)
        })
    }

    fn add(planes: &mut HashMap<(ResourceId, u32), Plane>, resources: &[ResourceRecord], access: AccessRecord) {
        let writes = access.mode == AccessMode::Write;
        let desc = resources[access.resource.index()].texture_desc();
        for_each_piece(access, desc, |mip, start, end| {
            let plane = planes.entry((access.resource, mip)).or_default();
            if writes {
                plane.writes.insert_merged(start, end);
            } else {
                plane.reads.insert_merged(start, end);
            }
        });
    }
}
