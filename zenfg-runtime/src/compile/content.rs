//! Content flow: which value every access sees, the dependencies that follow,
//! and the undefined-contents errors FG1001–FG1003.
//!
//! Every recorded node takes part, retained or not: a dead pass that reads
//! undefined contents is still a bug in the recording. Accesses are processed
//! in recording order, piece by piece, where a piece is a run of a plane with
//! uniform history.

use super::planes::{Content, NO_READER, Plane, Segment};
use super::reuse::Kept;
use crate::desc::{BufferRange, ResourceRange, TextureSubresourceRange};
use crate::error::{FrameGraphError, Result};
use crate::format::normalized_aspect;
use crate::hash::FastMap;
use crate::ids::{AccessId, PassId, ResourceId, ValueId};
use crate::record::{AccessRecord, Recording, Region, ResourceFacts, ResourceRecord, push_built};
use crate::types::{AccessMode, HazardKind, InitialContents, ResourceOrigin, UndefinedCause};

/// A logical value.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ValueInfo {
    pub resource: ResourceId,
    /// The producing access, or `None` for the defined initial contents of an import.
    pub access: Option<AccessId>,
}

/// The bounding box of the pieces a dependency covers: planes (a buffer's
/// one plane, or texture mips) and offsets (bytes or slices) within them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Hull {
    pub first_plane: u32,
    pub last_plane: u32,
    pub start: u64,
    pub end: u64,
}

/// One de-duplicated dependency.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Dependency {
    pub from: PassId,
    pub to: PassId,
    pub resource: ResourceId,
    pub hazard: HazardKind,
    /// The value carried (value dependencies) or replaced (ordering ones), if any.
    pub value: Option<ValueId>,
    pub hull: Hull,
}

/// The final contents of every plane, for root resolution.
pub(crate) struct ContentState {
    /// First plane of each resource.
    pub plane_base: Vec<u32>,
    pub planes: Vec<Plane>,
    pub plane_len: Vec<u64>,
}

impl ContentState {
    /// Calls `visit` for every piece of `region` of `resource` at frame end.
    pub fn visit_final<E>(
        &mut self,
        facts: &ResourceFacts,
        id: ResourceId,
        region: &Region,
        mut visit: impl FnMut(u32, u64, u64, &Segment) -> Result<(), E>,
    ) -> Result<(), E> {
        let base = self.plane_base[id.index()];
        for (offset, start, end) in plane_pieces(facts, region) {
            let plane = (base + offset) as usize;
            let len = self.plane_len[plane];
            self.planes[plane].visit(len, start, end, false, |a, b, segment| visit(offset, a, b, segment))?;
        }
        Ok(())
    }
}

/// The tables of content analysis, kept for the next compile.
#[derive(Default)]
pub(crate) struct ContentStorage {
    planes: Kept<Vec<Plane>>,
    plane_len: Kept<Vec<u64>>,
    plane_base: Kept<Vec<u32>>,
    values: Kept<Vec<ValueInfo>>,
    access_values: Kept<Vec<Option<ValueId>>>,
    value_edges: Kept<Vec<(PassId, PassId)>>,
    dependencies: Kept<Vec<Dependency>>,
    dependency_index: Kept<FastMap<DependencyKey, usize>>,
    readers: Kept<Vec<(PassId, u32)>>,
    split: Kept<Vec<u64>>,
}

/// What content analysis produced.
pub(crate) struct ContentOutcome {
    /// Every value; empty unless reports were requested.
    pub values: Vec<ValueInfo>,
    /// The value each access produced, by access id; empty unless reports
    /// were requested.
    pub access_values: Vec<Option<ValueId>>,
    /// Value dependencies as `(from, to)` pairs, possibly repeated.
    pub value_edges: Vec<(PassId, PassId)>,
    /// Every dependency, de-duplicated; empty unless reports were requested.
    pub dependencies: Vec<Dependency>,
    pub state: ContentState,
}

/// The `(plane offset, start, end)` pieces of a region of a resource with
/// `facts`: one for a buffer, one per mip for a texture.
pub(crate) fn plane_pieces(facts: &ResourceFacts, region: &Region) -> impl Iterator<Item = (u32, u64, u64)> {
    let (buffer, texture) = match *region {
        Region::Buffer { offset, end } => (Some((0, offset, end)), None),
        Region::Texture(region) => {
            let layers = facts.layers();
            (
                None,
                Some(region.mips().map(move |mip| {
                    let slices = region.slice_range(layers, mip);
                    (mip, u64::from(slices.start), u64::from(slices.end))
                })),
            )
        }
    };
    buffer.into_iter().chain(texture.into_iter().flatten()).filter(|&(_, start, end)| start < end)
}

