//! The closed runtime vocabularies in their Snapshot spelling.

use wgpu::{BufferUsages, TextureAspect, TextureDimension, TextureUsages, TextureViewDimension};
use zenfg_snapshot_format::{
    SnapshotAccessKind, SnapshotDependencyKind, SnapshotDiagnosticSeverity, SnapshotInitialContents, SnapshotNodeKind,
    SnapshotResourceKind, SnapshotResourceOrigin, SnapshotRootReason, SnapshotSegmentKind, SnapshotUsageFlag,
};

use super::error::SnapshotExportError;
use crate::compile::{DiagnosticSeverity, ExecutionSegmentKind};
use crate::types::{
    AccessMode, AccessRole, DependencyKind, InitialContents, NodeKind, ResourceKind, ResourceOrigin, RootReason,
};

pub(super) fn node_kind(kind: NodeKind) -> SnapshotNodeKind {
    match kind {
        NodeKind::Render => SnapshotNodeKind::Render,
        NodeKind::Compute => SnapshotNodeKind::Compute,
        NodeKind::Copy => SnapshotNodeKind::Copy,
        NodeKind::ClearBuffer => SnapshotNodeKind::ClearBuffer,
        NodeKind::Command => SnapshotNodeKind::Command,
        NodeKind::ExternalSubmission => SnapshotNodeKind::ExternalSubmission,
    }
}

pub(super) fn resource_kind(kind: ResourceKind) -> SnapshotResourceKind {
    match kind {
        ResourceKind::Texture => SnapshotResourceKind::Texture,
        ResourceKind::Buffer => SnapshotResourceKind::Buffer,
    }
}

pub(super) fn origin(origin: ResourceOrigin) -> SnapshotResourceOrigin {
    match origin {
        ResourceOrigin::Transient => SnapshotResourceOrigin::Transient,
        ResourceOrigin::Imported => SnapshotResourceOrigin::Imported,
        ResourceOrigin::Surface => SnapshotResourceOrigin::Surface,
    }
}

pub(super) fn initial_contents(contents: InitialContents) -> SnapshotInitialContents {
    match contents {
        InitialContents::Defined => SnapshotInitialContents::Defined,
        InitialContents::Undefined => SnapshotInitialContents::Undefined,
    }
}

pub(super) fn root_reason(reason: RootReason) -> SnapshotRootReason {
    match reason {
        RootReason::Present => SnapshotRootReason::Present,
        RootReason::Output => SnapshotRootReason::Output,
        RootReason::Readback => SnapshotRootReason::Readback,
        RootReason::DebugCapture => SnapshotRootReason::DebugCapture,
        RootReason::PersistentState => SnapshotRootReason::PersistentState,
    }
}

pub(super) fn segment_kind(kind: ExecutionSegmentKind) -> SnapshotSegmentKind {
    match kind {
        ExecutionSegmentKind::FrameGraph => SnapshotSegmentKind::FrameGraph,
        ExecutionSegmentKind::ExternalSubmission => SnapshotSegmentKind::ExternalSubmission,
    }
}

pub(super) fn dependency_kind(kind: DependencyKind) -> SnapshotDependencyKind {
    match kind {
        DependencyKind::Value => SnapshotDependencyKind::Value,
        DependencyKind::Ordering => SnapshotDependencyKind::Ordering,
    }
}

pub(super) fn severity(severity: DiagnosticSeverity) -> SnapshotDiagnosticSeverity {
    match severity {
        DiagnosticSeverity::Info => SnapshotDiagnosticSeverity::Info,
        DiagnosticSeverity::Warning => SnapshotDiagnosticSeverity::Warning,
    }
}

/// The access kind of `role` used with `mode`. Only the depth attachment has both modes.
pub(super) fn access_kind(role: AccessRole, mode: AccessMode) -> Result<SnapshotAccessKind, SnapshotExportError> {
    use SnapshotAccessKind as K;
    let kind = match role {
        AccessRole::SampledTexture => K::TextureSampled,
        AccessRole::StorageTextureRead => K::TextureStorageRead,
        AccessRole::StorageTextureWrite => K::TextureStorageWrite,
        AccessRole::ColorAttachment => K::TextureColorAttachmentWrite,
        AccessRole::DepthAttachment if mode == AccessMode::Read => K::TextureDepthRead,
        AccessRole::DepthAttachment => K::TextureDepthWrite,
        AccessRole::TextureCopySrc => K::TextureCopySrc,
        AccessRole::TextureCopyDst => K::TextureCopyDst,
        AccessRole::UniformBuffer => K::BufferUniform,
        AccessRole::StorageBufferRead => K::BufferStorageRead,
        AccessRole::StorageBufferWrite => K::BufferStorageWrite,
        AccessRole::VertexBuffer => K::BufferVertex,
        AccessRole::IndexBuffer => K::BufferIndex,
        AccessRole::IndirectBuffer => K::BufferIndirect,
        AccessRole::BufferCopySrc => K::BufferCopySrc,
        AccessRole::BufferCopyDst => K::BufferCopyDst,
    };
    let wire_mode = match mode {
        AccessMode::Read => zenfg_snapshot_format::SnapshotAccessMode::Read,
        AccessMode::Write => zenfg_snapshot_format::SnapshotAccessMode::Write,
    };
    if kind.required_mode() != wire_mode {
        let verb = if mode == AccessMode::Read { "read" } else { "write" };
        return Err(SnapshotExportError::UnsupportedValue { field: "access", value: format!("{role} {verb}") });
    }
    Ok(kind)
}

