//! The plain-text summary of a document.

use std::fmt;

use super::index::{SnapshotIndex, node_name, resource_name};
use crate::{
    FrameGraphSnapshotV1, SnapshotAllocationReport, SnapshotCpuTimings, SnapshotDependencyKind, SnapshotGpuTimings,
    SnapshotNodeCompileState, SnapshotNodeKind, SnapshotPoolReport, SnapshotResourceOrigin,
};

/// A plain-text summary of a document, written by its [`Display`](fmt::Display)
/// implementation: what was captured, counts, timing coverage, memory and what aliasing
/// saved, segments and roots, then one line per retained pass in execution order (kind,
/// debug group, CPU and GPU time), per culled pass with its reason, per resource with
/// its lifetime and allocation, per allocation shared by several resources, and per
/// diagnostic.
///
/// Any document is accepted, valid or not; nothing panics, and the text grows linearly
/// with the document.
///
/// ```
/// # let text = include_str!("../../tests/data/snapshot-conformance/fixtures/minimal.fgsnapshot.json");
/// let snapshot = zenfg_snapshot_format::parse_frame_graph_snapshot(text)?.snapshot;
/// let summary = zenfg_snapshot_format::SnapshotSummary::new(&snapshot).to_string();
/// assert!(summary.contains("retained"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct SnapshotSummary<'a> {
    snapshot: &'a FrameGraphSnapshotV1,
}

impl<'a> SnapshotSummary<'a> {
    /// The summary of `snapshot`.
    pub fn new(snapshot: &'a FrameGraphSnapshotV1) -> Self {
        Self { snapshot }
    }
}

impl fmt::Display for SnapshotSummary<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let index = SnapshotIndex::new(self.snapshot);
        header(&index, f)?;
        counts(&index, f)?;
        memory(&index, f)?;
        timing(&index, f)?;
        segments_and_roots(&index, f)?;
        passes(&index, f)?;
        culled(&index, f)?;
        resources(&index, f)?;
        allocations(&index, f)?;
        diagnostics(&index, f)
    }
}

/// Bytes in B, KiB or MiB, with one decimal.
fn mib(bytes: u64) -> String {
    const KIB: f64 = 1024.0;
    match bytes as f64 {
        size if size < KIB => format!("{bytes} B"),
        size if size < KIB * KIB => format!("{:.1} KiB", size / KIB),
        size => format!("{:.1} MiB", size / (KIB * KIB)),
    }
}

fn micros(value: Option<f64>) -> String {
    value.map_or_else(|| "-".to_owned(), |micros| format!("{micros:.1}"))
}

fn header(index: &SnapshotIndex<'_>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let snapshot = index.snapshot;
    let producer = &snapshot.producer;
    write!(f, "frame      {} by {}", snapshot.capture.frame_index, producer.name)?;
    if let Some(version) = &producer.version {
        write!(f, " {version}")?;
    }
    if let Some(runtime) = &producer.runtime {
        let parts: Vec<&str> = [&runtime.implementation, &runtime.graphics_api, &runtime.backend]
            .into_iter()
            .filter_map(|part| part.as_deref())
            .collect();
        if !parts.is_empty() {
            write!(f, " ({})", parts.join(", "))?;
        }
    }
    writeln!(f)?;
    writeln!(f, "captured   {}", snapshot.capture.captured_at.as_deref().unwrap_or("at an unknown time"))?;
    if let Some(migration) = &snapshot.capture.migration {
        write!(f, "migrated   from {}", migration.source_format)?;
        if !migration.unavailable_facts.is_empty() {
            let facts: Vec<&str> = migration.unavailable_facts.iter().map(|fact| fact.as_str()).collect();
            write!(f, "; unavailable: {}", facts.join(", "))?;
        }
        writeln!(f)?;
    }
    if let Some(options) = snapshot.extensions.get(crate::COMPILE_EXTENSION)
        && options.get("aliasing").and_then(|value| value.as_str()) == Some("disabled")
    {
        writeln!(f, "compiled   with aliasing disabled: every transient has an allocation of its own")?;
    }
    Ok(())
}

fn counts(index: &SnapshotIndex<'_>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let graph = &index.snapshot.graph;
    writeln!(
        f,
        "passes     {} recorded, {} retained, {} culled; {} debug groups",
        graph.nodes.len(),
        index.retained.len(),
        index.culled.len(),
        graph.groups.len()
    )?;
    let origin = |origin| graph.resources.iter().filter(|resource| resource.origin == origin).count();
    let ordering = graph.dependencies.iter().filter(|dependency| dependency.kind == SnapshotDependencyKind::Ordering);
    let ordering = ordering.count();
    writeln!(
        f,
        "resources  {} ({} transient, {} imported, {} surface), {} texture views, {} accesses",
        graph.resources.len(),
        origin(SnapshotResourceOrigin::Transient),
        origin(SnapshotResourceOrigin::Imported),
        origin(SnapshotResourceOrigin::Surface),
        graph.texture_views.len(),
        graph.accesses.len()
    )?;
    writeln!(
        f,
        "edges      {} dependencies: {} value, {ordering} ordering only",
        graph.dependencies.len(),
        graph.dependencies.len() - ordering
    )
}

