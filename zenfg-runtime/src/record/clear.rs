//! Clear nodes: declarative zero-fills of buffer ranges.
//!
//! A clear node is recorded by one call that receives all its ops, so a
//! failing op is known before the node exists. Decision: every failure of
//! `clear_buffer` / `clear_buffers` is returned without poisoning the
//! recording, and records nothing: no node (the next node takes the id the
//! failed clear would have had), no access (access ids are not used up
//! either) and no op. That holds for the checks made before any op is
//! declared (blank label, FG2009) as for those made per op: a foreign handle
//! (FG2001), a range out of bounds (FG1103), an empty op (FG1106), and ops
//! overlapping an earlier op of the same node (FG1105), as well as for a call
//! without ops (FG1106). The reference runtime poisons the recording when an
//! op's access fails to declare (overlapping ops, FG1105); here the caller
//! already holds the error and nothing half-recorded is left behind, so
//! compiling the rest of the frame cannot change it silently.

use crate::desc::{BufferRange, Label};
use crate::error::{FrameGraphError, PassRef, Result};
use crate::handle::Buffer;
use crate::ids::{PassId, ResourceId};
use crate::ops::ClearBufferOp;
use crate::record::check_label;
use crate::record::frame::Frame;
use crate::record::pass::PassBuilder;
use crate::token::kind;

impl<'frame> Frame<'frame> {
    /// One clear node zeroing `range` of `buffer`: an overwrite of that range.
    /// Fails like [`clear_buffers`](Self::clear_buffers) with one op, without
    /// poisoning the recording.
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, RootReason};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let counters = frame.create_buffer(BufferDesc::new("counters", 64))?;
    /// let empty = frame.clear_buffer("reset", counters, BufferRange::new(16, Some(0)));
    /// assert_eq!(empty.unwrap_err().code(), "FG1106");
    /// let reset = frame.clear_buffer("reset", counters, BufferRange::whole())?;
    /// assert_eq!(reset.get(), 0, "the failed clear took no id");
    /// frame.mark_buffer_root(counters, BufferRange::whole(), RootReason::Output)?;
    /// assert_eq!(frame.compile(CompileOptions::default())?.retained_node_count(), 1);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn clear_buffer(
        &mut self,
        label: impl Into<Label>,
        buffer: Buffer<'frame>,
        range: BufferRange,
    ) -> Result<PassId> {
        self.clear_buffers(label, [ClearBufferOp::new(buffer, range)])
    }

    /// One clear node zeroing each op's range, in order. Each op overwrites its
    /// range; ops must not overlap (FG1105), be empty or leave wgpu's 4-byte
    /// alignment of offset and size (FG1106), and there must be at least one
    /// (FG1106). A failure records nothing (no node, no
    /// access) and leaves the recording usable: it does not poison it.
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, BufferRange, ClearBufferOp, CompileOptions, FrameGraph};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let counters = frame.create_buffer(BufferDesc::new("counters", 64))?;
    /// frame.clear_buffers("reset", [
    ///     ClearBufferOp::new(counters, BufferRange::new(0, Some(16))),
    ///     ClearBufferOp::new(counters, BufferRange::new(32, Some(16))),
    /// ])?;
    /// let overlap = frame.clear_buffers("bad", [
    ///     ClearBufferOp::new(counters, BufferRange::new(0, Some(16))),
    ///     ClearBufferOp::new(counters, BufferRange::new(8, Some(16))),
    /// ]);
    /// assert_eq!(overlap.unwrap_err().code(), "FG1105");
    /// // The failed clear left nothing behind: the recording still compiles.
    /// let compiled = frame.compile(CompileOptions::summary_report())?;
    /// assert_eq!(compiled.report().unwrap().summary.recorded_node_count, 1);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn clear_buffers(
        &mut self,
        label: impl Into<Label>,
        ops: impl IntoIterator<Item = ClearBufferOp<'frame>>,
    ) -> Result<PassId> {
        let label = label.into();
        check_label(&label, "pass")?;
        let mut checked = std::mem::take(&mut self.graph.checked_clears);
        checked.clear();
        let recorded = Self::record_clears(PassBuilder::new(self, label), ops, &mut checked);
        self.graph.checked_clears = checked;
        recorded
    }

    /// Checks every op of a clear node, then declares them: a bad range is
    /// reported before an overlap with an op it follows, as the reference
    /// reports them. `checked` holds the checked ops meanwhile.
    fn record_clears(
        mut builder: PassBuilder<'_, 'frame, kind::ClearBuffer>,
        ops: impl IntoIterator<Item = ClearBufferOp<'frame>>,
        checked: &mut Vec<(ResourceId, (u64, u64))>,
    ) -> Result<PassId> {
        for op in ops {
            match builder.check_clear(op) {
                Ok(bytes) => checked.push((op.target.id, bytes)),
                Err(error) => {
                    builder.abandon();
                    return Err(error);
                }
            }
        }
        for &(buffer, bytes) in checked.iter() {
            if let Err(error) = builder.clear(buffer, bytes) {
                builder.abandon();
                return Err(error);
            }
        }
        if checked.is_empty() {
            let pass = PassRef { id: builder.id(), label: builder.label().clone() };
            builder.abandon();
            return Err(FrameGraphError::InvalidNodeOperation {
                pass,
                resource: None,
                message: "a clear node needs at least one op".into(),
            });
        }
        builder.finish()
    }
}