/// `usage` as flags in protocol order.
pub(super) fn texture_usage_flags(usage: TextureUsages) -> Result<Vec<SnapshotUsageFlag>, SnapshotExportError> {
    const FLAGS: [(TextureUsages, SnapshotUsageFlag); 5] = [
        (TextureUsages::COPY_SRC, SnapshotUsageFlag::CopySrc),
        (TextureUsages::COPY_DST, SnapshotUsageFlag::CopyDst),
        (TextureUsages::TEXTURE_BINDING, SnapshotUsageFlag::TextureBinding),
        (TextureUsages::STORAGE_BINDING, SnapshotUsageFlag::StorageBinding),
        (TextureUsages::RENDER_ATTACHMENT, SnapshotUsageFlag::RenderAttachment),
    ];
    let known = FLAGS.iter().fold(TextureUsages::empty(), |all, &(bit, _)| all | bit);
    let unknown = usage - known;
    if !unknown.is_empty() {
        return Err(SnapshotExportError::UnsupportedTextureUsage { bits: unknown.bits() });
    }
    Ok(FLAGS.iter().filter(|&&(bit, _)| usage.contains(bit)).map(|&(_, flag)| flag).collect())
}

/// `usage` as flags in protocol order.
pub(super) fn buffer_usage_flags(usage: BufferUsages) -> Result<Vec<SnapshotUsageFlag>, SnapshotExportError> {
    const FLAGS: [(BufferUsages, SnapshotUsageFlag); 10] = [
        (BufferUsages::MAP_READ, SnapshotUsageFlag::MapRead),
        (BufferUsages::MAP_WRITE, SnapshotUsageFlag::MapWrite),
        (BufferUsages::COPY_SRC, SnapshotUsageFlag::CopySrc),
        (BufferUsages::COPY_DST, SnapshotUsageFlag::CopyDst),
        (BufferUsages::INDEX, SnapshotUsageFlag::Index),
        (BufferUsages::VERTEX, SnapshotUsageFlag::Vertex),
        (BufferUsages::UNIFORM, SnapshotUsageFlag::Uniform),
        (BufferUsages::STORAGE, SnapshotUsageFlag::Storage),
        (BufferUsages::INDIRECT, SnapshotUsageFlag::Indirect),
        (BufferUsages::QUERY_RESOLVE, SnapshotUsageFlag::QueryResolve),
    ];
    let known = FLAGS.iter().fold(BufferUsages::empty(), |all, &(bit, _)| all | bit);
    let unknown = usage - known;
    if !unknown.is_empty() {
        return Err(SnapshotExportError::UnsupportedBufferUsage { bits: unknown.bits() });
    }
    Ok(FLAGS.iter().filter(|&&(bit, _)| usage.contains(bit)).map(|&(_, flag)| flag).collect())
}

pub(super) fn texture_dimension(dimension: TextureDimension) -> &'static str {
    match dimension {
        TextureDimension::D1 => "1d",
        TextureDimension::D2 => "2d",
        TextureDimension::D3 => "3d",
    }
}

pub(super) fn view_dimension(dimension: TextureViewDimension) -> &'static str {
    match dimension {
        TextureViewDimension::D1 => "1d",
        TextureViewDimension::D2 => "2d",
        TextureViewDimension::D2Array => "2d-array",
        TextureViewDimension::Cube => "cube",
        TextureViewDimension::CubeArray => "cube-array",
        TextureViewDimension::D3 => "3d",
    }
}

/// The WebGPU aspect name; planes of multi-planar formats have none.
pub(super) fn aspect(aspect: TextureAspect) -> Result<&'static str, SnapshotExportError> {
    match aspect {
        TextureAspect::All => Ok("all"),
        TextureAspect::DepthOnly => Ok("depth-only"),
        TextureAspect::StencilOnly => Ok("stencil-only"),
        TextureAspect::Plane0 | TextureAspect::Plane1 | TextureAspect::Plane2 => {
            Err(SnapshotExportError::UnsupportedValue { field: "texture aspect", value: format!("{aspect:?}") })
        }
    }
}
