//! Compilation: a pure function from a frozen recording to an execution plan.
//!
//! [`Compiler`] first checks the recording: a poisoned one fails with its
//! first poisoning error, one with a debug group left open with FG2005.
//! A recording whose tables are exactly those
//! of the last plan, compiled without a report, with the same aliasing
//! option and with plan reuse allowed, then reuses that plan
//! ([`plan_reuse`]) and runs no stage. Otherwise the stages run in order,
//! each in its own module: validation of the bindings of derived passes
//! ([`bindings`]) → content flow and dependencies ([`content`]) → roots
//! ([`roots`]) → retention ([`retention`]) → the node-by-node walk in
//! execution order ([`walk`], fed while content flow runs: uses and
//! lifetimes ([`lifetimes`]), segments ([`segments`]), views ([`views`])) →
//! usage ([`usage`]) → aliasing ([`aliasing`]) → the report ([`tables`]),
//! when one is asked for. Each stage keeps its tables for the
//! next compile ([`reuse`]). Roles a node kind cannot use are already
//! compile errors of the caller's program (see [`kind`](crate::kind)).
//!
//! Cost is linear in nodes, accesses and resources (times a logarithm for
//! fragmented ranges and aliasing): content is tracked in sorted segment maps
//! that collapse on whole writes, dependencies are de-duplicated by hashing,
//! and allocations are assigned with a heap per compatibility key.

pub(crate) mod aliasing;
mod bindings;
mod color_outputs;
mod compiled;
mod compiler;
pub(crate) mod content;
pub(crate) mod lifetimes;
mod options;
mod plan_reuse;
mod planes;
mod repeatable;
mod report;
mod retention;
mod reuse;
pub(crate) mod roots;
mod runs;
pub(crate) mod segments;
mod tables;
mod usage;
pub(crate) mod views;
mod walk;

pub use compiled::CompiledFrame;
pub use options::{Aliasing, CompileOptions, PlanReuse, ReportLevel};
pub use plan_reuse::PlanningStats;
pub use repeatable::RepeatableFrame;
pub use report::*;

use crate::error::Result;
use crate::ids::{AllocationId, PassId};
use crate::record::frame::Frame;

pub(crate) use compiler::Compiler;

/// Everything execution needs, computed at compile.
#[derive(Default)]
pub(crate) struct Plan {
    /// Retained nodes in execution (= recording) order.
    pub order: Vec<PassId>,
    pub segments: Vec<segments::Segment>,
    /// Effective usage bits of every resource.
    pub usage: Vec<u32>,
    pub lifetimes: Vec<Option<lifetimes::Lifetime>>,
    pub allocations: Vec<aliasing::Allocation>,
    pub resource_allocation: Vec<Option<AllocationId>>,
    pub views: views::ViewPlan,
}

impl<'frame> Frame<'frame> {
    /// Validates the recording and plans it: content flow, dependencies,
    /// culling, usage, lifetimes, aliasing and segments. Consumes the
    /// recording whether or not it succeeds.
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, RootReason, WriteContents};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let used = frame.create_buffer(BufferDesc::new("used", 16))?;
    /// let unused = frame.create_buffer(BufferDesc::new("unused", 16))?;
    /// for (label, buffer) in [("produce", used), ("dead", unused)] {
    ///     let mut pass = frame.compute_pass(label);
    ///     let _ = pass.storage_buffer_write(buffer, BufferRange::whole(), WriteContents::Overwrite)?;
    ///     pass.finish()?;
    /// }
    /// frame.mark_buffer_root(used, BufferRange::whole(), RootReason::Output)?;
    /// let compiled = frame.compile(CompileOptions::full_report())?;
    /// let full = compiled.report().and_then(|report| report.full.as_ref()).unwrap();
    /// assert_eq!(full.culled_nodes[0].label, "dead");
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn compile(self, options: CompileOptions) -> Result<CompiledFrame<'frame>> {
        compile(self, options)
    }
}

fn compile(frame: Frame<'_>, options: CompileOptions) -> Result<CompiledFrame<'_>> {
    let Frame { graph, brand, mut rec, .. } = frame;
    crate::trace::traced!(scope "compile", passes = rec.nodes.len());
    match graph.compiler.plan(&mut rec, options, &graph.capabilities) {
        Ok(()) => Ok(CompiledFrame::new(graph, brand.identity, rec)),
        Err(error) => {
            graph.spare = rec.into_spare();
            Err(error)
        }
    }
}