/// The public range of one piece.
pub(crate) fn piece_range(resource: &ResourceRecord, plane: u32, start: u64, end: u64) -> ResourceRange {
    match resource.texture_desc() {
        None => ResourceRange::Buffer(BufferRange::new(start, Some(end - start))),
        Some(desc) => ResourceRange::Texture(vec![TextureSubresourceRange {
            base_mip_level: plane,
            mip_level_count: 1,
            base_slice: u32::try_from(start).unwrap_or(u32::MAX),
            slice_count: u32::try_from(end - start).unwrap_or(u32::MAX),
            aspect: normalized_aspect(desc.format),
        }]),
    }
}

/// What de-duplicates the dependencies of one node (the node they lead to):
/// two with equal keys are one.
type DependencyKey = (PassId, ResourceId, HazardKind);

/// A node with this many dependencies or fewer finds duplicates by scanning
/// them; beyond, through an index.
const SCANNED_DEPENDENCIES: usize = 16;

/// Collects the dependencies reports show, de-duplicated on
/// `(from, to, resource, hazard)`.
///
/// Content analysis goes node by node, so every dependency of a node is
/// recorded before those of the next: duplicates are looked for among the
/// current node's dependencies only, which stay few and in cache, instead
/// of in an index of the whole frame that every insertion would miss.
struct Dependencies {
    all: Vec<Dependency>,
    /// The node whose dependencies are being recorded.
    node: Option<PassId>,
    /// Where that node's dependencies start in `all`.
    node_start: usize,
    /// Index of the node's dependencies, by position from `node_start`,
    /// filled once they outgrow a scan.
    index: FastMap<DependencyKey, usize>,
}

impl Dependencies {
    fn new(all: Vec<Dependency>, index: FastMap<DependencyKey, usize>) -> Self {
        Self { all, node: None, node_start: 0, index }
    }

    /// Empties the index in time proportional to what the last node put
    /// in it, however large an earlier node made it.
    fn forget_index(&mut self) {
        if self.index.capacity() > 4 * self.index.len().max(SCANNED_DEPENDENCIES) {
            self.index = FastMap::default();
        } else {
            self.index.clear();
        }
    }

    fn record(&mut self, dependency: Dependency) {
        if self.node != Some(dependency.to) {
            self.node = Some(dependency.to);
            self.node_start = self.all.len();
            self.forget_index();
        }
        let key = (dependency.from, dependency.resource, dependency.hazard);
        let current = &self.all[self.node_start..];
        let found = if current.len() <= SCANNED_DEPENDENCIES {
            current.iter().position(|known| (known.from, known.resource, known.hazard) == key)
        } else {
            if self.index.is_empty() {
                let known =
                    current.iter().enumerate().map(|(at, known)| ((known.from, known.resource, known.hazard), at));
                self.index.extend(known);
            }
            self.index.get(&key).copied()
        };
        match found {
            Some(at) => {
                let hull = &mut self.all[self.node_start + at].hull;
                hull.first_plane = hull.first_plane.min(dependency.hull.first_plane);
                hull.last_plane = hull.last_plane.max(dependency.hull.last_plane);
                hull.start = hull.start.min(dependency.hull.start);
                hull.end = hull.end.max(dependency.hull.end);
            }
            None => {
                if !self.index.is_empty() {
                    self.index.insert(key, current.len());
                }
                self.all.push(dependency);
            }
        }
    }
}

/// The value id segments carry when values are not tracked (no report).
const UNTRACKED: ValueId = ValueId(u32::MAX);

fn initial_content(origin: ResourceOrigin, external: Option<ValueId>) -> Content {
    match (origin, external) {
        (ResourceOrigin::Imported, Some(value)) => Content::Defined { value, producer: None },
        (ResourceOrigin::Imported, None) => Content::Undefined(UndefinedCause::ImportedUndefined),
        (ResourceOrigin::Surface, _) => Content::Undefined(UndefinedCause::Surface),
        (ResourceOrigin::Transient, _) => Content::Undefined(UndefinedCause::Transient),
    }
}

