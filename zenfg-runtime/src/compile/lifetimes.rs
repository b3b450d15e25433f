//! Execution order and resource uses: the retained nodes in recording order,
//! and for each resource the usage its retained accesses need and the first
//! and last retained node touching it.

use crate::ids::{PassId, ResourceId};
use crate::record::Recording;

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

/// The retained nodes in recording order.
pub(crate) fn execution_order(retained: &[bool]) -> Vec<PassId> {
    let mut order = Vec::with_capacity(retained.iter().filter(|&&kept| kept).count());
    order.extend(retained.iter().enumerate().filter(|&(_, &kept)| kept).map(|(index, _)| PassId(index as u32)));
    order
}

/// Walks the accesses of the retained nodes once.
pub(crate) fn uses(rec: &Recording<'_>, order: &[PassId]) -> Uses {
    let mut lifetimes: Vec<Option<Lifetime>> = vec![None; rec.resources.len()];
    let mut required = vec![0_u32; rec.resources.len()];
    let mut first_touch = Vec::with_capacity(rec.resources.len());
    for (position, node) in order.iter().enumerate() {
        let position = position as u32;
        for access in rec.node_accesses(&rec.nodes[node.index()]) {
            let resource = access.resource.index();
            required[resource] |= access.role.texture_usage().bits() | access.role.buffer_usage().bits();
            match &mut lifetimes[resource] {
                Some(lifetime) => lifetime.last = position,
                empty @ None => {
                    *empty = Some(Lifetime { first: position, last: position });
                    first_touch.push(access.resource);
                }
            }
        }
    }
    Uses { lifetimes, required, first_touch }
}
