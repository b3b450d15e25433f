//! The closed vocabularies of the graph: kinds, roles, modes, reasons.

use std::fmt;

use wgpu::{BufferUsages, TextureUsages};

/// Whether a logical resource is a texture or a buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResourceKind {
    /// A texture.
    Texture,
    /// A buffer.
    Buffer,
}

/// What kind of work a node records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NodeKind {
    /// A render pass with attachments and a callback that draws.
    Render,
    /// A compute pass with a callback that dispatches.
    Compute,
    /// Declarative copies between buffers and textures.
    Copy,
    /// Declarative zero-fills of buffer ranges.
    ClearBuffer,
    /// A callback that records into the graph-owned command encoder.
    Command,
    /// A callback that submits its own work on the shared queue.
    ExternalSubmission,
}

impl NodeKind {
    /// Whether a node of this kind is retained without a root by default.
    #[must_use]
    pub const fn default_side_effect(self) -> bool {
        matches!(self, Self::Command | Self::ExternalSubmission)
    }

    /// The kebab-case name used in messages and Snapshots.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Render => "render",
            Self::Compute => "compute",
            Self::Copy => "copy",
            Self::ClearBuffer => "clear-buffer",
            Self::Command => "command",
            Self::ExternalSubmission => "external-submission",
        }
    }
}

impl fmt::Display for NodeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether an access reads or writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AccessMode {
    /// The access only observes contents.
    Read,
    /// The access changes contents.
    Write,
}

/// How a write treats the contents it replaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WriteContents {
    /// Every execution fully writes the declared range; the previous contents
    /// are not needed and the range need not be defined before.
    Overwrite,
    /// The write may leave parts of the range untouched (partial, conditional,
    /// sparse or atomic work); the previous contents must be defined.
    Preserve,
}

/// The fifteen ways a node can use a resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AccessRole {
    /// Texture read through a sampled binding.
    SampledTexture,
    /// Texture read through a read-only storage binding.
    StorageTextureRead,
    /// Texture written through a storage binding.
    StorageTextureWrite,
    /// Color attachment (or resolve target) of a render pass.
    ColorAttachment,
    /// Depth attachment of a render pass, writable or read-only.
    DepthAttachment,
    /// Source of a texture copy.
    TextureCopySrc,
    /// Destination of a texture copy.
    TextureCopyDst,
    /// Buffer read through a uniform binding.
    UniformBuffer,
    /// Buffer read through a read-only storage binding.
    StorageBufferRead,
    /// Buffer written through a storage binding.
    StorageBufferWrite,
    /// Vertex buffer of draws.
    VertexBuffer,
    /// Index buffer of draws.
    IndexBuffer,
    /// Arguments of indirect draws or dispatches.
    IndirectBuffer,
    /// Source of a buffer copy.
    BufferCopySrc,
    /// Destination of a buffer copy or clear.
    BufferCopyDst,
}

impl AccessRole {
    /// Every role, in declaration order.
    pub const ALL: [Self; 15] = [
        Self::SampledTexture,
        Self::StorageTextureRead,
        Self::StorageTextureWrite,
        Self::ColorAttachment,
        Self::DepthAttachment,
        Self::TextureCopySrc,
        Self::TextureCopyDst,
        Self::UniformBuffer,
        Self::StorageBufferRead,
        Self::StorageBufferWrite,
        Self::VertexBuffer,
        Self::IndexBuffer,
        Self::IndirectBuffer,
        Self::BufferCopySrc,
        Self::BufferCopyDst,
    ];

    /// The kind of resource the role applies to.
    #[must_use]
    pub const fn kind(self) -> ResourceKind {
        match self {
            Self::SampledTexture
            | Self::StorageTextureRead
            | Self::StorageTextureWrite
            | Self::ColorAttachment
            | Self::DepthAttachment
            | Self::TextureCopySrc
            | Self::TextureCopyDst => ResourceKind::Texture,
            Self::UniformBuffer
            | Self::StorageBufferRead
            | Self::StorageBufferWrite
            | Self::VertexBuffer
            | Self::IndexBuffer
            | Self::IndirectBuffer
            | Self::BufferCopySrc
            | Self::BufferCopyDst => ResourceKind::Buffer,
        }
    }

    /// The texture usage the role needs (empty for buffer roles).
    #[must_use]
    pub const fn texture_usage(self) -> TextureUsages {
        match self {
            Self::SampledTexture => TextureUsages::TEXTURE_BINDING,
            Self::StorageTextureRead | Self::StorageTextureWrite => TextureUsages::STORAGE_BINDING,
            Self::ColorAttachment | Self::DepthAttachment => TextureUsages::RENDER_ATTACHMENT,
            Self::TextureCopySrc => TextureUsages::COPY_SRC,
            Self::TextureCopyDst => TextureUsages::COPY_DST,
            _ => TextureUsages::empty(),
        }
    }

    /// The buffer usage the role needs (empty for texture roles).
    #[must_use]
    pub const fn buffer_usage(self) -> BufferUsages {
        match self {
            Self::UniformBuffer => BufferUsages::UNIFORM,
            Self::StorageBufferRead | Self::StorageBufferWrite => BufferUsages::STORAGE,
            Self::VertexBuffer => BufferUsages::VERTEX,
            Self::IndexBuffer => BufferUsages::INDEX,
            Self::IndirectBuffer => BufferUsages::INDIRECT,
            Self::BufferCopySrc => BufferUsages::COPY_SRC,
            Self::BufferCopyDst => BufferUsages::COPY_DST,
            _ => BufferUsages::empty(),
        }
    }

