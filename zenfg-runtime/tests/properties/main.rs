//! Property tests of content flow, culling and aliasing against brute-force models.

use std::collections::BTreeSet;

mod recording_fuzz;

use proptest::prelude::*;
use zenfg_runtime::wgpu::{Color, TextureFormat, TextureViewDimension};
use zenfg_runtime::{
    BufferDesc, BufferRange, ColorAttachmentOps, CompileOptions, Frame, FrameGraph, HazardKind, ImportBufferOptions,
    ImportTextureOptions, InitialContents, PassId, ResourceId, RootReason, Texture, TextureDesc, TextureView,
    TextureViewDesc, WriteContents,
};

proptest! {
    /// Overwrites of random byte ranges of an 8-byte buffer, then a read of
    /// the whole buffer: compiles iff every byte was covered, else FG1001.
    #[test]
    fn a_full_read_needs_every_byte_overwritten(ranges in prop::collection::vec((0_u64..8, 1_u64..=8), 0..6)) {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let buffer = frame.create_buffer(BufferDesc::new("bytes", 8)).unwrap();
        let mut covered = [false; 8];
        for &(offset, size) in &ranges {
            let size = size.min(8 - offset);
            let mut pass = frame.compute_pass("write");
            let _ = pass.storage_buffer_write(buffer, BufferRange::new(offset, Some(size)), WriteContents::Overwrite).unwrap();
            pass.finish().unwrap();
            covered[offset as usize..(offset + size) as usize].fill(true);
        }
        let mut pass = frame.compute_pass("read");
        let _ = pass.storage_buffer_read(buffer, BufferRange::whole()).unwrap();
        pass.set_side_effect(true);
        pass.finish().unwrap();
        match frame.compile(CompileOptions::default()) {
            Ok(_) => prop_assert!(covered.iter().all(|&byte| byte)),
            Err(error) => {
                prop_assert!(covered.iter().any(|&byte| !byte));
                prop_assert_eq!(error.code(), "FG1001");
            }
        }
    }

    /// A random subset of four layers written through single-layer views; a
    /// sampled read of the whole texture compiles iff all four were written.
    #[test]
    fn a_sampled_read_needs_every_layer_written(layers in prop::collection::btree_set(0_u32..4, 0..=4)) {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let texture = frame
            .create_texture(TextureDesc::new_2d("layers", 4, 4, TextureFormat::Rgba8Unorm).with_layers(4))
            .unwrap();
        for &layer in &layers {
            let view = frame.create_texture_view(texture, TextureViewDesc::layer(layer)).unwrap();
            let mut pass = frame.compute_pass("write-layer");
            let _ = pass.storage_texture_write(view, WriteContents::Overwrite).unwrap();
            pass.finish().unwrap();
        }
        let mut pass = frame.compute_pass("sample");
        let _ = pass.sampled_texture(texture).unwrap();
        pass.set_side_effect(true);
        pass.finish().unwrap();
        let result = frame.compile(CompileOptions::default());
        prop_assert_eq!(result.is_ok(), layers.len() == 4);
        if let Err(error) = result {
            prop_assert_eq!(error.code(), "FG1001");
        }
    }

    /// Transients with random sizes and lifetimes: each lands in exactly one
    /// allocation; per compatibility key the number of allocations equals the
    /// largest number of simultaneously live transients; members of one
    /// allocation never overlap; no allocation exceeds 1.25x any member.
    #[test]
    fn aliasing_is_optimal_per_key(specs in prop::collection::vec((0_usize..3, 1_u64..2048, 0_usize..12, 0_usize..4), 1..24)) {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        // Twelve steps; a transient is written at `start` and read at `start + span`.
        let sizes = [64_u64, 100, 1000];
        let mut plan: Vec<(usize, usize, u64)> = Vec::new();
        let mut handles = Vec::new();
        for &(class, extra, start, span) in &specs {
            let size = sizes[class] + extra % 4;
            let end = (start + span).min(11);
            plan.push((start, end, size));
            handles.push(frame.create_buffer(BufferDesc::new("t", size)).unwrap());
        }
        let marker = frame.create_buffer(BufferDesc::new("marker", 4)).unwrap();
        for step in 0..12 {
            let mut pass = frame.command_pass("step");
            for (index, &(start, end, _)) in plan.iter().enumerate() {
                if start == step {
                    let _ = pass.storage_buffer_write(handles[index], BufferRange::whole(), WriteContents::Overwrite).unwrap();
                } else if start < step && step <= end {
                    let _ = pass.storage_buffer_read(handles[index], BufferRange::whole()).unwrap();
                }
            }
            if step == 0 {
                let _ = pass.storage_buffer_write(marker, BufferRange::whole(), WriteContents::Overwrite).unwrap();
            }
            pass.finish().unwrap();
        }
        let compiled = frame.compile(CompileOptions::full_report()).unwrap();
        let full = compiled.report().unwrap().full.as_ref().unwrap();
        let lifetime = |id: ResourceId| full.resources[id.get() as usize].lifetime.unwrap();
        let mut seen = BTreeSet::new();
        let mut per_key: std::collections::BTreeMap<String, usize> = Default::default();
        for allocation in &full.allocations {
            *per_key.entry(allocation.compatibility_key.clone()).or_default() += 1;
            for (position, &id) in allocation.resource_ids.iter().enumerate() {
                prop_assert!(seen.insert(id), "resource in two allocations");
                let logical = match &full.resources[id.get() as usize].descriptor {
                    zenfg_runtime::ResourceDescriptor::Buffer(desc) => desc.size,
                    zenfg_runtime::ResourceDescriptor::Texture(_) => unreachable!(),
                };
                prop_assert!(allocation.estimated_byte_size * 4 <= logical * 5);
                prop_assert!(allocation.estimated_byte_size >= logical);
                if position > 0 {
                    let previous = lifetime(allocation.resource_ids[position - 1]);
                    prop_assert!(previous.last_use < lifetime(id).first_use);
                }
            }
        }
        prop_assert_eq!(seen.len(), handles.len() + 1);
        for (key, &count) in &per_key {
            let members: Vec<_> = full
                .allocations
                .iter()
                .filter(|allocation| &allocation.compatibility_key == key)
                .flat_map(|allocation| allocation.resource_ids.iter().map(|&id| lifetime(id)))
                .collect();
            let max_overlap = (0..12_u32)
                .map(|step| members.iter().filter(|l| l.first_use <= step && step <= l.last_use).count())
                .max()
                .unwrap_or(0);
            prop_assert_eq!(count, max_overlap, "key {}", key);
        }
    }
}

