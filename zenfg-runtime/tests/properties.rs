//! Property tests of content flow, culling and aliasing against brute-force models.

use std::collections::BTreeSet;

use proptest::prelude::*;
use zenfg_runtime::wgpu::TextureFormat;
use zenfg_runtime::{
    BufferDesc, BufferRange, CompileOptions, FrameGraph, ImportBufferOptions, InitialContents, PassId, ResourceId,
    RootReason, TextureDesc, TextureViewDesc, WriteContents,
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

/// One access of a random graph: buffer, kind, byte range.
#[derive(Clone, Debug)]
struct ModelAccess {
    buffer: usize,
    kind: Kind,
    start: u64,
    end: u64,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Read,
    Overwrite,
    Preserve,
}

#[derive(Clone, Debug)]
struct ModelPass {
    side_effect: bool,
    accesses: Vec<ModelAccess>,
}

#[derive(Clone, Debug)]
struct ModelGraph {
    imported_defined: Vec<bool>,
    passes: Vec<ModelPass>,
    roots: Vec<(usize, u64, u64)>,
}

const BUFFERS: usize = 3;
const BYTES: u64 = 8;

fn range() -> impl Strategy<Value = (u64, u64)> {
    (0..BYTES).prop_flat_map(|start| (Just(start), start + 1..=BYTES))
}

fn graph_strategy() -> impl Strategy<Value = ModelGraph> {
    let access = (0..BUFFERS, prop_oneof![Just(Kind::Read), Just(Kind::Overwrite), Just(Kind::Preserve)], range())
        .prop_map(|(buffer, kind, (start, end))| ModelAccess { buffer, kind, start, end });
    let pass = (prop::bool::weighted(0.15), prop::collection::vec(access, 1..3)).prop_map(|(side_effect, accesses)| {
        // One access per buffer keeps nodes free of intra-node conflicts.
        let mut seen = BTreeSet::new();
        let accesses = accesses.into_iter().filter(|access| seen.insert(access.buffer)).collect();
        ModelPass { side_effect, accesses }
    });
    (
        prop::collection::vec(prop::bool::ANY, BUFFERS),
        prop::collection::vec(pass, 1..10),
        prop::collection::vec((0..BUFFERS, range()).prop_map(|(buffer, (start, end))| (buffer, start, end)), 0..3),
    )
        .prop_map(|(imported_defined, passes, roots)| ModelGraph { imported_defined, passes, roots })
}

/// What the model expects: an error code, or the retained passes and each
/// root's producers.
#[derive(Debug, PartialEq)]
enum Expected {
    Error(&'static str),
    Plan { retained: BTreeSet<usize>, root_producers: Vec<Vec<usize>> },
}

/// Byte-by-byte simulation of content flow, then a closure over value edges.
fn model(graph: &ModelGraph) -> Expected {
    // Per byte: None = undefined, Some(None) = initial contents, Some(Some(p)) = written by p.
    let mut bytes: Vec<Vec<Option<Option<usize>>>> = graph
        .imported_defined
        .iter()
        .map(|&defined| vec![if defined { Some(None) } else { None }; BYTES as usize])
        .collect();
    let mut edges: Vec<(usize, usize)> = Vec::new();
    for (index, pass) in graph.passes.iter().enumerate() {
        for access in &pass.accesses {
            let span = access.start as usize..access.end as usize;
            if access.kind != Kind::Overwrite {
                for byte in &bytes[access.buffer][span.clone()] {
                    match byte {
                        None => return Expected::Error(if access.kind == Kind::Read { "FG1001" } else { "FG1002" }),
                        Some(Some(producer)) if *producer != index => edges.push((*producer, index)),
                        Some(_) => {}
                    }
                }
            }
            if access.kind != Kind::Read {
                bytes[access.buffer][span].fill(Some(Some(index)));
            }
        }
    }
    let mut retained: BTreeSet<usize> =
        graph.passes.iter().enumerate().filter(|(_, pass)| pass.side_effect).map(|(index, _)| index).collect();
    let mut root_producers = Vec::new();
    let mut seen_roots = BTreeSet::new();
    for &(buffer, start, end) in &graph.roots {
        let mut producers = BTreeSet::new();
        for byte in &bytes[buffer][start as usize..end as usize] {
            match byte {
                None => return Expected::Error("FG1004"),
                Some(Some(producer)) => {
                    producers.insert(*producer);
                }
                Some(None) => {}
            }
        }
        retained.extend(producers.iter().copied());
        if seen_roots.insert((buffer, start, end)) {
            root_producers.push(producers.into_iter().collect());
        }
    }
    loop {
        let before = retained.len();
        for &(from, to) in &edges {
            if retained.contains(&to) {
                retained.insert(from);
            }
        }
        if retained.len() == before {
            break;
        }
    }
    Expected::Plan { retained, root_producers }
}

fn run(graph: &ModelGraph, options: CompileOptions) -> Result<(Expected, usize), zenfg_runtime::FrameGraphError> {
    let mut runtime = FrameGraph::new();
    let mut frame = runtime.begin_frame();
    let buffers: Vec<_> = graph
        .imported_defined
        .iter()
        .map(|&defined| {
            let desc = BufferDesc::new("buffer", BYTES);
            if defined {
                frame.import_buffer(desc, ImportBufferOptions::new(InitialContents::Defined)).unwrap()
            } else {
                frame.create_buffer(desc).unwrap()
            }
        })
        .collect();
    for pass in &graph.passes {
        let mut builder = frame.command_pass("pass");
        builder.set_side_effect(pass.side_effect);
        for access in &pass.accesses {
            let range = BufferRange::new(access.start, Some(access.end - access.start));
            let buffer = buffers[access.buffer];
            match access.kind {
                Kind::Read => drop(builder.storage_buffer_read(buffer, range).unwrap()),
                Kind::Overwrite => drop(builder.storage_buffer_write(buffer, range, WriteContents::Overwrite).unwrap()),
                Kind::Preserve => drop(builder.storage_buffer_write(buffer, range, WriteContents::Preserve).unwrap()),
            }
        }
        builder.finish().unwrap();
    }
    for &(buffer, start, end) in &graph.roots {
        frame
            .mark_buffer_root(buffers[buffer], BufferRange::new(start, Some(end - start)), RootReason::Output)
            .unwrap();
    }
    let compiled = frame.compile(options)?;
    let retained_count = compiled.retained_node_count();
    let Some(full) = compiled.report().and_then(|report| report.full.as_ref()) else {
        return Ok((Expected::Plan { retained: BTreeSet::new(), root_producers: Vec::new() }, retained_count));
    };
    let retained = full.nodes.iter().map(|node| node.id.get() as usize).collect();
    let root_producers = full
        .roots
        .iter()
        .map(|root| root.resolution.producer_node_ids.iter().map(|id: &PassId| id.get() as usize).collect())
        .collect();
    Ok((Expected::Plan { retained, root_producers }, retained_count))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Random graphs over three 8-byte buffers agree with a byte-by-byte
    /// model on errors, retained passes and root producers; reports do not
    /// change the plan.
    #[test]
    fn random_graphs_match_the_content_model(graph in graph_strategy()) {
        let expected = model(&graph);
        match (run(&graph, CompileOptions::full_report()), &expected) {
            (Err(error), Expected::Error(code)) => prop_assert_eq!(error.code(), *code),
            (Ok((actual, count)), Expected::Plan { retained, .. }) => {
                prop_assert_eq!(&actual, &expected);
                prop_assert_eq!(count, retained.len());
                let (_, plain_count) = run(&graph, CompileOptions::default()).unwrap();
                prop_assert_eq!(plain_count, retained.len());
            }
            (actual, _) => prop_assert!(false, "runtime {:?} but model {:?}", actual.map(|(plan, _)| plan), expected),
        }
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