/// The contents every plane starts with; imported defined contents get a
/// value when `values` are tracked.
fn initial_state(
    rec: &Recording<'_>,
    mut values: Option<&mut Vec<ValueInfo>>,
    storage: &mut ContentStorage,
) -> ContentState {
    let mut state = ContentState {
        plane_base: storage.plane_base.take(),
        planes: storage.planes.take(),
        plane_len: storage.plane_len.take(),
    };
    for (index, facts) in rec.facts.iter().enumerate() {
        let id = ResourceId(index as u32);
        let external =
            (facts.origin == ResourceOrigin::Imported && facts.initial() == InitialContents::Defined).then(|| {
                match values.as_deref_mut() {
                    Some(values) => {
                        values.push(ValueInfo { resource: id, access: None });
                        ValueId((values.len() - 1) as u32)
                    }
                    None => UNTRACKED,
                }
            });
        let segment = Segment::initial(initial_content(facts.origin, external));
        state.plane_base.push(state.planes.len() as u32);
        match facts.buffer_size() {
            Some(size) => {
                push_built(&mut state.planes, || Plane::Uniform(segment));
                state.plane_len.push(size);
            }
            None => {
                let layers = facts.layers();
                for mip in 0..facts.mip_count() {
                    push_built(&mut state.planes, || Plane::Uniform(segment));
                    state.plane_len.push(u64::from(layers.at_mip(mip)));
                }
            }
        }
    }
    state
}

/// An undefined piece an access consumed: kept small so the hot loop does
/// not move a whole error around.
struct UndefinedPiece {
    cause: UndefinedCause,
    plane: u32,
    start: u64,
    end: u64,
}

/// The error for consuming an undefined piece.
#[cold]
fn undefined_error(rec: &Recording<'_>, access: &AccessRecord, piece: UndefinedPiece) -> FrameGraphError {
    let range = piece_range(&rec.resources[access.resource.index()], piece.plane, piece.start, piece.end);
    let cause = piece.cause;
    let pass = rec.pass_ref(access.pass);
    let resource = rec.resource_ref(access.resource);
    match (cause, access.mode) {
        (UndefinedCause::Discarded, _) => FrameGraphError::ReadAfterDiscard { pass, resource, range },
        (_, AccessMode::Read) => FrameGraphError::ReadBeforeWrite { pass, resource, range, cause },
        (_, AccessMode::Write) => FrameGraphError::PreserveBeforeWrite { pass, resource, range, cause },
    }
}

/// The mutable state of one analysis. With `REPORT`, values, readers and
/// ordering dependencies are tracked too; without, only what retention and
/// root resolution need: value edges and the final contents.
struct Analyzer<'a, const REPORT: bool> {
    rec: &'a Recording<'a>,
    state: ContentState,
    values: Vec<ValueInfo>,
    value_edges: Vec<(PassId, PassId)>,
    deps: Dependencies,
    /// Reader lists: `(reader, next)` entries linked from segments.
    readers: Vec<(PassId, u32)>,
    split: Vec<u64>,
}