/// What an access of a random graph does to its units (bytes of a buffer,
/// layers of the texture).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Read,
    Overwrite,
    Preserve,
    /// A color attachment that clears and discards: its units end discarded.
    ClearDiscard,
    /// A color attachment that loads and discards.
    LoadDiscard,
}

impl Kind {
    fn consumes(self) -> bool {
        matches!(self, Self::Read | Self::Preserve | Self::LoadDiscard)
    }

    fn writes(self) -> bool {
        self != Self::Read
    }

    fn produces(self) -> bool {
        matches!(self, Self::Overwrite | Self::Preserve)
    }
}

/// One access of a random graph: resource, kind, unit range.
#[derive(Clone, Debug)]
struct ModelAccess {
    resource: usize,
    kind: Kind,
    start: u64,
    end: u64,
}

#[derive(Clone, Debug)]
struct ModelPass {
    side_effect: bool,
    accesses: Vec<ModelAccess>,
}

#[derive(Clone, Debug)]
struct ModelGraph {
    /// The size of each buffer.
    bytes: u64,
    /// Per resource, whether it is imported with defined contents.
    imported_defined: Vec<bool>,
    passes: Vec<ModelPass>,
    roots: Vec<(usize, u64, u64)>,
}

/// Resources `0..BUFFERS` are buffers; resource `BUFFERS` is a texture of
/// `LAYERS` layers.
const BUFFERS: usize = 3;
const TEXTURE: usize = BUFFERS;
const LAYERS: u64 = 4;

impl ModelGraph {
    fn units(&self, resource: usize) -> u64 {
        if resource == TEXTURE { LAYERS } else { self.bytes }
    }
}

/// A range of `1..=span` units within `units`.
fn range(units: u64, span: u64) -> impl Strategy<Value = (u64, u64)> {
    (0..units).prop_flat_map(move |start| (Just(start), start + 1..=(start + span).min(units)))
}

/// What random graphs look like: buffer size, how many units an access
/// spans at most, how many passes, how likely imports are defined.
#[derive(Clone, Copy)]
struct Shape {
    bytes: u64,
    span: u64,
    passes: (usize, usize),
    defined: f64,
    /// Whether passes touch the texture too.
    texture: bool,
}

