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

/// Options of [`Frame::compile`](crate::Frame::compile).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct CompileOptions {
    /// How much to report.
    pub report_level: ReportLevel,
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
        Self { report_level: ReportLevel::Full }
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
        Self { report_level: ReportLevel::Summary }
    }

    /// Compile without a report.
    #[must_use]
    pub const fn no_report() -> Self {
        Self { report_level: ReportLevel::None }
    }
}
