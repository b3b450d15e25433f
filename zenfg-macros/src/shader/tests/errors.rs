//! Every error, with its text and the literal it is spanned on.

use std::path::Path;

use super::{fixture, lit, problem, try_load};
use crate::shader::{PassStages, ShaderRequest, load, load_in};

const COMPUTE: PassStages<'static> = PassStages::Compute { entry: &[] };
const RENDER: PassStages<'static> = PassStages::Render { vertex: &[], fragment: &[] };

#[test]
fn a_missing_file_names_the_path_looked_for() {
    let path = fixture("missing.wgsl");
    let problem = problem(&path, COMPUTE);
    assert!(std::ptr::eq(problem.at, &path));
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR")).canonicalize().expect("the manifest dir exists");
    let looked_for = manifest_dir.join("tests/shaders/missing.wgsl");
    let looked_for = looked_for.display();
    assert!(
        problem.text().starts_with(&format!(
            "ZM0026: cannot read the shader `tests/shaders/missing.wgsl`: looked for {looked_for}: "
        )),
        "{}",
        problem.text()
    );
    assert!(problem.text().ends_with(
        "\nhelp: the path is relative to the directory of the crate's Cargo.toml; fix the path or put the shader there"
    ));
}

#[cfg(unix)]
#[test]
fn a_path_that_is_not_utf8_is_reported() {
    use std::os::unix::ffi::OsStrExt as _;
    let base = Path::new(std::ffi::OsStr::from_bytes(b"/tmp/not-utf8-\xff"));
    let path = lit("blur.wgsl");
    let problems = load_in(base, &ShaderRequest { path: &path, stages: COMPUTE }).err().unwrap_or_default();
    let texts: Vec<String> = problems.iter().map(|problem| problem.text()).collect();
    assert_eq!(
        texts,
        ["ZM0026: the shader path /tmp/not-utf8-\u{fffd}/blur.wgsl is not valid UTF-8\n\
          help: move the crate or the shader to a path that is valid UTF-8, which `include_bytes!` needs"]
    );
}

#[test]
fn a_parse_error_shows_naga_message_and_the_line() {
    let path = fixture("broken.wgsl");
    let problem = problem(&path, COMPUTE);
    assert!(std::ptr::eq(problem.at, &path));
    assert_eq!(
        problem.text(),
        "ZM0026: tests/shaders/broken.wgsl:6:12: no definition in scope for identifier: `foo`\n\
         6 |     return foo;\n  |            ^^^ unknown identifier\n\
         help: fix the WGSL there: the derive reads the shader to check the pass against it"
    );
}

#[test]
fn a_validation_error_shows_the_chain_of_causes() {
    let path = fixture("clash.wgsl");
    let problem = problem(&path, COMPUTE);
    assert!(std::ptr::eq(problem.at, &path));
    assert_eq!(
        problem.text(),
        "ZM0026: tests/shaders/clash.wgsl:4:23: the shader is invalid: \
         Entry point main at Compute is invalid: Bindings for [1] conflict with other resource\n\
         4 | @group(0) @binding(0) var<uniform> b: vec4<f32>;\n  |                       \
         ^^^^^^^^^^^^^^^^^^^^^^^^^^ [1] is `b`\n\
         help: fix the WGSL there: wgpu rejects an invalid shader module"
    );
}

#[test]
fn a_compute_pass_needs_a_compute_entry_point() {
    let path = fixture("vertex_only.wgsl");
    let problem = problem(&path, COMPUTE);
    assert!(std::ptr::eq(problem.at, &path));
    assert_eq!(
        problem.text(),
        "ZM0026: `tests/shaders/vertex_only.wgsl` has no compute entry point, and a compute pass needs one\n\
         help: add a `@compute` function to the shader"
    );
}

#[test]
fn a_compute_pass_names_one_of_several_compute_entry_points() {
    let path = fixture("filtering.wgsl");
    let problem = problem(&path, COMPUTE);
    assert!(std::ptr::eq(problem.at, &path));
    assert_eq!(
        problem.text(),
        "ZM0026: `tests/shaders/filtering.wgsl` has 2 compute entry points: `sampled`, `loaded`\n\
         help: name the one the pass runs with `entry = \"..\"` in `#[pass(..)]`, or the ones it runs with `entry = [\"..\", \"..\"]`"
    );
}

#[test]
fn a_misspelled_entry_point_gets_a_suggestion() {
    let (path, entry) = (fixture("filtering.wgsl"), lit("sampeld"));
    let problem = problem(&path, PassStages::Compute { entry: std::slice::from_ref(&entry) });
    assert!(std::ptr::eq(problem.at, &entry));
    assert_eq!(
        problem.text(),
        "ZM0026: `tests/shaders/filtering.wgsl` has no entry point `sampeld`; did you mean `sampled`?\n\
         help: name one of its compute entry points: `sampled`, `loaded`"
    );
}

