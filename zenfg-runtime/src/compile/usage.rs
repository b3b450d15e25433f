//! Usage derivation over retained work: what each resource must allow, and
//! FG1101 / FG1102 when a fixed or exposed usage cannot serve it.

use wgpu::{BufferUsages, TextureDimension, TextureUsages};

use crate::error::{FrameGraphError, Result};
use crate::record::{Recording, ResourceShape};
use crate::types::{ResourceOrigin, ResourceUsage, UsagePolicy};

/// The effective usage of every resource, as raw bits of its kind's flags.
///
/// Required usage is the union over the accesses of retained nodes (empty
/// copies included: they are still encoded). Transients with
/// `UsagePolicy::Infer` get exactly that; fixed transients and imports keep
/// their fixed or exposed usage, which must contain it.
pub(crate) fn derive_usage(rec: &Recording<'_>, required: &[u32], effective: &mut Vec<u32>) -> Result<()> {
    effective.clear();
    for (index, (resource, &needed)) in rec.resources.iter().zip(required).enumerate() {
        let transient = resource.origin == ResourceOrigin::Transient;
        let mismatch = |available: ResourceUsage, required: ResourceUsage| FrameGraphError::UsageMismatch {
            resource: rec.resource_ref(crate::ids::ResourceId(index as u32)),
            required,
            available,
        };
        let bits = match &resource.shape {
            ResourceShape::Texture { desc } => {
                let needed = TextureUsages::from_bits_truncate(needed);
                let available = match (transient, desc.usage, resource.exposed_texture_usage()) {
                    (true, UsagePolicy::Fixed(usage), _) => usage,
                    (false, _, Some(usage)) => usage,
                    _ => needed,
                };
                if !available.contains(needed) {
                    return Err(mismatch(ResourceUsage::Texture(available), ResourceUsage::Texture(needed)));
                }
                if transient && !needed.is_empty() {
                    let invalid = |message: &str| FrameGraphError::InvalidResourceDescriptor {
                        resource: Some(crate::ids::ResourceId(index as u32)),
                        label: desc.label.clone(),
                        message: message.into(),
                    };
                    if desc.dimension == TextureDimension::D1 && available.contains(TextureUsages::RENDER_ATTACHMENT) {
                        return Err(invalid("1D textures cannot be render attachments"));
                    }
                    if desc.sample_count > 1 && !available.contains(TextureUsages::RENDER_ATTACHMENT) {
                        return Err(invalid("a multisampled texture must be rendered to (RENDER_ATTACHMENT)"));
                    }
                    if desc.sample_count > 1 && available.contains(TextureUsages::STORAGE_BINDING) {
                        return Err(invalid("multisampled textures cannot be storage textures"));
                    }
                }
                available.bits()
            }
            ResourceShape::Buffer { desc } => {
                let needed = BufferUsages::from_bits_truncate(needed);
                let available = match (transient, desc.usage, resource.exposed_buffer_usage()) {
                    (true, UsagePolicy::Fixed(usage), _) => usage,
                    (false, _, Some(usage)) => usage,
                    _ => needed,
                };
                if !available.contains(needed) {
                    return Err(mismatch(ResourceUsage::Buffer(available), ResourceUsage::Buffer(needed)));
                }
                available.bits()
            }
        };
        effective.push(bits);
    }
    Ok(())
}
