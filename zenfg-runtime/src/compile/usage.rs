//! Usage derivation over retained work: what each resource must allow, and
//! FG1101 / FG1102 when a fixed or exposed usage cannot serve it.

use wgpu::{TextureDimension, TextureUsages};

use crate::error::{FrameGraphError, Result};
use crate::ids::ResourceId;
use crate::record::Recording;
use crate::types::ResourceOrigin;

/// The effective usage of every resource, as raw bits of its kind's flags.
///
/// Required usage is the union over the accesses of retained nodes (empty
/// copies included: they are still encoded). Transients with
/// `UsagePolicy::Infer` get exactly that; fixed transients and imports keep
/// their fixed or exposed usage, which must contain it.
pub(crate) fn derive_usage(rec: &Recording<'_>, required: &[u32], effective: &mut Vec<u32>) -> Result<()> {
    effective.clear();
    for (index, (facts, &needed)) in rec.facts.iter().zip(required).enumerate() {
        let available = facts.promised().unwrap_or(needed);
        if available & needed != needed {
            let record = &rec.resources[index];
            return Err(FrameGraphError::UsageMismatch {
                resource: rec.resource_ref(ResourceId(index as u32)),
                required: record.usage(needed),
                available: record.usage(available),
            });
        }
        // Only 1D and multisampled transient textures can break the rules of
        // their shape; the descriptor is read for those alone.
        if (facts.is_1d() || facts.is_multisampled()) && facts.origin == ResourceOrigin::Transient && needed != 0 {
            check_transient_texture(rec, ResourceId(index as u32), TextureUsages::from_bits_truncate(available))?;
        }
        effective.push(available);
    }
    Ok(())
}

/// FG1102 for a transient texture whose usage its shape cannot have.
fn check_transient_texture(rec: &Recording<'_>, id: ResourceId, available: TextureUsages) -> Result<()> {
    let desc = rec.texture_desc(id);
    let invalid = |message: &str| FrameGraphError::InvalidResourceDescriptor {
        resource: Some(id),
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
    Ok(())
}