fn access_strategy(shape: Shape) -> impl Strategy<Value = ModelAccess> {
    let buffer = (
        0..BUFFERS,
        prop_oneof![Just(Kind::Read), Just(Kind::Overwrite), Just(Kind::Overwrite), Just(Kind::Preserve)],
        range(shape.bytes, shape.span),
    );
    // Attachments cover one layer; reads sample a run of layers.
    let layer = (0..LAYERS).prop_map(|layer| (layer, layer + 1));
    let texture = prop_oneof![
        (Just(Kind::Read), range(LAYERS, LAYERS)),
        (
            prop_oneof![Just(Kind::Overwrite), Just(Kind::Preserve), Just(Kind::ClearDiscard), Just(Kind::LoadDiscard)],
            layer
        ),
    ]
    .prop_map(|(kind, range)| (TEXTURE, kind, range));
    prop_oneof![3 => buffer, 1 => texture].prop_map(|(resource, kind, (start, end))| ModelAccess {
        resource,
        kind,
        start,
        end,
    })
}

fn graph_strategy(shape: Shape) -> impl Strategy<Value = ModelGraph> {
    let pass = (prop::bool::weighted(0.1), prop::collection::vec(access_strategy(shape), 1..4)).prop_map(
        move |(side_effect, accesses)| {
            // One access per resource keeps nodes free of intra-node conflicts.
            let mut seen = BTreeSet::new();
            let accesses = accesses
                .into_iter()
                .filter(|access| (shape.texture || access.resource != TEXTURE) && seen.insert(access.resource))
                .collect();
            ModelPass { side_effect, accesses }
        },
    );
    let root = (0..=BUFFERS).prop_flat_map(move |resource| {
        let units = if resource == TEXTURE { LAYERS } else { shape.bytes };
        (Just(resource), range(units, units))
    });
    (
        prop::collection::vec(prop::bool::weighted(shape.defined), BUFFERS + 1),
        prop::collection::vec(pass, shape.passes.0..shape.passes.1),
        prop::collection::vec(root.prop_map(|(resource, (start, end))| (resource, start, end)), 0..3),
    )
        .prop_map(move |(imported_defined, passes, roots)| ModelGraph {
            bytes: shape.bytes,
            imported_defined,
            passes,
            roots,
        })
}

/// A dependency as reports de-duplicate it: from, to, resource, hazard.
type ModelDependency = (usize, usize, usize, Hazard);

/// [`HazardKind`], ordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Hazard {
    Raw,
    War,
    Waw,
    Preserve,
}

impl From<HazardKind> for Hazard {
    fn from(hazard: HazardKind) -> Self {
        match hazard {
            HazardKind::Raw => Self::Raw,
            HazardKind::War => Self::War,
            HazardKind::Waw => Self::Waw,
            HazardKind::Preserve => Self::Preserve,
        }
    }
}

/// What the model expects: an error code, or the retained passes, each
/// root's producers and the dependencies.
#[derive(Debug, PartialEq)]
enum Expected {
    Error(&'static str),
    Plan { retained: BTreeSet<usize>, root_producers: Vec<Vec<usize>>, dependencies: BTreeSet<ModelDependency> },
}

/// What one unit holds.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Held {
    Undefined,
    Discarded,
    Initial,
    Written(usize),
}

/// The history of one unit.
#[derive(Clone, Debug)]
struct Unit {
    held: Held,
    readers: Vec<usize>,
    writer: Option<usize>,
}

/// Unit-by-unit simulation of content flow, then a closure over value edges.
fn model(graph: &ModelGraph) -> Expected {
    let mut units: Vec<Vec<Unit>> = graph
        .imported_defined
        .iter()
        .enumerate()
        .map(|(resource, &defined)| {
            let held = if defined { Held::Initial } else { Held::Undefined };
            vec![Unit { held, readers: Vec::new(), writer: None }; graph.units(resource) as usize]
        })
        .collect();
    let mut dependencies = BTreeSet::new();
    for (index, pass) in graph.passes.iter().enumerate() {
        for access in &pass.accesses {
            let resource = access.resource;
            for unit in &mut units[resource][access.start as usize..access.end as usize] {
                let mut depend = |from: usize, hazard| {
                    if from != index {
                        dependencies.insert((from, index, resource, hazard));
                    }
                };
                if access.kind.consumes() {
                    match unit.held {
                        Held::Discarded => return Expected::Error("FG1003"),
                        Held::Undefined => {
                            return Expected::Error(if access.kind == Kind::Read { "FG1001" } else { "FG1002" });
                        }
                        Held::Written(producer) => {
                            depend(producer, if access.kind == Kind::Read { Hazard::Raw } else { Hazard::Preserve })
                        }
                        Held::Initial => {}
                    }
                }
                if access.kind.writes() {
                    for &reader in &unit.readers {
                        depend(reader, Hazard::War);
                    }
                    if let Some(writer) = unit.writer {
                        depend(writer, Hazard::Waw);
                    }
                    unit.held = if access.kind.produces() { Held::Written(index) } else { Held::Discarded };
                    unit.readers.clear();
                    unit.writer = Some(index);
                } else if unit.readers.last() != Some(&index) {
                    unit.readers.push(index);
                }
            }
        }
    }
    let mut retained: BTreeSet<usize> =
        graph.passes.iter().enumerate().filter(|(_, pass)| pass.side_effect).map(|(index, _)| index).collect();
    let mut root_producers = Vec::new();
    let mut seen_roots = BTreeSet::new();
    for &(resource, start, end) in &graph.roots {
        let mut producers = BTreeSet::new();
        for unit in &units[resource][start as usize..end as usize] {
            match unit.held {
                Held::Undefined | Held::Discarded => return Expected::Error("FG1004"),
                Held::Written(producer) => {
                    producers.insert(producer);
                }
                Held::Initial => {}
            }
        }
        retained.extend(producers.iter().copied());
        if seen_roots.insert((resource, start, end)) {
            root_producers.push(producers.into_iter().collect());
        }
    }
    loop {
        let before = retained.len();
        for &(from, to, _, hazard) in &dependencies {
            if matches!(hazard, Hazard::Raw | Hazard::Preserve) && retained.contains(&to) {
                retained.insert(from);
            }
        }
        if retained.len() == before {
            break;
        }
    }
    Expected::Plan { retained, root_producers, dependencies }
}

