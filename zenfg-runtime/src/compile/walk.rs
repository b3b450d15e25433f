//! The stages that go node by node in execution order (uses, segments and
//! views), fed together. They first assume that every node is retained, the
//! common case: uses take each access as content analysis passes over it,
//! segments and views work from lists of the few nodes and accesses that
//! concern them. If retention culls any node, they all walk the retained
//! nodes instead.

use super::lifetimes::{Lifetime, Uses};
use super::reuse::Kept;
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

/// The tables of the node-by-node stages, kept for the next compile.
#[derive(Default)]
pub(crate) struct WalkStorage {
    uses: Kept<Uses>,
    views: ViewPlanner,
    view_accesses: Kept<Vec<u32>>,
    order: Kept<Vec<PassId>>,
    segments: Kept<Vec<Segment>>,
}

impl WalkStorage {
    /// The stages of one compile, working in these tables.
    pub fn start(&mut self, rec: &Recording<'_>) -> NodeStages {
        let mut uses = self.uses.take();
        uses.reset(rec.resources.len());
        self.views.reset();
        NodeStages { uses, view_accesses: self.view_accesses.take() }
    }

    /// Takes back the uses once the report has read them.
    pub fn keep_uses(&mut self, uses: Uses) {
        self.uses.keep(uses);
    }

    /// Takes back the tables of a plan that is done.
    pub fn recycle(
        &mut self,
        order: Vec<PassId>,
        segments: Vec<Segment>,
        views: ViewPlan,
        lifetimes: Vec<Option<Lifetime>>,
    ) {
        let mut uses = self.uses.take();
        uses.lifetimes = lifetimes;
        self.uses.keep(uses);
        self.order.keep(order);
        self.segments.keep(segments);
        self.views.recycle(views);
    }
}

/// The node-by-node stages while content analysis runs.
pub(crate) struct NodeStages {
    uses: Uses,
    /// The accesses that bind a view, planned once retention is known: in
    /// frames that cull, planning them twice would cost more than listing them.
    view_accesses: Vec<u32>,
}

impl NodeStages {
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
    pub fn finish(mut self, rec: &Recording<'_>, retained: &[bool], kept: usize, storage: &mut WalkStorage) -> Walked {
        let mut order = storage.order.take();
        let mut segments = Segments::new(storage.segments.take());
        if kept == rec.nodes.len() {
            order.extend((0..kept as u32).map(PassId));
            for external in &rec.externals {
                segments.external(external.get());
            }
            for &index in &self.view_accesses {
                storage.views.access(rec, index as usize, &rec.accesses[index as usize]);
            }
        } else {
            self.uses.reset(rec.resources.len());
            for (index, (node, _)) in rec.nodes.iter().zip(retained).enumerate().filter(|(_, (_, kept))| **kept) {
                let position = order.len() as u32;
                order.push(PassId(index as u32));
                self.uses.node(position, rec.node_accesses(node));
                segments.node(position, &node.work);
                storage.views.node(rec, node);
            }
        }
        let len = order.len() as u32;
        let views = storage.views.finish();
        storage.view_accesses.keep(self.view_accesses);
        Walked { order, uses: self.uses, segments: segments.finish(len), views }
    }
}
