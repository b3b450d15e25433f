//! Execution overhead of empty command nodes on wgpu's no-op device, with and
//! without CPU timing.
//!
//! For 12, 64, 256 and 1024 nodes, five rounds alternate the order of plain
//! and CPU-timed execution; each measures 400 executions after 100 warm-up
//! executions. Only `execute*` is timed (recording and compiling are not);
//! a CPU timing report is given back to the runtime after it is read.
//! Heap allocations during each execution are counted too, beside what plain
//! wgpu allocates to create, finish and submit the one command encoder of
//! such a frame on the same device: zenfg adds none. One JSON object per
//! line: first `{wgpuAllocationsPerSegment}`, then
//! `{nodes, round, cpuTiming, samples, p50Micros, p95Micros, allocationsPerExecute, allocationsBeyondWgpu}`.
//!
//! Then the "compiled once" comparison: per frame, the CPU time of recording,
//! compiling and executing the same frame (`recordCompileExecute`) against
//! executing a frame compiled once into a repeatable frame (`compiledOnce`),
//! measured the same way:
//! `{nodes, round, mode, samples, p50Micros, p95Micros, allocationsPerFrame}`.
//!
//!     cargo run --release --example cpu-timing-bench

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use zenfg_runtime::{CompileOptions, ExecutionOptions, FrameGraph, TimingMode};

/// Counts allocations so the bench can show that execution allocates nothing of its own.
struct CountingAllocator;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded with the caller's layout.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded with the caller's pointer and layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded with the caller's pointer, layout and size.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

const NODE_COUNTS: [usize; 4] = [12, 64, 256, 1024];
const ROUNDS: usize = 5;
const WARM_UP: usize = 100;
const SAMPLES: usize = 400;

/// Records, compiles and executes a frame of `nodes` empty command nodes.
fn record_compile_execute(graph: &mut FrameGraph, queue: &wgpu::Queue, nodes: usize) {
    let mut frame = graph.begin_frame();
    for _ in 0..nodes {
        frame.command_pass("empty").finish_command(|_| Ok(())).expect("an empty command node records");
    }
    frame.compile(CompileOptions::default()).expect("the frame compiles").execute(queue).expect("the frame executes");
}

/// Samples `frame`: the median and 95th percentile of its time, and the
/// fewest allocations of one call.
fn measure(mut frame: impl FnMut()) -> (f64, f64, u64) {
    for _ in 0..WARM_UP {
        frame();
    }
    let mut samples = Vec::with_capacity(SAMPLES);
    let mut allocations = u64::MAX;
    for _ in 0..SAMPLES {
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let started = Instant::now();
        frame();
        samples.push(started.elapsed());
        allocations = allocations.min(ALLOCATIONS.load(Ordering::Relaxed) - before);
    }
    samples.sort_unstable();
    (percentile(&samples, 0.5), percentile(&samples, 0.95), allocations)
}

/// Prints the "compiled once" comparison for every node count.
fn compiled_once(graph: &mut FrameGraph, queue: &wgpu::Queue) {
    for nodes in NODE_COUNTS {
        for round in 0..ROUNDS {
            let order = if round % 2 == 0 { [false, true] } else { [true, false] };
            for once in order {
                let (p50, p95, allocations) = if once {
                    let mut frame = graph.begin_frame();
                    for _ in 0..nodes {
                        frame.command_pass("empty").finish_command_repeatable(|_| Ok(())).expect("the node records");
                    }
                    let compiled = frame.compile(CompileOptions::default()).expect("the frame compiles");
                    let mut repeatable = compiled.into_repeatable().expect("every callback repeats");
                    measure(|| repeatable.execute(queue).expect("the frame executes"))
                } else {
                    measure(|| record_compile_execute(graph, queue, nodes))
                };
                println!(
                    "{{\"nodes\":{nodes},\"round\":{round},\"mode\":\"{}\",\"samples\":{SAMPLES},\
                     \"p50Micros\":{p50:.2},\"p95Micros\":{p95:.2},\"allocationsPerFrame\":{allocations}}}",
                    if once { "compiledOnce" } else { "recordCompileExecute" },
                );
            }
        }
    }
}

fn execute_once(graph: &mut FrameGraph, queue: &wgpu::Queue, nodes: usize, cpu_timing: bool) -> (Duration, u64) {
    let mut frame = graph.begin_frame();
    for _ in 0..nodes {
        frame.command_pass("empty").finish_command(|_| Ok(())).expect("an empty command node records");
    }
    let compiled = frame.compile(CompileOptions::default()).expect("the frame compiles");
    let allocations = ALLOCATIONS.load(Ordering::Relaxed);
    let started = Instant::now();
    if cpu_timing {
        let timing = compiled
            .execute_with_timing(queue, ExecutionOptions::default(), TimingMode::Cpu)
            .expect("the frame executes");
        let elapsed = started.elapsed();
        let allocated = ALLOCATIONS.load(Ordering::Relaxed) - allocations;
        let report = timing.cpu.expect("CPU timing was requested");
        assert_eq!(report.nodes.len(), nodes);
        graph.recycle_cpu_timing_report(report);
        (elapsed, allocated)
    } else {
        compiled.execute(queue).expect("the frame executes");
        (started.elapsed(), ALLOCATIONS.load(Ordering::Relaxed) - allocations)
    }
}

/// The fewest allocations plain wgpu makes to create, finish and submit one
/// command encoder, labelled as zenfg labels a frame's first segment.
fn wgpu_segment_allocations(device: &wgpu::Device, queue: &wgpu::Queue) -> u64 {
    let mut fewest = u64::MAX;
    for _ in 0..WARM_UP + SAMPLES {
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let encoder =
            device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("frame-graph.segment.0") });
        queue.submit([encoder.finish()]);
        fewest = fewest.min(ALLOCATIONS.load(Ordering::Relaxed) - before);
    }
    fewest
}

fn percentile(sorted: &[Duration], fraction: f64) -> f64 {
    let index = ((sorted.len() - 1) as f64 * fraction).round() as usize;
    sorted[index].as_secs_f64() * 1e6
}

fn main() {
    let (device, queue) = wgpu::Device::noop(&wgpu::DeviceDescriptor::default());
    let wgpu = wgpu_segment_allocations(&device, &queue);
    println!("{{\"wgpuAllocationsPerSegment\":{wgpu}}}");
    let mut graph = FrameGraph::with_device(&device);
    for nodes in NODE_COUNTS {
        for round in 0..ROUNDS {
            let order = if round % 2 == 0 { [false, true] } else { [true, false] };
            for cpu_timing in order {
                for _ in 0..WARM_UP {
                    execute_once(&mut graph, &queue, nodes, cpu_timing);
                }
                let mut samples = Vec::with_capacity(SAMPLES);
                let mut allocations = u64::MAX;
                for _ in 0..SAMPLES {
                    let (elapsed, allocated) = execute_once(&mut graph, &queue, nodes, cpu_timing);
                    samples.push(elapsed);
                    allocations = allocations.min(allocated);
                }
                samples.sort_unstable();
                println!(
                    "{{\"nodes\":{nodes},\"round\":{round},\"cpuTiming\":{cpu_timing},\"samples\":{SAMPLES},\
                     \"p50Micros\":{:.2},\"p95Micros\":{:.2},\"allocationsPerExecute\":{allocations},\
                     \"allocationsBeyondWgpu\":{}}}",
                    percentile(&samples, 0.5),
                    percentile(&samples, 0.95),
                    allocations.saturating_sub(wgpu),
                );
            }
        }
    }
    compiled_once(&mut graph, &queue);
}
