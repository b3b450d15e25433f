//! Attachments of a render pass (and of command and external passes, which
//! begin their own): color targets with their resolve targets, and depth.

use super::{PassBuilder, texture_parts};
use crate::error::{FrameGraphError, Result};
use crate::format::{category, is_depth};
use crate::handle::TextureTarget;
use crate::ids::AccessId;
use crate::ops::{ColorAttachmentOps, DepthAttachmentOps};
use crate::record::selection::{TextureRule, TextureSelection};
use crate::record::{ColorTarget, DepthTarget};
use crate::token::kind::{AcceptsRole, PassKind};
use crate::token::{AccessToken, ColorAttachment, DepthAttachment};
use crate::types::{AccessRole, NodeKind, WriteContents};

impl<'frame, K: PassKind> PassBuilder<'_, 'frame, K> {
    fn check_attachment_format(&self, selection: &TextureSelection, role: AccessRole) -> Result<()> {
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

    fn color(&mut self, target: TextureTarget<'frame>, ops: ColorAttachmentOps) -> Result<AccessId> {
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

    fn record_color(&mut self, access: AccessId, ops: ColorAttachmentOps, resolve: Option<AccessId>) {
        if K::KIND == NodeKind::Render {
            self.frame.rec.colors.push(ColorTarget { access, ops, resolve });
        }
    }

    /// Renders into one mip and layer of `target`. `Clear` overwrites, `Load`
    /// preserves; `Discard` leaves the contents undefined afterwards. Needs
    /// `RENDER_ATTACHMENT` and a color format (FG1108).
    pub fn color_attachment(
        &mut self,
        target: impl Into<TextureTarget<'frame>>,
        ops: ColorAttachmentOps,
    ) -> Result<AccessToken<'frame, ColorAttachment>>
    where
        K: AcceptsRole<ColorAttachment>,
    {
        let access = self.color(target.into(), ops)?;
        self.record_color(access, ops, None);
        Ok(self.token(access))
    }

    /// Renders into a multisampled `source` and resolves it into
    /// `resolve_target`, which is overwritten. Returns the source's token.
    pub fn color_attachment_with_resolve(
        &mut self,
        source: impl Into<TextureTarget<'frame>>,
        resolve_target: impl Into<TextureTarget<'frame>>,
        ops: ColorAttachmentOps,
    ) -> Result<AccessToken<'frame, ColorAttachment>>
    where
        K: AcceptsRole<ColorAttachment>,
    {
        let before = self.frame.rec.accesses.len();
        let source = self.color(source.into(), ops)?;
        let resolve = self
            .frame
            .texture_selection(Some(&self.pass), resolve_target.into(), TextureRule::Attachment { depth_slice: None })
            .and_then(|selection| {
                self.check_attachment_format(&selection, AccessRole::ColorAttachment)?;
                let (resource, view, region) = texture_parts(selection);
                self.push(self.write(AccessRole::ColorAttachment, resource, view, region, WriteContents::Overwrite))
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

    fn depth(
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

    /// Writes depth into one mip and layer of `target`. Needs a depth format.
    /// A render pass has at most one depth attachment (FG1106).
    pub fn depth_attachment(
        &mut self,
        target: impl Into<TextureTarget<'frame>>,
        ops: DepthAttachmentOps,
    ) -> Result<AccessToken<'frame, DepthAttachment>>
    where
        K: AcceptsRole<DepthAttachment>,
    {
        self.depth(target.into(), Some(ops))
    }

    /// Tests against depth without writing it: a read, which needs defined contents.
    pub fn depth_attachment_read_only(
        &mut self,
        target: impl Into<TextureTarget<'frame>>,
    ) -> Result<AccessToken<'frame, DepthAttachment>>
    where
        K: AcceptsRole<DepthAttachment>,
    {
        self.depth(target.into(), None)
    }
}
