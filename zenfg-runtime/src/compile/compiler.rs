//! [`Compiler`]: runs the stages in order, each in the storage it keeps
//! across compiles.

use std::time::Instant;

use crate::capabilities::DeviceCapabilities;

use super::aliasing::AliasingPlanner;
use super::content::ContentStorage;
use super::options::{CompileOptions, ReportLevel};
use super::plan_reuse::LastPlan;
use super::report::{CompilationReport, CompilationTimings, FullCompilationReport};
use super::reuse::Kept;
use super::roots::ResolvedRoots;
use super::walk::{WalkStorage, Walked};
use super::{Plan, bindings, content, retention, roots, tables, usage};
use crate::error::{FrameGraphError, Result};
use crate::record::Recording;
use crate::trace::traced;

/// The stages' storage, owned by the runtime and reused by every compile.
#[derive(Default)]
pub(crate) struct Compiler {
    content: ContentStorage,
    retained: Kept<Vec<bool>>,
    walk: WalkStorage,
    usage: Kept<Vec<u32>>,
    aliasing: AliasingPlanner,
    roots: ResolvedRoots,
    /// The tables of the last full report its frame did not give away.
    pub report: FullCompilationReport,
    /// The report of the compiled frame alive now, kept here rather than in
    /// the frame, which moves several times between compile and execute (so
    /// is its plan).
    pub frame_report: Option<CompilationReport>,
    /// The plan of the compiled frame alive now, kept after it is done for
    /// the next recording of the same tables.
    pub frame_plan: Plan,
    /// The recording `frame_plan` was made from.
    pub reuse: LastPlan,
}

impl Compiler {
    /// Plans a recording whose builders are all closed into
    /// [`frame_plan`](Self::frame_plan): the plan it holds when the
    /// recording's tables are those it was made from and no report is asked
    /// for, or else a new one from every stage.
    pub fn plan(
        &mut self,
        rec: &mut Recording<'_>,
        options: CompileOptions,
        capabilities: &DeviceCapabilities,
    ) -> Result<()> {
        if let Some(error) = rec.poisoned.take() {
            return Err(error);
        }
        if let Some(&group) = rec.group_stack.last() {
            return Err(FrameGraphError::UnclosedDebugGroup { group, label: rec.groups[group.index()].label.clone() });
        }
        if traced!("reuse"; self.reuse.matches(rec, options)) {
            self.frame_report = None;
            let_go(rec, &self.frame_plan, self.retained.get());
            return Ok(());
        }
        self.reuse.forget();
        let stale = std::mem::take(&mut self.frame_plan);
        self.recycle(stale);
        self.frame_plan = self.plan_anew(rec, options, capabilities)?;
        self.reuse.planned(options);
        Ok(())
    }

    /// Runs every stage over the recording: validation of its bindings,
    /// content flow, roots, retention, the node-by-node stages (uses,
    /// segments, views), usage, aliasing, and the report, which it leaves in
    /// [`frame_report`](Self::frame_report) when one is asked for. Bound
    /// bindings are checked against the device's `capabilities`.
    fn plan_anew(
        &mut self,
        rec: &mut Recording<'_>,
        options: CompileOptions,
        capabilities: &DeviceCapabilities,
    ) -> Result<Plan> {
        let reporting = options.report_level != ReportLevel::None;
        // Only a report shows the stages' timings, and on a small frame
        // reading the clock costs as much as a stage.
        let now = || reporting.then(Instant::now);
        let started = now();
        traced!("validate"; bindings::check_bindings(rec, capabilities)?);
        let validated = now();

        let mut stages = self.walk.start(rec);
        let mut content = traced!("content_flow"; {
            content::analyze(
                rec,
                reporting,
                &mut self.content,
                #[inline(always)]
                |index, access| stages.access(index, access),
            )?
        });
        let analyzed = now();

        traced!("roots"; roots::resolve_roots(rec, &mut content.state, &mut self.roots)?);
        let mut retained = self.retained.take();
        let kept = traced!("retention"; {
            retention::retain(
                rec.nodes.len(),
                &rec.side_effects,
                self.roots.all_producers(),
                &content.value_edges,
                &mut retained,
            )
        });
        let culled = now();

        let Walked { order, mut uses, segments, views } =
            traced!("walk"; stages.finish(rec, &retained, kept, &mut self.walk));
        let mut usage = self.usage.take();
        traced!("usage"; usage::derive_usage(rec, &uses.required, &retained, &mut usage)?);
        let allocations = traced!("aliasing"; self.aliasing.plan(rec, &uses, &usage, order.len(), options.aliasing));
        let lifetimes = std::mem::take(&mut uses.lifetimes);
        let plan = Plan {
            order,
            segments,
            usage,
            lifetimes,
            allocations: allocations.allocations,
            resource_allocation: allocations.assignment,
            views,
        };
        let planned = now();

        self.frame_report = reporting.then(|| {
            traced!(scope "report");
            let elapsed = |from: Option<Instant>, to: Option<Instant>| {
                from.zip(to).map(|(from, to)| to - from).unwrap_or_default()
            };
            let timings = CompilationTimings {
                validation: elapsed(started, validated),
                dependencies: elapsed(validated, analyzed),
                retention: elapsed(analyzed, culled),
                planning: elapsed(culled, planned),
                report: Default::default(),
                total: Default::default(),
            };
            let mut report = tables::build(
                rec,
                &content,
                &self.roots,
                &retained,
                &plan,
                options,
                timings,
                &uses.first_touch,
                &mut self.report,
            );
            let finished = now();
            report.summary.timings.report = elapsed(planned, finished);
            report.summary.timings.total = elapsed(started, finished);
            report
        });
        content.recycle(&mut self.content);
        self.walk.keep_uses(uses);

        let_go(rec, &plan, &retained);
        self.retained.keep(retained);
        Ok(plan)
    }

    /// Whether each node of the recording `frame_plan` was made from is
    /// retained, by node id.
    pub fn retained(&self) -> &[bool] {
        self.retained.get()
    }

    /// Takes back the tables of a plan that is done with.
    pub fn recycle(&mut self, plan: Plan) {
        let Plan { order, segments, usage, lifetimes, allocations, resource_allocation, views } = plan;
        self.walk.recycle(order, segments, views, lifetimes);
        self.usage.keep(usage);
        self.aliasing.recycle(super::aliasing::Allocations { allocations, assignment: resource_allocation });
    }
}

/// Drops the callbacks of culled nodes, and the native objects of imports no
/// retained work touches.
fn let_go(rec: &mut Recording<'_>, plan: &Plan, retained: &[bool]) {
    if plan.order.len() < rec.nodes.len() {
        for (callback, kept) in rec.callbacks.iter_mut().zip(retained) {
            if !kept {
                callback.take();
            }
        }
    }
    for bound in &mut rec.bound {
        if plan.lifetimes[bound.resource.index()].is_none() {
            bound.native = None;
        }
    }
}
