//! [`Executor`]: runs the segments of a compiled frame in order.
//!
//! A graph segment is one command encoder holding its nodes, submitted when
//! the segment ends; an external submission segment calls its callback with
//! the queue after the previous graph segment was submitted. GPU timing
//! resolves its queries at the end of the last graph segment. An execution
//! that catches pass errors encodes each node of a graph segment into an
//! encoder of its own, finished in error scopes, and submits the segment's
//! command buffers together once every node was accepted.

use super::cpu_timing::CpuTimer;
use super::markers::DebugMarkers;
use super::profiler::ActiveTiming;
use super::resolve::ResolveTable;
use crate::compile::ExecutionSegmentKind;
use crate::compile::segments::Segment;
use crate::context::ExecutionResources;
use crate::desc::Label;
use crate::error::{FrameGraphError, PassRef, Result};
use crate::ids::PassId;
use crate::record::callback::run_external;
use crate::record::{Callback, ClearOp, ColorTarget, CopyOp, NodeRecord};
use crate::scoped::{in_error_scopes, one_line};

/// Everything one execution encodes with.
pub(crate) struct Executor<'x, 'frame> {
    pub device: &'x wgpu::Device,
    pub queue: &'x wgpu::Queue,
    pub table: &'x ResolveTable<'x>,
    pub nodes: &'x [NodeRecord],
    pub labels: &'x [Label],
    pub colors: &'x [ColorTarget],
    pub copies: &'x [CopyOp],
    pub clears: &'x [ClearOp],
    pub callbacks: &'x mut [Option<Callback<'frame>>],
    pub frame_index: u64,
    pub markers: DebugMarkers<'x>,
    pub cpu: Option<&'x mut CpuTimer>,
    pub gpu: Option<&'x ActiveTiming>,
    /// Timed passes encoded so far: the next pass writes queries `2n` and `2n + 1`.
    pub timed: u32,
    /// The command encoder label of each segment, by segment index.
    pub segment_labels: &'x [String],
    /// Whether each node is encoded and finished in error scopes of its own
    /// ([`ExecutionOptions::pass_errors`](crate::ExecutionOptions::pass_errors)).
    pub pass_errors: bool,
}

impl<'x> Executor<'x, '_> {
    pub fn run(&mut self, order: &[PassId], segments: &[Segment]) -> Result<()> {
        let last_graph = segments.iter().rposition(|segment| segment.kind == ExecutionSegmentKind::FrameGraph);
        for (index, segment) in segments.iter().enumerate() {
            let nodes = &order[segment.nodes.start as usize..segment.nodes.end as usize];
            match segment.kind {
                ExecutionSegmentKind::FrameGraph => self.graph_segment(index, nodes, last_graph == Some(index))?,
                ExecutionSegmentKind::ExternalSubmission => {
                    for &pass in nodes {
                        self.timed_node(pass, |this| this.external(pass))?;
                    }
                }
            }
        }
        Ok(())
    }

    fn graph_segment(&mut self, index: usize, nodes: &[PassId], last: bool) -> Result<()> {
        if self.pass_errors {
            return self.checked_segment(index, nodes, last);
        }
        let label = &self.segment_labels[index];
        let mut encoder = self.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some(label) });
        for &pass in nodes {
            self.markers.enter(&mut encoder, self.nodes[pass.index()].group());
            self.timed_node(pass, |this| this.encode(&mut encoder, pass))?;
        }
        self.markers.close(&mut encoder);
        if last && let Some(gpu) = self.gpu {
            gpu.encode_resolve(&mut encoder);
        }
        self.queue.submit([encoder.finish()]);
        Ok(())
    }

    /// A graph segment whose nodes are each encoded into an encoder of their
    /// own and finished in error scopes; nothing is submitted unless wgpu
    /// accepted every node.
    #[cold]
    fn checked_segment(&mut self, index: usize, nodes: &[PassId], last: bool) -> Result<()> {
        let device = self.device;
        let mut buffers = Vec::with_capacity(nodes.len() + 1);
        for &pass in nodes {
            let (encoded, refusal) = in_error_scopes(device, || {
                let label = &*self.labels[pass.index()];
                let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some(label) });
                self.markers.enter(&mut encoder, self.nodes[pass.index()].group());
                self.timed_node(pass, |this| this.encode(&mut encoder, pass))?;
                self.markers.close(&mut encoder);
                Ok(encoder.finish())
            });
            let buffer = encoded?;
            if let Some(error) = refusal {
                let pass = PassRef { id: pass, label: self.labels[pass.index()].clone() };
                return Err(FrameGraphError::PassRefused { pass, reason: one_line(&error) });
            }
            buffers.push(buffer);
        }
        if last && let Some(gpu) = self.gpu {
            let label = &self.segment_labels[index];
            let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some(label) });
            gpu.encode_resolve(&mut encoder);
            buffers.push(encoder.finish());
        }
        self.queue.submit(buffers);
        Ok(())
    }

    /// Runs `work` for `pass`, measuring it when CPU timing is on.
    fn timed_node(&mut self, pass: PassId, work: impl FnOnce(&mut Self) -> Result<()>) -> Result<()> {
        crate::trace::traced!(scope "pass", label = &*self.labels[pass.index()]);
        let begin = self.cpu.as_ref().map(|timer| timer.now());
        work(self)?;
        if let (Some(timer), Some(begin)) = (self.cpu.as_deref_mut(), begin) {
            timer.record(pass, self.nodes[pass.index()].work.kind(), begin);
        }
        Ok(())
    }

    fn external(&mut self, pass: PassId) -> Result<()> {
        let context = crate::context::ExternalSubmissionContext {
            device: self.device,
            queue: self.queue,
            resources: self.resources(pass),
            frame_index: self.frame_index,
        };
        let result = run_external(self.callbacks, pass, context);
        self.attribute(pass, result)
    }

    pub(super) fn resources<'e>(&self, pass: PassId) -> ExecutionResources<'e>
    where
        'x: 'e,
    {
        ExecutionResources { table: self.table, pass }
    }

    /// Names the pass in a [`CallbackFailed`](FrameGraphError::CallbackFailed)
    /// [`CopyOutsideView`](FrameGraphError::CopyOutsideView),
    /// [`CopyRefused`](FrameGraphError::CopyRefused) or
    /// [`DrawRefused`](FrameGraphError::DrawRefused) error its callback
    /// returned.
    #[inline]
    pub(super) fn attribute(&self, pass: PassId, result: Result<()>) -> Result<()> {
        match result {
            Ok(()) => Ok(()),
            Err(error) => Err(self.named(pass, error)),
        }
    }

    /// `error`, returned by the callback of `pass`, naming the pass where it
    /// should.
    #[cold]
    fn named(&self, pass: PassId, error: FrameGraphError) -> FrameGraphError {
        let named = || Some(PassRef { id: pass, label: self.labels[pass.index()].clone() });
        match error {
            FrameGraphError::CallbackFailed { pass: None, message } => {
                FrameGraphError::CallbackFailed { pass: named(), message }
            }
            FrameGraphError::CopyOutsideView { pass: None, message } => {
                FrameGraphError::CopyOutsideView { pass: named(), message }
            }
            FrameGraphError::CopyRefused { pass: None, message } => {
                FrameGraphError::CopyRefused { pass: named(), message }
            }
            FrameGraphError::DrawRefused { pass: None, message } => {
                FrameGraphError::DrawRefused { pass: named(), message }
            }
            other => other,
        }
    }
}
