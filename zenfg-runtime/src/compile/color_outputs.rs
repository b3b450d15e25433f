//! The formats of derived render passes' color attachments against what
//! their fragment entry points write (FG1109): wgpu refuses a pipeline whose
//! fragment output cannot fill its target's format, naming neither pass nor
//! field, when the caller creates it.

use crate::binding::{ColorOutput, OutputScalar};
use crate::error::{FrameGraphError, Mismatch, Result};
use crate::record::{ColorOutputCheck, NodeWork, Recording};

/// FG1109 for the first color attachment, in recording order, whose format
/// the fragment output at its slot cannot fill: a scalar type other than
/// the format's, or fewer components than the format has (wgpu's rule).
pub(crate) fn check_color_outputs(rec: &Recording<'_>) -> Result<()> {
    for check in &rec.color_output_checks {
        check_pass(rec, check)?;
    }
    Ok(())
}

fn check_pass(rec: &Recording<'_>, check: &ColorOutputCheck) -> Result<()> {
    let NodeWork::Render { colors, .. } = &rec.nodes[check.pass.index()].work else { return Ok(()) };
    let targets = &rec.colors[colors.start as usize..colors.end as usize];
    for output in check.outputs {
        let Some(access) = targets.get(output.slot as usize).and_then(|target| target.access) else { continue };
        let format = rec.access_format(access);
        let access = &rec.accesses[access.index()];
        let Some((scalar, components)) = OutputScalar::of_format(format) else { continue };
        if scalar == output.scalar && components <= output.components {
            continue;
        }
        return Err(FrameGraphError::BindingMismatch {
            pass: rec.pass_ref(check.pass),
            field: output.field,
            resource: rec.resource_ref(access.resource),
            mismatch: Box::new(mismatch(output, format, scalar, components)),
        });
    }
    Ok(())
}

/// Both sides of an attachment of `format`, written as `scalar` with
/// `components`, that `output` cannot fill, and the fix.
#[cold]
fn mismatch(output: &ColorOutput, format: wgpu::TextureFormat, scalar: OutputScalar, components: u8) -> Mismatch {
    let written = output.scalar.wgsl(output.components);
    let (slot, entry_point) = (output.slot, output.entry_point);
    let fix = if scalar == output.scalar {
        format!(
            "write {} at @location({slot}) in `{entry_point}`, or attach a texture of a format of at most {} \
             components",
            scalar.wgsl(components),
            output.components
        )
    } else {
        format!(
            "write {} at @location({slot}) in `{entry_point}`, or attach a texture of a format written as {written}",
            scalar.wgsl(components)
        )
    };
    Mismatch {
        expected: format!("a color attachment `{entry_point}` can write: it writes {written} at @location({slot})"),
        actual: format!("{format:?}, written as {}", scalar.wgsl(components)),
        fix,
    }
}
