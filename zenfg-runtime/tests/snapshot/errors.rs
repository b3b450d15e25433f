//! Every way a Snapshot export fails, and how missing or unavailable execution facts
//! are written.

use std::time::Duration;

use zenfg_runtime::snapshot::{
    CreateFrameGraphSnapshotOptions, SnapshotCpuTimings, SnapshotExportError, SnapshotGpuTimings, SnapshotPoolReport,
    TimingFamily, create_frame_graph_snapshot,
};
use zenfg_runtime::wgpu::{BufferUsages, TextureAspect, TextureFormat, TextureUsages};
use zenfg_runtime::{
    AccessMode, AccessRole, BufferDesc, BufferRange, CompilationReport, CompileOptions, CpuTimingNodeReport,
    CpuTimingReport, DependencyKind, DependencyReport, Frame, FrameGraph, FullCompilationReport, GpuTimingNodeKind,
    GpuTimingNodeReport, GpuTimingReport, GpuTimingUnavailableReason, HazardKind, NodeKind, PassId, ResourceRange,
    RootReason, TextureDesc, WriteContents,
};

fn compile(record: impl FnOnce(&mut Frame<'_>), options: CompileOptions) -> Option<CompilationReport> {
    // Sizes and usages past any device's are what these exports must refuse.
    let mut graph = FrameGraph::with_capabilities(zenfg_runtime::DeviceCapabilities::unchecked());
    let mut frame = graph.begin_frame();
    record(&mut frame);
    frame.compile(options).expect("the frame compiles").take_report()
}

/// Node 0 (compute, retained) writes `data`; node 1 (compute) is culled; node 2 is a
/// retained command node; node 3 (render, retained) clears `image`.
fn record(frame: &mut Frame<'_>) {
    let data = frame.create_buffer(BufferDesc::new("data", 64)).unwrap();
    let dead = frame.create_buffer(BufferDesc::new("dead", 64)).unwrap();
    let image = frame.create_texture(TextureDesc::new_2d("image", 4, 4, TextureFormat::Rgba8Unorm)).unwrap();
    let mut pass = frame.compute_pass("write");
    let _ = pass.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    pass.finish_compute(|_| Ok(())).unwrap();
    let mut pass = frame.compute_pass("dead");
    let _ = pass.storage_buffer_write(dead, BufferRange::whole(), WriteContents::Overwrite).unwrap();
    pass.finish_compute(|_| Ok(())).unwrap();
    frame.command_pass("command").finish_command(|_| Ok(())).unwrap();
    let mut pass = frame.render_pass("draw");
    let _ = pass.color_attachment(image, zenfg_runtime::ColorAttachmentOps::clear_store(Default::default())).unwrap();
    pass.finish_render(|_| Ok(())).unwrap();
    frame.mark_buffer_root(data, BufferRange::whole(), RootReason::Output).unwrap();
    frame.mark_texture_root(image, RootReason::Output).unwrap();
}

fn full_report() -> CompilationReport {
    compile(record, CompileOptions::full_report()).expect("a full report was asked for")
}

fn tables(report: &mut CompilationReport) -> &mut FullCompilationReport {
    report.full.as_mut().expect("a full report")
}

fn export(
    report: &CompilationReport,
    options: CreateFrameGraphSnapshotOptions<'_>,
) -> Result<zenfg_runtime::snapshot::FrameGraphSnapshotV1, SnapshotExportError> {
    create_frame_graph_snapshot(report, options)
}

/// A CPU timing of frame `frame_index` for nodes `(recording index, kind)` of `report`.
fn cpu_timing(report: &CompilationReport, frame_index: u64, nodes: &[(usize, NodeKind)]) -> CpuTimingReport {
    let full = report.full.as_ref().unwrap();
    let mut ids: Vec<PassId> =
        full.nodes.iter().map(|node| node.id).chain(full.culled_nodes.iter().map(|node| node.id)).collect();
    ids.sort();
    CpuTimingReport {
        frame_index,
        execution_duration: Duration::from_micros(100),
        nodes: nodes
            .iter()
            .map(|&(index, kind)| CpuTimingNodeReport {
                pass: ids[index],
                kind,
                label: "timed".into(),
                duration: Duration::from_micros(1),
            })
            .collect(),
    }
}

/// A node id that the four-node report of [`record`] does not contain.
fn foreign_pass() -> PassId {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    for index in 0..6 {
        frame.command_pass(format!("extra-{index}")).finish_command(|_| Ok(())).unwrap();
    }
    let report = frame.compile(CompileOptions::full_report()).unwrap().take_report().unwrap();
    report.full.unwrap().nodes[5].id
}

/// An available GPU timing of frame `frame_index` for nodes `(recording index, kind)`.
fn gpu_timing(report: &CompilationReport, frame_index: u64, nodes: &[(usize, GpuTimingNodeKind)]) -> GpuTimingReport {
    let indices: Vec<(usize, NodeKind)> = nodes.iter().map(|&(index, _)| (index, NodeKind::Render)).collect();
    GpuTimingReport::Available {
        frame_index,
        frame_duration: Duration::from_micros(10),
        nodes: cpu_timing(report, frame_index, &indices)
            .nodes
            .into_iter()
            .zip(nodes)
            .map(|(node, &(_, kind))| GpuTimingNodeReport {
                pass: node.pass,
                kind,
                label: node.label,
                debug_group: None,
                duration: Duration::from_micros(2),
            })
            .collect(),
        debug_groups: Vec::new(),
    }
}

#[test]
fn summary_and_missing_reports_are_refused() {
    let summary = compile(record, CompileOptions::summary_report()).expect("a summary was asked for");
    let error = export(&summary, CreateFrameGraphSnapshotOptions::new(0)).unwrap_err();
    assert!(matches!(error, SnapshotExportError::FullReportRequired), "{error:?}");
    assert!(error.to_string().contains("full_report"));
    assert!(compile(record, CompileOptions::no_report()).is_none());
    assert!(matches!(
        export(&CompilationReport::default(), CreateFrameGraphSnapshotOptions::new(0)),
        Err(SnapshotExportError::FullReportRequired)
    ));
}

#[test]
fn timing_of_another_frame_is_refused() {
    let report = full_report();
    let cpu = cpu_timing(&report, 4, &[(0, NodeKind::Compute)]);
    let error = export(&report, CreateFrameGraphSnapshotOptions::new(5).with_cpu_timing(&cpu)).unwrap_err();
    assert!(
        matches!(
            error,
            SnapshotExportError::TimingFrameMismatch { family: TimingFamily::Cpu, capture_frame: 5, timing_frame: 4 }
        ),
        "{error:?}"
    );
    let gpu = GpuTimingReport::Unavailable { frame_index: 6, reason: GpuTimingUnavailableReason::Busy };
    let error = export(&report, CreateFrameGraphSnapshotOptions::new(5).with_gpu_timing(&gpu)).unwrap_err();
    assert!(
        matches!(
            error,
            SnapshotExportError::TimingFrameMismatch { family: TimingFamily::Gpu, capture_frame: 5, timing_frame: 6 }
        ),
        "{error:?}"
    );
    assert!(error.to_string().contains("frame 6"));
}

fn expect_invalid_timing(result: Result<impl std::fmt::Debug, SnapshotExportError>, family: TimingFamily, words: &str) {
    match result {
        Err(SnapshotExportError::InvalidTimingReport { family: actual, message }) => {
            assert_eq!(actual, family);
            assert!(message.contains(words), "`{message}` does not mention `{words}`");
        }
        other => panic!("expected an invalid {family} timing report, got {other:?}"),
    }
}

#[test]
fn cpu_timing_must_list_retained_nodes_of_their_kind_in_execution_order() {
    let report = full_report();
    let export_cpu = |nodes: &[(usize, NodeKind)]| {
        let cpu = cpu_timing(&report, 0, nodes);
        export(&report, CreateFrameGraphSnapshotOptions::new(0).with_cpu_timing(&cpu))
    };
    expect_invalid_timing(export_cpu(&[(1, NodeKind::Compute)]), TimingFamily::Cpu, "culled");
    expect_invalid_timing(export_cpu(&[(2, NodeKind::Compute)]), TimingFamily::Cpu, "command node");
    expect_invalid_timing(export_cpu(&[(2, NodeKind::Command), (0, NodeKind::Compute)]), TimingFamily::Cpu, "after");
    expect_invalid_timing(export_cpu(&[(0, NodeKind::Compute), (0, NodeKind::Compute)]), TimingFamily::Cpu, "after");

    let mut foreign = cpu_timing(&report, 0, &[(2, NodeKind::Command)]);
    foreign.nodes[0].pass = foreign_pass();
    let result = export(&report, CreateFrameGraphSnapshotOptions::new(0).with_cpu_timing(&foreign));
    expect_invalid_timing(result, TimingFamily::Cpu, "does not list");

    let subset = export_cpu(&[(0, NodeKind::Compute), (3, NodeKind::Render)]).unwrap();
    let SnapshotCpuTimings::Available { nodes, execution_duration_micros } = subset.timings.cpu else {
        panic!("CPU timing was given")
    };
    assert_eq!(execution_duration_micros, 100.0);
    assert_eq!(nodes.iter().map(|node| node.node_id.as_str()).collect::<Vec<_>>(), ["node:0", "node:3"]);
}

#[test]
fn gpu_timing_may_only_list_retained_render_and_compute_nodes() {
    let report = full_report();
    let export_gpu = |nodes: &[(usize, GpuTimingNodeKind)]| {
        let gpu = gpu_timing(&report, 0, nodes);
        export(&report, CreateFrameGraphSnapshotOptions::new(0).with_gpu_timing(&gpu))
    };
    expect_invalid_timing(export_gpu(&[(2, GpuTimingNodeKind::Render)]), TimingFamily::Gpu, "only render and compute");
    expect_invalid_timing(export_gpu(&[(1, GpuTimingNodeKind::Compute)]), TimingFamily::Gpu, "culled");
    expect_invalid_timing(export_gpu(&[(3, GpuTimingNodeKind::Compute)]), TimingFamily::Gpu, "render node");
    expect_invalid_timing(
        export_gpu(&[(3, GpuTimingNodeKind::Render), (0, GpuTimingNodeKind::Compute)]),
        TimingFamily::Gpu,
        "after",
    );
    let snapshot = export_gpu(&[(0, GpuTimingNodeKind::Compute), (3, GpuTimingNodeKind::Render)]).unwrap();
    assert!(matches!(snapshot.timings.gpu, SnapshotGpuTimings::Available { ref nodes, .. } if nodes.len() == 2));
}

#[test]
fn unavailable_facts_carry_their_reasons() {
    let report = full_report();
    let snapshot = export(&report, CreateFrameGraphSnapshotOptions::new(0)).unwrap();
    assert_eq!(snapshot.timings.cpu, SnapshotCpuTimings::unavailable("not-requested"));
    assert_eq!(snapshot.timings.gpu, SnapshotGpuTimings::unavailable("not-requested"));
    assert_eq!(snapshot.memory.pool_report, SnapshotPoolReport::unavailable("not-requested"));
    let reasons = [
        (GpuTimingUnavailableReason::NoTimedNodes, "no-timed-nodes"),
        (GpuTimingUnavailableReason::Unsupported, "unsupported"),
        (GpuTimingUnavailableReason::Busy, "busy"),
        (GpuTimingUnavailableReason::ReadbackFailed, "readback-failed"),
        (GpuTimingUnavailableReason::TooManyTimedNodes, "too-many-timed-nodes"),
    ];
    for (reason, token) in reasons {
        let gpu = GpuTimingReport::Unavailable { frame_index: 2, reason };
        let snapshot = export(&report, CreateFrameGraphSnapshotOptions::new(2).with_gpu_timing(&gpu)).unwrap();
        assert_eq!(snapshot.timings.gpu, SnapshotGpuTimings::unavailable(token));
        assert_eq!(snapshot.timings.cpu, SnapshotCpuTimings::unavailable("not-requested"));
    }
}

#[test]
fn an_invalid_document_is_refused_with_the_validator_issues() {
    let report = full_report();
    let error = export(&report, CreateFrameGraphSnapshotOptions::new(0).with_backend("")).unwrap_err();
    let SnapshotExportError::InvalidSnapshot { source } = &error else {
        panic!("expected InvalidSnapshot, got {error:?}")
    };
    let issues: Vec<(&str, &str)> =
        source.issues().iter().map(|issue| (issue.code.as_str(), issue.path.as_str())).collect();
    assert_eq!(issues, [("empty-string", "/producer/runtime/backend")]);
    assert!(std::error::Error::source(&error).is_some());
}

#[test]
fn numbers_beyond_two_to_the_53_are_refused() {
    let report = full_report();
    let error = export(&report, CreateFrameGraphSnapshotOptions::new(1 << 53)).unwrap_err();
    assert!(
        matches!(&error, SnapshotExportError::UnsafeInteger { field, value } if field == "capture.frameIndex" && *value == 1 << 53),
        "{error:?}"
    );
    assert!(export(&report, CreateFrameGraphSnapshotOptions::new((1 << 53) - 1)).is_ok());

    let huge = compile(
        |frame| {
            let _ = frame.create_buffer(BufferDesc::new("huge", u64::MAX / 2)).unwrap();
        },
        CompileOptions::full_report(),
    )
    .unwrap();
    let error = export(&huge, CreateFrameGraphSnapshotOptions::new(0)).unwrap_err();
    assert!(
        matches!(&error, SnapshotExportError::UnsafeInteger { field, .. } if field == "resource:0 descriptor.size"),
        "{error:?}"
    );
}

#[test]
fn usage_bits_without_a_snapshot_flag_are_refused() {
    let atomic = compile(
        |frame| {
            let usage = TextureUsages::STORAGE_BINDING | TextureUsages::STORAGE_ATOMIC;
            let image = frame
                .create_texture(TextureDesc::new_2d("atomic", 4, 4, TextureFormat::R32Uint).with_usage(usage))
                .unwrap();
            let mut pass = frame.compute_pass("accumulate");
            let _ = pass.storage_texture_write(image, WriteContents::Overwrite).unwrap();
            pass.finish_compute(|_| Ok(())).unwrap();
            frame.mark_texture_root(image, RootReason::Output).unwrap();
        },
        CompileOptions::full_report(),
    )
    .unwrap();
    let error = export(&atomic, CreateFrameGraphSnapshotOptions::new(0)).unwrap_err();
    assert!(
        matches!(error, SnapshotExportError::UnsupportedTextureUsage { bits } if bits == TextureUsages::STORAGE_ATOMIC.bits()),
        "{error:?}"
    );

    let acceleration = compile(
        |frame| {
            let usage = BufferUsages::STORAGE | BufferUsages::BLAS_INPUT;
            let data = frame.create_buffer(BufferDesc::new("geometry", 64).with_usage(usage)).unwrap();
            let mut pass = frame.compute_pass("build");
            let _ = pass.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite).unwrap();
            pass.finish_compute(|_| Ok(())).unwrap();
            frame.mark_buffer_root(data, BufferRange::whole(), RootReason::Output).unwrap();
        },
        CompileOptions::full_report(),
    )
    .unwrap();
    let error = export(&acceleration, CreateFrameGraphSnapshotOptions::new(0)).unwrap_err();
    assert!(
        matches!(error, SnapshotExportError::UnsupportedBufferUsage { bits } if bits == BufferUsages::BLAS_INPUT.bits()),
        "{error:?}"
    );
}

