//! Choosing the entry points a pass runs.

use naga::ShaderStage;

use super::problem::Problem;
use super::{PassStages, ShaderRequest};
use crate::suggest::did_you_mean;

/// The indices into `module.entry_points` of the entry points the pass of
/// `request` runs, in the order of the shader.
pub(super) fn choose<'a>(module: &naga::Module, request: &ShaderRequest<'a>) -> Result<Vec<usize>, Vec<Problem<'a>>> {
    let chooser = Chooser { module, path: request.path, file: request.path.value() };
    match request.stages {
        PassStages::Compute { entry } => chooser.of_stage(ShaderStage::Compute, entry, true),
        PassStages::Render { vertex, fragment } => {
            match (
                chooser.of_stage(ShaderStage::Vertex, vertex, true),
                chooser.of_stage(ShaderStage::Fragment, fragment, false),
            ) {
                (Ok(mut vertex), Ok(fragment)) => {
                    vertex.extend(fragment);
                    vertex.sort_unstable();
                    Ok(vertex)
                }
                (vertex, fragment) => Err(vertex.err().into_iter().chain(fragment.err()).flatten().collect()),
            }
        }
        PassStages::Any => Ok((0..module.entry_points.len()).collect()),
    }
}

struct Chooser<'m, 'a> {
    module: &'m naga::Module,
    path: &'a syn::LitStr,
    file: String,
}

impl<'a> Chooser<'_, 'a> {
    /// The entry points of `stage` that `named` names (every one of them an
    /// error if it is not one), or else the only one of that stage; without
    /// one, none if the stage is not `required`.
    fn of_stage(
        &self,
        stage: ShaderStage,
        named: &'a [syn::LitStr],
        required: bool,
    ) -> Result<Vec<usize>, Vec<Problem<'a>>> {
        if named.is_empty() {
            return self.one(stage, None, required).map(|index| index.into_iter().collect()).map_err(|p| vec![p]);
        }
        let mut chosen = Vec::new();
        let mut problems = Vec::new();
        for name in named {
            match self.one(stage, Some(name), required) {
                Ok(index) => chosen.extend(index),
                Err(problem) => problems.push(problem),
            }
        }
        if problems.is_empty() { Ok(chosen) } else { Err(problems) }
    }

    /// The entry point of `stage` that `named` names, or else the only one of
    /// that stage; without one, `None` if it is not `required`.
    fn one(
        &self,
        stage: ShaderStage,
        named: Option<&'a syn::LitStr>,
        required: bool,
    ) -> Result<Option<usize>, Problem<'a>> {
        let of_stage: Vec<(usize, &str)> = (self.module.entry_points.iter().enumerate())
            .filter(|(_, entry)| entry.stage == stage)
            .map(|(index, entry)| (index, entry.name.as_str()))
            .collect();
        let names: Vec<&str> = of_stage.iter().map(|(_, name)| *name).collect();
        let file = &self.file;
        let stage_name = stage_name(stage);
        if let Some(named) = named {
            let name = named.value();
            let Some(index) = self.module.entry_points.iter().position(|entry| entry.name == name) else {
                return Err(Problem::new(
                    named,
                    format!("`{file}` has no entry point `{name}`{}", did_you_mean(&name, &names)),
                    name_one(stage, &names),
                ));
            };
            let actual = self.module.entry_points[index].stage;
            if actual != stage {
                return Err(Problem::new(
                    named,
                    format!(
                        "`{name}` is an entry point of the {} stage, and a {} pass needs one of the {stage_name} stage",
                        self::stage_name(actual),
                        pass_kind(stage)
                    ),
                    name_one(stage, &names),
                ));
            }
            return Ok(Some(index));
        }
        match of_stage.as_slice() {
            [(index, _)] => Ok(Some(*index)),
            [] if !required => Ok(None),
            [] => Err(Problem::new(
                self.path,
                format!("`{file}` has no {stage_name} entry point, and a {} pass needs one", pass_kind(stage)),
                format!("add a `@{stage_name}` function to the shader"),
            )),
            _ => Err(Problem::new(
                self.path,
                format!("`{file}` has {} {stage_name} entry points: {}", names.len(), listed(&names)),
                format!(
                    "name the one the pass runs with `{0} = \"..\"` in `#[pass(..)]`, or the ones it runs with \
                     `{0} = [\"..\", \"..\"]`",
                    option(stage)
                ),
            )),
        }
    }
}

/// The help for a name that is not an entry point of `stage`.
fn name_one(stage: ShaderStage, names: &[&str]) -> String {
    if names.is_empty() {
        format!("add a `@{}` function to the shader and name it here", stage_name(stage))
    } else {
        format!("name one of its {} entry points: {}", stage_name(stage), listed(names))
    }
}

/// `names` quoted, comma-separated.
fn listed(names: &[&str]) -> String {
    names.iter().map(|name| format!("`{name}`")).collect::<Vec<_>>().join(", ")
}

/// The stage in words.
const fn stage_name(stage: ShaderStage) -> &'static str {
    match stage {
        ShaderStage::Vertex => "vertex",
        ShaderStage::Fragment => "fragment",
        ShaderStage::Compute => "compute",
        ShaderStage::Task => "task",
        ShaderStage::Mesh => "mesh",
        ShaderStage::RayGeneration => "ray generation",
        ShaderStage::AnyHit => "any hit",
        ShaderStage::ClosestHit => "closest hit",
        ShaderStage::Miss => "miss",
    }
}

/// The pass kind that chooses entry points of `stage`.
const fn pass_kind(stage: ShaderStage) -> &'static str {
    if matches!(stage, ShaderStage::Compute) { "compute" } else { "render" }
}

/// The `#[pass(..)]` option that names the entry point of `stage`.
const fn option(stage: ShaderStage) -> &'static str {
    if matches!(stage, ShaderStage::Compute) { "entry" } else { stage_name(stage) }
}
