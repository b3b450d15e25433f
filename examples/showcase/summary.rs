//! The plan summary the showcase prints: what was retained and culled, what
//! aliasing saved, and where CPU and GPU time went.

use std::collections::HashMap;
use std::fmt;
use std::time::Duration;

/// What the summary says when no adapter could execute the frame.
pub const NO_ADAPTER: &str = "no GPU adapter was found. For software Vulkan: \
                              apt-get install -y mesa-vulkan-drivers libvulkan1";

use zenfg_runtime::{
    CompilationReport, CompilationTimings, CpuTimingReport, DebugGroupId, DebugGroupReport, FullCompilationReport,
    GpuTimingReport, PassId, ResourcePoolStats,
};

/// A pass the compiler culled, and why.
#[derive(Clone, Debug)]
pub struct CulledPass {
    /// Its label.
    pub label: String,
    /// Its kind (`render`, `compute`, ...).
    pub kind: &'static str,
    /// Its debug group path (`bloom.downsample`), empty outside groups.
    pub group: String,
    /// The reason, as Snapshots name it.
    pub reason: &'static str,
}

/// A retained pass in execution order, with its timings when it executed.
#[derive(Clone, Debug)]
pub struct PassRow {
    /// Its label.
    pub label: String,
    /// Its kind.
    pub kind: &'static str,
    /// Its debug group path.
    pub group: String,
    /// CPU time of its encoding and callback.
    pub cpu: Option<Duration>,
    /// GPU time between its timestamps.
    pub gpu: Option<Duration>,
}

/// Transients sharing one physical allocation.
#[derive(Clone, Debug)]
pub struct SharedAllocation {
    /// The transients' labels, in order of first use.
    pub resources: Vec<String>,
    /// Estimated bytes of the allocation.
    pub bytes: u64,
}

/// What GPU timing said about the execution.
#[derive(Clone, Debug)]
pub enum GpuTiming {
    /// The frame was compiled but not executed.
    NotExecuted,
    /// The execution has no GPU timing; the reason as Snapshots name it.
    Unavailable(&'static str),
    /// From the first timed pass's start to the last one's end.
    Available(Duration),
}

/// The facts the showcase prints about its compiled and executed frame.
#[derive(Clone, Debug)]
pub struct Summary {
    /// Where the frame executed, when it did.
    pub device: Option<String>,
    /// Nodes recorded.
    pub recorded: usize,
    /// Retained passes, in execution order.
    pub passes: Vec<PassRow>,
    /// Culled passes, in recording order.
    pub culled: Vec<CulledPass>,
    /// Transients with a lifetime.
    pub logical_transients: usize,
    /// Their estimated bytes, as if none aliased.
    pub logical_bytes: u64,
    /// Physical allocations the transients were placed in.
    pub allocations: usize,
    /// Estimated bytes of the physical allocations.
    pub physical_bytes: u64,
    /// Allocations holding more than one transient.
    pub shared: Vec<SharedAllocation>,
    /// Compile time per phase.
    pub compile: CompilationTimings,
    /// CPU time of the whole execution.
    pub execution: Option<Duration>,
    /// GPU timing of the execution.
    pub gpu: GpuTiming,
    /// The pool's counters after the execution, over every frame it served.
    pub pool: Option<ResourcePoolStats>,
}

/// What one execution of the frame measured.
#[derive(Clone, Copy, Debug, Default)]
pub struct Execution<'a> {
    /// Its CPU timing.
    pub cpu: Option<&'a CpuTimingReport>,
    /// Its GPU timing.
    pub gpu: Option<&'a GpuTimingReport>,
    /// The pool's counters right after it.
    pub pool: Option<ResourcePoolStats>,
}

/// The dotted path (`bloom.downsample`) of every debug group of a report.
struct GroupPaths<'a>(HashMap<DebugGroupId, &'a DebugGroupReport>);

impl<'a> GroupPaths<'a> {
    fn new(full: &'a FullCompilationReport) -> Self {
        Self(full.debug_groups.iter().map(|group| (group.id, group)).collect())
    }

    fn path(&self, group: Option<DebugGroupId>) -> String {
        let mut labels = Vec::new();
        let mut current = group.and_then(|id| self.0.get(&id));
        while let Some(report) = current {
            labels.push(report.label.as_ref());
            current = report.parent.and_then(|id| self.0.get(&id));
        }
        labels.reverse();
        labels.join(".")
    }
}

/// Each timed pass's duration.
type Durations = HashMap<PassId, Duration>;

/// The retained passes in execution order, with their timings.
fn pass_rows(full: &FullCompilationReport, groups: &GroupPaths<'_>, cpu: &Durations, gpu: &Durations) -> Vec<PassRow> {
    let mut nodes: Vec<_> = full.nodes.iter().collect();
    nodes.sort_by_key(|node| node.execution_order);
    nodes
        .into_iter()
        .map(|node| PassRow {
            label: node.label.to_string(),
            kind: node.kind.name(),
            group: groups.path(node.debug_group),
            cpu: cpu.get(&node.id).copied(),
            gpu: gpu.get(&node.id).copied(),
        })
        .collect()
}

/// The culled passes in recording order, with their reasons.
fn culled_passes(full: &FullCompilationReport, groups: &GroupPaths<'_>) -> Vec<CulledPass> {
    let culled = full.culled_nodes.iter();
    culled
        .map(|node| CulledPass {
            label: node.label.to_string(),
            kind: node.kind.name(),
            group: groups.path(node.debug_group),
            reason: node.reason.name(),
        })
        .collect()
}

