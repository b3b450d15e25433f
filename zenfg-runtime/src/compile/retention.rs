//! Retention: the nodes that contribute to a root or a side effect. Everything
//! else is culled.

use super::roots::ResolvedRoot;
use crate::ids::PassId;
use crate::record::NodeRecord;

/// Marks the nodes reachable from the seeds (side-effecting nodes and root
/// producers) over value dependencies. Ordering dependencies retain nothing.
///
/// `value_edges` are `(from, to)` pairs with `from < to`, grouped by
/// ascending `to` (content analysis emits them in recording order). Sweeping
/// them backwards therefore settles every node before its producers are
/// visited, so one pass computes the closure without a stack.
pub(crate) fn retain(nodes: &[NodeRecord], roots: &[ResolvedRoot], value_edges: &[(PassId, PassId)]) -> Vec<bool> {
    let mut retained: Vec<bool> = nodes.iter().map(|node| node.side_effect).collect();
    for producer in roots.iter().flat_map(|root| &root.producers) {
        retained[producer.index()] = true;
    }
    for &(from, to) in value_edges.iter().rev() {
        if retained[to.index()] {
            retained[from.index()] = true;
        }
    }
    retained
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::NodeWork;

    fn node(side_effect: bool) -> NodeRecord {
        NodeRecord { label: "n".into(), side_effect, group: None, accesses: 0..0, work: NodeWork::Compute }
    }

    #[test]
    fn the_backward_sweep_reaches_transitive_producers() {
        let nodes = [node(false), node(false), node(false), node(true), node(false)];
        let edges = [(PassId(0), PassId(1)), (PassId(1), PassId(3)), (PassId(2), PassId(4))];
        assert_eq!(retain(&nodes, &[], &edges), vec![true, true, false, true, false]);
    }
}
