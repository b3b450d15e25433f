//! What a person reads: the `Display` of the compilation report, the CPU and GPU
//! timing reports and the pool counters.
//!
//! Each is a few aligned lines a terminal or a log shows as is. Durations are in
//! microseconds, sizes of the planning estimates in B, KiB or MiB.

use std::collections::HashMap;
use std::fmt;
use std::time::Duration;

use crate::compile::{
    Aliasing, CompilationReport, CompilationSummary, DebugGroupReport, DiagnosticSeverity, ExecutionSegmentKind,
    FullCompilationReport, ResourceReport,
};
use crate::execute::{CpuTimingReport, GpuTimingReport};
use crate::ids::{DebugGroupId, PassId, ResourceId};
use crate::pool::ResourcePoolStats;

/// Bytes in B, KiB or MiB, with one decimal.
fn mib(bytes: u64) -> String {
    const KIB: f64 = 1024.0;
    match bytes as f64 {
        size if size < KIB => format!("{bytes} B"),
        size if size < KIB * KIB => format!("{:.1} KiB", size / KIB),
        size => format!("{:.1} MiB", size / (KIB * KIB)),
    }
}

fn micros(duration: Duration) -> String {
    format!("{:.1}", duration.as_secs_f64() * 1e6)
}

/// The dotted path (`bloom.downsample`) of each debug group.
struct GroupPaths<'a>(HashMap<DebugGroupId, &'a DebugGroupReport>);

impl<'a> GroupPaths<'a> {
    fn new(groups: &'a [DebugGroupReport]) -> Self {
        Self(groups.iter().map(|group| (group.id, group)).collect())
    }

    fn path(&self, group: Option<DebugGroupId>) -> String {
        let mut labels = Vec::new();
        let mut current = group.and_then(|id| self.0.get(&id));
        // A parent is opened before its child, so the walk ends; the bound only
        // guards against a report assembled by hand with a cycle.
        while let Some(report) = current.filter(|_| labels.len() <= self.0.len()) {
            labels.push(report.label.as_ref());
            current = report.parent.and_then(|id| self.0.get(&id));
        }
        labels.reverse();
        labels.join(".")
    }
}

/// The report: counts, culled passes with their reasons, memory and what aliases,
/// segments and compile time; with a full report also every retained pass in
/// execution order (group, kind), every resource (origin, lifetime, size, allocation)
/// and every diagnostic.
///
/// ```
/// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, RootReason, WriteContents};
///
/// let mut graph = FrameGraph::new();
/// let mut frame = graph.begin_frame();
/// let output = frame.create_buffer(BufferDesc::new("output", 256))?;
/// let mut pass = frame.compute_pass("produce");
/// let _ = pass.storage_buffer_write(output, BufferRange::whole(), WriteContents::Overwrite)?;
/// pass.finish()?;
/// frame.mark_buffer_root(output, BufferRange::whole(), RootReason::Output)?;
/// frame.compute_pass("unused").finish()?;
/// let compiled = frame.compile(CompileOptions::full_report())?;
/// let text = compiled.report().expect("asked for").to_string();
/// assert!(text.contains("2 recorded, 1 retained, 1 culled"));
/// assert!(text.contains("culled   unused (compute): not-reachable-from-root"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl fmt::Display for CompilationReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let summary = &self.summary;
        writeln!(
            f,
            "passes     {} recorded, {} retained, {} culled",
            summary.recorded_node_count, summary.retained_node_count, summary.culled_node_count
        )?;
        let groups = GroupPaths::new(self.full.as_ref().map_or(&[], |full| &full.debug_groups));
        if let Some(full) = &self.full {
            write_culled(full, &groups, f)?;
        }
        write_memory(summary, f)?;
        if let Some(full) = &self.full {
            write_aliasing(full, f)?;
            write_segments(full, f)?;
        }
        write_compile_time(summary, f)?;
        match &self.full {
            Some(full) => {
                write_passes(full, &groups, f)?;
                write_resources(full, f)?;
                write_diagnostics(full, f)
            }
            None => writeln!(f, "(a summary report: compile with CompileOptions::full_report() for every table)"),
        }
    }
}

