//! Resource uses: for each resource, the usage its retained accesses need and
//! the first and last retained node touching it.

use super::reuse::Empty;
use crate::ids::ResourceId;
use crate::record::AccessRecord;

/// Inclusive indices into the execution order, ordered by first, then last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Lifetime {
    pub first: u32,
    pub last: u32,
}

/// The key the aliasing plan orders its candidates by: first use, then last
/// use, then resource id.
pub(crate) fn candidate_order(lifetimes: &[Option<Lifetime>], resource: ResourceId) -> (Option<Lifetime>, usize) {
    (lifetimes[resource.index()], resource.index())
}

/// What retained work does with each resource.
#[derive(Default)]
pub(crate) struct Uses {
    /// Lifetime of every resource a retained node touches (roots do not
    /// extend lifetimes).
    pub lifetimes: Vec<Option<Lifetime>>,
    /// Union of the usage bits retained accesses need, per resource.
    pub required: Vec<u32>,
    /// Resources with a lifetime, in order of first use (then of last use,
    /// then of id, once [`order_first_touch`](Self::order_first_touch) ran).
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

    /// Orders `first_touch` as the aliasing plan takes its candidates
    /// ([`candidate_order`]). Uses are added node by node, so only the
    /// resources one node uses first need sorting.
    pub fn order_first_touch(&mut self) {
        let lifetimes = &self.lifetimes;
        let first = |resource: &ResourceId| lifetimes[resource.index()].map(|lifetime| lifetime.first);
        for run in self.first_touch.chunk_by_mut(|a, b| first(a) == first(b)) {
            if run.len() > 1 {
                run.sort_unstable_by_key(|&resource| candidate_order(lifetimes, resource));
            }
        }
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

#[cfg(test)]
mod tests {
    use wgpu::{BufferUsages, TextureFormat, TextureUsages};

    use super::{Lifetime, Uses};
    use crate::ids::ResourceId;
    use crate::{BufferDesc, BufferRange, FrameGraph, TextureDesc, WriteContents};

    #[test]
    fn uses_span_the_positions_given_and_union_the_roles() {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let unused = frame.create_buffer(BufferDesc::new("unused", 16)).unwrap();
        let late = frame.create_buffer(BufferDesc::new("late", 16)).unwrap();
        let image = frame.create_texture(TextureDesc::new_2d("image", 8, 8, TextureFormat::Rgba8Unorm)).unwrap();
        let early = frame.create_buffer(BufferDesc::new("early", 16)).unwrap();
        let mut pass = frame.compute_pass("first");
        let _ = pass.storage_buffer_write(early, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        let _ = pass.storage_texture_write(image, WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        let mut pass = frame.compute_pass("skipped");
        let _ = pass.storage_buffer_read(early, BufferRange::whole()).unwrap();
        let _ = pass.storage_buffer_write(unused, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        let mut pass = frame.command_pass("second");
        let _ = pass.uniform_buffer(early, BufferRange::whole()).unwrap();
        let _ = pass.sampled_texture(image).unwrap();
        let _ = pass.storage_buffer_write(late, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        let mut pass = frame.compute_pass("third");
        let _ = pass.storage_buffer_read(late, BufferRange::whole()).unwrap();
        pass.finish().unwrap();

        let rec = &frame.rec;
        let mut uses = Uses::default();
        uses.reset(rec.resources.len());
        // "skipped" is left out: the others run at positions 0, 1 and 2.
        for (position, node) in [0, 2, 3].into_iter().enumerate() {
            uses.node(position as u32, rec.node_accesses(&rec.nodes[node]));
        }
        let span = |first, last| Some(Lifetime { first, last });
        assert_eq!(uses.lifetimes, [None, span(1, 2), span(0, 1), span(0, 1)]);
        assert_eq!(uses.first_touch, [early.id(), image.id(), late.id()]);
        let bits = |id: ResourceId| uses.required[id.index()];
        assert_eq!(bits(unused.id()), 0);
        assert_eq!(bits(early.id()), (BufferUsages::STORAGE | BufferUsages::UNIFORM).bits());
        assert_eq!(bits(image.id()), (TextureUsages::STORAGE_BINDING | TextureUsages::TEXTURE_BINDING).bits());
        assert_eq!(bits(late.id()), BufferUsages::STORAGE.bits());

        uses.reset(2);
        assert_eq!((uses.lifetimes.len(), uses.required.len()), (2, 2));
        uses.reset(rec.resources.len());
        assert_eq!(uses.lifetimes, [None; 4]);
        assert_eq!(uses.required, [0; 4]);
        assert!(uses.first_touch.is_empty(), "a reset forgets every use");
        uses.access(5, &rec.accesses[0]);
        assert_eq!(uses.lifetimes[early.id().index()], span(5, 5));
        assert_eq!(uses.first_touch, [early.id()]);
    }
}
