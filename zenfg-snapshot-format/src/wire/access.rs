use serde::{Deserialize, Serialize};

use super::SnapshotResourceKind;

/// One access of a node to a resource, in the central access table.
///
/// Reads carry no `contents` and `produces_value == false`; writes carry `contents`.
/// Texture accesses carry a `texture_region`, buffer accesses a `buffer_range`, unless the
/// document declares access regions unavailable.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotAccess {
    /// `access:`-prefixed id.
    pub id: String,
    /// The accessing node.
    pub node_id: String,
    /// The accessed resource.
    pub resource_id: String,
    /// How the resource is accessed.
    pub access: SnapshotAccessKind,
    /// An explicit view of the same resource; never on copy or buffer accesses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub texture_view_id: Option<String>,
    /// The texture subresources touched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub texture_region: Option<SnapshotTextureRegion>,
    /// The buffer bytes touched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub buffer_range: Option<SnapshotBufferRange>,
    /// Read or write; fixed by the access kind.
    pub mode: SnapshotAccessMode,
    /// For writes: whether the write depends on earlier contents.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contents: Option<SnapshotWriteContents>,
    /// Whether the written value may be read later; always `false` for reads.
    pub produces_value: bool,
}

impl SnapshotAccess {
    /// A read access (mode from `access`, no contents, produces no value) without
    /// view, region or range.
    pub fn read(
        id: impl Into<String>,
        node_id: impl Into<String>,
        resource_id: impl Into<String>,
        access: SnapshotAccessKind,
    ) -> Self {
        Self {
            id: id.into(),
            node_id: node_id.into(),
            resource_id: resource_id.into(),
            access,
            texture_view_id: None,
            texture_region: None,
            buffer_range: None,
            mode: SnapshotAccessMode::Read,
            contents: None,
            produces_value: false,
        }
    }

    /// A write access without view, region or range.
    pub fn write(
        id: impl Into<String>,
        node_id: impl Into<String>,
        resource_id: impl Into<String>,
        access: SnapshotAccessKind,
        contents: SnapshotWriteContents,
        produces_value: bool,
    ) -> Self {
        Self {
            mode: SnapshotAccessMode::Write,
            contents: Some(contents),
            produces_value,
            ..Self::read(id, node_id, resource_id, access)
        }
    }
}

wire_enum! {
    /// How a node accesses a resource.
    pub enum SnapshotAccessKind {
        /// Sampled texture binding (read).
        TextureSampled => "texture-sampled",
        /// Storage texture read.
        TextureStorageRead => "texture-storage-read",
        /// Storage texture write.
        TextureStorageWrite => "texture-storage-write",
        /// Color attachment write.
        TextureColorAttachmentWrite => "texture-color-attachment-write",
        /// Read-only depth attachment.
        TextureDepthRead => "texture-depth-read",
        /// Depth attachment write.
        TextureDepthWrite => "texture-depth-write",
        /// Texture copy source.
        TextureCopySrc => "texture-copy-src",
        /// Texture copy destination.
        TextureCopyDst => "texture-copy-dst",
        /// Uniform buffer binding.
        BufferUniform => "buffer-uniform",
        /// Storage buffer read.
        BufferStorageRead => "buffer-storage-read",
        /// Storage buffer write.
        BufferStorageWrite => "buffer-storage-write",
        /// Vertex buffer.
        BufferVertex => "buffer-vertex",
        /// Index buffer.
        BufferIndex => "buffer-index",
        /// Indirect arguments.
        BufferIndirect => "buffer-indirect",
        /// Buffer copy source.
        BufferCopySrc => "buffer-copy-src",
        /// Buffer copy destination.
        BufferCopyDst => "buffer-copy-dst",
    }
}

