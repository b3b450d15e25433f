//! [`CompiledFrame`]: a retained plan, ready to execute once, or to become a
//! [`RepeatableFrame`](crate::RepeatableFrame).

use std::fmt;

use super::Plan;
use super::report::{AllocationReport, CompilationReport, ExecutionSegmentReport};
use crate::error::PassRef;
use crate::graph::FrameGraph;
use crate::handle::RecordingIdentity;
use crate::ids::{PassId, ResourceId};
use crate::record::Recording;
use crate::types::ResourceUsage;

/// A compiled recording. It keeps the runtime borrowed until it is executed
/// or dropped. [`into_repeatable`](Self::into_repeatable) turns it into a
/// frame that executes any number of times. Callbacks of culled nodes, and what they captured, were
/// dropped at compile.
///
/// A full report that is only borrowed ([`report`](Self::report)) gives the
/// storage of its tables back to the runtime when the frame is executed or
/// dropped, and the next full report reuses it; one moved out with
/// [`take_report`](Self::take_report) is the caller's.
pub struct CompiledFrame<'frame> {
    pub(crate) graph: &'frame mut FrameGraph,
    pub(crate) identity: RecordingIdentity,
    pub(crate) rec: Recording<'frame>,
    /// Whether the frame executes more than once, so that an execution must
    /// leave the recording as it found it.
    pub(crate) repeats: bool,
    /// Whether preflight passed on the recording, which the executions of a
    /// repeatable frame leave as they found it: it is checked only until it
    /// passes once.
    pub(crate) preflighted: bool,
}

impl<'frame> CompiledFrame<'frame> {
    pub(crate) fn new(graph: &'frame mut FrameGraph, identity: RecordingIdentity, rec: Recording<'frame>) -> Self {
        Self { graph, identity, rec, repeats: false, preflighted: false }
    }

    /// The frame's plan, which waits in the compiler for the same reason as
    /// its report.
    pub(crate) fn plan(&self) -> &Plan {
        &self.graph.compiler.frame_plan
    }

    /// The report, if one was requested: `None` with the default
    /// [`CompileOptions`](crate::CompileOptions) (no report).
    ///
    /// ```
    /// use zenfg_runtime::{CompileOptions, FrameGraph};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// frame.command_pass("work").finish()?;
    /// assert!(frame.compile(CompileOptions::default())?.report().is_none());
    ///
    /// let mut frame = graph.begin_frame();
    /// frame.command_pass("work").finish()?;
    /// let compiled = frame.compile(CompileOptions::full_report())?;
    /// let report = compiled.report().expect("a full report was requested");
    /// assert_eq!(report.summary.retained_node_count, compiled.retained_node_count());
    /// assert_eq!(report.full.as_ref().map(|full| full.nodes.len()), Some(1));
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    #[must_use]
    pub fn report(&self) -> Option<&CompilationReport> {
        self.graph.compiler.frame_report.as_ref()
    }

    /// Moves the report out, leaving `None`.
    pub fn take_report(&mut self) -> Option<CompilationReport> {
        self.graph.compiler.frame_report.take()
    }

    /// How many nodes will execute.
    #[must_use]
    pub fn retained_node_count(&self) -> usize {
        self.plan().order.len()
    }

    /// The passes compilation culled, in recording order: nothing the frame
    /// keeps (a root, a side effect, a retained pass) needs what they write,
    /// so they do not run and their callbacks are dropped. A pass missing
    /// here that should run lacks a root on what it writes; a full report
    /// also says why each culled pass was culled.
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, RootReason, WriteContents};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let output = frame.create_buffer(BufferDesc::new("output", 256))?;
    /// let scratch = frame.create_buffer(BufferDesc::new("scratch", 256))?;
    /// for (label, buffer) in [("fill", output), ("forgotten", scratch)] {
    ///     let mut pass = frame.compute_pass(label);
    ///     let _ = pass.storage_buffer_write(buffer, BufferRange::whole(), WriteContents::Overwrite)?;
    ///     pass.finish()?;
    /// }
    /// frame.mark_buffer_root(output, BufferRange::whole(), RootReason::Output)?;
    /// let compiled = frame.compile(CompileOptions::default())?;
    /// let culled: Vec<_> = compiled.culled_passes().map(|pass| pass.label).collect();
    /// assert_eq!(culled, ["forgotten"]);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn culled_passes(&self) -> impl Iterator<Item = PassRef> + '_ {
        let retained = self.graph.compiler.retained();
        (0..self.rec.nodes.len())
            .filter(move |&index| !retained.get(index).copied().unwrap_or(true))
            .map(|index| self.rec.pass_ref(PassId(index as u32)))
    }

    /// The physical transient allocations execution will acquire, as a full
    /// report lists them, with or without a report (worked out on each
    /// call).
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, RootReason, WriteContents};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let scratch = frame.create_buffer(BufferDesc::new("scratch", 256))?;
    /// let out = frame.create_buffer(BufferDesc::new("out", 256))?;
    /// let mut pass = frame.compute_pass("reduce");
    /// let _ = pass.storage_buffer_write(scratch, BufferRange::whole(), WriteContents::Overwrite)?;
    /// let _ = pass.storage_buffer_write(out, BufferRange::whole(), WriteContents::Overwrite)?;
    /// pass.finish()?;
    /// frame.mark_buffer_root(out, BufferRange::whole(), RootReason::Output)?;
    /// let compiled = frame.compile(CompileOptions::default())?;
    /// let members: Vec<_> = compiled.allocations().into_iter().map(|row| row.resource_ids).collect();
    /// assert_eq!(members, [vec![scratch.id()], vec![out.id()]]);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    #[must_use]
    pub fn allocations(&self) -> Vec<AllocationReport> {
        super::tables::plan_allocation_reports(&self.rec, self.plan())
    }

    /// How many physical transient allocations execution will acquire.
    #[must_use]
    pub fn allocation_count(&self) -> usize {
        self.plan().allocations.len()
    }

    /// The effective usage of a resource of this recording.
    #[must_use]
    pub fn resource_usage(&self, resource: ResourceId) -> Option<ResourceUsage> {
        let bits = *self.plan().usage.get(resource.index())?;
        Some(self.rec.resources[resource.index()].usage(bits))
    }

    /// The execution segments, in order.
    #[must_use]
    pub fn execution_segments(&self) -> Vec<ExecutionSegmentReport> {
        super::tables::segment_reports(self.plan())
    }
}

impl Drop for CompiledFrame<'_> {
    fn drop(&mut self) {
        // The plan stays with the compiler, for a next recording of the
        // same tables.
        self.graph.compiler.reuse.keep(&mut self.rec);
        self.graph.spare = std::mem::take(&mut self.rec).into_spare();
        // A full report nobody took keeps its tables' storage for the next one.
        if let Some(CompilationReport { full: Some(full), .. }) = self.graph.compiler.frame_report.take() {
            self.graph.compiler.report = full;
        }
    }
}

impl fmt::Debug for CompiledFrame<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CompiledFrame")
            .field("recorded_nodes", &self.rec.nodes.len())
            .field("retained_nodes", &self.plan().order.len())
            .field("allocations", &self.plan().allocations.len())
            .field("segments", &self.plan().segments.len())
            .field("report", &self.report())
            .finish_non_exhaustive()
    }
}
