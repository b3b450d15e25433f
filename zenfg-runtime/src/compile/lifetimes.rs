//! Resource uses: for each resource, the usage its retained accesses need and
//! the first and last retained node touching it.

use super::reuse::Empty;
use crate::ids::ResourceId;
use crate::record::AccessRecord;

/// Inclusive indices into the execution order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Lifetime {
    pub first: u32,
    pub last: u32,
}

/// What retained work does with each resource.
#[derive(Default)]
pub(crate) struct Uses {
    /// Lifetime of every resource a retained node touches (roots do not
    /// extend lifetimes).
    pub lifetimes: Vec<Option<Lifetime>>,
    /// Union of the usage bits retained accesses need, per resource.
    pub required: Vec<u32>,
    /// Resources with a lifetime, in order of first use.
    pub first_touch: Vec<ResourceId>,
}

impl Empty for Uses {
    fn empty(&mut self) {
        self.lifetimes.clear();
        self.required.clear();
        self.first_touch.clear();
    }
}

impl Uses {
    /// Forgets every use, and makes room for `resources` resources.
    pub fn reset(&mut self, resources: usize) {
        self.lifetimes.clear();
        self.lifetimes.resize(resources, None);
        self.required.clear();
        self.required.resize(resources, 0);
        self.first_touch.clear();
    }

    /// Adds the accesses of the retained node at execution `position`.
    #[inline]
    pub fn node(&mut self, position: u32, accesses: &[AccessRecord]) {
        for access in accesses {
            self.access(position, access);
        }
    }

    /// Adds one access of the retained node at execution `position`.
    #[inline(always)]
    pub fn access(&mut self, position: u32, access: &AccessRecord) {
        let resource = access.resource.index();
        self.required[resource] |= access.role.texture_usage().bits() | access.role.buffer_usage().bits();
        match &mut self.lifetimes[resource] {
            Some(lifetime) => lifetime.last = position,
            empty @ None => {
                *empty = Some(Lifetime { first: position, last: position });
                self.first_touch.push(access.resource);
            }
        }
    }
}