fn write_culled(full: &FullCompilationReport, groups: &GroupPaths<'_>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    for node in &full.culled_nodes {
        write!(f, "  culled   {} ({}", node.label, node.kind)?;
        let group = groups.path(node.debug_group);
        if !group.is_empty() {
            write!(f, ", group {group}")?;
        }
        writeln!(f, "): {}", node.reason.name())?;
    }
    Ok(())
}

fn write_memory(summary: &CompilationSummary, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    writeln!(
        f,
        "memory     {} transients with a lifetime, {} -> {} physical allocations, {} ({} saved by aliasing)",
        summary.logical_transient_count,
        mib(summary.logical_transient_bytes),
        summary.allocation_count,
        mib(summary.physical_allocation_bytes),
        mib(summary.logical_transient_bytes.saturating_sub(summary.physical_allocation_bytes))
    )?;
    if summary.aliasing == Aliasing::Disabled {
        writeln!(f, "           aliasing disabled: every transient has an allocation of its own")?;
    }
    Ok(())
}

fn write_aliasing(full: &FullCompilationReport, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let resources: HashMap<ResourceId, &ResourceReport> =
        full.resources.iter().map(|resource| (resource.id, resource)).collect();
    for allocation in full.allocations.iter().filter(|allocation| allocation.resource_ids.len() > 1) {
        let names: Vec<String> = allocation
            .resource_ids
            .iter()
            .map(|id| resources.get(id).map_or_else(|| id.to_string(), |resource| resource.label.to_string()))
            .collect();
        write!(f, "  aliased  {} share one {} allocation", names.join(" + "), mib(allocation.estimated_byte_size))?;
        let lifetimes: Vec<String> = allocation
            .resource_ids
            .iter()
            .filter_map(|id| {
                let resource = resources.get(id)?;
                let lifetime = resource.lifetime?;
                Some(format!("{} #{}..#{}", resource.label, lifetime.first_use, lifetime.last_use))
            })
            .collect();
        if !lifetimes.is_empty() {
            write!(f, " ({})", lifetimes.join(", "))?;
        }
        writeln!(f)?;
    }
    Ok(())
}

fn write_segments(full: &FullCompilationReport, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write!(f, "segments   {}", full.execution_segments.len())?;
    for (slot, segment) in full.execution_segments.iter().enumerate() {
        let kind = match segment.kind {
            ExecutionSegmentKind::FrameGraph => "frame-graph",
            ExecutionSegmentKind::ExternalSubmission => "external-submission",
        };
        write!(f, "{}{kind} ({} passes)", if slot == 0 { ": " } else { ", " }, segment.nodes.len())?;
    }
    writeln!(f)
}

fn write_compile_time(summary: &CompilationSummary, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let timings = &summary.timings;
    writeln!(
        f,
        "compile    {} us on the CPU: validation {}, dependencies {}, retention {}, planning {}, report {}",
        micros(timings.total),
        micros(timings.validation),
        micros(timings.dependencies),
        micros(timings.retention),
        micros(timings.planning),
        micros(timings.report)
    )
}

fn write_passes(full: &FullCompilationReport, groups: &GroupPaths<'_>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let mut nodes: Vec<_> = full.nodes.iter().collect();
    nodes.sort_by_key(|node| node.execution_order);
    let paths: Vec<String> = nodes.iter().map(|node| groups.path(node.debug_group)).collect();
    let label = nodes.iter().map(|node| node.label.len()).max().unwrap_or(0).max(4);
    let group = paths.iter().map(String::len).max().unwrap_or(0).max(5);
    writeln!(f)?;
    writeln!(f, "  {:>5}  {:<label$}  {:<group$}  kind", "order", "pass", "group")?;
    for (node, path) in nodes.iter().zip(&paths) {
        let side_effect = if node.side_effect { ", side effect" } else { "" };
        writeln!(
            f,
            "  {:>5}  {:<label$}  {path:<group$}  {}{side_effect}",
            node.execution_order, node.label, node.kind
        )?;
    }
    Ok(())
}

