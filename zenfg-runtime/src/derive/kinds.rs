//! The pass kinds a derived pass can have, and how each one is closed.

use crate::context::{CommandContext, ComputePassContext, ExternalSubmissionContext, RenderPassContext};
use crate::desc::Label;
use crate::error::Result;
use crate::ids::PassId;
use crate::record::frame::Frame;
use crate::record::pass::PassBuilder;
use crate::token::kind::{self, PassKind};

/// The callback of a derived pass of kind `K`, run once when the node executes.
pub trait Job<'frame, K: DerivedKind>: 'frame {
    /// Runs the callback with the raw context of the node.
    ///
    /// # Errors
    ///
    /// Whatever the callback, or building its typed context, fails with.
    fn run(self, raw: K::Raw<'_>) -> Result<()>;
}

/// The callback of a derived pass of kind `K` that can run any number of
/// times, once per execution of a [`RepeatableFrame`](crate::RepeatableFrame).
pub trait RepeatJob<'frame, K: DerivedKind>: 'frame {
    /// Runs the callback with the raw context of the node.
    ///
    /// # Errors
    ///
    /// Whatever the callback, or building its typed context, fails with.
    fn run(&mut self, raw: K::Raw<'_>) -> Result<()>;
}

/// A pass kind a derived pass can have: render, compute, command or external.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a kind a derived pass can have",
    note = "use `#[pass(render)]`, `#[pass(compute)]`, `#[pass(command)]` or `#[pass(external)]`"
)]
pub trait DerivedKind: PassKind + Sized {
    /// The context the runtime hands to callbacks of this kind.
    type Raw<'e>;

    /// Starts a node of this kind.
    fn begin<'a, 'frame>(frame: &'a mut Frame<'frame>, label: Label) -> PassBuilder<'a, 'frame, Self>;

    /// Closes the node with `job` through the `finish_*` method of this kind.
    ///
    /// # Errors
    ///
    /// The checks of that `finish_*` method.
    fn finish<'frame, J: Job<'frame, Self>>(builder: PassBuilder<'_, 'frame, Self>, job: J) -> Result<PassId>;

    /// Closes the node with `job` through the `finish_*_repeatable` method of
    /// this kind.
    ///
    /// # Errors
    ///
    /// The checks of that method.
    fn finish_repeatable<'frame, J: RepeatJob<'frame, Self>>(
        builder: PassBuilder<'_, 'frame, Self>,
        job: J,
    ) -> Result<PassId>;
}

impl DerivedKind for kind::Render {
    type Raw<'e> = RenderPassContext<'e>;

    #[inline]
    fn begin<'a, 'frame>(frame: &'a mut Frame<'frame>, label: Label) -> PassBuilder<'a, 'frame, Self> {
        frame.render_pass(label)
    }

    #[inline]
    fn finish<'frame, J: Job<'frame, Self>>(builder: PassBuilder<'_, 'frame, Self>, job: J) -> Result<PassId> {
        builder.finish_render(move |raw| job.run(raw))
    }

    #[inline]
    fn finish_repeatable<'frame, J: RepeatJob<'frame, Self>>(
        builder: PassBuilder<'_, 'frame, Self>,
        mut job: J,
    ) -> Result<PassId> {
        builder.finish_render_repeatable(move |raw| job.run(raw))
    }
}

impl DerivedKind for kind::Compute {
    type Raw<'e> = ComputePassContext<'e>;

    #[inline]
    fn begin<'a, 'frame>(frame: &'a mut Frame<'frame>, label: Label) -> PassBuilder<'a, 'frame, Self> {
        frame.compute_pass(label)
    }

    #[inline]
    fn finish<'frame, J: Job<'frame, Self>>(builder: PassBuilder<'_, 'frame, Self>, job: J) -> Result<PassId> {
        builder.finish_compute(move |raw| job.run(raw))
    }

    #[inline]
    fn finish_repeatable<'frame, J: RepeatJob<'frame, Self>>(
        builder: PassBuilder<'_, 'frame, Self>,
        mut job: J,
    ) -> Result<PassId> {
        builder.finish_compute_repeatable(move |raw| job.run(raw))
    }
}

impl DerivedKind for kind::Command {
    type Raw<'e> = CommandContext<'e>;

    #[inline]
    fn begin<'a, 'frame>(frame: &'a mut Frame<'frame>, label: Label) -> PassBuilder<'a, 'frame, Self> {
        frame.command_pass(label)
    }

    #[inline]
    fn finish<'frame, J: Job<'frame, Self>>(builder: PassBuilder<'_, 'frame, Self>, job: J) -> Result<PassId> {
        builder.finish_command(move |raw| job.run(raw))
    }

    #[inline]
    fn finish_repeatable<'frame, J: RepeatJob<'frame, Self>>(
        builder: PassBuilder<'_, 'frame, Self>,
        mut job: J,
    ) -> Result<PassId> {
        builder.finish_command_repeatable(move |raw| job.run(raw))
    }
}

impl DerivedKind for kind::External {
    type Raw<'e> = ExternalSubmissionContext<'e>;

    #[inline]
    fn begin<'a, 'frame>(frame: &'a mut Frame<'frame>, label: Label) -> PassBuilder<'a, 'frame, Self> {
        frame.external_submission(label)
    }

    #[inline]
    fn finish<'frame, J: Job<'frame, Self>>(builder: PassBuilder<'_, 'frame, Self>, job: J) -> Result<PassId> {
        builder.finish_external(move |raw| job.run(raw))
    }

    #[inline]
    fn finish_repeatable<'frame, J: RepeatJob<'frame, Self>>(
        builder: PassBuilder<'_, 'frame, Self>,
        mut job: J,
    ) -> Result<PassId> {
        builder.finish_external_repeatable(move |raw| job.run(raw))
    }
}
