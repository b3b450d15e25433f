//! [`Callback`]: what a node runs when it executes, and how often it can run.

use super::stored::{CallbackKind, StoredCallback};
use crate::context::{CommandContext, ComputePassContext, ExternalSubmissionContext, RenderPassContext};
use crate::error::{FrameGraphError, Result};
use crate::ids::PassId;
use crate::token::kind;

/// The callback a node runs when executed, by node kind.
pub(crate) enum Callback<'frame> {
    Render(StoredCallback<'frame, kind::Render>),
    Compute(StoredCallback<'frame, kind::Compute>),
    Command(StoredCallback<'frame, kind::Command>),
    External(StoredCallback<'frame, kind::External>),
}

impl CallbackKind for kind::Render {
    type Context<'e> = RenderPassContext<'e>;
}

impl CallbackKind for kind::Compute {
    type Context<'e> = ComputePassContext<'e>;
}

impl CallbackKind for kind::Command {
    type Context<'e> = CommandContext<'e>;
}

impl CallbackKind for kind::External {
    type Context<'e> = ExternalSubmissionContext<'e>;
}

impl Callback<'_> {
    /// Whether the callback can run more than once.
    pub fn repeats(&self) -> bool {
        match self {
            Self::Render(stored) => stored.repeats(),
            Self::Compute(stored) => stored.repeats(),
            Self::Command(stored) => stored.repeats(),
            Self::External(stored) => stored.repeats(),
        }
    }
}

/// Defines a function that runs the callback of one node kind, that of
/// `pass` in `callbacks`, with `context` (a one-shot callback is used up by
/// [`StoredCallback::run`]). A pass without a callback of that kind, which
/// preflight rules out, fails with an internal error.
macro_rules! runner {
    ($(#[$doc:meta])* $name:ident, $variant:ident, $context:ident) => {
        $(#[$doc])*
        pub(crate) fn $name(callbacks: &mut [Option<Callback<'_>>], pass: PassId, context: $context<'_>) -> Result<()> {
            match callbacks.get_mut(pass.index()) {
                Some(Some(Callback::$variant(stored))) => stored.run(context),
                _ => Err(missing(pass)),
            }
        }
    };
}

/// The error of a node run without a callback of its kind.
#[cold]
fn missing(pass: PassId) -> FrameGraphError {
    FrameGraphError::internal(format!("{pass} has no callback of its kind although preflight checked it"))
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