#[test]
fn an_entry_point_of_another_stage_is_refused() {
    let (path, entry) = (fixture("render.wgsl"), lit("vs_main"));
    let problem = problem(&path, PassStages::Compute { entry: std::slice::from_ref(&entry) });
    assert!(std::ptr::eq(problem.at, &entry));
    assert_eq!(
        problem.text(),
        "ZM0026: `vs_main` is an entry point of the vertex stage, and a compute pass needs one of the compute stage\n\
         help: name one of its compute entry points: `build_histogram`"
    );
}

#[test]
fn a_render_pass_needs_a_vertex_entry_point() {
    let path = fixture("blur.wgsl");
    let problem = problem(&path, RENDER);
    assert!(std::ptr::eq(problem.at, &path));
    assert_eq!(
        problem.text(),
        "ZM0026: `tests/shaders/blur.wgsl` has no vertex entry point, and a render pass needs one\n\
         help: add a `@vertex` function to the shader"
    );
}

#[test]
fn a_render_pass_names_one_of_several_fragment_entry_points() {
    let path = fixture("two_fragments.wgsl");
    let problem = problem(&path, RENDER);
    assert!(std::ptr::eq(problem.at, &path));
    assert_eq!(
        problem.text(),
        "ZM0026: `tests/shaders/two_fragments.wgsl` has 2 fragment entry points: `fs_opaque`, `fs_blended`\n\
         help: name the one the pass runs with `fragment = \"..\"` in `#[pass(..)]`, or the ones it runs with `fragment = [\"..\", \"..\"]`"
    );
}

#[test]
fn a_render_pass_reports_both_of_its_wrong_names() {
    let (path, vertex, fragment) = (fixture("two_fragments.wgsl"), lit("fs_opaque"), lit("fs_blend"));
    let problems = try_load(
        &path,
        PassStages::Render { vertex: std::slice::from_ref(&vertex), fragment: std::slice::from_ref(&fragment) },
    )
    .err()
    .unwrap_or_default();
    assert_eq!(problems.len(), 2);
    assert!(std::ptr::eq(problems[0].at, &vertex));
    assert_eq!(
        problems[0].text(),
        "ZM0026: `fs_opaque` is an entry point of the fragment stage, and a render pass needs one of the vertex stage\n\
         help: name one of its vertex entry points: `vs_main`"
    );
    assert!(std::ptr::eq(problems[1].at, &fragment));
    assert_eq!(
        problems[1].text(),
        "ZM0026: `tests/shaders/two_fragments.wgsl` has no entry point `fs_blend`; did you mean `fs_blended`?\n\
         help: name one of its fragment entry points: `fs_opaque`, `fs_blended`"
    );
}

#[test]
fn a_named_fragment_entry_point_must_exist() {
    let (path, fragment) = (fixture("vertex_only.wgsl"), lit("fs_main"));
    let problem = problem(&path, PassStages::Render { vertex: &[], fragment: std::slice::from_ref(&fragment) });
    assert!(std::ptr::eq(problem.at, &fragment));
    assert_eq!(
        problem.text(),
        "ZM0026: `tests/shaders/vertex_only.wgsl` has no entry point `fs_main`\n\
         help: add a `@fragment` function to the shader and name it here"
    );
}

#[test]
fn load_resolves_against_the_manifest_dir_and_returns_syn_errors() {
    let path = fixture("blur.wgsl");
    let loaded = load(&ShaderRequest { path: &path, stages: COMPUTE }).map(|interface| interface.globals.len());
    assert_eq!(loaded.map_err(|errors| errors.len()), Ok(5));
    let path = fixture("clash.wgsl");
    let expected = problem(&path, COMPUTE).text();
    let errors = load(&ShaderRequest { path: &path, stages: COMPUTE }).err().unwrap_or_default();
    let texts: Vec<String> = errors.iter().map(syn::Error::to_string).collect();
    assert_eq!(texts, [expected]);
}

#[test]
fn a_parse_error_keeps_naga_notes() {
    let path = fixture("bad_scalar.wgsl");
    assert_eq!(
        problem(&path, PassStages::Any).text(),
        "ZM0026: tests/shaders/bad_scalar.wgsl:7:49: unknown scalar type: `Light`\n\
         7 | @group(0) @binding(0) var<uniform> lights: vec2<Light>;\n  |                                                 \
         ^^^^^ unknown scalar type\n  = note: Valid scalar types are f32, f64, i32, u32, bool\n\
         help: fix the WGSL there: the derive reads the shader to check the pass against it"
    );
}
