//! Closing a pass with the callback of its kind.

use super::PassBuilder;
use crate::context::{CommandContext, ComputePassContext, ExternalSubmissionContext, RenderPassContext};
use crate::error::Result;
use crate::ids::PassId;
use crate::record::stored::StoredCallback;
use crate::record::{Callback, NodeWork};
use crate::token::kind;

impl<'frame> PassBuilder<'_, 'frame, kind::Render> {
    /// Closes the render pass with the callback that draws. The runtime begins
    /// the pass with the declared attachments and hands it to the callback.
    ///
    /// The pass needs a label that is not blank (FG2009), at least one color
    /// or depth attachment (FG1106), and no more color slots or color bytes
    /// per sample than the device allows (`max_color_attachments`,
    /// `max_color_attachment_bytes_per_sample`: FG1110); a failure poisons
    /// the recording and drops the callback. A depth-only pass, such as a
    /// shadow map, is valid:
    ///
    /// ```
    /// use zenfg_runtime::wgpu::TextureFormat;
    /// use zenfg_runtime::{CompileOptions, DepthAttachmentOps, FrameGraph, RootReason, TextureDesc};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let shadow = frame.create_texture(TextureDesc::new_2d("shadow-map", 2048, 2048, TextureFormat::Depth32Float))?;
    /// let mut pass = frame.render_pass("shadows");
    /// let _ = pass.depth_attachment(shadow, DepthAttachmentOps::clear_store(1.0))?;
    /// pass.finish_render(|_ctx| {
    ///     // Set a pipeline and draw the casters through ctx.pass.
    ///     Ok(())
    /// })?;
    /// frame.mark_texture_root(shadow, RootReason::DebugCapture)?;
    /// assert_eq!(frame.compile(CompileOptions::default())?.retained_node_count(), 1);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn finish_render<F>(self, callback: F) -> Result<PassId>
    where
        F: for<'e> FnOnce(RenderPassContext<'e>) -> Result<()> + 'frame,
    {
        self.close(Self::render_work, Some(|| Callback::Render(StoredCallback::<kind::Render>::once(callback))))
    }

    /// Closes the render pass like [`finish_render`](Self::finish_render), with a callback that
    /// can run any number of times: the node can be part of a
    /// [`RepeatableFrame`](crate::RepeatableFrame), which calls it on every
    /// execution. A one-shot frame calls it once.
    pub fn finish_render_repeatable<F>(self, callback: F) -> Result<PassId>
    where
        F: for<'e> FnMut(RenderPassContext<'e>) -> Result<()> + 'frame,
    {
        self.close(Self::render_work, Some(|| Callback::Render(StoredCallback::<kind::Render>::repeatedly(callback))))
    }
}

impl<'frame> PassBuilder<'_, 'frame, kind::Compute> {
    /// Closes the compute pass with the callback that dispatches. The callback
    /// runs when the node executes, and never if the node is culled: its
    /// captures are then dropped at compile. A blank label fails with FG2009
    /// and poisons the recording.
    ///
    /// Here on wgpu's no-op device:
    ///
    /// ```
    /// use std::cell::Cell;
    /// use std::rc::Rc;
    /// use zenfg_runtime::{CompileOptions, FrameGraph};
    /// # let (device, queue) = wgpu::Device::noop(&Default::default());
    /// let mut graph = FrameGraph::with_device(&device);
    /// let mut frame = graph.begin_frame();
    /// let runs = Rc::new(Cell::new(0));
    /// for (label, side_effect) in [("simulate", true), ("unused", false)] {
    ///     let runs = Rc::clone(&runs);
    ///     let mut pass = frame.compute_pass(label);
    ///     pass.set_side_effect(side_effect);
    ///     pass.finish_compute(move |_ctx| {
    ///         // Set a pipeline and dispatch through ctx.pass.
    ///         runs.set(runs.get() + 1);
    ///         Ok(())
    ///     })?;
    /// }
    /// let compiled = frame.compile(CompileOptions::default())?;
    /// assert_eq!(compiled.retained_node_count(), 1);
    /// compiled.execute(&queue)?;
    /// assert_eq!(runs.get(), 1);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn finish_compute<F>(self, callback: F) -> Result<PassId>
    where
        F: for<'e> FnOnce(ComputePassContext<'e>) -> Result<()> + 'frame,
    {
        self.close(
            |_| Ok(NodeWork::Compute),
            Some(|| Callback::Compute(StoredCallback::<kind::Compute>::once(callback))),
        )
    }

    /// Closes the compute pass like [`finish_compute`](Self::finish_compute), with a callback that
    /// can run any number of times: the node can be part of a
    /// [`RepeatableFrame`](crate::RepeatableFrame), which calls it on every
    /// execution. A one-shot frame calls it once.
    ///
    /// Here on wgpu's no-op device, where a captured counter sees every
    /// execution:
    ///
    /// ```
    /// use std::cell::Cell;
    /// use zenfg_runtime::{CompileOptions, FrameGraph};
    /// # let (device, queue) = wgpu::Device::noop(&Default::default());
    /// let runs = Cell::new(0);
    /// let mut graph = FrameGraph::with_device(&device);
    /// let mut frame = graph.begin_frame();
    /// let mut pass = frame.compute_pass("simulate");
    /// pass.set_side_effect(true);
    /// pass.finish_compute_repeatable(|ctx| {
    ///     assert_eq!(ctx.frame_index, runs.get());
    ///     runs.set(runs.get() + 1);
    ///     Ok(())
    /// })?;
    /// let mut repeatable = frame.compile(CompileOptions::default())?.into_repeatable()?;
    /// for _ in 0..3 {
    ///     repeatable.execute(&queue)?;
    /// }
    /// drop(repeatable);
    /// assert_eq!(runs.get(), 3);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn finish_compute_repeatable<F>(self, callback: F) -> Result<PassId>
    where
        F: for<'e> FnMut(ComputePassContext<'e>) -> Result<()> + 'frame,
    {
        self.close(
            |_| Ok(NodeWork::Compute),
            Some(|| Callback::Compute(StoredCallback::<kind::Compute>::repeatedly(callback))),
        )
    }
}