/// Bytes of the resources placed in allocations, and of the allocations, when known.
pub(crate) fn aliasing_bytes(index: &SnapshotIndex<'_>) -> Option<(u64, u64)> {
    let SnapshotAllocationReport::Available { allocations } = &index.snapshot.memory.allocation_report else {
        return None;
    };
    // Saturating: a valid document may hold sizes whose sum leaves u64.
    let physical =
        allocations.iter().filter_map(|allocation| allocation.estimated_byte_size).fold(0, u64::saturating_add);
    let logical = index.allocation_resources.iter().flatten();
    let logical = logical
        .filter_map(|&position| index.snapshot.graph.resources[position].estimated_byte_size)
        .fold(0, u64::saturating_add);
    Some((logical, physical))
}

fn memory(index: &SnapshotIndex<'_>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let memory = &index.snapshot.memory;
    match &memory.allocation_report {
        SnapshotAllocationReport::Available { allocations } => {
            let (logical, physical) = aliasing_bytes(index).unwrap_or_default();
            let placed: usize = index.allocation_resources.iter().map(Vec::len).sum();
            let shared = index.allocation_resources.iter().filter(|resources| resources.len() > 1).count();
            writeln!(
                f,
                "memory     {placed} resources in {} allocations ({shared} shared): {} -> {} ({} saved by aliasing)",
                allocations.len(),
                mib(logical),
                mib(physical),
                mib(logical.saturating_sub(physical))
            )?;
        }
        SnapshotAllocationReport::Unavailable { reason } => writeln!(f, "memory     no allocation report ({reason})")?,
    }
    match &memory.pool_report {
        SnapshotPoolReport::Available {
            acquire_count,
            reuse_count,
            created_count,
            retained_count,
            estimated_retained_bytes,
        } => {
            write!(
                f,
                "pool       {acquire_count} acquisitions: {reuse_count} reused, {created_count} created; \
                 {retained_count} objects kept"
            )?;
            if let Some(bytes) = estimated_retained_bytes {
                write!(f, " ({})", mib(*bytes))?;
            }
            writeln!(f)
        }
        SnapshotPoolReport::Unavailable { reason } => writeln!(f, "pool       no pool report ({reason})"),
    }
}

fn timing(index: &SnapshotIndex<'_>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let nodes = &index.snapshot.graph.nodes;
    let retained = index.retained.len();
    let gpu_capable = index
        .retained
        .iter()
        .filter(|&&position| matches!(nodes[position].kind, SnapshotNodeKind::Render | SnapshotNodeKind::Compute))
        .count();
    match &index.snapshot.timings.cpu {
        SnapshotCpuTimings::Available { execution_duration_micros, nodes } => writeln!(
            f,
            "CPU time   {execution_duration_micros:.1} us for the execution; {} of {retained} retained passes timed",
            nodes.len()
        )?,
        SnapshotCpuTimings::Unavailable { reason } => writeln!(f, "CPU time   unavailable ({reason})")?,
    }
    match &index.snapshot.timings.gpu {
        SnapshotGpuTimings::Available { frame_span_micros, nodes } => writeln!(
            f,
            "GPU time   {frame_span_micros:.1} us first to last timestamp; {} of {gpu_capable} render and compute \
             passes timed",
            nodes.len()
        ),
        SnapshotGpuTimings::Unavailable { reason } => writeln!(f, "GPU time   unavailable ({reason})"),
    }
}

fn segments_and_roots(index: &SnapshotIndex<'_>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let graph = &index.snapshot.graph;
    write!(f, "segments   {}", graph.segments.len())?;
    for (slot, segment) in graph.segments.iter().enumerate() {
        f.write_str(if slot == 0 { ": " } else { ", " })?;
        write!(f, "{} ({} passes)", segment.kind, segment.node_ids.len())?;
    }
    writeln!(f)?;
    write!(f, "roots      {}", graph.roots.len())?;
    for (slot, root) in graph.roots.iter().enumerate() {
        f.write_str(if slot == 0 { ": " } else { ", " })?;
        let name = match (root.node_id(), root.resource()) {
            (Some(node), _) => index.node(node).map_or(node, node_name),
            (None, Some(root)) => index.resource(&root.resource_id).map_or(root.resource_id.as_str(), resource_name),
            (None, None) => "",
        };
        write!(f, "{} {name}", root.reason())?;
    }
    writeln!(f)
}

