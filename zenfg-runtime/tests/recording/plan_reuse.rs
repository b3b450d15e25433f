//! A frame recorded exactly like the frame compiled before it reuses that
//! frame's plan; any difference planning could see makes a new plan, and a
//! reused plan is the plan a fresh runtime makes.

use std::rc::Rc;

use zenfg_runtime::wgpu::{Color, TextureFormat};
use zenfg_runtime::{
    Aliasing, BufferDesc, BufferRange, ColorAttachmentOps, CompileOptions, ExecutionSegmentReport, Frame, FrameGraph,
    FrameGraphError, PlanReuse, PlanningStats, ResourceId, ResourceUsage, RootReason, TextureDesc, WriteContents,
};

/// One thing a frame can change from the base frame.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Change {
    None,
    BufferSize,
    PassLabel,
    ResourceLabel,
    WriteRange,
    Root,
    TextureFormat,
    ExtraPass,
}

const CHANGES: [Change; 8] = [
    Change::None,
    Change::BufferSize,
    Change::PassLabel,
    Change::ResourceLabel,
    Change::WriteRange,
    Change::Root,
    Change::TextureFormat,
    Change::ExtraPass,
];

/// Records a chain: a compute pass writes a buffer, a render pass samples a
/// texture another pass drew, a dead pass is culled; `change` alters one
/// thing of it. The culled pass's callback holds `witness`. Returns the
/// resources it created.
fn record(frame: &mut Frame<'_>, change: Change, witness: &Rc<()>) -> Result<Vec<ResourceId>, FrameGraphError> {
    let size = if change == Change::BufferSize { 512 } else { 256 };
    let label = if change == Change::ResourceLabel { "state" } else { "particles" };
    let particles = frame.create_buffer(BufferDesc::new(label, size))?;
    let format = if change == Change::TextureFormat { TextureFormat::Rgba16Float } else { TextureFormat::Rgba8Unorm };
    let color = frame.create_texture(TextureDesc::new_2d("color", 64, 64, format))?;
    let output = frame.create_texture(TextureDesc::new_2d("output", 64, 64, TextureFormat::Rgba8Unorm))?;
    let unused = frame.create_buffer(BufferDesc::new("unused", 64))?;

    let mut simulate = frame.compute_pass(if change == Change::PassLabel { "step" } else { "simulate" });
    let range = if change == Change::WriteRange { BufferRange::new(0, Some(128)) } else { BufferRange::whole() };
    let _ = simulate.storage_buffer_write(particles, range, WriteContents::Overwrite)?;
    simulate.finish_compute(|_| Ok(()))?;

    let mut draw = frame.render_pass("draw");
    let _ = draw.storage_buffer_read(particles, range)?;
    let _ = draw.color_attachment(color, ColorAttachmentOps::clear_store(Color::BLACK))?;
    draw.finish_render(|_| Ok(()))?;

    let mut present = frame.render_pass("present");
    let _ = present.sampled_texture(color)?;
    let _ = present.color_attachment(output, ColorAttachmentOps::clear_store(Color::BLACK))?;
    present.finish_render(|_| Ok(()))?;

    let kept = Rc::clone(witness);
    let mut dead = frame.compute_pass("dead");
    let _ = dead.storage_buffer_write(unused, BufferRange::whole(), WriteContents::Overwrite)?;
    dead.finish_compute(move |_| {
        drop(kept);
        Ok(())
    })?;
    if change == Change::ExtraPass {
        let mut extra = frame.compute_pass("extra");
        let _ = extra.storage_buffer_read(particles, BufferRange::whole())?;
        extra.set_side_effect(true);
        extra.finish_compute(|_| Ok(()))?;
    }
    match change {
        Change::Root => frame.mark_buffer_root(particles, BufferRange::whole(), RootReason::DebugCapture)?,
        _ => frame.mark_texture_root(output, RootReason::Output)?,
    }
    Ok(vec![particles.id(), color.id(), output.id(), unused.id()])
}

/// What a compiled frame shows of its plan.
#[derive(Debug, PartialEq)]
struct Planned {
    retained: usize,
    culled: Vec<String>,
    allocations: usize,
    segments: Vec<ExecutionSegmentReport>,
    usage: Vec<Option<ResourceUsage>>,
}

