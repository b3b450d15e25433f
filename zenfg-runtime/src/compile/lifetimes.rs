//! Resource uses: for each resource, the usage its retained accesses need and
//! the first and last retained node touching it.

use crate::ids::ResourceId;
use crate::record::AccessRecord;

/// Inclusive indices into the execution order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Lifetime {
    pub first: u32,
    pub last: u32,
}

/// What retained work does with each resource.
pub(crate) struct Uses {
    /// Lifetime of every resource a retained node touches (roots do not
    /// extend lifetimes).
    pub lifetimes: Vec<Option<Lifetime>>,
    /// Union of the usage bits retained accesses need, per resource.
    pub required: Vec<u32>,
    /// Resources with a lifetime, in order of first use.
    pub first_touch: Vec<ResourceId>,
}

impl Uses {
    /// No uses yet, for `resources` resources.
    pub fn new(resources: usize) -> Self {
        Self { lifetimes: vec![None; resources], required: vec![0; resources], first_touch: Vec::new() }
    }

    /// Adds the accesses of the retained node at execution `position`.
    #[inline]
    pub fn node(&mut self, position: u32, accesses: &[AccessRecord]) {
        for access in accesses {
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
}