impl<const REPORT: bool> Analyzer<'_, REPORT> {
    /// Processes one piece run of an access: `start..end` of plane `offset`
    /// of the accessed resource.
    #[inline(always)]
    fn piece(
        &mut self,
        index: usize,
        access: &AccessRecord,
        offset: u32,
        start: u64,
        end: u64,
        produced: &mut Option<ValueId>,
    ) -> Result<(), UndefinedPiece> {
        let plane = (self.state.plane_base[access.resource.index()] + offset) as usize;
        let len = self.state.plane_len[plane];
        if REPORT {
            self.track(access, plane, len, offset, start, end)?;
        } else if access.consumes_previous() {
            let to = access.pass;
            let edges = &mut self.value_edges;
            self.state.planes[plane].visit(len, start, end, false, |a, b, segment| match segment.content() {
                Content::Defined { producer: Some(from), .. } => {
                    if from != to {
                        edges.push((from, to));
                    }
                    Ok(())
                }
                Content::Defined { producer: None, .. } => Ok(()),
                Content::Undefined(cause) => Err(UndefinedPiece { cause, plane: offset, start: a, end: b }),
            })?;
        }
        if access.mode == AccessMode::Write {
            let value =
                access.produces_value().then(|| if REPORT { self.produce(index, access, produced) } else { UNTRACKED });
            self.state.planes[plane].write(len, start, end, value, access.pass, &mut self.split);
        }
        Ok(())
    }

    /// The value a write access produces: one per access, however many pieces.
    fn produce(&mut self, index: usize, access: &AccessRecord, produced: &mut Option<ValueId>) -> ValueId {
        let values = &mut self.values;
        *produced.get_or_insert_with(|| {
            values.push(ValueInfo { resource: access.resource, access: Some(AccessId(index as u32)) });
            ValueId((values.len() - 1) as u32)
        })
    }

    /// Visits the contents a reported access sees: value and ordering
    /// dependencies, and reader tracking.
    fn track(
        &mut self,
        access: &AccessRecord,
        plane: usize,
        len: u64,
        offset: u32,
        start: u64,
        end: u64,
    ) -> Result<(), UndefinedPiece> {
        let consumes = access.consumes_previous();
        let exact = access.mode == AccessMode::Read;
        let Self { deps, readers, value_edges, .. } = self;
        let mut add = |from: PassId, hazard, value, start, end| {
            if from == access.pass {
                return;
            }
            if matches!(hazard, HazardKind::Raw | HazardKind::Preserve) {
                value_edges.push((from, access.pass));
            }
            deps.record(Dependency {
                from,
                to: access.pass,
                resource: access.resource,
                hazard,
                value,
                hull: Hull { first_plane: offset, last_plane: offset, start, end },
            });
        };
        self.state.planes[plane].visit(len, start, end, exact, |a, b, segment| {
            let defined = match segment.content() {
                Content::Defined { value, producer } => Some((value, producer)),
                Content::Undefined(cause) if consumes => {
                    return Err(UndefinedPiece { cause, plane: offset, start: a, end: b });
                }
                Content::Undefined(_) => None,
            };
            if consumes && let Some((value, Some(producer))) = defined {
                let hazard = if access.mode == AccessMode::Read { HazardKind::Raw } else { HazardKind::Preserve };
                add(producer, hazard, Some(value), a, b);
            }
            match access.mode {
                AccessMode::Read => {
                    let head = segment.readers;
                    if head == NO_READER || readers[head as usize].0 != access.pass {
                        readers.push((access.pass, head));
                        segment.readers = (readers.len() - 1) as u32;
                    }
                }
                AccessMode::Write => {
                    let value = defined.map(|(value, _)| value);
                    let mut reader = segment.readers;
                    while reader != NO_READER {
                        let (from, next) = readers[reader as usize];
                        add(from, HazardKind::War, value, a, b);
                        reader = next;
                    }
                    if let Some(writer) = segment.writer() {
                        add(writer, HazardKind::Waw, value, a, b);
                    }
                }
            }
            Ok(())
        })
    }

    /// Processes every piece of one access.
    fn access(&mut self, index: usize, access: &AccessRecord) -> Result<Option<ValueId>, UndefinedPiece> {
        let mut produced = None;
        match access.region() {
            Region::Buffer { offset, end } => {
                if offset < end {
                    self.piece(index, access, 0, offset, end, &mut produced)?;
                }
            }
            Region::Texture(region) => {
                let layers = self.rec.facts[access.resource.index()].layers();
                for mip in region.mips() {
                    let slices = region.slice_range(layers, mip);
                    if slices.start < slices.end {
                        let (start, end) = (u64::from(slices.start), u64::from(slices.end));
                        self.piece(index, access, mip, start, end, &mut produced)?;
                    }
                }
            }
        }
        Ok(produced)
    }

    /// Processes every access in recording order, showing each to `observe`
    /// first.
    fn run(
        &mut self,
        access_values: &mut Vec<Option<ValueId>>,
        mut observe: impl FnMut(usize, &AccessRecord),
    ) -> Result<()> {
        let rec = self.rec;
        if REPORT {
            access_values.resize(rec.accesses.len(), None);
        }
        for (index, access) in rec.accesses.iter().enumerate() {
            observe(index, access);
            if access.graph_effect() {
                let produced = self.access(index, access).map_err(|piece| undefined_error(rec, access, piece))?;
                if REPORT {
                    access_values[index] = produced;
                }
            }
        }
        Ok(())
    }
}

