//! Compilation: a pure function from a frozen recording to an execution plan.
//!
//! Stages, in order, each in its own module: validation of the recording →
//! content flow and dependencies ([`content`]) → roots ([`roots`]) →
//! retention ([`retention`]) → usage ([`usage`]) → lifetimes ([`lifetimes`]) →
//! aliasing ([`aliasing`]) → segments ([`segments`]) → views ([`views`]) →
//! report ([`tables`]). Roles a node kind cannot use are already compile
//! errors of the caller's program (see [`kind`](crate::kind)).
//!
//! Cost is linear in nodes, accesses and resources (times a logarithm for
//! fragmented ranges and aliasing): content is tracked in sorted segment maps
//! that collapse on whole writes, dependencies are de-duplicated by hashing,
//! and allocations are assigned with a heap per compatibility key.

pub(crate) mod aliasing;
mod compiled;
pub(crate) mod content;
pub(crate) mod lifetimes;
mod planes;
mod report;
mod retention;
pub(crate) mod roots;
mod runs;
pub(crate) mod segments;
mod storage;
mod tables;
mod usage;
pub(crate) mod views;
mod walk;

use std::time::Instant;

pub use compiled::CompiledFrame;
pub use report::*;

use crate::error::{FrameGraphError, Result};
use crate::ids::{AllocationId, DebugGroupId, PassId, ResourceId};
use crate::record::Recording;
use crate::record::frame::Frame;

pub(crate) use storage::Scratch;

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
    let Frame { graph, brand, mut rec, group_stack, bound, .. } = frame;
    let mut scratch = std::mem::take(&mut graph.scratch);
    let planned = plan(&mut rec, &group_stack, bound.values().copied(), options, &mut scratch);
    graph.scratch = scratch;
    match planned {
        Ok((plan, report)) => Ok(CompiledFrame::new(graph, brand.identity, rec, plan, report)),
        Err(error) => {
            graph.spare = rec.into_spare();
            Err(error)
        }
    }
}

/// Runs every stage over a recording whose builders are all closed.
fn plan(
    rec: &mut Recording<'_>,
    group_stack: &[DebugGroupId],
    bound: impl Iterator<Item = ResourceId>,
    options: CompileOptions,
    scratch: &mut Scratch,
) -> Result<(Plan, Option<CompilationReport>)> {
    let started = Instant::now();
    if let Some(error) = rec.poisoned.take() {
        return Err(error);
    }
    if let Some(&group) = group_stack.last() {
        return Err(FrameGraphError::UnclosedDebugGroup { group, label: rec.groups[group.index()].label.clone() });
    }
    let validated = Instant::now();

    let reporting = options.report_level != ReportLevel::None;
    let mut stages = walk::NodeStages::start(rec, scratch);
    let mut content = content::analyze(
        rec,
        reporting,
        &mut scratch.content,
        #[inline(always)]
        |index, access| stages.access(index, access),
    )?;
    let analyzed = Instant::now();

    let roots = roots::resolve_roots(rec, &mut content.state)?;
    let mut retained = std::mem::take(&mut scratch.retained);
    let kept = retention::retain(rec.nodes.len(), &rec.side_effects, &roots, &content.value_edges, &mut retained);
    let culled = Instant::now();

    let walk::Walked { order, mut uses, segments, views } = stages.finish(rec, &retained, kept, scratch);
    let mut usage = std::mem::take(&mut scratch.usage);
    usage::derive_usage(rec, &uses.required, &mut usage)?;
    let mut allocations = std::mem::take(&mut scratch.allocations);
    let mut resource_allocation = std::mem::take(&mut scratch.resource_allocation);
    let positions = order.len();
    aliasing::plan_allocations(
        rec,
        &uses,
        &usage,
        positions,
        &mut scratch.aliasing,
        &mut allocations,
        &mut resource_allocation,
    );
    let lifetimes = std::mem::take(&mut uses.lifetimes);
    scratch.uses = uses;
    let plan = Plan { order, segments, usage, lifetimes, allocations, resource_allocation, views };
    let planned = Instant::now();

    let report = reporting.then(|| {
        let timings = CompilationTimings {
            validation: validated - started,
            dependencies: analyzed - validated,
            retention: culled - analyzed,
            planning: planned - culled,
            report: Default::default(),
            total: Default::default(),
        };
        let mut report = tables::build(
            rec,
            &content,
            &roots,
            &retained,
            &plan,
            options.report_level,
            timings,
            &scratch.uses.first_touch,
            &mut scratch.report,
        );
        let finished = Instant::now();
        report.summary.timings.report = finished - planned;
        report.summary.timings.total = finished - started;
        report
    });
    content.recycle(&mut scratch.content);

    if plan.order.len() < rec.nodes.len() {
        for (callback, kept) in rec.callbacks.iter_mut().zip(&retained) {
            if !kept {
                callback.take();
            }
        }
    }
    scratch.retained = retained;
    // Imports no retained work touches let go of their native objects.
    for resource in bound {
        if plan.lifetimes[resource.index()].is_none() {
            rec.resources[resource.index()].native = None;
        }
    }
    Ok((plan, report))
}
