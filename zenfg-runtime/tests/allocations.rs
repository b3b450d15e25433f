//! Warm executions allocate nothing of their own: a frame of one graph
//! segment makes exactly the heap allocations that plain wgpu makes to
//! create, finish and submit one command encoder on the same device; warm
//! recordings and compiles allocate nothing either, but to box a callback
//! too large to keep in the callback table.
//!
//! A binary of its own, without the test harness: nothing runs beside it, and
//! it turns backtrace capture off before anything starts. Debug builds of
//! wgpu-core capture a backtrace at every snatch lock when backtraces are on
//! (`RUST_BACKTRACE`), and what a capture allocates depends on the depth of
//! the stack, which is not the same in zenfg and in the plain-wgpu baseline.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use zenfg_runtime::prelude::*;
use zenfg_runtime::{ExecutionOptions, ImportBufferOptions, InitialContents, TimingMode};

struct CountingAllocator;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count() {
    // `try_with` because allocation can happen while the thread's locals are torn down.
    let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
}

// SAFETY: every call is forwarded unchanged to the system allocator.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: forwarded with the caller's layout.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded with the caller's pointer and layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: forwarded with the caller's pointer, layout and size.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// The allocations `run` makes each time, the same in each of twenty runs
/// after twenty warm-up runs.
fn warm(mut run: impl FnMut() -> u64) -> u64 {
    for _ in 0..20 {
        run();
    }
    let first = run();
    for _ in 1..20 {
        assert_eq!(run(), first, "a warm run allocates as often as the one before");
    }
    first
}

/// What wgpu itself allocates for one graph segment: an encoder labelled as
/// zenfg labels its first segment, finished and submitted.
fn wgpu_segment(device: &wgpu::Device, queue: &wgpu::Queue) -> u64 {
    let before = allocations();
    let encoder =
        device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("frame-graph.segment.0") });
    queue.submit([encoder.finish()]);
    allocations() - before
}

/// What each node of a frame is.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Node {
    /// A command node that declares nothing.
    Empty,
    /// A command node that writes one shared transient buffer and resolves it.
    Transient,
    /// A derived command pass writing two shared transient buffers through an
    /// array field, whose views it reads.
    Derived,
    /// A derived command pass with bindings, whose bind group the runtime's
    /// cache finds again.
    Bound,
    /// A command node whose callback captures more than a callback table
    /// keeps in place, so it is boxed.
    Large,
}

#[derive(Pass)]
#[pass(command)]
struct Bound<'f> {
    #[uniform(binding = 0)]
    params: Buffer<'f>,
    #[storage_write(preserve, binding = 1)]
    state: Buffer<'f>,
    #[sampler(binding = 2)]
    sampler: &'f wgpu::Sampler,
}

/// The caller's objects the bound passes bind.
struct Natives {
    params: wgpu::Buffer,
    state: wgpu::Buffer,
    sampler: wgpu::Sampler,
}

impl Natives {
    fn new(device: &wgpu::Device) -> Self {
        let buffer = |label, usage| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: 256,
                usage,
                mapped_at_creation: false,
            })
        };
        Self {
            params: buffer("params", wgpu::BufferUsages::UNIFORM),
            state: buffer("state", wgpu::BufferUsages::STORAGE),
            sampler: device.create_sampler(&wgpu::SamplerDescriptor::default()),
        }
    }
}

#[derive(Pass)]
#[pass(command)]
struct Fill<'f> {
    #[copy_dst(overwrite)]
    targets: [Buffer<'f>; 2],
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Timing {
    None,
    /// CPU timing, the report given back to the runtime once read.
    Cpu,
    /// CPU timing, the report kept by the caller.
    CpuKept,
}

/// Records `nodes` nodes of one kind, beside two transient buffers and two
/// bound imports.
fn record<'f>(frame: &mut Frame<'f>, natives: &'f Natives, nodes: usize, node: Node) {
    let buffer = frame.create_buffer(BufferDesc::new("shared", 256)).unwrap();
    let other = frame.create_buffer(BufferDesc::new("other", 256)).unwrap();
    let defined = ImportBufferOptions::new(InitialContents::Defined);
    let params = frame.import_buffer(BufferDesc::new("params", 256), defined).unwrap();
    frame.bind_imported_buffer(params, &natives.params).unwrap();
    let state = frame.import_buffer(BufferDesc::new("state", 256), defined).unwrap();
    frame.bind_imported_buffer(state, &natives.state).unwrap();
    for index in 0..nodes {
        match node {
            Node::Empty => frame.command_pass("node").finish_command(|_| Ok(())).unwrap(),
            Node::Transient => {
                let mut pass = frame.command_pass("node");
                let contents = if index == 0 { WriteContents::Overwrite } else { WriteContents::Preserve };
                let token = pass.buffer_copy_dst(buffer, BufferRange::whole(), contents).unwrap();
                pass.finish_command(move |cx| cx.resources.buffer(token).map(|_| ())).unwrap()
            }
            Node::Derived => frame
                .add(Fill { targets: [buffer, other] }, |cx| {
                    assert_ne!(cx.targets[0].buffer_unchecked(), cx.targets[1].buffer_unchecked());
                    Ok(())
                })
                .unwrap(),
            Node::Bound => frame
                .add(Bound { params, state, sampler: &natives.sampler }, |cx| {
                    assert!(cx.bind_groups.get(0).is_some());
                    Ok(())
                })
                .unwrap(),
            Node::Large => {
                let captured = [index as u64; 32];
                frame
                    .command_pass("node")
                    .finish_command(move |_| {
                        assert_eq!(std::hint::black_box(captured)[31], index as u64);
                        Ok(())
                    })
                    .unwrap()
            }
        };
    }
}

