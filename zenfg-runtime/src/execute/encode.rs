//! Encoding of the nodes of graph segments: render and compute passes,
//! declarative copies and clears, and command callbacks.

use std::ops::Range;

use wgpu::{LoadOp, Operations, StoreOp};

use super::executor::Executor;
use super::natives::NativeTable;
use crate::context::{CommandContext, ComputePassContext, RenderPassContext};
use crate::error::{FrameGraphError, Result};
use crate::ids::{AccessId, PassId};
use crate::ops::{AttachmentStoreOp, ColorAttachmentLoadOp, DepthAttachmentLoadOp};
use crate::record::callback::{run_command, run_compute, run_render};
use crate::record::{CopyOp, DepthTarget, NodeWork, TexturePoint};

/// The most color attachments a render pass can have in wgpu
/// (`wgpu_hal::MAX_COLOR_ATTACHMENTS`). Up to this many are gathered on the
/// stack; a pass with more, which wgpu rejects, spills to the heap.
const MAX_COLOR_ATTACHMENTS: usize = 8;

fn store_op(store: AttachmentStoreOp) -> StoreOp {
    match store {
        AttachmentStoreOp::Store => StoreOp::Store,
        AttachmentStoreOp::Discard => StoreOp::Discard,
    }
}

fn texel_copy<'x>(natives: &NativeTable<'x>, point: TexturePoint) -> Result<wgpu::TexelCopyTextureInfo<'x>> {
    Ok(wgpu::TexelCopyTextureInfo {
        texture: natives.texture(point.texture)?,
        mip_level: point.mip_level,
        origin: point.origin,
        aspect: point.aspect,
    })
}

