//! What an access selects: buffer byte ranges and texture regions per role.
//!
//! | Role family | Whole texture | View |
//! |---|---|---|
//! | sampled, copies, other reads | every mip and slice | the view's selection |
//! | storage read / write | the only mip (FG1104 if there are several) | a single-mip view |
//! | color / depth attachments | the only mip and layer (FG1104 otherwise) | a single-mip, single-layer view |
//!
//! Storage and attachment accesses to a whole multi-mip or multi-layer texture
//! are rejected rather than silently meaning mip 0 or layer 0: select the
//! subresource with a view. 3D attachments name a depth slice in their ops.

use wgpu::{TextureDimension, TextureFormat};

use super::{Region, Slices, TextureRegion};
use crate::desc::BufferRange;
use crate::error::{FrameGraphError, PassRef, Result};
use crate::format::Layers;
use crate::handle::{Buffer, TextureTarget};
use crate::ids::{ResourceId, ViewId};
use crate::record::frame::Frame;

/// How a role selects subresources from a target.
#[derive(Clone, Copy, Debug)]
pub(crate) enum TextureRule {
    Everything,
    SingleMip,
    Attachment { depth_slice: Option<u32> },
}

/// A resolved texture selection.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TextureSelection {
    pub resource: ResourceId,
    pub view: Option<ViewId>,
    pub region: TextureRegion,
    pub format: TextureFormat,
}

impl Frame<'_> {
    /// Resolves a buffer range against the logical size (FG1103 when out of bounds).
    #[inline(always)]
    pub(crate) fn buffer_region(
        &self,
        pass: Option<&PassRef>,
        buffer: Buffer<'_>,
        range: BufferRange,
    ) -> Result<Region> {
        self.check_brand_in(pass, buffer.brand)?;
        let Some(size) = self.rec.facts[buffer.id.index()].buffer_size() else {
            return Err(FrameGraphError::internal("a buffer handle names a texture"));
        };
        match range.resolve(size) {
            Some((offset, end)) => Ok(Region::Buffer { offset, end }),
            None => Err(self.out_of_bounds(pass, buffer, range, size)),
        }
    }

    #[cold]
    fn out_of_bounds(
        &self,
        pass: Option<&PassRef>,
        buffer: Buffer<'_>,
        range: BufferRange,
        size: u64,
    ) -> FrameGraphError {
        FrameGraphError::InvalidBufferRange {
            pass: pass.cloned(),
            resource: self.rec.resource_ref(buffer.id),
            range,
            resource_size: size,
        }
    }

    /// Resolves a texture target for a role rule (FG1104 when the selection
    /// does not fit the rule).
    pub(crate) fn texture_selection(
        &self,
        pass: Option<&PassRef>,
        target: TextureTarget<'_>,
        rule: TextureRule,
    ) -> Result<TextureSelection> {
        self.check_brand_in(pass, target.brand())?;
        let resource = target.resource();
        let desc = self.rec.texture_desc(resource);
        let (view, mut region, format) = match target {
            TextureTarget::Texture(_) => (None, TextureRegion::whole(desc), desc.format),
            TextureTarget::View(view) => {
                let record = &self.rec.views[view.id.index()];
                (Some(view.id), record.region, record.normalized.format)
            }
        };
        let invalid = |message: String| FrameGraphError::InvalidTextureView {
            pass: pass.cloned(),
            resource: self.rec.resource_ref(resource),
            message,
        };
        let is_3d = desc.dimension == TextureDimension::D3;
        match rule {
            TextureRule::Everything => {}
            TextureRule::SingleMip => {
                if region.mip_count != 1 {
                    return Err(invalid(format!(
                        "a storage access selects exactly one mip but this selects {} mips; \
                         create a view with mip_level_count 1",
                        region.mip_count
                    )));
                }
            }
            TextureRule::Attachment { depth_slice } => {
                if region.mip_count != 1 {
                    return Err(invalid(format!(
                        "an attachment selects exactly one mip but this selects {} mips; \
                         create a view with mip_level_count 1",
                        region.mip_count
                    )));
                }
                match (is_3d, depth_slice) {
                    (true, Some(slice)) => {
                        let depth = Layers::of(desc).at_mip(region.base_mip);
                        if slice >= depth {
                            return Err(invalid(format!(
                                "depth slice {slice} is outside the {depth} slices of mip {}",
                                region.base_mip
                            )));
                        }
                        region.slices = Slices::Range { base: slice, count: 1 };
                    }
                    (true, None) => {
                        return Err(invalid(
                            "a 3D attachment renders to one depth slice; set it with \
                             ColorAttachmentOps::with_depth_slice"
                                .into(),
                        ));
                    }
                    (false, Some(_)) => {
                        return Err(invalid("depth_slice only applies to 3D textures; remove it".into()));
                    }
                    (false, None) => {
                        if let Slices::Range { count, .. } = region.slices
                            && count != 1
                        {
                            return Err(invalid(format!(
                                "an attachment selects exactly one layer but this selects {count} \
                                 layers; create a view with array_layer_count 1"
                            )));
                        }
                    }
                }
            }
        }
        Ok(TextureSelection { resource, view, region, format })
    }
}