fn write_resources(full: &FullCompilationReport, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    if full.resources.is_empty() {
        return Ok(());
    }
    let aliased: HashMap<_, _> =
        full.allocations.iter().map(|allocation| (allocation.id, allocation.resource_ids.len())).collect();
    let label = full.resources.iter().map(|resource| resource.label.len()).max().unwrap_or(0).max(8);
    writeln!(f)?;
    writeln!(
        f,
        "  {:<label$}  {:<7}  {:<9}  {:<13}  {:>10}  allocation",
        "resource", "kind", "origin", "lifetime", "size"
    )?;
    for resource in &full.resources {
        let kind = match resource.kind {
            crate::types::ResourceKind::Texture => "texture",
            crate::types::ResourceKind::Buffer => "buffer",
        };
        let lifetime = resource
            .lifetime
            .map_or_else(|| "unused".to_owned(), |lifetime| format!("#{}..#{}", lifetime.first_use, lifetime.last_use));
        write!(
            f,
            "  {:<label$}  {kind:<7}  {:<9}  {lifetime:<13}  {:>10}  ",
            resource.label,
            resource.origin.name(),
            mib(resource.estimated_byte_size)
        )?;
        match resource.allocation {
            Some(allocation) if aliased.get(&allocation).is_some_and(|&count| count > 1) => {
                writeln!(f, "{allocation} (aliased)")?
            }
            Some(allocation) => writeln!(f, "{allocation}")?,
            None => writeln!(f, "-")?,
        }
    }
    Ok(())
}

fn write_diagnostics(full: &FullCompilationReport, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    if full.diagnostics.is_empty() {
        return Ok(());
    }
    let passes: HashMap<PassId, &str> = full
        .nodes
        .iter()
        .map(|node| (node.id, node.label.as_ref()))
        .chain(full.culled_nodes.iter().map(|node| (node.id, node.label.as_ref())))
        .collect();
    let resources: HashMap<ResourceId, &str> =
        full.resources.iter().map(|resource| (resource.id, resource.label.as_ref())).collect();
    writeln!(f)?;
    for diagnostic in &full.diagnostics {
        let severity = match diagnostic.severity {
            DiagnosticSeverity::Info => "info",
            DiagnosticSeverity::Warning => "warning",
        };
        write!(f, "  {severity:<7}  {}: {}", diagnostic.code, diagnostic.message)?;
        if let Some(pass) = diagnostic.pass {
            write!(f, " (pass {})", passes.get(&pass).copied().unwrap_or("?"))?;
        }
        if let Some(resource) = diagnostic.resource {
            write!(f, " (resource {})", resources.get(&resource).copied().unwrap_or("?"))?;
        }
        writeln!(f)?;
    }
    Ok(())
}

/// The execution's CPU time, then one line per executed node in execution order.
impl fmt::Display for CpuTimingReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "CPU time   {} us for frame {}: {} nodes executed",
            micros(self.execution_duration),
            self.frame_index,
            self.nodes.len()
        )?;
        let label = self.nodes.iter().map(|node| node.label.len()).max().unwrap_or(0).max(4);
        for node in &self.nodes {
            writeln!(f, "  {:<label$}  {:<19}  {:>9} us", node.label, node.kind.name(), micros(node.duration))?;
        }
        Ok(())
    }
}

/// The frame's GPU span and one line per timed pass, or why there is no timing.
impl fmt::Display for GpuTimingReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unavailable { frame_index, reason } => {
                writeln!(f, "GPU time   unavailable for frame {frame_index}: {}", reason.name())
            }
            Self::Available { frame_index, frame_duration, nodes, .. } => {
                writeln!(
                    f,
                    "GPU time   {} us for frame {frame_index} (first pass start to last pass end): {} passes timed",
                    micros(*frame_duration),
                    nodes.len()
                )?;
                let label = nodes.iter().map(|node| node.label.len()).max().unwrap_or(0).max(4);
                for node in nodes {
                    writeln!(f, "  {:<label$}  {:>9} us", node.label, micros(node.duration))?;
                }
                Ok(())
            }
        }
    }
}

/// One line: acquisitions, reuse, creations, what the pool keeps and what it evicted.
///
/// ```
/// let stats = zenfg_runtime::ResourcePoolStats { acquire_count: 4, reuse_count: 2, created_count: 2, ..Default::default() };
/// assert!(stats.to_string().starts_with("pool       4 acquisitions so far: 2 reused, 2 created"));
/// ```
impl fmt::Display for ResourcePoolStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "pool       {} acquisitions so far: {} reused, {} created; {} objects kept ({}), {} evicted ({})",
            self.acquire_count,
            self.reuse_count,
            self.created_count,
            self.retained_count,
            mib(self.estimated_retained_bytes),
            self.evicted_count,
            mib(self.estimated_evicted_bytes)
        )
    }
}
