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
        self.uses.order_first_touch();
        let len = order.len() as u32;
        let views = storage.views.finish();
        storage.view_accesses.keep(self.view_accesses);
        Walked { order, uses: self.uses, segments: segments.finish(len), views }
    }
}

#[cfg(test)]
mod tests {
    use wgpu::{BufferUsages, TextureFormat, TextureUsages};

    use super::{WalkStorage, Walked};
    use crate::compile::content::{self, ContentStorage};
    use crate::compile::lifetimes::Lifetime;
    use crate::compile::segments::{ExecutionSegmentKind, Segment};
    use crate::compile::{retention, roots};
    use crate::ids::{AccessId, ResourceId};
    use crate::physical::PlannedView;
    use crate::record::Recording;
    use crate::{BufferDesc, BufferRange, Frame, FrameGraph, RootReason, TextureDesc, TextureViewDesc, WriteContents};

    /// Runs the stages before the walk as the compiler does, feeding the
    /// walk every access while content analysis passes over it.
    fn walk(rec: &Recording<'_>, storage: &mut WalkStorage) -> Walked {
        let mut stages = storage.start(rec);
        let mut content =
            content::analyze(rec, false, &mut ContentStorage::default(), |index, access| stages.access(index, access))
                .unwrap();
        let mut roots = roots::ResolvedRoots::default();
        roots::resolve_roots(rec, &mut content.state, &mut roots).unwrap();
        let mut retained = Vec::new();
        let producers = roots.all_producers();
        let kept =
            retention::retain(rec.nodes.len(), &rec.side_effects, producers, &content.value_edges, &mut retained);
        stages.finish(rec, &retained, kept, storage)
    }

    /// Gives a walk's tables back as the compiler does.
    fn recycle(mut walked: Walked, storage: &mut WalkStorage) {
        let lifetimes = std::mem::take(&mut walked.uses.lifetimes);
        storage.keep_uses(walked.uses);
        storage.recycle(walked.order, walked.segments, walked.views, lifetimes);
    }

    /// Everything a walk decides, with nodes named by label and accesses by
    /// their execution position and rank within their node, so that walks
    /// of recordings with and without culled nodes compare.
    #[derive(Debug, PartialEq)]
    struct Outcome {
        order: Vec<String>,
        lifetimes: Vec<Option<Lifetime>>,
        first_touch: Vec<ResourceId>,
        required: Vec<u32>,
        segments: Vec<Segment>,
        views: Vec<PlannedView>,
        access_views: Vec<Vec<Option<usize>>>,
    }

    fn outcome(rec: &Recording<'_>, walked: &Walked) -> Outcome {
        let access_views = walked
            .order
            .iter()
            .map(|node| {
                let accesses = rec.nodes[node.index()].accesses.clone();
                accesses.map(|access| walked.views.access_view(AccessId(access))).collect()
            })
            .collect();
        Outcome {
            order: walked.order.iter().map(|node| rec.node_labels[node.index()].to_string()).collect(),
            lifetimes: walked.uses.lifetimes.clone(),
            first_touch: walked.uses.first_touch.clone(),
            required: walked.uses.required.clone(),
            segments: walked.segments.clone(),
            views: walked.views.views.clone(),
            access_views,
        }
    }

