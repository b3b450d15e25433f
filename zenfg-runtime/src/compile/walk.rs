//! The stages that go node by node in execution order (uses, segments and
//! views), fed together. They first assume that every node is retained, the
//! common case: uses take each access as content analysis passes over it,
//! segments and views work from lists of the few nodes and accesses that
//! concern them. If retention culls any node, they all walk the retained
//! nodes instead.

use super::Scratch;
use super::lifetimes::Uses;
use super::segments::{Segment, Segments};
use super::views::{ViewPlan, ViewPlanner, binds_view};
use crate::ids::PassId;
use crate::record::{AccessRecord, Recording};

/// What the node-by-node stages produced.
pub(crate) struct Walked {
    /// The retained nodes in recording (= execution) order.
    pub order: Vec<PassId>,
    pub uses: Uses,
    pub segments: Vec<Segment>,
    pub views: ViewPlan,
}

/// The node-by-node stages while content analysis runs.
pub(crate) struct NodeStages {
    uses: Uses,
    views: ViewPlanner,
    /// The accesses that bind a view, planned once retention is known: in
    /// frames that cull, planning them twice would cost more than listing them.
    view_accesses: Vec<u32>,
}

impl NodeStages {
    /// Stages working in the storage of `scratch`.
    pub fn start(rec: &Recording<'_>, scratch: &mut Scratch) -> Self {
        let mut uses = std::mem::take(&mut scratch.uses);
        uses.reset(rec.resources.len());
        let mut views = std::mem::take(&mut scratch.views);
        views.reset();
        let mut view_accesses = std::mem::take(&mut scratch.view_accesses);
        view_accesses.clear();
        Self { uses, views, view_accesses }
    }

    /// Takes access `index`, as if its node were retained; with every node
    /// retained, a node's execution position is its id.
    #[inline(always)]
    pub fn access(&mut self, index: usize, access: &AccessRecord) {
        self.uses.access(access.pass.get(), access);
        if binds_view(access) {
            self.view_accesses.push(index as u32);
        }
    }

    /// The stages' results for the `kept` nodes that `retained` marks.
    pub fn finish(mut self, rec: &Recording<'_>, retained: &[bool], kept: usize, scratch: &mut Scratch) -> Walked {
        let mut order = std::mem::take(&mut scratch.order);
        order.clear();
        let mut segments = Segments::new(std::mem::take(&mut scratch.segments));
        if kept == rec.nodes.len() {
            order.extend((0..kept as u32).map(PassId));
            for external in &rec.externals {
                segments.external(external.get());
            }
            for &index in &self.view_accesses {
                self.views.access(rec, index as usize, &rec.accesses[index as usize]);
            }
        } else {
            self.uses.reset(rec.resources.len());
            for (index, (node, _)) in rec.nodes.iter().zip(retained).enumerate().filter(|(_, (_, kept))| **kept) {
                let position = order.len() as u32;
                order.push(PassId(index as u32));
                self.uses.node(position, rec.node_accesses(node));
                segments.node(position, &node.work);
                self.views.node(rec, node);
            }
        }
        let len = order.len() as u32;
        let views = self.views.finish();
        scratch.views = self.views;
        scratch.view_accesses = self.view_accesses;
        Walked { order, uses: self.uses, segments: segments.finish(len), views }
    }
}