impl<'x> Executor<'x, '_> {
    /// Encodes one node of a graph segment.
    pub(super) fn encode(&mut self, encoder: &mut wgpu::CommandEncoder, pass: PassId) -> Result<()> {
        let nodes = self.nodes;
        match &nodes[pass.index()].work {
            NodeWork::Render { colors, depth } => self.render(encoder, pass, colors.clone(), *depth),
            NodeWork::Compute => self.compute(encoder, pass),
            NodeWork::Copy { ops } => self.copy(encoder, ops.clone()),
            NodeWork::ClearBuffer { ops } => self.clear(encoder, ops.clone()),
            NodeWork::Command => self.command(encoder, pass),
            NodeWork::External => Err(FrameGraphError::internal(format!("{pass} is external but in a graph segment"))),
        }
    }

    /// The planned view of an attachment access.
    fn view(&self, access: AccessId) -> Result<&'x wgpu::TextureView> {
        match self.table.view_plan.access_view(access) {
            Some(index) => Ok(&self.table.views[index]),
            None => Err(FrameGraphError::internal(format!("{access} has no planned view"))),
        }
    }

    /// The query indices of the next timed pass, when GPU timing is on.
    fn next_timestamps(&mut self) -> Option<(&'x wgpu::QuerySet, u32)> {
        let gpu = self.gpu?;
        let first = 2 * self.timed;
        self.timed += 1;
        Some((&gpu.query_set, first))
    }

    fn render(
        &mut self,
        encoder: &mut wgpu::CommandEncoder,
        pass: PassId,
        colors: Range<u32>,
        depth: Option<DepthTarget>,
    ) -> Result<()> {
        let targets = &self.colors[colors.start as usize..colors.end as usize];
        let mut inline: [Option<wgpu::RenderPassColorAttachment<'x>>; MAX_COLOR_ATTACHMENTS] = Default::default();
        let mut spilled = Vec::new();
        let color_attachments = match inline.get_mut(..targets.len()) {
            Some(slots) => slots,
            None => {
                spilled.resize(targets.len(), None);
                &mut spilled[..]
            }
        };
        for (slot, target) in color_attachments.iter_mut().zip(targets) {
            let Some(access) = target.access else { continue };
            let view = self.view(access)?;
            let resolve_target = target.resolve.map(|access| self.view(access)).transpose()?;
            let load = match target.ops.load {
                ColorAttachmentLoadOp::Load => LoadOp::Load,
                ColorAttachmentLoadOp::Clear(color) => LoadOp::Clear(color),
            };
            *slot = Some(wgpu::RenderPassColorAttachment {
                view,
                depth_slice: target.ops.depth_slice,
                resolve_target,
                ops: Operations { load, store: store_op(target.ops.store) },
            });
        }
        let depth_stencil_attachment = match depth {
            Some(target) => Some(wgpu::RenderPassDepthStencilAttachment {
                view: self.view(target.access)?,
                depth_ops: target.ops.map(|ops| Operations {
                    load: match ops.load {
                        DepthAttachmentLoadOp::Load => LoadOp::Load,
                        DepthAttachmentLoadOp::Clear(depth) => LoadOp::Clear(depth),
                    },
                    store: store_op(ops.store),
                }),
                stencil_ops: None,
            }),
            None => None,
        };
        let timestamp_writes = self.next_timestamps().map(|(query_set, first)| wgpu::RenderPassTimestampWrites {
            query_set,
            beginning_of_pass_write_index: Some(first),
            end_of_pass_write_index: Some(first + 1),
        });
        // Without its lifetime the pass can be lent to the callback by
        // reference instead of moving through every layer of the call.
        let mut render_pass = encoder
            .begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some(&self.labels[pass.index()]),
                color_attachments,
                depth_stencil_attachment,
                timestamp_writes,
                occlusion_query_set: None,
                multiview_mask: None,
            })
            .forget_lifetime();
        let context = RenderPassContext {
            device: self.device,
            pass: &mut render_pass,
            resources: self.resources(pass),
            frame_index: self.frame_index,
        };
        let result = run_render(self.callbacks, pass, context);
        self.attribute(pass, result)
    }

    fn compute(&mut self, encoder: &mut wgpu::CommandEncoder, pass: PassId) -> Result<()> {
        let timestamp_writes = self.next_timestamps().map(|(query_set, first)| wgpu::ComputePassTimestampWrites {
            query_set,
            beginning_of_pass_write_index: Some(first),
            end_of_pass_write_index: Some(first + 1),
        });
        let mut compute_pass = encoder
            .begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: Some(&self.labels[pass.index()]),
                timestamp_writes,
            })
            .forget_lifetime();
        let context = ComputePassContext {
            device: self.device,
            pass: &mut compute_pass,
            resources: self.resources(pass),
            frame_index: self.frame_index,
        };
        let result = run_compute(self.callbacks, pass, context);
        self.attribute(pass, result)
    }

    fn command(&mut self, encoder: &mut wgpu::CommandEncoder, pass: PassId) -> Result<()> {
        let context = CommandContext {
            device: self.device,
            encoder,
            resources: self.resources(pass),
            frame_index: self.frame_index,
        };
        let result = run_command(self.callbacks, pass, context);
        self.attribute(pass, result)
    }

    fn copy(&self, encoder: &mut wgpu::CommandEncoder, ops: Range<u32>) -> Result<()> {
        let natives = &self.table.natives;
        for op in &self.copies[ops.start as usize..ops.end as usize] {
            match *op {
                CopyOp::BufferToBuffer { src, src_offset, dst, dst_offset, size } => encoder.copy_buffer_to_buffer(
                    natives.buffer(src)?,
                    src_offset,
                    natives.buffer(dst)?,
                    dst_offset,
                    Some(size),
                ),
                CopyOp::BufferToTexture { src, layout, dst, size } => encoder.copy_buffer_to_texture(
                    wgpu::TexelCopyBufferInfo { buffer: natives.buffer(src)?, layout: layout.0 },
                    texel_copy(natives, dst)?,
                    size,
                ),
                CopyOp::TextureToBuffer { src, dst, layout, size } => encoder.copy_texture_to_buffer(
                    texel_copy(natives, src)?,
                    wgpu::TexelCopyBufferInfo { buffer: natives.buffer(dst)?, layout: layout.0 },
                    size,
                ),
                CopyOp::TextureToTexture { src, dst, size } => {
                    encoder.copy_texture_to_texture(texel_copy(natives, src)?, texel_copy(natives, dst)?, size);
                }
            }
        }
        Ok(())
    }

    fn clear(&self, encoder: &mut wgpu::CommandEncoder, ops: Range<u32>) -> Result<()> {
        for op in &self.clears[ops.start as usize..ops.end as usize] {
            encoder.clear_buffer(self.table.natives.buffer(op.buffer)?, op.offset, Some(op.size));
        }
        Ok(())
    }
}