    /// Records two external submissions between compute passes, and with
    /// `culled`, a dead pass and a dead external submission between them,
    /// whose resources come after the live ones.
    fn record(frame: &mut Frame<'_>, culled: bool) {
        let image = frame.create_texture(TextureDesc::new_2d("image", 8, 8, TextureFormat::Rgba8Unorm)).unwrap();
        let args = frame.create_buffer(BufferDesc::new("args", 16)).unwrap();
        let out = frame.create_buffer(BufferDesc::new("out", 16)).unwrap();
        let dead = culled.then(|| {
            [
                frame.create_buffer(BufferDesc::new("dead", 16)).unwrap(),
                frame.create_buffer(BufferDesc::new("dead-too", 16)).unwrap(),
            ]
        });
        let whole = frame.create_texture_view(image, TextureViewDesc::default()).unwrap();
        let mut pass = frame.compute_pass("fill");
        let _ = pass.storage_texture_write(image, WriteContents::Overwrite).unwrap();
        let _ = pass.storage_buffer_write(args, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        if let Some([dead, _]) = dead {
            let mut pass = frame.compute_pass("dead-sample");
            let _ = pass.sampled_texture(image).unwrap();
            let _ = pass.storage_buffer_write(dead, BufferRange::whole(), WriteContents::Overwrite).unwrap();
            pass.finish().unwrap();
        }
        let mut pass = frame.external_submission("submit");
        let _ = pass.storage_buffer_read(args, BufferRange::whole()).unwrap();
        pass.finish().unwrap();
        if let Some([_, dead]) = dead {
            let mut pass = frame.external_submission("dead-submit");
            pass.set_side_effect(false);
            let _ = pass.storage_buffer_write(dead, BufferRange::whole(), WriteContents::Overwrite).unwrap();
            pass.finish().unwrap();
        }
        let mut pass = frame.compute_pass("sample");
        let _ = pass.sampled_texture(whole).unwrap();
        let _ = pass.storage_texture_read(image).unwrap();
        let _ = pass.storage_buffer_write(out, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        let mut pass = frame.external_submission("download");
        let _ = pass.buffer_copy_src(out, BufferRange::whole()).unwrap();
        pass.finish().unwrap();
        frame.mark_buffer_root(out, BufferRange::whole(), RootReason::Output).unwrap();
    }

    fn walked(culled: bool, storage: &mut WalkStorage) -> Outcome {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        record(&mut frame, culled);
        let walked = walk(&frame.rec, storage);
        let outcome = outcome(&frame.rec, &walked);
        recycle(walked, storage);
        outcome
    }

    fn expected(culled: bool) -> Outcome {
        let span = |first, last| Some(Lifetime { first, last });
        let mut lifetimes = vec![span(0, 2), span(0, 1), span(2, 3)];
        let mut required = vec![
            (TextureUsages::STORAGE_BINDING | TextureUsages::TEXTURE_BINDING).bits(),
            BufferUsages::STORAGE.bits(),
            (BufferUsages::STORAGE | BufferUsages::COPY_SRC).bits(),
        ];
        if culled {
            lifetimes.extend([None, None]);
            required.extend([0, 0]);
        }
        let (image, args, out) = (ResourceId(0), ResourceId(1), ResourceId(2));
        let implicit = |usage| PlannedView {
            resource: image,
            label: None,
            format: None,
            dimension: wgpu::TextureViewDimension::D2,
            base_mip_level: 0,
            mip_level_count: 1,
            base_array_layer: 0,
            array_layer_count: Some(1),
            usage,
        };
        let explicit = PlannedView {
            format: Some(TextureFormat::Rgba8Unorm),
            usage: TextureUsages::TEXTURE_BINDING,
            ..implicit(TextureUsages::empty())
        };
        let segment = |kind, nodes| Segment { kind, nodes };
        Outcome {
            order: ["fill", "submit", "sample", "download"].map(String::from).to_vec(),
            lifetimes,
            // `args` and `image` are first used together, and `args` is done first.
            first_touch: vec![args, image, out],
            required,
            segments: vec![
                segment(ExecutionSegmentKind::FrameGraph, 0..1),
                segment(ExecutionSegmentKind::ExternalSubmission, 1..2),
                segment(ExecutionSegmentKind::FrameGraph, 2..3),
                segment(ExecutionSegmentKind::ExternalSubmission, 3..4),
            ],
            views: vec![implicit(TextureUsages::STORAGE_BINDING), explicit],
            access_views: vec![vec![Some(0), None], vec![None], vec![Some(1), Some(0), None], vec![None]],
        }
    }

    #[test]
    fn walks_with_every_node_retained_and_with_some_culled_agree() {
        let all = walked(false, &mut WalkStorage::default());
        assert_eq!(all, expected(false));
        let some_culled = walked(true, &mut WalkStorage::default());
        assert_eq!(some_culled, expected(true), "culled nodes take no position, split nothing and bind no view");
    }

    #[test]
    fn storage_kept_from_one_walk_serves_the_next() {
        let mut storage = WalkStorage::default();
        for culled in [true, false, true, false] {
            assert_eq!(walked(culled, &mut storage), expected(culled), "culled: {culled}");
        }
    }
}
