//! Retention: the nodes that contribute to a root or a side effect. Everything
//! else is culled.

use crate::ids::PassId;
use crate::record::NodeRecord;

use super::roots::ResolvedRoot;

/// Marks the nodes reachable from the seeds (side-effecting nodes and root
/// producers) over value dependencies. Ordering dependencies retain nothing.
pub(crate) fn retain(nodes: &[NodeRecord], roots: &[ResolvedRoot], value_edges: &[(PassId, PassId)]) -> Vec<bool> {
    let count = nodes.len();
    // Predecessor lists in compressed form: `offsets[to]..offsets[to + 1]`.
    let mut offsets = vec![0_u32; count + 1];
    for &(_, to) in value_edges {
        offsets[to.index() + 1] += 1;
    }
    for index in 0..count {
        offsets[index + 1] += offsets[index];
    }
    let mut cursor = offsets.clone();
    let mut predecessors = vec![PassId(0); value_edges.len()];
    for &(from, to) in value_edges {
        let slot = &mut cursor[to.index()];
        predecessors[*slot as usize] = from;
        *slot += 1;
    }

    let mut retained = vec![false; count];
    let mut stack: Vec<PassId> = nodes
        .iter()
        .enumerate()
        .filter(|(_, node)| node.side_effect)
        .map(|(index, _)| PassId(index as u32))
        .chain(roots.iter().flat_map(|root| root.producers.iter().copied()))
        .collect();
    while let Some(node) = stack.pop() {
        if std::mem::replace(&mut retained[node.index()], true) {
            continue;
        }
        let range = offsets[node.index()] as usize..offsets[node.index() + 1] as usize;
        stack.extend(predecessors[range].iter().filter(|from| !retained[from.index()]));
    }
    retained
}
