//! Warm executions do not allocate per node: the number of heap allocations
//! during `execute` is the same for 16 and for 1024 nodes.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, WriteContents};

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

// This allocator serves every test of the binary. It counts per thread, so the tests
// running beside this one do not change its counts; for them it is the default
// system allocator with a counter.
#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// Allocations made by executing `nodes` command nodes; with `transient`, each
/// node also declares and resolves an access to one shared transient buffer.
fn execute(graph: &mut FrameGraph, queue: &wgpu::Queue, nodes: usize, transient: bool) -> u64 {
    let mut frame = graph.begin_frame();
    let buffer = frame.create_buffer(BufferDesc::new("shared", 256)).unwrap();
    for index in 0..nodes {
        let mut pass = frame.command_pass("node");
        if transient {
            let token = if index == 0 {
                pass.buffer_copy_dst(buffer, BufferRange::whole(), WriteContents::Overwrite).unwrap()
            } else {
                pass.buffer_copy_dst(buffer, BufferRange::whole(), WriteContents::Preserve).unwrap()
            };
            pass.finish_command(move |cx| cx.resources.buffer(token).map(|_| ())).unwrap();
        } else {
            pass.finish_command(|_| Ok(())).unwrap();
        }
    }
    let compiled = frame.compile(CompileOptions::default()).unwrap();
    let before = allocations();
    compiled.execute(queue).unwrap();
    allocations() - before
}

#[test]
fn warm_executions_allocate_the_same_for_16_and_1024_nodes() {
    let (device, queue) = crate::execution_common::noop();
    let mut graph = FrameGraph::with_device(&device);
    for transient in [false, true] {
        for _ in 0..20 {
            execute(&mut graph, &queue, 16, transient);
            execute(&mut graph, &queue, 1024, transient);
        }
        let small = (0..5).map(|_| execute(&mut graph, &queue, 16, transient)).min().unwrap();
        let large = (0..5).map(|_| execute(&mut graph, &queue, 1024, transient)).min().unwrap();
        assert_eq!(small, large, "allocations per execution with transient = {transient}");
    }
}
