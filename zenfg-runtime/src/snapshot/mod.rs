//! Export of compiled frames as FrameGraph Snapshot 1.2 documents (feature `snapshot`).
//!
//! [`create_frame_graph_snapshot`] projects a full [`CompilationReport`], and optionally
//! the CPU and GPU timing of an execution and the pool counters, into a
//! [`FrameGraphSnapshotV1`], and runs the complete Snapshot validator on it before
//! returning it. [`to_json`] and [`to_json_pretty`] write the canonical JSON; the whole
//! `zenfg_snapshot_format` crate is re-exported here, so readers can decode the files again, and
//! people can look at them: [`SnapshotSummary`] as text, [`write_dot`] as a Graphviz
//! graph, [`write_html`] as one self-contained page to open in a browser.
//!
//! ```
//! use zenfg_runtime::snapshot::{CreateFrameGraphSnapshotOptions, create_frame_graph_snapshot, to_json};
//! use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, RootReason, WriteContents};
//!
//! let mut graph = FrameGraph::new();
//! let mut frame = graph.begin_frame();
//! let output = frame.create_buffer(BufferDesc::new("output", 256))?;
//! let mut pass = frame.compute_pass("produce");
//! let _ = pass.storage_buffer_write(output, BufferRange::whole(), WriteContents::Overwrite)?;
//! pass.finish()?;
//! frame.mark_buffer_root(output, BufferRange::whole(), RootReason::Output)?;
//! let compiled = frame.compile(CompileOptions::full_report())?;
//!
//! let report = compiled.report().expect("a full report was asked for");
//! let snapshot = create_frame_graph_snapshot(report, CreateFrameGraphSnapshotOptions::new(0))?;
//! assert_eq!(snapshot.graph.nodes[0].id, "node:0");
//! let json = to_json(&snapshot)?;
//! assert!(json.contains(r#""usageFlags":["storage"]"#));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What the export writes
//!
//! * Ids are the runtime's dense numbers behind the Snapshot prefixes (`node:3`,
//!   `resource:0`, `view:1`, `group:2`, `allocation:0`, `segment:1`). An access over
//!   several texture regions (one per mip) becomes one wire access per region,
//!   `access:{id}:{region}`; an access over one region or a buffer range is `access:{id}`.
//! * Retained and culled nodes share the node table in recording order; labels, groups
//!   and side-effect flags are kept, stable keys are omitted.
//! * Resources carry their descriptor (WebGPU format names), effective usage in protocol
//!   order, initial contents, lifetime, allocation, estimate and group. Texture views
//!   carry their resolved format, dimension, aspect and subresources.
//! * Accesses are every access with an effect on contents, culled nodes' included.
//!   Reads omit `contents`. Texture copies never name a view: their region says what
//!   they touch.
//! * Dependencies are those between two retained nodes, one per `(from, to, resource)`:
//!   a value dependency already orders its nodes, so the ordering dependency a
//!   preserving write also has on the previous writer is folded into it. They are
//!   listed by the execution order of both ends.
//! * Roots are the report's resource roots (identical ones once) followed by one
//!   `side-effect` root per retained side-effecting node.
//! * Allocations in different resource pool scopes never share a `compatibility:`
//!   marker: the compatibility key of a scoped allocation ends with a partition number
//!   local to its compile, so markers reveal neither scopes nor pools.
//! * Pool counters without an eviction field in Snapshot 1.2 (`evicted_count`,
//!   `estimated_evicted_bytes`) are not exported.
//! * Timings must come from the same frame index as the capture and list retained nodes
//!   in execution order (any subset); GPU timing may only list render and compute
//!   nodes. Durations are written in microseconds.

mod accesses;
mod diagnostics;
mod error;
mod format;
mod graph;
mod ids;
mod index;
mod memory;
mod options;
mod regions;
mod resources;
mod roots;
mod timing;
mod vocabulary;

pub use zenfg_snapshot_format::*;

use self::error::safe_integer;
pub use self::error::{SnapshotExportError, TimingFamily};
use self::index::ReportIndex;
pub use self::options::CreateFrameGraphSnapshotOptions;
use crate::compile::{Aliasing, CompilationReport};

