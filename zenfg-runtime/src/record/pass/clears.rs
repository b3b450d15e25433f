//! The declarations of clear nodes, which `Frame::clear_buffers` records.

use super::PassBuilder;
use crate::desc::Label;
use crate::error::{FrameGraphError, Result};
use crate::ids::ResourceId;
use crate::ops::ClearBufferOp;
use crate::record::{ClearOp, Region};
use crate::token::kind;
use crate::types::{AccessRole, WriteContents};

impl<'frame> PassBuilder<'_, 'frame, kind::ClearBuffer> {
    pub(crate) fn label(&self) -> &Label {
        &self.pass.label
    }

    /// Checks one zero-fill before anything is declared: its buffer, its
    /// range, which must not be empty, and its alignment. Returns the range's
    /// first and end bytes.
    pub(crate) fn check_clear(&self, op: ClearBufferOp<'frame>) -> Result<(u64, u64)> {
        let region = self.frame.buffer_region(Some(&self.pass), op.target, op.range)?;
        let Region::Buffer { offset, end } = region else {
            return Err(FrameGraphError::internal("a buffer range resolved to a texture region"));
        };
        if offset == end {
            return Err(FrameGraphError::InvalidNodeOperation {
                pass: self.pass.clone(),
                resource: Some(self.frame.rec.resource_ref(op.target.id)),
                message: format!("the clear of {} is empty; remove it or give it a size", op.range),
            });
        }
        if let Some(message) = crate::record::copy::misaligned("clear", offset, end - offset) {
            return Err(FrameGraphError::InvalidNodeOperation {
                pass: self.pass.clone(),
                resource: Some(self.frame.rec.resource_ref(op.target.id)),
                message,
            });
        }
        Ok((offset, end))
    }

    /// Declares one checked zero-fill of bytes `offset..end` of `buffer`: an
    /// overwrite of them.
    pub(crate) fn clear(&mut self, buffer: ResourceId, (offset, end): (u64, u64)) -> Result<()> {
        let region = Region::Buffer { offset, end };
        self.push(self.write(AccessRole::BufferCopyDst, buffer, None, region, WriteContents::Overwrite))?;
        self.frame.rec.clears.push(ClearOp { buffer, offset, size: end - offset });
        Ok(())
    }

    /// Drops the node and everything it declared, without poisoning.
    pub(crate) fn abandon(mut self) {
        self.discard();
        self.open = false;
    }
}