impl SnapshotAccessKind {
    /// The resource kind this access applies to.
    pub const fn resource_kind(self) -> SnapshotResourceKind {
        match self {
            Self::TextureSampled
            | Self::TextureStorageRead
            | Self::TextureStorageWrite
            | Self::TextureColorAttachmentWrite
            | Self::TextureDepthRead
            | Self::TextureDepthWrite
            | Self::TextureCopySrc
            | Self::TextureCopyDst => SnapshotResourceKind::Texture,
            Self::BufferUniform
            | Self::BufferStorageRead
            | Self::BufferStorageWrite
            | Self::BufferVertex
            | Self::BufferIndex
            | Self::BufferIndirect
            | Self::BufferCopySrc
            | Self::BufferCopyDst => SnapshotResourceKind::Buffer,
        }
    }

    /// The only mode this access kind may use.
    pub const fn required_mode(self) -> SnapshotAccessMode {
        match self {
            Self::TextureStorageWrite
            | Self::TextureColorAttachmentWrite
            | Self::TextureDepthWrite
            | Self::TextureCopyDst
            | Self::BufferStorageWrite
            | Self::BufferCopyDst => SnapshotAccessMode::Write,
            _ => SnapshotAccessMode::Read,
        }
    }

    /// Whether this is a texture copy, which may not name a texture view.
    pub const fn is_texture_copy(self) -> bool {
        matches!(self, Self::TextureCopySrc | Self::TextureCopyDst)
    }
}

wire_enum! {
    /// Read or write.
    pub enum SnapshotAccessMode {
        /// The access only reads.
        Read => "read",
        /// The access writes.
        Write => "write",
    }
}

wire_enum! {
    /// Whether a write depends on the previous contents.
    pub enum SnapshotWriteContents {
        /// Previous contents are irrelevant.
        Overwrite => "overwrite",
        /// Previous contents are kept where not written.
        Preserve => "preserve",
    }
}

/// Texture subresources: a mip range, an aspect, and exactly one complete interval of
/// either array layers or depth slices (3D textures).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotTextureRegion {
    /// First mip level.
    pub base_mip_level: u64,
    /// Positive number of mip levels.
    pub mip_level_count: u64,
    /// First array layer, with `array_layer_count`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_array_layer: Option<u64>,
    /// Positive number of array layers, with `base_array_layer`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub array_layer_count: Option<u64>,
    /// First depth slice of a 3D texture, with `depth_slice_count`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_depth_slice: Option<u64>,
    /// Positive number of depth slices, with `base_depth_slice`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth_slice_count: Option<u64>,
    /// Aspect, e.g. `all`.
    pub aspect: String,
}

impl SnapshotTextureRegion {
    /// A region over array layers `base_array_layer..base_array_layer + array_layer_count`.
    pub fn array_layers(
        base_mip_level: u64,
        mip_level_count: u64,
        base_array_layer: u64,
        array_layer_count: u64,
        aspect: impl Into<String>,
    ) -> Self {
        Self {
            base_mip_level,
            mip_level_count,
            base_array_layer: Some(base_array_layer),
            array_layer_count: Some(array_layer_count),
            base_depth_slice: None,
            depth_slice_count: None,
            aspect: aspect.into(),
        }
    }

    /// A region over depth slices `base_depth_slice..base_depth_slice + depth_slice_count`.
    pub fn depth_slices(
        base_mip_level: u64,
        mip_level_count: u64,
        base_depth_slice: u64,
        depth_slice_count: u64,
        aspect: impl Into<String>,
    ) -> Self {
        Self {
            base_mip_level,
            mip_level_count,
            base_array_layer: None,
            array_layer_count: None,
            base_depth_slice: Some(base_depth_slice),
            depth_slice_count: Some(depth_slice_count),
            aspect: aspect.into(),
        }
    }
}

/// A buffer byte range; an absent `size` means "to the end of the buffer", not unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotBufferRange {
    /// Offset in bytes.
    pub offset: u64,
    /// Size in bytes; `None` runs to the end of the buffer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<u64>,
}

impl SnapshotBufferRange {
    /// The range `offset..offset + size`, or `offset..` when `size` is `None`.
    pub fn new(offset: u64, size: Option<u64>) -> Self {
        Self { offset, size }
    }
}
