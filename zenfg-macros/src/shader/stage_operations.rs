//! The operation behind naga's "Uses operations forbidden at this stage",
//! which names neither the operation nor where it is: found again in the
//! entry point and the functions it calls, with the fix for its stage.

use naga::{Block, Expression, Function, Handle, SampleLevel, ShaderStage, Span, Statement};

/// An operation an entry point's stage does not allow.
pub(super) struct Forbidden {
    /// Where the operation is written.
    pub(super) span: Span,
    /// What the operation is and which stage it needs.
    pub(super) what: String,
    /// How to do the same at `stage`.
    pub(super) fix: String,
}

/// The first operation the entry point `name` of `stage` uses that `stage`
/// does not allow, in its own body or in a function it calls.
pub(super) fn find(module: &naga::Module, stage: ShaderStage, name: &str) -> Option<Forbidden> {
    let entry = module.entry_points.iter().find(|entry| entry.stage == stage && entry.name == name)?;
    let mut visited = Vec::new();
    search(module, &entry.function, stage, &mut visited)
}

fn search(
    module: &naga::Module,
    function: &Function,
    stage: ShaderStage,
    visited: &mut Vec<Handle<Function>>,
) -> Option<Forbidden> {
    let in_expressions = function.expressions.iter().find_map(|(handle, expression)| {
        let (what, fix) = forbidden_expression(expression, stage)?;
        Some(Forbidden { span: function.expressions.get_span(handle), what, fix })
    });
    in_expressions.or_else(|| search_block(module, &function.body, stage, visited))
}

fn search_block(
    module: &naga::Module,
    block: &Block,
    stage: ShaderStage,
    visited: &mut Vec<Handle<Function>>,
) -> Option<Forbidden> {
    block.span_iter().find_map(|(statement, span)| {
        if let Some((what, fix)) = forbidden_statement(statement, stage) {
            return Some(Forbidden { span: *span, what, fix });
        }
        match statement {
            Statement::Block(inner) => search_block(module, inner, stage, visited),
            Statement::If { accept, reject, .. } => {
                search_block(module, accept, stage, visited).or_else(|| search_block(module, reject, stage, visited))
            }
            Statement::Switch { cases, .. } => {
                cases.iter().find_map(|case| search_block(module, &case.body, stage, visited))
            }
            Statement::Loop { body, continuing, .. } => {
                search_block(module, body, stage, visited).or_else(|| search_block(module, continuing, stage, visited))
            }
            Statement::Call { function, .. } if !visited.contains(function) => {
                visited.push(*function);
                search(module, &module.functions[*function], stage, visited)
            }
            _ => None,
        }
    })
}

fn forbidden_expression(expression: &Expression, stage: ShaderStage) -> Option<(String, String)> {
    if stage == ShaderStage::Fragment {
        return None;
    }
    let (what, fix) = match expression {
        Expression::ImageSample { level: SampleLevel::Auto, depth_ref: Some(_), .. } => (
            "`textureSampleCompare` picks its mip level from derivatives",
            "use `textureSampleCompareLevel(..)`, which compares at mip level 0",
        ),
        Expression::ImageSample { level: SampleLevel::Auto, .. } => (
            "`textureSample` picks its mip level from derivatives",
            "use `textureSampleLevel(.., 0.0)` to sample a given mip level, or `textureLoad` to read a texel",
        ),
        Expression::ImageSample { level: SampleLevel::Bias(_), .. } => (
            "`textureSampleBias` biases the mip level derivatives pick",
            "use `textureSampleLevel(.., level)` with the mip level to sample",
        ),
        Expression::Derivative { .. } => (
            "`dpdx`, `dpdy` and `fwidth` are derivatives",
            "compute the difference between neighbouring values yourself, or move the work into a fragment entry point",
        ),
        _ => return None,
    };
    let at = stage_name(stage);
    Some((format!("{what}, which only the fragment stage has, not the {at} stage"), fix.into()))
}

fn forbidden_statement(statement: &Statement, stage: ShaderStage) -> Option<(String, String)> {
    let at = stage_name(stage);
    let compute_like = matches!(stage, ShaderStage::Compute | ShaderStage::Task | ShaderStage::Mesh);
    match statement {
        Statement::Kill if stage != ShaderStage::Fragment => Some((
            format!(
                "`discard` ends a fragment invocation and is allowed only in the fragment stage, not the {at} stage"
            ),
            "remove the `discard`, or return early from the entry point".into(),
        )),
        Statement::ControlBarrier(_) | Statement::MemoryBarrier(_) if !compute_like => Some((
            format!("a barrier synchronizes a workgroup, which only compute stages have, not the {at} stage"),
            "remove the barrier, or move the work into a compute entry point".into(),
        )),
        Statement::WorkGroupUniformLoad { .. } if !compute_like => Some((
            format!(
                "`workgroupUniformLoad` reads workgroup memory, which only compute stages have, not the {at} stage"
            ),
            "remove it, or move the work into a compute entry point".into(),
        )),
        _ => None,
    }
}

fn stage_name(stage: ShaderStage) -> &'static str {
    match stage {
        ShaderStage::Vertex => "vertex",
        ShaderStage::Fragment => "fragment",
        ShaderStage::Compute => "compute",
        ShaderStage::Task => "task",
        ShaderStage::Mesh => "mesh",
        _ => "ray tracing",
    }
}