#[test]
fn values_without_a_snapshot_spelling_are_refused() {
    let mut report = full_report();
    let access =
        tables(&mut report).accesses.iter_mut().find(|access| access.role == AccessRole::StorageBufferWrite).unwrap();
    access.mode = AccessMode::Read;
    let error = export(&report, CreateFrameGraphSnapshotOptions::new(0)).unwrap_err();
    assert!(
        matches!(&error, SnapshotExportError::UnsupportedValue { field: "access", value } if value == "storage buffer write read"),
        "{error:?}"
    );

    let mut report = full_report();
    let access =
        tables(&mut report).accesses.iter_mut().find(|access| access.role == AccessRole::ColorAttachment).unwrap();
    let ResourceRange::Texture(regions) = &mut access.range else { panic!("a texture range") };
    regions[0].aspect = TextureAspect::Plane1;
    let error = export(&report, CreateFrameGraphSnapshotOptions::new(0)).unwrap_err();
    assert!(matches!(&error, SnapshotExportError::UnsupportedValue { field: "texture aspect", .. }), "{error:?}");
}

fn expect_invalid_report(report: &CompilationReport, words: &str) {
    match export(report, CreateFrameGraphSnapshotOptions::new(0)) {
        Err(SnapshotExportError::InvalidReport { message }) => {
            assert!(message.contains(words), "`{message}` does not mention `{words}`");
        }
        other => panic!("expected an inconsistent report, got {other:?}"),
    }
}