impl<'frame> PassBuilder<'_, 'frame, kind::Command> {
    /// Closes the node with a callback that records into the graph-owned
    /// encoder (it must not finish or submit it). Command passes are
    /// side-effecting by default, so they are retained without a root unless
    /// [`set_side_effect`](Self::set_side_effect) turns that off.
    ///
    /// ```
    /// use zenfg_runtime::{CompileOptions, FrameGraph};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// frame.command_pass("kept").finish_command(|_ctx| Ok(()))?;
    /// let mut optional = frame.command_pass("optional");
    /// optional.set_side_effect(false);
    /// optional.finish_command(|_ctx| Ok(()))?;
    /// assert_eq!(frame.compile(CompileOptions::default())?.retained_node_count(), 1);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn finish_command<F>(self, callback: F) -> Result<PassId>
    where
        F: for<'e> FnOnce(CommandContext<'e>) -> Result<()> + 'frame,
    {
        self.close(
            |_| Ok(NodeWork::Command),
            Some(|| Callback::Command(StoredCallback::<kind::Command>::once(callback))),
        )
    }

    /// Closes the node like [`finish_command`](Self::finish_command), with a callback that
    /// can run any number of times: the node can be part of a
    /// [`RepeatableFrame`](crate::RepeatableFrame), which calls it on every
    /// execution. A one-shot frame calls it once.
    pub fn finish_command_repeatable<F>(self, callback: F) -> Result<PassId>
    where
        F: for<'e> FnMut(CommandContext<'e>) -> Result<()> + 'frame,
    {
        self.close(
            |_| Ok(NodeWork::Command),
            Some(|| Callback::Command(StoredCallback::<kind::Command>::repeatedly(callback))),
        )
    }
}

impl<'frame> PassBuilder<'_, 'frame, kind::External> {
    /// Closes the node with a callback that submits its own work on the
    /// shared queue before returning. The node ends the graph segment before
    /// it and runs in a segment of its own.
    ///
    /// ```
    /// use zenfg_runtime::{CompileOptions, ExecutionSegmentKind as Segment, FrameGraph};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// frame.command_pass("before").finish_command(|_ctx| Ok(()))?;
    /// frame.external_submission("third-party").finish_external(|_ctx| Ok(()))?;
    /// frame.command_pass("after").finish_command(|_ctx| Ok(()))?;
    /// let compiled = frame.compile(CompileOptions::default())?;
    /// let kinds: Vec<_> = compiled.execution_segments().iter().map(|segment| segment.kind).collect();
    /// assert_eq!(kinds, [Segment::FrameGraph, Segment::ExternalSubmission, Segment::FrameGraph]);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn finish_external<F>(self, callback: F) -> Result<PassId>
    where
        F: for<'e> FnOnce(ExternalSubmissionContext<'e>) -> Result<()> + 'frame,
    {
        self.close(
            |_| Ok(NodeWork::External),
            Some(|| Callback::External(StoredCallback::<kind::External>::once(callback))),
        )
    }

    /// Closes the node like [`finish_external`](Self::finish_external), with a callback that
    /// can run any number of times: the node can be part of a
    /// [`RepeatableFrame`](crate::RepeatableFrame), which calls it on every
    /// execution. A one-shot frame calls it once.
    pub fn finish_external_repeatable<F>(self, callback: F) -> Result<PassId>
    where
        F: for<'e> FnMut(ExternalSubmissionContext<'e>) -> Result<()> + 'frame,
    {
        self.close(
            |_| Ok(NodeWork::External),
            Some(|| Callback::External(StoredCallback::<kind::External>::repeatedly(callback))),
        )
    }
}