/// Runs content analysis over every node. With `report`, also tracks
/// values and readers and reports ordering dependencies (WAR, WAW).
/// `observe` sees every access (those without graph effect included), in
/// recording order, so that later stages can share this pass over them.
pub(crate) fn analyze(
    rec: &Recording<'_>,
    report: bool,
    storage: &mut ContentStorage,
    observe: impl FnMut(usize, &AccessRecord),
) -> Result<ContentOutcome> {
    let mut access_values = storage.access_values.take();
    if report {
        let mut analyzer = Analyzer::<true>::new(rec, storage);
        analyzer.run(&mut access_values, observe)?;
        Ok(analyzer.finish(access_values, storage))
    } else {
        let mut analyzer = Analyzer::<false>::new(rec, storage);
        analyzer.run(&mut access_values, observe)?;
        Ok(analyzer.finish(access_values, storage))
    }
}

impl<'a, const REPORT: bool> Analyzer<'a, REPORT> {
    /// An analyzer working in the tables of `storage`.
    fn new(rec: &'a Recording<'a>, storage: &mut ContentStorage) -> Self {
        let mut values = storage.values.take();
        let state = initial_state(rec, REPORT.then_some(&mut values), storage);
        let mut value_edges = storage.value_edges.take();
        value_edges.reserve(rec.accesses.len());
        let index = storage.dependency_index.take();
        Self {
            rec,
            state,
            values,
            value_edges,
            deps: Dependencies::new(storage.dependencies.take(), index),
            readers: storage.readers.take(),
            split: storage.split.take(),
        }
    }

    /// The outcome; the working tables go back to `storage`.
    fn finish(self, access_values: Vec<Option<ValueId>>, storage: &mut ContentStorage) -> ContentOutcome {
        storage.dependency_index.keep(self.deps.index);
        storage.readers.keep(self.readers);
        storage.split.keep(self.split);
        ContentOutcome {
            values: self.values,
            access_values,
            value_edges: self.value_edges,
            dependencies: self.deps.all,
            state: self.state,
        }
    }
}

impl ContentOutcome {
    /// Gives the outcome's storage back for the next compile.
    pub fn recycle(self, storage: &mut ContentStorage) {
        storage.planes.keep(self.state.planes);
        storage.plane_len.keep(self.state.plane_len);
        storage.plane_base.keep(self.state.plane_base);
        storage.values.keep(self.values);
        storage.access_values.keep(self.access_values);
        storage.value_edges.keep(self.value_edges);
        storage.dependencies.keep(self.dependencies);
    }
}

#[cfg(test)]
mod tests {
    use wgpu::{Color, TextureAspect, TextureFormat};

    use super::{ContentOutcome, ContentStorage, Hull, analyze};
    use crate::desc::{ResourceRange, TextureSubresourceRange};
    use crate::error::{FrameGraphError, PassRef, ResourceRef};
    use crate::ids::{AccessId, PassId, ResourceId, ValueId};
    use crate::record::Recording;
    use crate::types::{HazardKind, UndefinedCause};
    use crate::{
        BufferDesc, BufferRange, ColorAttachmentOps, CompileOptions, FrameGraph, ImportBufferOptions, InitialContents,
        TextureDesc, TextureViewDesc, WriteContents,
    };

    type Edge = (u32, u32, ResourceId, HazardKind, Option<u32>, Hull);

    /// Analyzes `rec` with and without reports, checks that both agree on
    /// the value edges and that only the reported one tracks values and
    /// dependencies, and returns the reported outcome.
    fn analyzed(rec: &Recording<'_>) -> ContentOutcome {
        let reported = analyze(rec, true, &mut ContentStorage::default(), |_, _| {}).unwrap();
        let bare = analyze(rec, false, &mut ContentStorage::default(), |_, _| {}).unwrap();
        assert_eq!(edge_set(&bare.value_edges), edge_set(&reported.value_edges), "value edges differ without reports");
        assert!(bare.values.is_empty() && bare.access_values.is_empty() && bare.dependencies.is_empty());
        reported
    }

    /// The error analysis stops with, which must not depend on reports.
    fn failure(rec: &Recording<'_>) -> FrameGraphError {
        let reported = analyze(rec, true, &mut ContentStorage::default(), |_, _| {}).err().unwrap();
        let bare = analyze(rec, false, &mut ContentStorage::default(), |_, _| {}).err().unwrap();
        assert_eq!(reported, bare, "the error depends on reports");
        reported
    }

    fn edge_set(edges: &[(PassId, PassId)]) -> Vec<(u32, u32)> {
        let mut set: Vec<_> = edges.iter().map(|(from, to)| (from.0, to.0)).collect();
        set.sort_unstable();
        set.dedup();
        set
    }

