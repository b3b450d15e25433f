//! Which entry points a pass runs, and what that makes of each global.

use super::{global, lit, load};
use crate::shader::{EntryPoint, GlobalKind, PassStages, SampleType, ShaderInterface, Stages};

const RENDER: PassStages<'static> = PassStages::Render { vertex: &[], fragment: &[] };

fn entry_points(interface: &ShaderInterface) -> Vec<(&str, Stages)> {
    interface.entry_points.iter().map(|EntryPoint { name, stage, .. }| (name.as_str(), *stage)).collect()
}

fn stages(interface: &ShaderInterface, name: &str) -> Stages {
    global(interface, name).stages
}

fn sample_type(interface: &ShaderInterface, name: &str) -> SampleType {
    match global(interface, name).kind {
        GlobalKind::SampledTexture { sample_type, .. } => sample_type,
        ref other => panic!("`{name}` is {other:?}"),
    }
}

#[test]
fn a_render_pass_runs_its_vertex_and_fragment_entry_points() {
    let interface = load("render.wgsl", RENDER);
    assert_eq!(entry_points(&interface), [("vs_main", Stages::VERTEX), ("fs_main", Stages::FRAGMENT)]);
    assert_eq!(stages(&interface, "camera"), Stages::VERTEX | Stages::FRAGMENT);
    assert_eq!(stages(&interface, "positions"), Stages::VERTEX);
    assert_eq!(stages(&interface, "albedo"), Stages::FRAGMENT);
    assert_eq!(stages(&interface, "albedo_sampler"), Stages::FRAGMENT);
    assert_eq!(stages(&interface, "histogram"), Stages::NONE, "only the compute entry point uses it");
}

#[test]
fn a_render_pass_may_name_its_entry_points() {
    let (vertex, fragment) = (lit("vs_main"), lit("fs_blended"));
    let interface = load(
        "two_fragments.wgsl",
        PassStages::Render { vertex: std::slice::from_ref(&vertex), fragment: std::slice::from_ref(&fragment) },
    );
    assert_eq!(entry_points(&interface), [("vs_main", Stages::VERTEX), ("fs_blended", Stages::FRAGMENT)]);
    assert_eq!(stages(&interface, "alpha"), Stages::FRAGMENT);
    let opaque = lit("fs_opaque");
    let interface =
        load("two_fragments.wgsl", PassStages::Render { vertex: &[], fragment: std::slice::from_ref(&opaque) });
    assert_eq!(stages(&interface, "alpha"), Stages::NONE);
    assert_eq!(stages(&interface, "color"), Stages::FRAGMENT);
}

#[test]
fn a_pass_that_runs_several_entry_points_of_a_stage_sees_the_bindings_of_all_of_them() {
    let fragments = [lit("fs_blended"), lit("fs_opaque")];
    let interface = load("two_fragments.wgsl", PassStages::Render { vertex: &[], fragment: &fragments });
    assert_eq!(
        entry_points(&interface),
        [("vs_main", Stages::VERTEX), ("fs_opaque", Stages::FRAGMENT), ("fs_blended", Stages::FRAGMENT)],
        "in the order of the shader"
    );
    assert_eq!(stages(&interface, "alpha"), Stages::FRAGMENT, "fs_blended uses it");
    assert_eq!(stages(&interface, "color"), Stages::FRAGMENT);
}

#[test]
fn a_render_pass_without_a_fragment_entry_point_runs_the_vertex_one() {
    let interface = load("vertex_only.wgsl", RENDER);
    assert_eq!(entry_points(&interface), [("vs_main", Stages::VERTEX)]);
    assert_eq!(stages(&interface, "model_view_projection"), Stages::VERTEX);
}

#[test]
fn a_compute_pass_runs_the_entry_point_it_names() {
    let entry = lit("build_histogram");
    let interface = load("render.wgsl", PassStages::Compute { entry: std::slice::from_ref(&entry) });
    assert_eq!(entry_points(&interface), [("build_histogram", Stages::COMPUTE)]);
    assert_eq!(stages(&interface, "histogram"), Stages::COMPUTE);
    assert_eq!(stages(&interface, "albedo"), Stages::COMPUTE);
    assert_eq!(stages(&interface, "camera"), Stages::NONE);
    assert_eq!(
        sample_type(&interface, "albedo"),
        SampleType::UnfilterableFloat,
        "the compute entry point only loads it"
    );
}

#[test]
fn any_pass_runs_every_entry_point() {
    let interface = load("render.wgsl", PassStages::Any);
    let all = [("vs_main", Stages::VERTEX), ("fs_main", Stages::FRAGMENT), ("build_histogram", Stages::COMPUTE)];
    assert_eq!(entry_points(&interface), all);
    assert_eq!(stages(&interface, "albedo"), Stages::FRAGMENT | Stages::COMPUTE);
    assert_eq!(stages(&interface, "histogram"), Stages::COMPUTE);
    assert_eq!(sample_type(&interface, "albedo"), SampleType::Float);
}

#[test]
fn a_float_texture_is_filterable_when_a_chosen_entry_point_samples_it() {
    let sampled = lit("sampled");
    let interface = load("filtering.wgsl", PassStages::Compute { entry: std::slice::from_ref(&sampled) });
    assert_eq!(sample_type(&interface, "image"), SampleType::Float, "sampled through a helper function");
    let loaded = lit("loaded");
    let interface = load("filtering.wgsl", PassStages::Compute { entry: std::slice::from_ref(&loaded) });
    assert_eq!(sample_type(&interface, "image"), SampleType::UnfilterableFloat);
    assert_eq!(stages(&interface, "linear"), Stages::NONE);
    let interface = load("filtering.wgsl", PassStages::Any);
    assert_eq!(sample_type(&interface, "image"), SampleType::Float);
}

#[test]
fn an_unused_float_texture_is_unfilterable() {
    let interface = load("filtering.wgsl", PassStages::Any);
    assert_eq!(stages(&interface, "unused"), Stages::NONE);
    assert_eq!(sample_type(&interface, "unused"), SampleType::UnfilterableFloat);
}