#[test]
fn inconsistent_reports_are_refused_without_panicking() {
    let mut report = full_report();
    tables(&mut report).culled_nodes.clear();
    expect_invalid_report(&report, "recording orders");

    let mut report = full_report();
    let duplicate = tables(&mut report).nodes[0].clone();
    tables(&mut report).nodes.push(duplicate);
    expect_invalid_report(&report, "listed twice");

    let mut report = full_report();
    tables(&mut report).resources.remove(0);
    expect_invalid_report(&report, "not reported");

    let mut report = full_report();
    let full = tables(&mut report);
    let buffer_range = full.accesses[0].range.clone();
    let texture_access = full.accesses.iter_mut().find(|access| access.role == AccessRole::ColorAttachment).unwrap();
    texture_access.range = buffer_range;
    expect_invalid_report(&report, "selects bytes");

    let mut report = full_report();
    let full = tables(&mut report);
    let texture_access = full.accesses.iter_mut().find(|access| access.role == AccessRole::ColorAttachment).unwrap();
    texture_access.range = ResourceRange::Texture(Vec::new());
    expect_invalid_report(&report, "no texture region");

    let mut report = full_report();
    let full = tables(&mut report);
    let texture = full.resources.iter().position(|resource| resource.label == "image").unwrap();
    let descriptor = full.resources[0].descriptor.clone();
    full.resources[texture].descriptor = descriptor;
    expect_invalid_report(&report, "descriptor");

    let mut report = full_report();
    let full = tables(&mut report);
    let dependency = DependencyReport {
        from: full.nodes[0].id,
        to: foreign_pass(),
        resource: full.resources[0].id,
        kind: DependencyKind::Value,
        hazard: HazardKind::Raw,
        range: full.accesses[0].range.clone(),
        value: None,
    };
    full.dependencies.push(dependency);
    expect_invalid_report(&report, "not reported");
}
