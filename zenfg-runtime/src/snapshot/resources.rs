//! Resources with their descriptors, usage, lifetimes and allocations; texture views.

use zenfg_snapshot_format::{
    SnapshotLifetime, SnapshotResource, SnapshotResourceDescriptor, SnapshotTextureSize, SnapshotTextureView,
};

use super::error::{SnapshotExportError, safe_integer};
use super::format::texture_format_name;
use super::{ids, vocabulary};
use crate::compile::{FullCompilationReport, ResourceDescriptor, ResourceReport, ViewReport};
use crate::types::{ResourceKind, ResourceUsage};

/// Every resource, in report order.
pub(super) fn resources(report: &FullCompilationReport) -> Result<Vec<SnapshotResource>, SnapshotExportError> {
    report.resources.iter().map(resource).collect()
}

fn resource(resource: &ResourceReport) -> Result<SnapshotResource, SnapshotExportError> {
    let id = ids::resource(resource.id);
    let usage_flags = match (resource.kind, resource.effective_usage) {
        (ResourceKind::Texture, ResourceUsage::Texture(usage)) => vocabulary::texture_usage_flags(usage)?,
        (ResourceKind::Buffer, ResourceUsage::Buffer(usage)) => vocabulary::buffer_usage_flags(usage)?,
        _ => return Err(mismatch(resource, "effective usage")),
    };
    let descriptor = match (resource.kind, &resource.descriptor) {
        (ResourceKind::Texture, ResourceDescriptor::Texture(desc)) => {
            let mut view_formats: Vec<String> = Vec::with_capacity(desc.view_formats.len());
            for &format in &desc.view_formats {
                let name = texture_format_name(format);
                if !view_formats.iter().any(|known| *known == name) {
                    view_formats.push(name.into_owned());
                }
            }
            SnapshotResourceDescriptor::Texture {
                format: texture_format_name(desc.format).into_owned(),
                size: SnapshotTextureSize {
                    width: u64::from(desc.size.width),
                    height: u64::from(desc.size.height),
                    depth_or_array_layers: u64::from(desc.size.depth_or_array_layers),
                },
                dimension: vocabulary::texture_dimension(desc.dimension).to_owned(),
                mip_level_count: u64::from(desc.mip_level_count),
                sample_count: u64::from(desc.sample_count),
                view_formats,
            }
        }
        (ResourceKind::Buffer, ResourceDescriptor::Buffer(desc)) => {
            SnapshotResourceDescriptor::Buffer { size: safe_integer(desc.size, || format!("{id} descriptor.size"))? }
        }
        _ => return Err(mismatch(resource, "descriptor")),
    };
    let estimated_byte_size = safe_integer(resource.estimated_byte_size, || format!("{id} estimatedByteSize"))?;
    Ok(SnapshotResource {
        label: Some(resource.label.to_string()),
        initial_contents: Some(vocabulary::initial_contents(resource.initial_contents)),
        group_id: resource.debug_group.map(ids::group),
        lifetime: resource.lifetime.map(|lifetime| SnapshotLifetime {
            first_use: u64::from(lifetime.first_use),
            last_use: u64::from(lifetime.last_use),
        }),
        allocation_id: resource.allocation.map(ids::allocation),
        estimated_byte_size: Some(estimated_byte_size),
        descriptor: Some(descriptor),
        usage_flags,
        ..SnapshotResource::new(id, vocabulary::resource_kind(resource.kind), vocabulary::origin(resource.origin))
    })
}

fn mismatch(resource: &ResourceReport, what: &str) -> SnapshotExportError {
    SnapshotExportError::invalid_report(format!("{} is a {:?} but its {what} is not", resource.id, resource.kind))
}

/// Every explicit view, with its resolved format, dimension and subresources.
pub(super) fn texture_views(report: &FullCompilationReport) -> Result<Vec<SnapshotTextureView>, SnapshotExportError> {
    report.views.iter().map(texture_view).collect()
}

fn texture_view(view: &ViewReport) -> Result<SnapshotTextureView, SnapshotExportError> {
    let normalized = &view.normalized;
    Ok(SnapshotTextureView {
        id: ids::view(view.id),
        stable_key: None,
        resource_id: ids::resource(view.texture),
        label: normalized.label.as_ref().or(view.descriptor.label.as_ref()).map(ToString::to_string),
        format: texture_format_name(normalized.format).into_owned(),
        dimension: vocabulary::view_dimension(normalized.dimension).to_owned(),
        aspect: vocabulary::aspect(normalized.aspect)?.to_owned(),
        base_mip_level: u64::from(normalized.base_mip_level),
        mip_level_count: u64::from(normalized.mip_level_count),
        // A 3D view selects every depth slice of its mips; as a view it counts one layer.
        base_array_layer: u64::from(normalized.base_array_layer),
        array_layer_count: normalized.array_layer_count.map_or(1, u64::from),
        swizzle: "rgba".to_owned(),
    })
}