    /// Whether the role is one of the four copy roles.
    #[must_use]
    pub const fn is_copy(self) -> bool {
        matches!(self, Self::TextureCopySrc | Self::TextureCopyDst | Self::BufferCopySrc | Self::BufferCopyDst)
    }

    /// The name of the role as written in messages.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::SampledTexture => "sampled texture",
            Self::StorageTextureRead => "storage texture read",
            Self::StorageTextureWrite => "storage texture write",
            Self::ColorAttachment => "color attachment",
            Self::DepthAttachment => "depth attachment",
            Self::TextureCopySrc => "texture copy source",
            Self::TextureCopyDst => "texture copy destination",
            Self::UniformBuffer => "uniform buffer",
            Self::StorageBufferRead => "storage buffer read",
            Self::StorageBufferWrite => "storage buffer write",
            Self::VertexBuffer => "vertex buffer",
            Self::IndexBuffer => "index buffer",
            Self::IndirectBuffer => "indirect buffer",
            Self::BufferCopySrc => "buffer copy source",
            Self::BufferCopyDst => "buffer copy destination",
        }
    }
}

impl fmt::Display for AccessRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a final value matters, which retains the work that produced it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum RootReason {
    /// The surface texture is presented after execution.
    Present,
    /// The application consumes the result.
    Output,
    /// The result is copied to the CPU through a mappable imported buffer.
    Readback,
    /// The result is kept for a debugging capture.
    DebugCapture,
    /// An imported resource carries state into a later frame.
    PersistentState,
}

impl RootReason {
    /// The kebab-case name used in messages and Snapshots.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Present => "present",
            Self::Output => "output",
            Self::Readback => "readback",
            Self::DebugCapture => "debug-capture",
            Self::PersistentState => "persistent-state",
        }
    }
}

impl fmt::Display for RootReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether a dependency carries a value or only orders two nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DependencyKind {
    /// The later node consumes contents the earlier node produced; retains the producer.
    Value,
    /// The later node must run after the earlier one; retains nothing.
    Ordering,
}

/// The hazard a dependency resolves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HazardKind {
    /// Read after write: a reader consumes a produced value.
    Raw,
    /// Write after read: a writer replaces contents earlier nodes read.
    War,
    /// Write after write: a writer replaces contents an earlier node wrote.
    Waw,
    /// A preserving write (or attachment load) consumes the previous value.
    Preserve,
}

impl HazardKind {
    /// The dependency kind this hazard implies.
    #[must_use]
    pub const fn dependency_kind(self) -> DependencyKind {
        match self {
            Self::Raw | Self::Preserve => DependencyKind::Value,
            Self::War | Self::Waw => DependencyKind::Ordering,
        }
    }
}

/// Why contents are undefined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UndefinedCause {
    /// A transient resource before its first write.
    Transient,
    /// An import declared with [`InitialContents::Undefined`].
    ImportedUndefined,
    /// A freshly acquired surface texture.
    Surface,
    /// A write that stored nothing (an attachment with a discard store op).
    Discarded,
}

impl fmt::Display for UndefinedCause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Transient => "a transient is undefined until its first write",
            Self::ImportedUndefined => {
                "the import was declared with undefined initial contents; if the caller fills it before \
                 the frame, import it with `InitialContents::Defined`"
            }
            Self::Surface => "a surface texture is undefined until written",
            Self::Discarded => "an attachment store op discarded it",
        })
    }
}

/// Who owns the storage of a logical resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResourceOrigin {
    /// Allocated and pooled by the graph for one execution.
    Transient,
    /// Caller-owned storage bound with `bind_imported_*`.
    Imported,
    /// A caller-acquired surface texture, presented by the caller.
    Surface,
}

impl ResourceOrigin {
    /// The kebab-case name used in messages and Snapshots.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Transient => "transient",
            Self::Imported => "imported",
            Self::Surface => "surface",
        }
    }
}

/// The contents an imported resource holds when the frame starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InitialContents {
    /// The contents are meaningful and may be read before any write.
    Defined,
    /// The contents are garbage; the first write must overwrite.
    Undefined,
}

/// How the usage of a transient resource is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum UsagePolicy<U> {
    /// The union of what the retained accesses need.
    #[default]
    Infer,
    /// Exactly this usage; retained accesses needing more fail with FG1101.
    Fixed(U),
}

/// The effective usage of a resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResourceUsage {
    /// Usage of a texture.
    Texture(TextureUsages),
    /// Usage of a buffer.
    Buffer(BufferUsages),
}

impl ResourceUsage {
    /// The raw wgpu bits.
    #[must_use]
    pub fn bits(self) -> u64 {
        match self {
            Self::Texture(usage) => u64::from(usage.bits()),
            Self::Buffer(usage) => u64::from(usage.bits()),
        }
    }
}

impl fmt::Display for ResourceUsage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Texture(usage) => write!(f, "{usage:?}"),
            Self::Buffer(usage) => write!(f, "{usage:?}"),
        }
    }
}
