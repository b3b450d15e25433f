//! [`Callback`]: what a node runs when it executes, and how often it can run.

use crate::context::{
    CommandCallback, CommandContext, ComputeCallback, ComputePassContext, ExternalCallback, ExternalSubmissionContext,
    RenderCallback, RenderPassContext, RepeatCommandCallback, RepeatComputeCallback, RepeatExternalCallback,
    RepeatRenderCallback,
};
use crate::error::Result;

/// A callback that runs once (`FnOnce`, taken out of its slot when it runs)
/// or any number of times (`FnMut`, left in place).
pub(crate) enum Runs<Once, Repeatedly> {
    Once(Once),
    Repeatedly(Repeatedly),
}

impl<Once, Repeatedly> Runs<Once, Repeatedly> {
    pub fn repeats(&self) -> bool {
        matches!(self, Self::Repeatedly(_))
    }
}

/// The callback a node runs when executed, by node kind.
pub(crate) enum Callback<'frame> {
    Render(Runs<RenderCallback<'frame>, RepeatRenderCallback<'frame>>),
    Compute(Runs<ComputeCallback<'frame>, RepeatComputeCallback<'frame>>),
    Command(Runs<CommandCallback<'frame>, RepeatCommandCallback<'frame>>),
    External(Runs<ExternalCallback<'frame>, RepeatExternalCallback<'frame>>),
}

impl Callback<'_> {
    /// Whether the callback can run more than once.
    pub fn repeats(&self) -> bool {
        match self {
            Self::Render(runs) => runs.repeats(),
            Self::Compute(runs) => runs.repeats(),
            Self::Command(runs) => runs.repeats(),
            Self::External(runs) => runs.repeats(),
        }
    }
}

/// Defines a function that runs the callback of one node kind in `slot`
/// with `context`: a repeatable callback stays in the slot, a one-shot one is
/// taken out. `None` when there is no slot or it holds no callback of
/// that kind.
macro_rules! runner {
    ($(#[$doc:meta])* $name:ident, $variant:ident, $context:ident) => {
        $(#[$doc])*
        pub(crate) fn $name(slot: Option<&mut Option<Callback<'_>>>, context: $context<'_>) -> Option<Result<()>> {
            let slot = slot?;
            match slot {
                Some(Callback::$variant(Runs::Repeatedly(callback))) => Some(callback(context)),
                Some(Callback::$variant(Runs::Once(_))) => {
                    let Some(Callback::$variant(Runs::Once(callback))) = slot.take() else { return None };
                    Some(callback(context))
                }
                _ => None,
            }
        }
    };
}

runner!(
    /// Runs a render callback.
    run_render, Render, RenderPassContext
);
runner!(
    /// Runs a compute callback.
    run_compute, Compute, ComputePassContext
);
runner!(
    /// Runs a command callback.
    run_command, Command, CommandContext
);
runner!(
    /// Runs an external submission callback.
    run_external, External, ExternalSubmissionContext
);