/// Allocations made by executing `nodes` nodes of one kind, all in one graph
/// segment.
fn execute(
    graph: &mut FrameGraph,
    queue: &wgpu::Queue,
    natives: &Natives,
    nodes: usize,
    node: Node,
    timing: Timing,
) -> u64 {
    let mut frame = graph.begin_frame();
    record(&mut frame, natives, nodes, node);
    let compiled = frame.compile(CompileOptions::default()).unwrap();
    assert_eq!(compiled.execution_segments().len(), 1);
    let before = allocations();
    if timing == Timing::None {
        compiled.execute(queue).unwrap();
        return allocations() - before;
    }
    let report = compiled
        .execute_with_timing(queue, ExecutionOptions::default(), TimingMode::Cpu)
        .unwrap()
        .cpu
        .expect("CPU timing was requested");
    let allocated = allocations() - before;
    assert_eq!(report.nodes.len(), nodes);
    if timing == Timing::Cpu {
        graph.recycle_cpu_timing_report(report);
    }
    allocated
}

fn warm_executions_allocate_only_what_wgpu_allocates_to_submit_their_segment(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    wgpu: u64,
) {
    let natives = Natives::new(device);
    for nodes in [16, 1024] {
        for node in [Node::Empty, Node::Transient, Node::Derived, Node::Bound, Node::Large] {
            for timing in [Timing::None, Timing::Cpu] {
                // A runtime of its own, so that no pooled object of an
                // earlier configuration ages out during the measured runs.
                let mut graph = FrameGraph::with_device(device);
                let zenfg = warm(|| execute(&mut graph, queue, &natives, nodes, node, timing));
                assert_eq!(
                    zenfg, wgpu,
                    "allocations of an execution of {nodes} nodes {node:?} with timing {timing:?} \
                     versus plain wgpu's for its one segment"
                );
            }
        }
    }
}

/// Allocations made by recording `nodes` nodes of one kind inside a debug
/// group, marking a root and compiling the frame.
fn record_and_compile(graph: &mut FrameGraph, natives: &Natives, nodes: usize, node: Node) -> u64 {
    let before = allocations();
    let mut frame = graph.begin_frame();
    frame.push_debug_group("nodes").unwrap();
    record(&mut frame, natives, nodes, node);
    frame.pop_debug_group().unwrap();
    let shared = frame.create_buffer(BufferDesc::new("rooted", 256)).unwrap();
    frame.clear_buffer("zero", shared, BufferRange::whole()).unwrap();
    frame.mark_buffer_root(shared, BufferRange::whole(), RootReason::Output).unwrap();
    let compiled = frame.compile(CompileOptions::default()).unwrap();
    let allocated = allocations() - before;
    drop(compiled);
    allocated
}

fn a_warm_recording_and_compile_allocate_only_large_callbacks(device: &wgpu::Device) {
    let mut graph = FrameGraph::with_device(device);
    let natives = Natives::new(device);
    for nodes in [16, 1024] {
        for node in [Node::Empty, Node::Transient, Node::Derived, Node::Bound, Node::Large] {
            // Callbacks, derived passes' included, are kept in the callback
            // table; only one capturing more than fits there is boxed.
            let callbacks = if node == Node::Large { nodes as u64 } else { 0 };
            assert_eq!(
                warm(|| record_and_compile(&mut graph, &natives, nodes, node)),
                callbacks,
                "allocations of recording and compiling {nodes} nodes {node:?}"
            );
        }
    }
}

fn a_cpu_timing_report_kept_by_the_caller_costs_one_allocation_its_node_table(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    wgpu: u64,
) {
    let mut graph = FrameGraph::with_device(device);
    let natives = Natives::new(device);
    for nodes in [16, 1024] {
        assert_eq!(
            warm(|| execute(&mut graph, queue, &natives, nodes, Node::Transient, Timing::CpuKept)),
            wgpu + 1,
            "{nodes} nodes"
        );
    }
}

fn main() {
    // SAFETY: no other thread exists yet.
    unsafe { std::env::set_var("RUST_LIB_BACKTRACE", "0") };
    let (device, queue) = wgpu::Device::noop(&wgpu::DeviceDescriptor::default());
    let wgpu = warm(|| wgpu_segment(&device, &queue));
    println!("plain wgpu allocates {wgpu} times to create, finish and submit one command encoder");
    warm_executions_allocate_only_what_wgpu_allocates_to_submit_their_segment(&device, &queue, wgpu);
    println!("warm executions allocate only what wgpu allocates to submit their segment: ok");
    a_cpu_timing_report_kept_by_the_caller_costs_one_allocation_its_node_table(&device, &queue, wgpu);
    println!("a CPU timing report kept by the caller costs one allocation, its node table: ok");
    a_warm_recording_and_compile_allocate_only_large_callbacks(&device);
    println!("a warm recording and compile allocate only callbacks too large to keep in place: ok");
}