/// Projects the full `report` of a compiled frame, with the execution facts of
/// `options`, into a validated Snapshot 1.2 document.
///
/// Fails with [`SnapshotExportError::FullReportRequired`] when the frame was compiled
/// without [`CompileOptions::full_report`](crate::CompileOptions::full_report), with a
/// timing error when a timing report does not belong to this frame, and with
/// [`SnapshotExportError::InvalidSnapshot`] when the result fails validation (for
/// example an empty `backend`). Never panics, whatever the report holds.
///
/// ```
/// use zenfg_runtime::snapshot::{
///     CreateFrameGraphSnapshotOptions, SnapshotExportError, SnapshotNodeCompileState, create_frame_graph_snapshot,
/// };
/// use zenfg_runtime::{CompileOptions, FrameGraph};
///
/// let mut graph = FrameGraph::new();
/// let mut frame = graph.begin_frame();
/// frame.command_pass("upload").finish()?;
/// frame.compute_pass("dead").finish()?;
/// let compiled = frame.compile(CompileOptions::summary_report())?;
/// let summary = compiled.report().unwrap();
/// let export = create_frame_graph_snapshot(summary, CreateFrameGraphSnapshotOptions::new(3));
/// assert!(matches!(export, Err(SnapshotExportError::FullReportRequired)));
/// drop(compiled);
///
/// let mut frame = graph.begin_frame();
/// frame.command_pass("upload").finish()?;
/// frame.compute_pass("dead").finish()?;
/// let compiled = frame.compile(CompileOptions::full_report())?;
/// let report = compiled.report().unwrap();
/// let snapshot = create_frame_graph_snapshot(report, CreateFrameGraphSnapshotOptions::new(3).with_backend("vulkan"))?;
/// assert_eq!(snapshot.capture.frame_index, 3);
/// assert!(matches!(snapshot.graph.nodes[1].compile_state, SnapshotNodeCompileState::Culled { .. }));
///
/// let unnamed = create_frame_graph_snapshot(report, CreateFrameGraphSnapshotOptions::new(3).with_backend(""));
/// assert!(matches!(unnamed, Err(SnapshotExportError::InvalidSnapshot { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn create_frame_graph_snapshot(
    report: &CompilationReport,
    options: CreateFrameGraphSnapshotOptions<'_>,
) -> Result<FrameGraphSnapshotV1, SnapshotExportError> {
    let full = report.full.as_ref().ok_or(SnapshotExportError::FullReportRequired)?;
    let frame_index = safe_integer(options.frame_index, || "capture.frameIndex".to_owned())?;
    let index = ReportIndex::new(full)?;

    let graph = SnapshotGraph {
        groups: graph::groups(full),
        nodes: graph::nodes(full)?,
        resources: resources::resources(full)?,
        texture_views: resources::texture_views(full)?,
        accesses: accesses::accesses(full, &index)?,
        dependencies: accesses::dependencies(full, &index)?,
        roots: roots::roots(full, &index)?,
        segments: graph::segments(full),
    };
    let timings = SnapshotTimings {
        cpu: timing::cpu(options.cpu_timing, frame_index, &index)?,
        gpu: timing::gpu(options.gpu_timing, frame_index, &index)?,
    };
    let producer = SnapshotProducer {
        version: Some(env!("CARGO_PKG_VERSION").to_owned()),
        language: Some("rust".to_owned()),
        runtime: Some(SnapshotRuntime {
            implementation: Some("wgpu".to_owned()),
            graphics_api: Some("webgpu".to_owned()),
            backend: options.backend.map(str::to_owned),
        }),
        ..SnapshotProducer::new("zenfg")
    };
    let capture =
        SnapshotCapture { captured_at: options.captured_at.map(str::to_owned), ..SnapshotCapture::new(frame_index) };
    let mut snapshot =
        FrameGraphSnapshotV1::new(producer, capture, graph, memory::memory(full, options.pool_stats)?, timings);
    snapshot.diagnostics = diagnostics::diagnostics(full);
    if report.summary.aliasing == Aliasing::Disabled {
        snapshot.extensions.insert(COMPILE_EXTENSION.to_owned(), serde_json::json!({ "aliasing": "disabled" }));
    }

    validate_typed_frame_graph_snapshot(&snapshot).map_err(|source| SnapshotExportError::InvalidSnapshot { source })?;
    Ok(snapshot)
}
