//! [`CompileOptions`]: what `Frame::compile` is asked for.

/// How much reporting compilation does. Reports never change the plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum ReportLevel {
    /// No report (fastest: ordering dependencies are not even computed).
    #[default]
    None,
    /// Counts, byte totals and phase timings.
    Summary,
    /// The summary plus every table.
    Full,
}

/// Whether transients with disjoint lifetimes may share a physical allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Aliasing {
    /// Transients whose lifetimes do not overlap share compatible allocations.
    #[default]
    Enabled,
    /// Every transient gets an allocation of its own, as if all lived through
    /// the whole frame: a debugging switch that tells a corruption caused by
    /// aliasing from any other (the plan is otherwise the same).
    Disabled,
}

/// Whether a compile may reuse the plan of the frame compiled before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum PlanReuse {
    /// A frame recorded exactly like the frame compiled before it, compiled
    /// without a report, reuses that frame's plan
    /// ([`FrameGraph::planning_stats`](crate::FrameGraph::planning_stats)).
    #[default]
    Allowed,
    /// Every stage runs: for timing planning itself, or to rule reuse out
    /// while debugging (the plan is the same).
    Never,
}

/// Options of [`Frame::compile`](crate::Frame::compile).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct CompileOptions {
    /// How much to report.
    pub report_level: ReportLevel,
    /// Whether transients may alias; the report's summary and a Snapshot say
    /// which was used.
    pub aliasing: Aliasing,
    /// Whether the plan of the frame compiled before may be reused.
    pub plan_reuse: PlanReuse,
}

impl CompileOptions {
    /// Compile with a full report: the summary plus every table (nodes,
    /// culled nodes with their reason, resources, accesses, dependencies,
    /// roots, allocations, segments, groups). The plan is the same at every
    /// report level.
    ///
    /// ```
    /// use zenfg_runtime::{CompileOptions, CulledNodeReason, FrameGraph};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// frame.command_pass("upload").finish()?;
    /// // Nothing needs what this compute pass does: it is culled.
    /// frame.compute_pass("dead").finish()?;
    /// let compiled = frame.compile(CompileOptions::full_report())?;
    /// let report = compiled.report().unwrap();
    /// assert_eq!((report.summary.retained_node_count, report.summary.culled_node_count), (1, 1));
    /// let full = report.full.as_ref().unwrap();
    /// assert_eq!(full.nodes[0].label, "upload");
    /// assert_eq!(full.culled_nodes[0].reason, CulledNodeReason::NotReachableFromRoot);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    #[must_use]
    pub const fn full_report() -> Self {
        Self { report_level: ReportLevel::Full, ..Self::no_report() }
    }

    /// Compile with a summary report: counts, byte totals and phase
    /// timings, without tables.
    ///
    /// ```
    /// use zenfg_runtime::{CompileOptions, FrameGraph};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// frame.command_pass("work").finish()?;
    /// let compiled = frame.compile(CompileOptions::summary_report())?;
    /// let report = compiled.report().unwrap();
    /// assert_eq!(report.summary.recorded_node_count, 1);
    /// assert!(report.full.is_none());
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    #[must_use]
    pub const fn summary_report() -> Self {
        Self { report_level: ReportLevel::Summary, ..Self::no_report() }
    }

    /// Compile without a report.
    #[must_use]
    pub const fn no_report() -> Self {
        Self { report_level: ReportLevel::None, aliasing: Aliasing::Enabled, plan_reuse: PlanReuse::Allowed }
    }

    /// The same options with aliasing turned off: every transient gets an
    /// allocation of its own, so that a corruption that goes away is known to
    /// come from two transients sharing memory.
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, RootReason, WriteContents};
    /// let mut graph = FrameGraph::new();
    /// let mut allocations = |options: CompileOptions| -> Result<usize, zenfg_runtime::FrameGraphError> {
    ///     let mut frame = graph.begin_frame();
    ///     let output = frame.create_buffer(BufferDesc::new("output", 256))?;
    ///     let mut previous = None;
    ///     for step in 0..3 {
    ///         // Each scratch buffer dies before the next one is written.
    ///         let scratch = frame.create_buffer(BufferDesc::new(format!("scratch-{step}"), 256))?;
    ///         let mut pass = frame.compute_pass(format!("step-{step}"));
    ///         if let Some(previous) = previous {
    ///             let _ = pass.storage_buffer_read(previous, BufferRange::whole())?;
    ///         }
    ///         let _ = pass.storage_buffer_write(scratch, BufferRange::whole(), WriteContents::Overwrite)?;
    ///         pass.finish()?;
    ///         previous = Some(scratch);
    ///     }
    ///     let mut last = frame.compute_pass("resolve");
    ///     let _ = last.storage_buffer_read(previous.unwrap(), BufferRange::whole())?;
    ///     let _ = last.storage_buffer_write(output, BufferRange::whole(), WriteContents::Overwrite)?;
    ///     last.finish()?;
    ///     frame.mark_buffer_root(output, BufferRange::whole(), RootReason::Output)?;
    ///     let compiled = frame.compile(options)?;
    ///     let summary = &compiled.report().unwrap().summary;
    ///     assert_eq!(summary.aliasing, options.aliasing);
    ///     Ok(summary.allocation_count)
    /// };
    /// let aliased = allocations(CompileOptions::summary_report())?;
    /// let separate = allocations(CompileOptions::summary_report().without_aliasing())?;
    /// assert!(aliased < separate);
    /// assert_eq!(separate, 4);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    #[must_use]
    pub const fn without_aliasing(mut self) -> Self {
        self.aliasing = Aliasing::Disabled;
        self
    }

    /// The same options with plan reuse ruled out: every stage runs even
    /// when the frame is recorded exactly like the frame compiled before it.
    ///
    /// ```
    /// use zenfg_runtime::{CompileOptions, FrameGraph, PlanningStats};
    /// let mut graph = FrameGraph::new();
    /// for options in [CompileOptions::default(), CompileOptions::default().without_plan_reuse()] {
    ///     for _ in 0..2 {
    ///         let mut frame = graph.begin_frame();
    ///         frame.command_pass("work").finish()?;
    ///         frame.compile(options)?;
    ///     }
    /// }
    /// assert_eq!(graph.planning_stats(), PlanningStats { planned: 3, reused: 1 });
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    #[must_use]
    pub const fn without_plan_reuse(mut self) -> Self {
        self.plan_reuse = PlanReuse::Never;
        self
    }
}
