//! Tests of the shader interface against the fixtures in
//! `zenfg-macros/tests/shaders`.

mod errors;
mod globals;
mod stages;

use std::path::Path;

use super::problem::Problem;
use super::{Global, PassStages, ShaderInterface, ShaderRequest, load_in};

/// A string literal as the attribute would hold it.
fn lit(value: &str) -> syn::LitStr {
    syn::LitStr::new(value, proc_macro2::Span::call_site())
}

/// The literal naming a fixture, relative to this crate's manifest directory.
fn fixture(name: &str) -> syn::LitStr {
    lit(&format!("tests/shaders/{name}"))
}

fn try_load<'a>(path: &'a syn::LitStr, stages: PassStages<'a>) -> Result<ShaderInterface, Vec<Problem<'a>>> {
    load_in(Path::new(env!("CARGO_MANIFEST_DIR")), &ShaderRequest { path, stages })
}

fn load(name: &str, stages: PassStages<'_>) -> ShaderInterface {
    match try_load(&fixture(name), stages) {
        Ok(interface) => interface,
        Err(problems) => panic!("{name}: {}", problems.iter().map(Problem::text).collect::<Vec<_>>().join("\n")),
    }
}

/// The one problem loading `path` reports.
fn problem<'a>(path: &'a syn::LitStr, stages: PassStages<'a>) -> Problem<'a> {
    let mut problems = match try_load(path, stages) {
        Ok(interface) => panic!("{} loaded: {interface:?}", path.value()),
        Err(problems) => problems,
    };
    assert_eq!(problems.len(), 1, "{:?}", problems.iter().map(Problem::text).collect::<Vec<_>>());
    problems.remove(0)
}

fn global<'i>(interface: &'i ShaderInterface, name: &str) -> &'i Global {
    interface.globals.iter().find(|global| global.name == name).unwrap_or_else(|| panic!("no global `{name}`"))
}
