//! Texture regions and buffer ranges in their Snapshot form.

use wgpu::TextureDimension;
use zenfg_snapshot_format::{SnapshotBufferRange, SnapshotTextureRegion};

use super::error::{SnapshotExportError, safe_integer};
use super::vocabulary;
use crate::compile::{ResourceDescriptor, ResourceReport};
use crate::desc::{BufferRange, TextureSubresourceRange};

/// Whether the slices of `resource`'s regions are depth slices (3D textures) rather
/// than array layers.
pub(super) fn uses_depth_slices(resource: &ResourceReport) -> bool {
    matches!(&resource.descriptor, ResourceDescriptor::Texture(desc) if desc.dimension == TextureDimension::D3)
}

/// One normalized region, over depth slices or array layers.
pub(super) fn texture_region(
    region: &TextureSubresourceRange,
    depth_slices: bool,
) -> Result<SnapshotTextureRegion, SnapshotExportError> {
    let aspect = vocabulary::aspect(region.aspect)?;
    let (mip, mips) = (u64::from(region.base_mip_level), u64::from(region.mip_level_count));
    let (base, count) = (u64::from(region.base_slice), u64::from(region.slice_count));
    Ok(if depth_slices {
        SnapshotTextureRegion::depth_slices(mip, mips, base, count, aspect)
    } else {
        SnapshotTextureRegion::array_layers(mip, mips, base, count, aspect)
    })
}

/// A buffer range; `what` names its owner if a number is too large.
pub(super) fn buffer_range(
    range: BufferRange,
    what: impl Fn() -> String,
) -> Result<SnapshotBufferRange, SnapshotExportError> {
    let offset = safe_integer(range.offset, || format!("{} offset", what()))?;
    let size = range.size.map(|size| safe_integer(size, || format!("{} size", what()))).transpose()?;
    Ok(SnapshotBufferRange::new(offset, size))
}
