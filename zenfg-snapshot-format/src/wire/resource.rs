use serde::{Deserialize, Serialize};

/// A logical resource.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotResource {
    /// `resource:`-prefixed id.
    pub id: String,
    /// Identity that is stable across captures, when the producer has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stable_key: Option<String>,
    /// Optional label; may be empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// Texture or buffer.
    pub kind: SnapshotResourceKind,
    /// Where the resource comes from.
    pub origin: SnapshotResourceOrigin,
    /// Contents at frame start; `undefined` for transient and surface resources. Absent only
    /// for imported resources of migrated documents, where it means unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_contents: Option<SnapshotInitialContents>,
    /// The enclosing debug group.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group_id: Option<String>,
    /// First and last retained execution-order index that uses the resource.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lifetime: Option<SnapshotLifetime>,
    /// The physical allocation backing the resource.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allocation_id: Option<String>,
    /// Estimated size in bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub estimated_byte_size: Option<u64>,
    /// Creation descriptor; its kind equals the resource kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub descriptor: Option<SnapshotResourceDescriptor>,
    /// Effective usage, each flag at most once, drawn from the flags of the resource kind.
    pub usage_flags: Vec<SnapshotUsageFlag>,
}

impl SnapshotResource {
    /// A resource with no usage flags and no optional facts.
    pub fn new(id: impl Into<String>, kind: SnapshotResourceKind, origin: SnapshotResourceOrigin) -> Self {
        Self {
            id: id.into(),
            stable_key: None,
            label: None,
            kind,
            origin,
            initial_contents: None,
            group_id: None,
            lifetime: None,
            allocation_id: None,
            estimated_byte_size: None,
            descriptor: None,
            usage_flags: Vec::new(),
        }
    }
}

wire_enum! {
    /// Texture or buffer.
    pub enum SnapshotResourceKind {
        /// A texture.
        Texture => "texture",
        /// A buffer.
        Buffer => "buffer",
    }
}

wire_enum! {
    /// Where a resource comes from.
    pub enum SnapshotResourceOrigin {
        /// Created and pooled by the graph for this frame.
        Transient => "transient",
        /// Owned by the caller.
        Imported => "imported",
        /// A presentation surface texture.
        Surface => "surface",
    }
}

wire_enum! {
    /// Whether a resource holds defined contents when the frame starts.
    pub enum SnapshotInitialContents {
        /// Contents are meaningful.
        Defined => "defined",
        /// Contents must be written before they are read.
        Undefined => "undefined",
    }
}

/// Inclusive range of retained execution-order indices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotLifetime {
    /// First use; not greater than `last_use`.
    pub first_use: u64,
    /// Last use.
    pub last_use: u64,
}

/// A resource creation descriptor, tagged by `kind`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum SnapshotResourceDescriptor {
    /// A texture descriptor. Strings are opaque and non-empty; counts are positive.
    #[serde(rename_all = "camelCase")]
    Texture {
        /// Texture format, in WebGPU spelling.
        format: String,
        /// Extent.
        size: SnapshotTextureSize,
        /// `1d`, `2d` or `3d`.
        dimension: String,
        /// Number of mip levels.
        mip_level_count: u64,
        /// Number of samples.
        sample_count: u64,
        /// Additional view formats, each at most once.
        view_formats: Vec<String>,
    },
    /// A buffer descriptor.
    Buffer {
        /// Size in bytes.
        size: u64,
    },
}

/// A texture extent; every dimension is positive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotTextureSize {
    /// Width in texels.
    pub width: u64,
    /// Height in texels.
    pub height: u64,
    /// Depth of a 3D texture, or array layer count otherwise.
    pub depth_or_array_layers: u64,
}

wire_enum! {
    /// A usage flag in WebGPU spelling. Textures use the first five, buffers the rest and
    /// `copy-src` / `copy-dst`.
    pub enum SnapshotUsageFlag {
        /// Copy source.
        CopySrc => "copy-src",
        /// Copy destination.
        CopyDst => "copy-dst",
        /// Sampled texture binding.
        TextureBinding => "texture-binding",
        /// Storage texture binding.
        StorageBinding => "storage-binding",
        /// Render attachment.
        RenderAttachment => "render-attachment",
        /// Mappable for reading.
        MapRead => "map-read",
        /// Mappable for writing.
        MapWrite => "map-write",
        /// Index buffer.
        Index => "index",
        /// Vertex buffer.
        Vertex => "vertex",
        /// Uniform buffer.
        Uniform => "uniform",
        /// Storage buffer.
        Storage => "storage",
        /// Indirect arguments.
        Indirect => "indirect",
        /// Query resolve destination.
        QueryResolve => "query-resolve",
    }
}

impl SnapshotUsageFlag {
    /// Texture usage flags, in WebGPU bit order.
    pub const TEXTURE: &'static [Self] =
        &[Self::CopySrc, Self::CopyDst, Self::TextureBinding, Self::StorageBinding, Self::RenderAttachment];

    /// Buffer usage flags, in WebGPU bit order.
    pub const BUFFER: &'static [Self] = &[
        Self::MapRead,
        Self::MapWrite,
        Self::CopySrc,
        Self::CopyDst,
        Self::Index,
        Self::Vertex,
        Self::Uniform,
        Self::Storage,
        Self::Indirect,
        Self::QueryResolve,
    ];

    /// The flags a resource of `kind` may carry, in WebGPU bit order.
    pub const fn for_kind(kind: super::SnapshotResourceKind) -> &'static [Self] {
        match kind {
            super::SnapshotResourceKind::Texture => Self::TEXTURE,
            super::SnapshotResourceKind::Buffer => Self::BUFFER,
        }
    }
}

/// An explicit logical view of a texture resource.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotTextureView {
    /// `view:`-prefixed id.
    pub id: String,
    /// Identity that is stable across captures, when the producer has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stable_key: Option<String>,
    /// The viewed texture resource.
    pub resource_id: String,
    /// Optional label; may be empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// View format.
    pub format: String,
    /// View dimension, e.g. `2d` or `cube`.
    pub dimension: String,
    /// Aspect, e.g. `all` or `depth-only`.
    pub aspect: String,
    /// First mip level.
    pub base_mip_level: u64,
    /// Positive number of mip levels.
    pub mip_level_count: u64,
    /// First array layer.
    pub base_array_layer: u64,
    /// Positive number of array layers.
    pub array_layer_count: u64,
    /// Channel swizzle, e.g. `rgba`.
    pub swizzle: String,
}
