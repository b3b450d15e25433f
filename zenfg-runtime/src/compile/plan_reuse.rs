//! [`PlanReuse`]: the tables of the recording the compiler's plan was made
//! from, so that a frame recorded exactly like the one before reuses its
//! plan instead of planning it again.
//!
//! A renderer that declares the same passes every frame gets the same plan
//! every frame: planning is a function of the recording's tables, the
//! compile options and the runtime's device limits, which never change. Only
//! the callbacks and the bound native objects differ from frame to frame,
//! and planning reads neither. Comparing the tables costs a small part of
//! planning them, and a hit is exact: every table planning reads is compared
//! whole.

use super::options::{Aliasing, CompileOptions, PlanReuse, ReportLevel};
use crate::ids::PassId;
use crate::record::table::Table;
use crate::record::{
    AccessRecord, BindingCheck, ClearOp, ColorOutputCheck, ColorTarget, CopyOp, GroupRecord, NodeRecord, Recording,
    ResourceFacts, ResourceRecord, RootRecord, ViewRecord,
};

/// The tables of a recording that planning reads.
#[derive(Default)]
struct PlannedTables {
    resources: Table<ResourceRecord>,
    facts: Vec<ResourceFacts>,
    views: Table<ViewRecord>,
    nodes: Vec<NodeRecord>,
    side_effects: Vec<PassId>,
    externals: Vec<PassId>,
    accesses: Vec<AccessRecord>,
    colors: Vec<ColorTarget>,
    copies: Vec<CopyOp>,
    clears: Vec<ClearOp>,
    roots: Vec<RootRecord>,
    binding_checks: Vec<BindingCheck>,
    color_output_checks: Vec<ColorOutputCheck>,
    groups: Vec<GroupRecord>,
}

/// Exchanges the planned tables of `tables` and `rec`. Every field of
/// [`Recording`] is named, so that a table added to it is either compared
/// here or said not to be read by planning.
fn exchange(tables: &mut PlannedTables, rec: &mut Recording<'_>) {
    use std::mem::swap;
    let Recording {
        resources,
        facts,
        views,
        nodes,
        side_effects,
        externals,
        accesses,
        colors,
        copies,
        clears,
        roots,
        binding_checks,
        color_output_checks,
        groups,
        // Not read by planning: what runs, the node labels (which only
        // errors and reports name, and a reused plan raises no error and
        // builds no report), the natives bound to imports (checked when the
        // frame executes), and state that a successful compile requires to
        // be empty or is fixed per runtime.
        node_labels: _,
        callbacks: _,
        bound: _,
        bound_objects: _,
        group_stack: _,
        poisoned: _,
        owner: _,
    } = rec;
    swap(&mut tables.resources, resources);
    swap(&mut tables.facts, facts);
    swap(&mut tables.views, views);
    swap(&mut tables.nodes, nodes);
    swap(&mut tables.side_effects, side_effects);
    swap(&mut tables.externals, externals);
    swap(&mut tables.accesses, accesses);
    swap(&mut tables.colors, colors);
    swap(&mut tables.copies, copies);
    swap(&mut tables.clears, clears);
    swap(&mut tables.roots, roots);
    swap(&mut tables.binding_checks, binding_checks);
    swap(&mut tables.color_output_checks, color_output_checks);
    swap(&mut tables.groups, groups);
}

impl PlannedTables {
    /// Whether `rec` holds the same tables, compared from the ones most
    /// likely to differ.
    fn matches(&self, rec: &Recording<'_>) -> bool {
        self.accesses == rec.accesses
            && self.nodes == rec.nodes
            && *self.resources == *rec.resources
            && self.facts == rec.facts
            && *self.views == *rec.views
            && self.colors == rec.colors
            && self.copies == rec.copies
            && self.clears == rec.clears
            && self.roots == rec.roots
            && self.binding_checks == rec.binding_checks
            && self.color_output_checks == rec.color_output_checks
            && self.side_effects == rec.side_effects
            && self.externals == rec.externals
            && self.groups == rec.groups
    }
}

/// How a runtime's compiles got their plans, from
/// [`FrameGraph::planning_stats`](crate::FrameGraph::planning_stats). Both
/// counters only grow; compiles that fail count in neither.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PlanningStats {
    /// Compiles that ran every stage.
    pub planned: u64,
    /// Compiles of a recording whose tables were those of the plan the
    /// runtime already held, which they reused.
    pub reused: u64,
}

/// The recording behind the compiler's plan, while the plan is its.
#[derive(Default)]
pub(crate) struct LastPlan {
    /// The tables of the last recording whose compiled frame is done.
    tables: PlannedTables,
    /// The aliasing choice of the compiler's plan, while it is the plan of
    /// `tables` (or of the compiled frame alive now, which gives its tables
    /// here when it is done). The report level does not change the plan.
    aliasing: Option<Aliasing>,
    stats: PlanningStats,
}

impl LastPlan {
    /// Whether `rec`, compiled with `options`, gets exactly the compiler's
    /// plan. Never when a report is asked for (a report is built from the
    /// stages' working tables) or the options rule reuse out. Counts a hit.
    pub fn matches(&mut self, rec: &Recording<'_>, options: CompileOptions) -> bool {
        let hit = options.report_level == ReportLevel::None
            && options.plan_reuse == PlanReuse::Allowed
            && self.aliasing == Some(options.aliasing)
            && self.tables.matches(rec);
        self.stats.reused += u64::from(hit);
        hit
    }

    /// The compiler is replacing its plan.
    pub fn forget(&mut self) {
        self.aliasing = None;
    }

    /// The compiler's plan was made with `options` from the recording whose
    /// compiled frame will [`keep`](Self::keep) its tables here.
    pub fn planned(&mut self, options: CompileOptions) {
        self.aliasing = Some(options.aliasing);
        self.stats.planned += 1;
    }

    pub fn stats(&self) -> PlanningStats {
        self.stats
    }

    /// Keeps the planned tables of `rec`, a compiled frame's recording that
    /// is done, giving it the tables kept before, which it empties as it
    /// becomes the next recording's storage.
    pub fn keep(&mut self, rec: &mut Recording<'_>) {
        exchange(&mut self.tables, rec);
    }
}
