//! Attachments of a render pass (and of command and external passes, which
//! begin their own): color targets with their resolve targets, and depth.

use super::{PassBuilder, texture_parts};
use crate::error::{FrameGraphError, Result};
use crate::format::{category, is_depth};
use crate::handle::TextureTarget;
use crate::ids::{AccessId, ResourceId};
use crate::ops::{ColorAttachmentOps, DepthAttachmentLoadOp, DepthAttachmentOps};
use crate::record::Region;
use crate::record::frame::Frame;
use crate::record::selection::{TextureRule, TextureSelection};
use crate::record::{ColorTarget, DepthTarget};
use crate::token::kind::PassKind;
use crate::token::{AccessToken, ColorAttachment, DepthAttachment};
use crate::types::{AccessRole, NodeKind, WriteContents};

impl<'frame, K: PassKind> PassBuilder<'_, 'frame, K> {
    pub(super) fn check_attachment_format(&self, selection: &TextureSelection, role: AccessRole) -> Result<()> {
        let wants_depth = role == AccessRole::DepthAttachment;
        if is_depth(selection.format) == wants_depth {
            return Ok(());
        }
        Err(FrameGraphError::UnsupportedTextureFormatUsage {
            pass: self.pass.clone(),
            resource: self.frame.rec.resource_ref(selection.resource),
            role,
            format: selection.format,
            message: format!(
                "a {} attachment needs a {} format, not a {} format",
                if wants_depth { "depth" } else { "color" },
                if wants_depth { "depth" } else { "color" },
                category(selection.format)
            ),
        })
    }

    pub(super) fn color(&mut self, target: TextureTarget<'frame>, ops: ColorAttachmentOps) -> Result<AccessId> {
        let selection = self.frame.texture_selection(
            Some(&self.pass),
            target,
            TextureRule::Attachment { depth_slice: ops.depth_slice },
        )?;
        self.check_attachment_format(&selection, AccessRole::ColorAttachment)?;
        let (resource, view, region) = texture_parts(selection);
        let access = self.write(AccessRole::ColorAttachment, resource, view, region, WriteContents::Overwrite);
        self.push(access.with_contents(ops.loads(), ops.stores()))
    }

    pub(super) fn record_color(&mut self, access: AccessId, ops: ColorAttachmentOps, resolve: Option<AccessId>) {
        if K::KIND == NodeKind::Render {
            self.frame.rec.colors.push(ColorTarget { access: Some(access), ops, resolve });
        }
    }

    pub(super) fn record_empty_color(&mut self) {
        if K::KIND == NodeKind::Render {
            let ops = ColorAttachmentOps::load_discard();
            self.frame.rec.colors.push(ColorTarget { access: None, ops, resolve: None });
        }
    }

    pub(super) fn depth(
        &mut self,
        target: TextureTarget<'frame>,
        ops: Option<DepthAttachmentOps>,
    ) -> Result<AccessToken<'frame, DepthAttachment>> {
        if K::KIND == NodeKind::Render && self.depth.is_some() {
            return Err(FrameGraphError::InvalidNodeOperation {
                pass: self.pass.clone(),
                resource: None,
                message: "a render pass has at most one depth attachment".into(),
            });
        }
        let selection =
            self.frame.texture_selection(Some(&self.pass), target, TextureRule::Attachment { depth_slice: None })?;
        if let Some(DepthAttachmentOps { load: DepthAttachmentLoadOp::Clear(depth), .. }) = ops
            && !(0.0..=1.0).contains(&depth)
        {
            return Err(FrameGraphError::InvalidNodeOperation {
                pass: self.pass.clone(),
                resource: Some(self.frame.rec.resource_ref(selection.resource)),
                message: format!(
                    "a depth attachment clears to a depth in 0.0..=1.0, and this one to {depth}; clear to 1.0 (far) \
                     or 0.0 (near, for reversed depth)"
                ),
            });
        }
        self.check_attachment_format(&selection, AccessRole::DepthAttachment)?;
        let (resource, view, region) = texture_parts(selection);
        let access = match ops {
            Some(ops) => self
                .write(AccessRole::DepthAttachment, resource, view, region, WriteContents::Overwrite)
                .with_contents(ops.loads(), ops.stores()),
            None => self.read(AccessRole::DepthAttachment, resource, view, region),
        };
        let access = self.push(access)?;
        if K::KIND == NodeKind::Render {
            self.depth = Some(DepthTarget { access, ops });
        }
        Ok(self.token(access))
    }

    /// The format an attachment access renders in: its view's, or its
    /// texture's.
    pub(super) fn attachment_format(&self, id: AccessId) -> wgpu::TextureFormat {
        self.frame.rec.access_format(id)
    }

    /// The texture, mip extent and sample count an attachment access renders
    /// to.
    pub(super) fn attachment_shape(&self, access: AccessId) -> (ResourceId, (u32, u32), u32) {
        let rec = &self.frame.rec;
        let access = &rec.accesses[access.index()];
        let desc = rec.texture_desc(access.resource);
        let mip = match access.region() {
            Region::Texture(region) => region.base_mip,
            Region::Buffer { .. } => 0,
        };
        let extent = ((desc.size.width >> mip).max(1), (desc.size.height >> mip).max(1));
        (access.resource, extent, desc.sample_count)
    }

    fn check_resolve(&mut self, source: AccessId, target: AccessId) -> Result<()> {
        let (source_format, target_format) = (self.attachment_format(source), self.attachment_format(target));
        let (source, source_extent, source_samples) = self.attachment_shape(source);
        let (target, target_extent, target_samples) = self.attachment_shape(target);
        let invalid = |frame: &Frame<'_>, resource, message: String| FrameGraphError::InvalidNodeOperation {
            pass: self.pass.clone(),
            resource: Some(frame.rec.resource_ref(resource)),
            message,
        };
        if source_samples <= 1 {
            return Err(invalid(
                self.frame,
                source,
                "a resolve needs a multisampled source, and this one has 1 sample: \
                 create it with `with_samples(4)` or attach it without a resolve target"
                    .into(),
            ));
        }
        if target_samples != 1 {
            return Err(invalid(
                self.frame,
                target,
                format!(
                    "a resolve target must have 1 sample, and this one has {target_samples}: \
                     resolve into a single-sampled texture"
                ),
            ));
        }
        if source_format != target_format {
            return Err(invalid(
                self.frame,
                target,
                format!(
                    "a resolve target must have its source's format, {source_format:?}, and this one is \
                     {target_format:?}: resolve into a texture (or view) of format {source_format:?}"
                ),
            ));
        }
        if source_extent != target_extent {
            return Err(invalid(
                self.frame,
                target,
                format!(
                    "a resolve target must have its source's size, {}x{}, and this one is {}x{}: \
                     resolve into a texture (or mip) of the same size",
                    source_extent.0, source_extent.1, target_extent.0, target_extent.1
                ),
            ));
        }
        let flags = self.frame.graph.capabilities.format_features(target_format).flags;
        if !flags.contains(wgpu::TextureFormatFeatureFlags::MULTISAMPLE_RESOLVE) {
            return Err(invalid(
                self.frame,
                target,
                format!(
                    "format {target_format:?} cannot be resolved into on this device: \
                     render to a format that can (such as Rgba8Unorm or Rgba16Float)"
                ),
            ));
        }
        Ok(())
    }

    /// A color attachment of `source` resolved into `resolve_target`: both
    /// accesses, or neither.
    pub(super) fn color_with_resolve(
        &mut self,
        source: TextureTarget<'frame>,
        resolve_target: TextureTarget<'frame>,
        ops: ColorAttachmentOps,
    ) -> Result<AccessToken<'frame, ColorAttachment>> {
        let before = self.frame.rec.accesses.len();
        let source = self.color(source, ops)?;
        let resolve = self
            .frame
            .texture_selection(Some(&self.pass), resolve_target, TextureRule::Attachment { depth_slice: None })
            .and_then(|selection| {
                self.check_attachment_format(&selection, AccessRole::ColorAttachment)?;
                let (resource, view, region) = texture_parts(selection);
                let access = self.push(self.write(
                    AccessRole::ColorAttachment,
                    resource,
                    view,
                    region,
                    WriteContents::Overwrite,
                ))?;
                self.check_resolve(source, access)?;
                Ok(access)
            });
        match resolve {
            Ok(resolve) => {
                self.record_color(source, ops, Some(resolve));
                Ok(self.token(source))
            }
            Err(error) => {
                self.roll_back(before);
                Err(error)
            }
        }
    }
}