/// A view of layers `start..end` of `texture`.
fn run_of_layers<'f>(frame: &mut Frame<'f>, texture: Texture<'f>, start: u64, end: u64) -> TextureView<'f> {
    let desc = TextureViewDesc {
        dimension: Some(TextureViewDimension::D2Array),
        base_array_layer: start as u32,
        array_layer_count: Some((end - start) as u32),
        ..TextureViewDesc::default()
    };
    frame.create_texture_view(texture, desc).unwrap()
}

fn run(graph: &ModelGraph, options: CompileOptions) -> Result<(Expected, usize), zenfg_runtime::FrameGraphError> {
    let mut runtime = FrameGraph::new();
    let mut frame = runtime.begin_frame();
    let initial = |defined: bool| if defined { InitialContents::Defined } else { InitialContents::Undefined };
    let buffers: Vec<_> = graph.imported_defined[..BUFFERS]
        .iter()
        .map(|&defined| {
            let import = ImportBufferOptions::new(initial(defined));
            frame.import_buffer(BufferDesc::new("buffer", graph.bytes), import).unwrap()
        })
        .collect();
    let desc = TextureDesc::new_2d("layers", 4, 4, TextureFormat::Rgba8Unorm).with_layers(LAYERS as u32);
    let texture_options = ImportTextureOptions::new(initial(graph.imported_defined[TEXTURE]));
    let texture = frame.import_texture(desc, texture_options).unwrap();
    let layers: Vec<_> = (0..LAYERS as u32)
        .map(|layer| frame.create_texture_view(texture, TextureViewDesc::layer(layer)).unwrap())
        .collect();
    for pass in &graph.passes {
        // Views of layer runs are created before the pass's builder borrows the frame.
        let samples: Vec<_> = pass
            .accesses
            .iter()
            .filter(|access| access.resource == TEXTURE && access.kind == Kind::Read)
            .map(|access| run_of_layers(&mut frame, texture, access.start, access.end))
            .collect();
        let mut builder = frame.command_pass("pass");
        builder.set_side_effect(pass.side_effect);
        for access in &pass.accesses {
            if access.resource == TEXTURE {
                let layer = layers[access.start as usize];
                let ops = match access.kind {
                    Kind::Read => {
                        let _ = builder.sampled_texture(samples[0]).unwrap();
                        continue;
                    }
                    Kind::Overwrite => ColorAttachmentOps::clear_store(Color::BLACK),
                    Kind::Preserve => ColorAttachmentOps::load_store(),
                    Kind::ClearDiscard => ColorAttachmentOps::clear_discard(Color::BLACK),
                    Kind::LoadDiscard => ColorAttachmentOps::load_discard(),
                };
                let _ = builder.color_attachment(layer, ops).unwrap();
                continue;
            }
            let range = BufferRange::new(access.start, Some(access.end - access.start));
            let buffer = buffers[access.resource];
            match access.kind {
                Kind::Read => builder.storage_buffer_read(buffer, range).map(|_| ()),
                Kind::Preserve => builder.storage_buffer_write(buffer, range, WriteContents::Preserve).map(|_| ()),
                _ => builder.storage_buffer_write(buffer, range, WriteContents::Overwrite).map(|_| ()),
            }
            .unwrap();
        }
        builder.finish().unwrap();
    }
    for &(resource, start, end) in &graph.roots {
        if resource == TEXTURE {
            let view = run_of_layers(&mut frame, texture, start, end);
            frame.mark_texture_root(view, RootReason::Output).unwrap();
        } else {
            let range = BufferRange::new(start, Some(end - start));
            frame.mark_buffer_root(buffers[resource], range, RootReason::Output).unwrap();
        }
    }
    let compiled = frame.compile(options)?;
    let retained_count = compiled.retained_node_count();
    let Some(full) = compiled.report().and_then(|report| report.full.as_ref()) else {
        let empty =
            Expected::Plan { retained: BTreeSet::new(), root_producers: Vec::new(), dependencies: BTreeSet::new() };
        return Ok((empty, retained_count));
    };
    let retained = full.nodes.iter().map(|node| node.id.get() as usize).collect();
    let root_producers = full
        .roots
        .iter()
        .map(|root| root.resolution.producer_node_ids.iter().map(|id: &PassId| id.get() as usize).collect())
        .collect();
    let mut dependencies = BTreeSet::new();
    for dependency in &full.dependencies {
        let key = (
            dependency.from.get() as usize,
            dependency.to.get() as usize,
            dependency.resource.get() as usize,
            Hazard::from(dependency.hazard),
        );
        assert!(dependencies.insert(key), "dependency {key:?} reported twice");
    }
    Ok((Expected::Plan { retained, root_producers, dependencies }, retained_count))
}