    fn edges(outcome: &ContentOutcome) -> Vec<Edge> {
        outcome
            .dependencies
            .iter()
            .map(|d| (d.from.0, d.to.0, d.resource, d.hazard, d.value.map(|v| v.0), d.hull))
            .collect()
    }

    fn bytes(start: u64, end: u64) -> Hull {
        Hull { first_plane: 0, last_plane: 0, start, end }
    }

    fn node(id: u32, label: &'static str) -> PassRef {
        PassRef { id: PassId(id), label: label.into() }
    }

    fn resource(id: ResourceId, label: &'static str) -> ResourceRef {
        ResourceRef { id, label: label.into() }
    }

    fn subresource(mip: u32, base_slice: u32, slice_count: u32) -> ResourceRange {
        ResourceRange::Texture(vec![TextureSubresourceRange {
            base_mip_level: mip,
            mip_level_count: 1,
            base_slice,
            slice_count,
            aspect: TextureAspect::All,
        }])
    }

    #[test]
    fn reads_and_writes_get_raw_war_waw_and_preserve_edges_naming_their_values() {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let data = frame.create_buffer(BufferDesc::new("data", 16)).unwrap();
        let mut pass = frame.compute_pass("write");
        let _ = pass.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        let mut pass = frame.compute_pass("read");
        let _ = pass.storage_buffer_read(data, BufferRange::whole()).unwrap();
        pass.finish().unwrap();
        let mut pass = frame.compute_pass("overwrite");
        let _ = pass.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        let mut pass = frame.compute_pass("patch");
        let _ = pass.storage_buffer_write(data, BufferRange::new(0, Some(8)), WriteContents::Preserve).unwrap();
        pass.finish().unwrap();

        let outcome = analyzed(&frame.rec);
        let data = data.id();
        assert_eq!(
            edges(&outcome),
            [
                (0, 1, data, HazardKind::Raw, Some(0), bytes(0, 16)),
                (1, 2, data, HazardKind::War, Some(0), bytes(0, 16)),
                (0, 2, data, HazardKind::Waw, Some(0), bytes(0, 16)),
                (2, 3, data, HazardKind::Preserve, Some(1), bytes(0, 8)),
                (2, 3, data, HazardKind::Waw, Some(1), bytes(0, 8)),
            ]
        );
        assert_eq!(edge_set(&outcome.value_edges), [(0, 1), (2, 3)], "ordering edges are no value edges");
        assert_eq!(outcome.access_values, [Some(ValueId(0)), None, Some(ValueId(1)), Some(ValueId(2))]);
        let values: Vec<_> = outcome.values.iter().map(|value| (value.resource, value.access)).collect();
        assert_eq!(values, [(data, Some(AccessId(0))), (data, Some(AccessId(2))), (data, Some(AccessId(3)))]);
    }

    #[test]
    fn a_dependency_over_several_pieces_is_recorded_once_covering_them() {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let data = frame.create_buffer(BufferDesc::new("data", 16)).unwrap();
        let desc = TextureDesc::new_2d("layers", 8, 8, TextureFormat::Rgba8Unorm).with_mips(2).with_layers(4);
        let texture = frame.create_texture(desc).unwrap();
        let layers = |mip, base| TextureViewDesc {
            base_mip_level: mip,
            mip_level_count: Some(1),
            base_array_layer: base,
            array_layer_count: Some(2),
            ..TextureViewDesc::default()
        };
        // "fill" writes the upper layers of mip 0 and the lower ones of mip
        // 1; "middle" writes the rest, and the middle of the buffer.
        for (label, bytes, mip_0_base) in
            [("fill", BufferRange::whole(), 2), ("middle", BufferRange::new(4, Some(4)), 0)]
        {
            let upper = frame.create_texture_view(texture, layers(0, mip_0_base)).unwrap();
            let lower = frame.create_texture_view(texture, layers(1, 2 - mip_0_base)).unwrap();
            let contents = if label == "fill" { WriteContents::Overwrite } else { WriteContents::Preserve };
            let mut pass = frame.command_pass(label);
            let _ = pass.storage_buffer_write(data, bytes, contents).unwrap();
            let _ = pass.storage_texture_write(upper, WriteContents::Overwrite).unwrap();
            let _ = pass.storage_texture_write(lower, WriteContents::Overwrite).unwrap();
            pass.finish().unwrap();
        }
        let mut pass = frame.compute_pass("read");
        let _ = pass.storage_buffer_read(data, BufferRange::whole()).unwrap();
        let _ = pass.sampled_texture(texture).unwrap();
        pass.finish().unwrap();

        let outcome = analyzed(&frame.rec);
        let (data, texture) = (data.id(), texture.id());
        let both_mips = Hull { first_plane: 0, last_plane: 1, start: 0, end: 4 };
        assert_eq!(
            edges(&outcome),
            [
                (0, 1, data, HazardKind::Preserve, Some(0), bytes(4, 8)),
                (0, 1, data, HazardKind::Waw, Some(0), bytes(4, 8)),
                (0, 2, data, HazardKind::Raw, Some(0), bytes(0, 16)),
                (1, 2, data, HazardKind::Raw, Some(3), bytes(4, 8)),
                (1, 2, texture, HazardKind::Raw, Some(4), both_mips),
                (0, 2, texture, HazardKind::Raw, Some(1), both_mips),
            ]
        );
        assert_eq!(edge_set(&outcome.value_edges), [(0, 1), (0, 2), (1, 2)]);
    }