/// Records and compiles the frame of `change` on `graph`, checking that the
/// culled pass's callback is dropped at compile.
fn compile(graph: &mut FrameGraph, change: Change, options: CompileOptions) -> Result<Planned, FrameGraphError> {
    let witness = Rc::new(());
    let mut frame = graph.begin_frame();
    let ids = record(&mut frame, change, &witness)?;
    let compiled = frame.compile(options)?;
    assert_eq!(Rc::strong_count(&witness), 1, "the culled pass's callback is dropped at compile ({change:?})");
    Ok(Planned {
        retained: compiled.retained_node_count(),
        culled: compiled.culled_passes().map(|pass| pass.label.into_owned()).collect(),
        allocations: compiled.allocation_count(),
        segments: compiled.execution_segments(),
        usage: ids.into_iter().map(|id| compiled.resource_usage(id)).collect(),
    })
}

#[test]
fn an_unchanged_frame_reuses_the_plan_and_any_change_is_planned_anew() -> Result<(), FrameGraphError> {
    let mut graph = FrameGraph::new();
    let base = compile(&mut graph, Change::None, CompileOptions::default())?;
    assert_eq!(base.culled, ["dead"]);
    assert_eq!(graph.planning_stats(), PlanningStats { planned: 1, reused: 0 });
    assert_eq!(compile(&mut graph, Change::None, CompileOptions::default())?, base);
    assert_eq!(graph.planning_stats(), PlanningStats { planned: 1, reused: 1 });
    for change in CHANGES.into_iter().skip(1) {
        let before = graph.planning_stats();
        let planned = compile(&mut graph, change, CompileOptions::default())?;
        // Planning reads no pass label: only errors and reports name passes.
        let planned_anew = change != Change::PassLabel;
        assert_eq!(
            graph.planning_stats().planned,
            before.planned + u64::from(planned_anew),
            "{change:?} is planned anew unless it only renames a pass"
        );
        assert_eq!(planned, compile(&mut FrameGraph::new(), change, CompileOptions::default())?, "{change:?}");
        assert_eq!(compile(&mut graph, change, CompileOptions::default())?, planned, "{change:?} again");
        assert_eq!(
            graph.planning_stats().reused,
            before.reused + 1 + u64::from(!planned_anew),
            "{change:?} again reuses its plan"
        );
        assert_eq!(compile(&mut graph, Change::None, CompileOptions::default())?, base, "back from {change:?}");
    }
    Ok(())
}

#[test]
fn a_report_another_aliasing_choice_or_ruling_reuse_out_plans_anew() -> Result<(), FrameGraphError> {
    let mut graph = FrameGraph::new();
    let base = compile(&mut graph, Change::None, CompileOptions::default())?;
    assert_eq!(compile(&mut graph, Change::None, CompileOptions::full_report())?, base);
    assert_eq!(graph.planning_stats(), PlanningStats { planned: 2, reused: 0 }, "a report runs every stage");
    // The report level does not change the plan, so the plan made with a report is reused without one.
    compile(&mut graph, Change::None, CompileOptions::default())?;
    assert_eq!(graph.planning_stats(), PlanningStats { planned: 2, reused: 1 });
    let mut unaliased = CompileOptions::default();
    unaliased.aliasing = Aliasing::Disabled;
    let planned = compile(&mut graph, Change::None, unaliased)?;
    assert_eq!(planned, compile(&mut FrameGraph::new(), Change::None, unaliased)?);
    assert_eq!(graph.planning_stats(), PlanningStats { planned: 3, reused: 1 });
    let always = unaliased.without_plan_reuse();
    assert_eq!(always.plan_reuse, PlanReuse::Never);
    assert_eq!(compile(&mut graph, Change::None, always)?, planned, "the plan made anew is the same");
    assert_eq!(graph.planning_stats(), PlanningStats { planned: 4, reused: 1 }, "reuse ruled out plans anew");
    compile(&mut graph, Change::None, unaliased)?;
    assert_eq!(graph.planning_stats(), PlanningStats { planned: 4, reused: 2 }, "and leaves its plan to reuse");
    Ok(())
}

#[test]
fn a_failed_or_abandoned_frame_leaves_the_plan_to_the_next_same_frame() -> Result<(), FrameGraphError> {
    let mut graph = FrameGraph::new();
    let base = compile(&mut graph, Change::None, CompileOptions::default())?;
    // The same tables, but a pass builder dropped unfinished poisons the recording.
    let witness = Rc::new(());
    let mut frame = graph.begin_frame();
    record(&mut frame, Change::None, &witness)?;
    drop(frame.compute_pass("unfinished"));
    assert!(frame.compile(CompileOptions::default()).is_err(), "a poisoned recording does not compile");
    // A recording dropped without compiling.
    let mut frame = graph.begin_frame();
    record(&mut frame, Change::None, &witness)?;
    drop(frame);
    assert_eq!(compile(&mut graph, Change::None, CompileOptions::default())?, base);
    assert_eq!(graph.planning_stats(), PlanningStats { planned: 1, reused: 1 });
    Ok(())
}