fn passes(index: &SnapshotIndex<'_>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let nodes = &index.snapshot.graph.nodes;
    if index.retained.is_empty() {
        return Ok(());
    }
    let groups: Vec<String> =
        index.retained.iter().map(|&position| index.group_path(nodes[position].group_id.as_deref())).collect();
    let label = index.retained.iter().map(|&position| node_name(&nodes[position]).len()).max().unwrap_or(0).max(4);
    let group = groups.iter().map(String::len).max().unwrap_or(0).max(5);
    writeln!(f)?;
    writeln!(
        f,
        "  {:>5}  {:<label$}  {:<group$}  {:<19}  {:>9}  {:>9}",
        "order", "pass", "group", "kind", "CPU us", "GPU us"
    )?;
    for (&position, group_path) in index.retained.iter().zip(&groups) {
        let node = &nodes[position];
        let order = node.execution_order().unwrap_or_default();
        writeln!(
            f,
            "  {order:>5}  {:<label$}  {group_path:<group$}  {:<19}  {:>9}  {:>9}",
            node_name(node),
            node.kind.as_str(),
            micros(index.cpu_micros(&node.id)),
            micros(index.gpu_micros(&node.id))
        )?;
    }
    Ok(())
}

fn culled(index: &SnapshotIndex<'_>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let nodes = &index.snapshot.graph.nodes;
    if index.culled.is_empty() {
        return Ok(());
    }
    writeln!(f)?;
    for &position in &index.culled {
        let node = &nodes[position];
        let SnapshotNodeCompileState::Culled { reason } = &node.compile_state else { continue };
        let group = index.group_path(node.group_id.as_deref());
        write!(f, "  culled   {} ({}", node_name(node), node.kind)?;
        if !group.is_empty() {
            write!(f, ", group {group}")?;
        }
        writeln!(f, "): {reason}")?;
    }
    Ok(())
}

fn resources(index: &SnapshotIndex<'_>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let resources = &index.snapshot.graph.resources;
    if resources.is_empty() {
        return Ok(());
    }
    let label = resources.iter().map(|resource| resource_name(resource).len()).max().unwrap_or(0).max(8);
    writeln!(f)?;
    writeln!(
        f,
        "  {:<label$}  {:<7}  {:<9}  {:<13}  {:>10}  allocation",
        "resource", "kind", "origin", "lifetime", "size"
    )?;
    for resource in resources {
        let lifetime = resource
            .lifetime
            .map_or_else(|| "unused".to_owned(), |lifetime| format!("#{}..#{}", lifetime.first_use, lifetime.last_use));
        let size = resource.estimated_byte_size.map_or_else(|| "-".to_owned(), mib);
        write!(
            f,
            "  {:<label$}  {:<7}  {:<9}  {lifetime:<13}  {size:>10}  ",
            resource_name(resource),
            resource.kind.as_str(),
            resource.origin.as_str()
        )?;
        match &resource.allocation_id {
            Some(allocation) if index.is_aliased(resource) => writeln!(f, "{allocation} (aliased)")?,
            Some(allocation) => writeln!(f, "{allocation}")?,
            None => writeln!(f, "-")?,
        }
    }
    Ok(())
}

fn allocations(index: &SnapshotIndex<'_>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let SnapshotAllocationReport::Available { allocations } = &index.snapshot.memory.allocation_report else {
        return Ok(());
    };
    let resources = &index.snapshot.graph.resources;
    let mut first = true;
    for (allocation, members) in allocations.iter().zip(&index.allocation_resources) {
        if members.len() < 2 {
            continue;
        }
        if std::mem::take(&mut first) {
            writeln!(f)?;
        }
        let size = allocation.estimated_byte_size.map_or_else(|| "unknown size".to_owned(), mib);
        write!(f, "  aliased  {} ({}, {size}):", allocation.id, allocation.kind)?;
        for (slot, &member) in members.iter().enumerate() {
            let resource = &resources[member];
            f.write_str(if slot == 0 { " " } else { " + " })?;
            f.write_str(resource_name(resource))?;
            if let Some(lifetime) = resource.lifetime {
                write!(f, " #{}..#{}", lifetime.first_use, lifetime.last_use)?;
            }
        }
        writeln!(f)?;
    }
    Ok(())
}

fn diagnostics(index: &SnapshotIndex<'_>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let diagnostics = &index.snapshot.diagnostics;
    if diagnostics.is_empty() {
        return Ok(());
    }
    writeln!(f)?;
    for diagnostic in diagnostics {
        write!(f, "  {:<7}  {}: {}", diagnostic.severity.as_str(), diagnostic.code, diagnostic.message)?;
        if let Some(node) = &diagnostic.node_id {
            write!(f, " (pass {})", index.node(node).map_or(node.as_str(), node_name))?;
        }
        if let Some(resource) = &diagnostic.resource_id {
            write!(f, " (resource {})", index.resource(resource).map_or(resource.as_str(), resource_name))?;
        }
        writeln!(f)?;
    }
    Ok(())
}
