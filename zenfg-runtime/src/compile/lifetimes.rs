//! Execution order and lifetimes: the retained nodes in recording order, and
//! for each resource the first and last of them that touch it.

use crate::ids::PassId;
use crate::record::Recording;

/// Inclusive indices into the execution order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Lifetime {
    pub first: u32,
    pub last: u32,
}

/// The retained nodes in recording order.
pub(crate) fn execution_order(retained: &[bool]) -> Vec<PassId> {
    retained.iter().enumerate().filter(|&(_, &kept)| kept).map(|(index, _)| PassId(index as u32)).collect()
}

/// The lifetime of every resource a retained node touches. Roots do not
/// extend lifetimes.
pub(crate) fn lifetimes(rec: &Recording<'_>, order: &[PassId]) -> Vec<Option<Lifetime>> {
    let mut lifetimes: Vec<Option<Lifetime>> = vec![None; rec.resources.len()];
    for (position, node) in order.iter().enumerate() {
        let position = position as u32;
        for access in rec.node_accesses(&rec.nodes[node.index()]) {
            let lifetime =
                lifetimes[access.resource.index()].get_or_insert(Lifetime { first: position, last: position });
            lifetime.last = position;
        }
    }
    lifetimes
}
