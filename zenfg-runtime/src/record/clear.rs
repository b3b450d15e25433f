//! Clear nodes: declarative zero-fills of buffer ranges.

use crate::desc::{BufferRange, Label};
use crate::error::{FrameGraphError, PassRef, Result};
use crate::handle::Buffer;
use crate::ids::PassId;
use crate::ops::ClearBufferOp;
use crate::record::check_label;
use crate::record::frame::Frame;
use crate::record::pass::PassBuilder;
use crate::token::kind;

impl<'frame> Frame<'frame> {
    /// One clear node zeroing `range` of `buffer`: an overwrite of that range.
    pub fn clear_buffer(
        &mut self,
        label: impl Into<Label>,
        buffer: Buffer<'frame>,
        range: BufferRange,
    ) -> Result<PassId> {
        self.clear_buffers(label, [ClearBufferOp::new(buffer, range)])
    }

    /// One clear node zeroing each op's range, in order. Each op overwrites its
    /// range; ops must not overlap (FG1105) or be empty (FG1106), and there
    /// must be at least one (FG1106). A failure records nothing and leaves
    /// the recording usable.
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, BufferRange, ClearBufferOp, FrameGraph};
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
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn clear_buffers(
        &mut self,
        label: impl Into<Label>,
        ops: impl IntoIterator<Item = ClearBufferOp<'frame>>,
    ) -> Result<PassId> {
        let label = label.into();
        check_label(&label, "pass")?;
        let mut builder = PassBuilder::<kind::ClearBuffer>::new(self, label);
        let mut count = 0_usize;
        for op in ops {
            if let Err(error) = builder.clear(op) {
                builder.abandon();
                return Err(error);
            }
            count += 1;
        }
        if count == 0 {
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