    #[test]
    fn imported_defined_contents_are_one_value_without_a_producer() {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let history = frame
            .import_buffer(BufferDesc::new("history", 16), ImportBufferOptions::new(InitialContents::Defined))
            .unwrap();
        let mut pass = frame.compute_pass("read");
        let _ = pass.storage_buffer_read(history, BufferRange::whole()).unwrap();
        pass.finish().unwrap();
        let mut pass = frame.compute_pass("replace");
        let _ = pass.storage_buffer_write(history, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();

        let outcome = analyzed(&frame.rec);
        let history = history.id();
        let values: Vec<_> = outcome.values.iter().map(|value| (value.resource, value.access)).collect();
        assert_eq!(values, [(history, None), (history, Some(AccessId(1)))]);
        assert_eq!(edges(&outcome), [(0, 1, history, HazardKind::War, Some(0), bytes(0, 16))]);
        assert!(outcome.value_edges.is_empty(), "reading the initial contents depends on no node");
    }

    #[test]
    fn every_access_is_observed_in_order_but_empty_copies_affect_no_contents() {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let src = frame.create_buffer(BufferDesc::new("src", 16)).unwrap();
        let dst = frame.create_buffer(BufferDesc::new("dst", 16)).unwrap();
        let mut pass = frame.compute_pass("fill");
        let _ = pass.storage_buffer_write(src, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        let mut copy = frame.copy_pass("empty-copy");
        copy.copy_buffer_to_buffer(src, 0, dst, 0, 0).unwrap();
        copy.finish().unwrap();

        let mut observed = Vec::new();
        let outcome = analyze(&frame.rec, true, &mut ContentStorage::default(), |index, access| {
            observed.push((index, access.pass.0, access.graph_effect()));
        })
        .unwrap();
        assert_eq!(observed, [(0, 0, true), (1, 1, false), (2, 1, false)]);
        assert!(outcome.dependencies.is_empty(), "an empty copy neither reads src nor writes dst");
        assert_eq!(outcome.access_values, [Some(ValueId(0)), None, None]);
    }

    #[test]
    fn reading_undefined_contents_is_fg1001_naming_the_undefined_part() {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let data = frame.create_buffer(BufferDesc::new("data", 16)).unwrap();
        let out = frame.create_buffer(BufferDesc::new("out", 4)).unwrap();
        let mut pass = frame.compute_pass("head");
        let _ = pass.storage_buffer_write(data, BufferRange::new(0, Some(8)), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        let mut pass = frame.compute_pass("reader");
        let _ = pass.storage_buffer_read(data, BufferRange::whole()).unwrap();
        let _ = pass.storage_buffer_write(out, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        let error = failure(&frame.rec);
        assert_eq!(
            error,
            FrameGraphError::ReadBeforeWrite {
                pass: node(1, "reader"),
                resource: resource(data.id(), "data"),
                range: ResourceRange::Buffer(BufferRange::new(8, Some(8))),
                cause: UndefinedCause::Transient,
            }
        );
        assert_eq!(error.code(), "FG1001");
        assert_eq!(
            frame.compile(CompileOptions::default()).unwrap_err(),
            error,
            "a reader that retention would cull still fails"
        );

        let mut frame = graph.begin_frame();
        let desc = TextureDesc::new_2d("mips", 8, 8, TextureFormat::Rgba8Unorm).with_mips(3).with_layers(2);
        let texture = frame.create_texture(desc).unwrap();
        for mip in 0..2 {
            let view = frame.create_texture_view(texture, TextureViewDesc::mip(mip)).unwrap();
            let mut pass = frame.compute_pass("write-mip");
            let _ = pass.storage_texture_write(view, WriteContents::Overwrite).unwrap();
            pass.finish().unwrap();
        }
        let mut pass = frame.compute_pass("sample");
        let _ = pass.sampled_texture(texture).unwrap();
        pass.finish().unwrap();
        assert_eq!(
            failure(&frame.rec),
            FrameGraphError::ReadBeforeWrite {
                pass: node(2, "sample"),
                resource: resource(texture.id(), "mips"),
                range: subresource(2, 0, 2),
                cause: UndefinedCause::Transient,
            }
        );

        drop(frame);
        let mut frame = graph.begin_frame();
        let imported = frame
            .import_buffer(BufferDesc::new("imported", 8), ImportBufferOptions::new(InitialContents::Undefined))
            .unwrap();
        let mut pass = frame.compute_pass("read-import");
        let _ = pass.storage_buffer_read(imported, BufferRange::whole()).unwrap();
        pass.finish().unwrap();
        assert_eq!(
            failure(&frame.rec),
            FrameGraphError::ReadBeforeWrite {
                pass: node(0, "read-import"),
                resource: resource(imported.id(), "imported"),
                range: ResourceRange::Buffer(BufferRange::new(0, Some(8))),
                cause: UndefinedCause::ImportedUndefined,
            }
        );
    }

    #[test]
    fn preserving_undefined_contents_is_fg1002_naming_the_undefined_part() {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let data = frame.create_buffer(BufferDesc::new("data", 16)).unwrap();
        let mut pass = frame.compute_pass("head");
        let _ = pass.storage_buffer_write(data, BufferRange::new(0, Some(8)), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        let mut pass = frame.compute_pass("patch");
        let _ = pass.storage_buffer_write(data, BufferRange::whole(), WriteContents::Preserve).unwrap();
        pass.finish().unwrap();
        let error = failure(&frame.rec);
        assert_eq!(
            error,
            FrameGraphError::PreserveBeforeWrite {
                pass: node(1, "patch"),
                resource: resource(data.id(), "data"),
                range: ResourceRange::Buffer(BufferRange::new(8, Some(8))),
                cause: UndefinedCause::Transient,
            }
        );
        assert_eq!(error.code(), "FG1002");

        drop(frame);
        let mut frame = graph.begin_frame();
        let desc = TextureDesc::new_2d("swapchain", 8, 8, TextureFormat::Bgra8Unorm);
        let surface = frame.import_surface_texture(desc, None).unwrap();
        let mut pass = frame.render_pass("overlay");
        let _ = pass.color_attachment(surface, ColorAttachmentOps::load_store()).unwrap();
        pass.finish().unwrap();
        assert_eq!(
            failure(&frame.rec),
            FrameGraphError::PreserveBeforeWrite {
                pass: node(0, "overlay"),
                resource: resource(surface.id(), "swapchain"),
                range: subresource(0, 0, 1),
                cause: UndefinedCause::Surface,
            }
        );
    }

    #[test]
    fn consuming_discarded_contents_is_fg1003_for_reads_and_loads() {
        let mut graph = FrameGraph::new();
        for load in [false, true] {
            let mut frame = graph.begin_frame();
            let scratch =
                frame.create_texture(TextureDesc::new_2d("scratch", 8, 8, TextureFormat::Rgba8Unorm)).unwrap();
            let mut pass = frame.render_pass("discard");
            let _ = pass.color_attachment(scratch, ColorAttachmentOps::clear_discard(Color::BLACK)).unwrap();
            pass.finish().unwrap();
            if load {
                let mut pass = frame.render_pass("consumer");
                let _ = pass.color_attachment(scratch, ColorAttachmentOps::load_store()).unwrap();
                pass.finish().unwrap();
            } else {
                let mut pass = frame.compute_pass("consumer");
                let _ = pass.sampled_texture(scratch).unwrap();
                pass.finish().unwrap();
            }
            let error = failure(&frame.rec);
            assert_eq!(
                error,
                FrameGraphError::ReadAfterDiscard {
                    pass: node(1, "consumer"),
                    resource: resource(scratch.id(), "scratch"),
                    range: subresource(0, 0, 1),
                }
            );
            assert_eq!(error.code(), "FG1003");
        }
    }
}