/// The allocations the aliasing plan gave more than one transient.
fn shared_allocations(full: &FullCompilationReport) -> Vec<SharedAllocation> {
    let labels: HashMap<_, _> = full.resources.iter().map(|resource| (resource.id, resource.label.as_ref())).collect();
    let label = |id| labels.get(id).copied().unwrap_or("?").to_owned();
    full.allocations
        .iter()
        .filter(|allocation| allocation.resource_ids.len() > 1)
        .map(|allocation| SharedAllocation {
            resources: allocation.resource_ids.iter().map(label).collect(),
            bytes: allocation.estimated_byte_size,
        })
        .collect()
}

impl Summary {
    /// The summary of a full `report`, with what its `execution` on `device`
    /// measured when it executed. `None` when the report is not a full one.
    pub fn new(report: &CompilationReport, device: Option<String>, execution: Execution<'_>) -> Option<Self> {
        let Execution { cpu, gpu, pool } = execution;
        let full = report.full.as_ref()?;
        let groups = GroupPaths::new(full);
        let cpu_times: Durations =
            cpu.map(|cpu| cpu.nodes.iter().map(|node| (node.pass, node.duration)).collect()).unwrap_or_default();
        let (gpu_times, gpu) = match gpu {
            None => (Durations::new(), GpuTiming::NotExecuted),
            Some(GpuTimingReport::Unavailable { reason, .. }) => {
                (Durations::new(), GpuTiming::Unavailable(reason.name()))
            }
            Some(GpuTimingReport::Available { frame_duration, nodes, .. }) => {
                (nodes.iter().map(|node| (node.pass, node.duration)).collect(), GpuTiming::Available(*frame_duration))
            }
        };
        let summary = &report.summary;
        Some(Self {
            device,
            recorded: summary.recorded_node_count,
            passes: pass_rows(full, &groups, &cpu_times, &gpu_times),
            culled: culled_passes(full, &groups),
            logical_transients: summary.logical_transient_count,
            logical_bytes: summary.logical_transient_bytes,
            allocations: summary.allocation_count,
            physical_bytes: summary.physical_allocation_bytes,
            shared: shared_allocations(full),
            compile: summary.timings,
            execution: cpu.map(|cpu| cpu.execution_duration),
            gpu,
            pool,
        })
    }

    /// Bytes the aliasing plan saves over one allocation per transient.
    pub fn saved_bytes(&self) -> u64 {
        self.logical_bytes.saturating_sub(self.physical_bytes)
    }
}

fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / (1024.0 * 1024.0))
}

fn micros(duration: Duration) -> String {
    format!("{:.1}", duration.as_secs_f64() * 1e6)
}

fn column(duration: Option<Duration>) -> String {
    duration.map_or_else(|| "-".to_owned(), micros)
}

impl Summary {
    fn write_plan(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (retained, culled) = (self.passes.len(), self.culled.len());
        writeln!(f, "passes     {} recorded, {retained} retained, {culled} culled", self.recorded)?;
        for pass in &self.culled {
            writeln!(f, "  culled   {} ({}, group {}): {}", pass.label, pass.kind, pass.group, pass.reason)?;
        }
        writeln!(
            f,
            "memory     {} logical transients, {} -> {} physical allocations, {} ({} saved by aliasing)",
            self.logical_transients,
            mib(self.logical_bytes),
            self.allocations,
            mib(self.physical_bytes),
            mib(self.saved_bytes())
        )?;
        for allocation in &self.shared {
            writeln!(
                f,
                "  aliased  {} share one {} allocation",
                allocation.resources.join(" + "),
                mib(allocation.bytes)
            )?;
        }
        if let Some(pool) = &self.pool {
            writeln!(
                f,
                "pool       {} acquisitions so far: {} reused, {} created; {} objects kept ({})",
                pool.acquire_count,
                pool.reuse_count,
                pool.created_count,
                pool.retained_count,
                mib(pool.estimated_retained_bytes)
            )?;
        }
        Ok(())
    }

    fn write_times(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let timings = &self.compile;
        writeln!(
            f,
            "compile    {} us on the CPU: validation {}, dependencies {}, retention {}, planning {}, report {}",
            micros(timings.total),
            micros(timings.validation),
            micros(timings.dependencies),
            micros(timings.retention),
            micros(timings.planning),
            micros(timings.report)
        )?;
        let cpu = self.execution.map_or_else(String::new, |duration| format!("{} us on the CPU; ", micros(duration)));
        match self.gpu {
            GpuTiming::NotExecuted => writeln!(f, "execute    not executed: {NO_ADAPTER}"),
            GpuTiming::Unavailable("unsupported") => {
                writeln!(f, "execute    {cpu}no GPU times: the adapter does not support timestamp queries")
            }
            GpuTiming::Unavailable(reason) => writeln!(f, "execute    {cpu}no GPU times ({reason})"),
            GpuTiming::Available(span) => {
                writeln!(f, "execute    {cpu}{} us on the GPU (first pass start to last pass end)", micros(span))
            }
        }
    }

    fn write_passes(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let label = self.passes.iter().map(|pass| pass.label.len()).max().unwrap_or(0);
        let group = self.passes.iter().map(|pass| pass.group.len()).max().unwrap_or(0).max(5);
        writeln!(f, "  {:<label$}  {:<group$}  {:<7}  {:>9}  {:>9}", "pass", "group", "kind", "CPU us", "GPU us")?;
        for pass in &self.passes {
            let (cpu, gpu) = (column(pass.cpu), column(pass.gpu));
            writeln!(f, "  {:<label$}  {:<group$}  {:<7}  {cpu:>9}  {gpu:>9}", pass.label, pass.group, pass.kind)?;
        }
        Ok(())
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let device = self.device.as_deref().unwrap_or("none: the frame is recorded and compiled only");
        writeln!(f, "device     {device}")?;
        self.write_plan(f)?;
        self.write_times(f)?;
        writeln!(f)?;
        self.write_passes(f)
    }
}
