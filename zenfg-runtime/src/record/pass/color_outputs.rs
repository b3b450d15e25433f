//! The formats of a derived render pass's color attachments against what
//! its fragment entry points write: wgpu refuses a pipeline whose fragment
//! output cannot fill its target's format, naming neither pass nor field.

use super::PassBuilder;
use crate::derive::{ColorOutput, OutputScalar};
use crate::error::{FrameGraphError, Mismatch, Result};
use crate::token::kind::PassKind;

impl<K: PassKind> PassBuilder<'_, '_, K> {
    /// FG1109 for the first color attachment whose format the fragment
    /// output at its slot cannot fill: a scalar type other than the
    /// format's, or fewer components than the format has (wgpu's rule).
    pub(crate) fn check_color_outputs(&self, outputs: &'static [ColorOutput]) -> Result<()> {
        for output in outputs {
            let Some(access) = self.color_target(output.slot) else { continue };
            let format = self.attachment_format(access);
            let Some((scalar, components)) = OutputScalar::of_format(format) else { continue };
            if scalar == output.scalar && components <= output.components {
                continue;
            }
            let written = output.scalar.wgsl(output.components);
            let needed = scalar.wgsl(components.max(output.components));
            let fix = if scalar == output.scalar {
                format!(
                    "write {needed} at @location({}) in `{}`, or attach a texture of a format of at most {} \
                     components",
                    output.slot, output.entry_point, output.components
                )
            } else {
                format!(
                    "write {} at @location({}) in `{}`, or attach a texture of a format written as {written}",
                    scalar.wgsl(components),
                    output.slot,
                    output.entry_point
                )
            };
            let resource = self.frame.rec.accesses[access.index()].resource;
            return Err(FrameGraphError::BindingMismatch {
                pass: self.pass.clone(),
                field: output.field,
                resource: self.frame.rec.resource_ref(resource),
                mismatch: Box::new(Mismatch {
                    expected: format!(
                        "a color attachment `{}` can write: it writes {written} at @location({})",
                        output.entry_point, output.slot
                    ),
                    actual: format!("{format:?}, written as {}", scalar.wgsl(components)),
                    fix,
                }),
            });
        }
        Ok(())
    }
}
