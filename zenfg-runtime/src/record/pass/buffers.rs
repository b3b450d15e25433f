//! Buffer declarations: uniform, storage read and write, vertex, index,
//! indirect, copy source and destination.

use super::PassBuilder;
use crate::desc::BufferRange;
use crate::error::Result;
use crate::handle::Buffer;
use crate::token::kind::{AcceptsRole, PassKind};
use crate::token::{
    AccessToken, BufferCopyDst, BufferCopySrc, IndexBuffer, IndirectBuffer, StorageBufferRead, StorageBufferWrite,
    UniformBuffer, VertexBuffer,
};
use crate::types::WriteContents;

impl<'frame, K: PassKind> PassBuilder<'_, 'frame, K> {
    /// Reads `range` of `buffer` through a uniform binding.
    pub fn uniform_buffer(
        &mut self,
        buffer: Buffer<'frame>,
        range: BufferRange,
    ) -> Result<AccessToken<'frame, UniformBuffer>>
    where
        K: AcceptsRole<UniformBuffer>,
    {
        self.buffer_read(buffer, range)
    }

    /// Reads `range` of `buffer` through a read-only storage binding. The
    /// range must be defined when the node runs, and keeps its producer
    /// retained while this node is. Fails with FG1103 when the range does not
    /// fit the buffer; like every failed declaration, that leaves the builder
    /// and the recording usable.
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, WriteContents};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let data = frame.create_buffer(BufferDesc::new("data", 256))?;
    /// let mut producer = frame.compute_pass("produce");
    /// let _ = producer.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite)?;
    /// producer.finish()?;
    ///
    /// let mut consumer = frame.compute_pass("consume");
    /// let error = consumer.storage_buffer_read(data, BufferRange::new(128, Some(256))).unwrap_err();
    /// assert_eq!(error.code(), "FG1103");
    /// let _ = consumer.storage_buffer_read(data, BufferRange::new(128, Some(128)))?;
    /// consumer.set_side_effect(true);
    /// consumer.finish()?;
    /// // The side-effecting consumer keeps the producer of what it reads.
    /// assert_eq!(frame.compile(CompileOptions::default())?.retained_node_count(), 2);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn storage_buffer_read(
        &mut self,
        buffer: Buffer<'frame>,
        range: BufferRange,
    ) -> Result<AccessToken<'frame, StorageBufferRead>>
    where
        K: AcceptsRole<StorageBufferRead>,
    {
        self.buffer_read(buffer, range)
    }

    /// Writes `range` of `buffer` through a storage binding.
    /// [`WriteContents::Overwrite`] promises that every execution writes the
    /// whole range; [`WriteContents::Preserve`] keeps what is not written, so
    /// the range must already be defined (FG1002 at compile otherwise).
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, RootReason, WriteContents};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let data = frame.create_buffer(BufferDesc::new("data", 256))?;
    /// let mut pass = frame.compute_pass("produce");
    /// let _ = pass.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite)?;
    /// pass.finish()?;
    /// let mut pass = frame.compute_pass("update-head");
    /// let _ = pass.storage_buffer_write(data, BufferRange::new(0, Some(64)), WriteContents::Preserve)?;
    /// pass.finish()?;
    /// frame.mark_buffer_root(data, BufferRange::whole(), RootReason::Output)?;
    /// // The preserving update keeps the first write: both passes are retained.
    /// assert_eq!(frame.compile(CompileOptions::default())?.retained_node_count(), 2);
    ///
    /// let mut frame = graph.begin_frame();
    /// let data = frame.create_buffer(BufferDesc::new("data", 256))?;
    /// let mut pass = frame.compute_pass("update-head");
    /// let _ = pass.storage_buffer_write(data, BufferRange::new(0, Some(64)), WriteContents::Preserve)?;
    /// pass.finish()?;
    /// frame.mark_buffer_root(data, BufferRange::new(0, Some(64)), RootReason::Output)?;
    /// // Nothing defined the range this write preserves.
    /// assert_eq!(frame.compile(CompileOptions::default()).unwrap_err().code(), "FG1002");
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn storage_buffer_write(
        &mut self,
        buffer: Buffer<'frame>,
        range: BufferRange,
        contents: WriteContents,
    ) -> Result<AccessToken<'frame, StorageBufferWrite>>
    where
        K: AcceptsRole<StorageBufferWrite>,
    {
        self.buffer_write(buffer, range, contents)
    }

    /// Reads `range` of `buffer` as vertices.
    pub fn vertex_buffer(
        &mut self,
        buffer: Buffer<'frame>,
        range: BufferRange,
    ) -> Result<AccessToken<'frame, VertexBuffer>>
    where
        K: AcceptsRole<VertexBuffer>,
    {
        self.buffer_read(buffer, range)
    }

    /// Reads `range` of `buffer` as indices.
    pub fn index_buffer(
        &mut self,
        buffer: Buffer<'frame>,
        range: BufferRange,
    ) -> Result<AccessToken<'frame, IndexBuffer>>
    where
        K: AcceptsRole<IndexBuffer>,
    {
        self.buffer_read(buffer, range)
    }

    /// Reads `range` of `buffer` as indirect draw or dispatch arguments.
    pub fn indirect_buffer(
        &mut self,
        buffer: Buffer<'frame>,
        range: BufferRange,
    ) -> Result<AccessToken<'frame, IndirectBuffer>>
    where
        K: AcceptsRole<IndirectBuffer>,
    {
        self.buffer_read(buffer, range)
    }

    /// Reads `range` of `buffer` as the source of copies the callback records.
    pub fn buffer_copy_src(
        &mut self,
        buffer: Buffer<'frame>,
        range: BufferRange,
    ) -> Result<AccessToken<'frame, BufferCopySrc>>
    where
        K: AcceptsRole<BufferCopySrc>,
    {
        self.buffer_read(buffer, range)
    }

    /// Writes `range` of `buffer` as the destination of copies the callback records.
    pub fn buffer_copy_dst(
        &mut self,
        buffer: Buffer<'frame>,
        range: BufferRange,
        contents: WriteContents,
    ) -> Result<AccessToken<'frame, BufferCopyDst>>
    where
        K: AcceptsRole<BufferCopyDst>,
    {
        self.buffer_write(buffer, range, contents)
    }
}