/// Compiles `graph` and compares the outcome with the model's.
fn check_against_model(graph: &ModelGraph) -> Result<(), TestCaseError> {
    let expected = model(graph);
    match (run(graph, CompileOptions::full_report()), &expected) {
        (Err(error), Expected::Error(code)) => prop_assert_eq!(error.code(), *code),
        (Ok((actual, count)), Expected::Plan { retained, .. }) => {
            prop_assert_eq!(&actual, &expected);
            prop_assert_eq!(count, retained.len());
            let (_, plain_count) = run(graph, CompileOptions::default()).unwrap();
            prop_assert_eq!(plain_count, retained.len());
        }
        (actual, _) => prop_assert!(false, "runtime {:?} but model {:?}", actual.map(|(plan, _)| plan), expected),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Random graphs over three 64-byte buffers and a four-layer texture
    /// (attachments that load, clear, store and discard) agree with a
    /// unit-by-unit model on errors, retained passes, root producers and
    /// every dependency; reports do not change the plan.
    #[test]
    fn random_graphs_match_the_content_model(
        graph in graph_strategy(Shape { bytes: 64, span: 64, passes: (1, 40), defined: 0.7, texture: true }),
    ) {
        check_against_model(&graph)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Long graphs of narrow accesses to 1 KiB buffers split planes into
    /// hundreds of segments, edited far from their ends: content flow still
    /// agrees with the model.
    #[test]
    fn fragmented_graphs_match_the_content_model(
        graph in graph_strategy(Shape { bytes: 1024, span: 24, passes: (40, 160), defined: 1.0, texture: false }),
    ) {
        check_against_model(&graph)?;
    }
}

proptest! {
    /// Many accesses in one node (enough to switch the conflict check to its
    /// interval index) are accepted or rejected exactly like a pairwise check.
    #[test]
    fn intra_node_conflicts_match_a_pairwise_check(
        accesses in prop::collection::vec((0_usize..2, prop::bool::ANY, 0_u64..200, 1_u64..6), 1..120),
    ) {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let buffers =
            [frame.create_buffer(BufferDesc::new("a", 256)).unwrap(), frame.create_buffer(BufferDesc::new("b", 256)).unwrap()];
        let mut pass = frame.command_pass("many");
        let mut accepted: Vec<(usize, bool, u64, u64)> = Vec::new();
        for &(buffer, write, start, size) in &accesses {
            let end = start + size;
            let conflicts = accepted
                .iter()
                .any(|&(b, w, s, e)| b == buffer && (w || write) && s < end && start < e);
            let range = BufferRange::new(start, Some(size));
            let result = if write {
                pass.storage_buffer_write(buffers[buffer], range, WriteContents::Overwrite).map(drop)
            } else {
                pass.storage_buffer_read(buffers[buffer], range).map(drop)
            };
            match result {
                Ok(()) => {
                    prop_assert!(!conflicts);
                    accepted.push((buffer, write, start, end));
                }
                Err(error) => {
                    prop_assert!(conflicts);
                    prop_assert_eq!(error.code(), "FG1105");
                }
            }
        }
        pass.finish().unwrap();
    }
}
