//! Retention: the nodes that contribute to a root or a side effect. Everything
//! else is culled.

use crate::ids::PassId;

/// Marks the nodes reachable from the seeds (side-effecting nodes and root
/// producers) over value dependencies. Ordering dependencies retain nothing.
///
/// `value_edges` are `(from, to)` pairs with `from < to`, grouped by
/// ascending `to` (content analysis emits them in recording order). Sweeping
/// them backwards therefore settles every node before its producers are
/// visited, so one pass computes the closure without a stack. The result is
/// written into `retained`, one flag per node; the number of retained nodes
/// is returned.
pub(crate) fn retain(
    nodes: usize,
    side_effects: &[PassId],
    root_producers: &[PassId],
    value_edges: &[(PassId, PassId)],
    retained: &mut Vec<bool>,
) -> usize {
    retained.clear();
    retained.resize(nodes, false);
    let mut kept = 0;
    let mut keep = |retained: &mut Vec<bool>, node: PassId| {
        let flag = &mut retained[node.index()];
        kept += usize::from(!*flag);
        *flag = true;
    };
    for &producer in side_effects.iter().chain(root_producers) {
        keep(retained, producer);
    }
    for &(from, to) in value_edges.iter().rev() {
        if retained[to.index()] {
            keep(retained, from);
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_backward_sweep_reaches_transitive_producers() {
        let edges = [(PassId(0), PassId(1)), (PassId(1), PassId(3)), (PassId(2), PassId(4))];
        let mut retained = Vec::new();
        assert_eq!(retain(5, &[PassId(3)], &[], &edges, &mut retained), 3);
        assert_eq!(retained, vec![true, true, false, true, false]);
    }
}
