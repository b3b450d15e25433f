//! Logical resources: their descriptors and records, and the facts every
//! pass over all resources reads.

use wgpu::{BufferUsages, TextureDimension, TextureUsages};

use super::NO_GROUP;
use crate::desc::{BufferDesc, Label, TextureDesc};
use crate::format::Layers;
use crate::ids::DebugGroupId;
use crate::physical::ResourcePoolScope;
use crate::types::{InitialContents, ResourceKind, ResourceOrigin};

/// The descriptor of a logical resource.
#[derive(PartialEq)]
pub(crate) enum ResourceShape {
    Texture {
        desc: Box<TextureDesc>,
        /// For a transient, the usages the device allows its format, which
        /// registering it checked; `None` for imports and surfaces, whose
        /// native objects exist. A later recording registering a transient
        /// with the same descriptor in this record's slot reads them here
        /// instead of checking the same descriptor again.
        allowed: Option<TextureUsages>,
    },
    Buffer {
        desc: BufferDesc,
    },
}

/// One logical resource: its descriptor, bound native object, pool scope and
/// debug group. What the passes over every resource read is kept apart, in
/// [`ResourceFacts`].
#[derive(PartialEq)]
pub(crate) struct ResourceRecord {
    pub shape: ResourceShape,
    /// The index of its bound native object in the recording's
    /// [`bound`](super::Recording::bound) table, once one is bound.
    pub native: Option<u32>,
    /// The pool scope's index, when the facts say the resource is scoped;
    /// the scope's owner is the recording's runtime.
    scope: u32,
    /// The debug group's id, or [`NO_GROUP`].
    group: u32,
}

/// What the passes over every resource read of it, in 16 bytes: a quarter of
/// its record, which is read only where these do not suffice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ResourceFacts {
    /// A buffer's logical size; a texture's layer count (or depth), with its
    /// mip count in the upper half.
    size: u64,
    /// The usage's bits, when [`PROMISED`] is set.
    promised: u32,
    pub origin: ResourceOrigin,
    flags: u8,
    /// The WebGPU usages (the low five bits of `TextureUsages`) a transient
    /// texture's format cannot have on the device.
    forbidden: u8,
}

/// The usages [`ResourceFacts::forbidden_usage`] can hold.
const WEBGPU_TEXTURE_USAGES: u32 = TextureUsages::COPY_SRC.bits()
    | TextureUsages::COPY_DST.bits()
    | TextureUsages::TEXTURE_BINDING.bits()
    | TextureUsages::STORAGE_BINDING.bits()
    | TextureUsages::RENDER_ATTACHMENT.bits();

/// The resource is a texture.
const TEXTURE: u8 = 1;
/// An import declared with defined initial contents.
const DEFINED: u8 = 1 << 1;
/// The resource has a fixed (transient) or exposed (import) usage.
const PROMISED: u8 = 1 << 2;
/// The resource is in a pool scope.
const SCOPED: u8 = 1 << 3;
/// A 1D texture.
const D1: u8 = 1 << 4;
/// A 3D texture.
const D3: u8 = 1 << 5;
/// A texture of more than one sample.
const MULTISAMPLED: u8 = 1 << 6;

impl ResourceFacts {
    /// The facts of a buffer of `buffer_size` bytes, or of a texture (`None`);
    /// `promised` is the fixed usage of a transient or the exposed usage of
    /// an import.
    #[inline(always)]
    pub fn new(
        buffer_size: Option<u64>,
        origin: ResourceOrigin,
        initial: InitialContents,
        promised: Option<u32>,
        scoped: bool,
    ) -> Self {
        let (size, texture) = match buffer_size {
            Some(size) => (size, 0),
            None => (0, TEXTURE),
        };
        let defined = if initial == InitialContents::Defined { DEFINED } else { 0 };
        let flags = texture | defined | if promised.is_some() { PROMISED } else { 0 } | if scoped { SCOPED } else { 0 };
        Self { size, promised: promised.unwrap_or(0), origin, flags, forbidden: 0 }
    }

    /// The same facts for a texture whose format cannot have `forbidden`.
    #[inline(always)]
    #[must_use]
    pub fn with_forbidden_usage(mut self, forbidden: TextureUsages) -> Self {
        self.forbidden = (forbidden.bits() & WEBGPU_TEXTURE_USAGES) as u8;
        self
    }

    /// The usage bits a texture's format cannot have on the device (none
    /// for buffers and imports).
    #[inline]
    pub fn forbidden_usage(&self) -> u32 {
        u32::from(self.forbidden)
    }

    /// The same facts for a texture of `desc`.
    #[inline(always)]
    #[must_use]
    pub fn with_texture_shape(mut self, desc: &TextureDesc) -> Self {
        self.size = u64::from(desc.size.depth_or_array_layers) | u64::from(desc.mip_level_count) << 32;
        self.flags |= match desc.dimension {
            TextureDimension::D1 => D1,
            TextureDimension::D2 => 0,
            TextureDimension::D3 => D3,
        };
        if desc.sample_count > 1 {
            self.flags |= MULTISAMPLED;
        }
        self
    }

    /// The logical size of a buffer; `None` for a texture.
    #[inline]
    pub fn buffer_size(&self) -> Option<u64> {
        (self.flags & TEXTURE == 0).then_some(self.size)
    }

    /// A texture's mip count.
    #[inline]
    pub fn mip_count(&self) -> u32 {
        (self.size >> 32) as u32
    }

    /// A texture's slices per mip.
    #[inline]
    pub fn layers(&self) -> Layers {
        Layers::new(self.size as u32, self.flags & D3 != 0)
    }

    /// A texture's dimension.
    #[inline]
    pub fn dimension(&self) -> TextureDimension {
        match self.flags & (D1 | D3) {
            D1 => TextureDimension::D1,
            D3 => TextureDimension::D3,
            _ => TextureDimension::D2,
        }
    }

    /// Whether the resource is a 1D texture.
    #[inline]
    pub fn is_1d(&self) -> bool {
        self.flags & D1 != 0
    }

    /// Whether the resource is a multisampled texture.
    #[inline]
    pub fn is_multisampled(&self) -> bool {
        self.flags & MULTISAMPLED != 0
    }

    pub fn initial(&self) -> InitialContents {
        if self.flags & DEFINED != 0 { InitialContents::Defined } else { InitialContents::Undefined }
    }

    /// The fixed usage of a transient or the exposed usage of an import, as
    /// bits of its kind's flags.
    #[inline]
    pub fn promised(&self) -> Option<u32> {
        (self.flags & PROMISED != 0).then_some(self.promised)
    }

    /// The exposed usage of an import, if given.
    fn exposed(&self) -> Option<u32> {
        self.promised().filter(|_| self.origin != ResourceOrigin::Transient)
    }

    /// The exposed usage of an imported or surface texture, if given.
    pub fn exposed_texture_usage(&self) -> Option<TextureUsages> {
        self.exposed().map(TextureUsages::from_bits_truncate)
    }

    /// The exposed usage of an imported buffer, if given.
    pub fn exposed_buffer_usage(&self) -> Option<BufferUsages> {
        self.exposed().map(BufferUsages::from_bits_truncate)
    }

    #[inline]
    pub fn scoped(&self) -> bool {
        self.flags & SCOPED != 0
    }
}

impl ResourceRecord {
    #[inline(always)]
    pub fn new(shape: ResourceShape, scope: Option<ResourcePoolScope>, group: Option<DebugGroupId>) -> Self {
        Self {
            shape,
            native: None,
            scope: scope.map_or(0, |scope| scope.index),
            group: group.map_or(NO_GROUP, DebugGroupId::get),
        }
    }

    /// Makes a stale record whose shape was just overwritten a new record
    /// of `scope` and `group`.
    #[inline(always)]
    pub fn reset(&mut self, scope: Option<ResourcePoolScope>, group: Option<DebugGroupId>) {
        self.native = None;
        self.scope = scope.map_or(0, |scope| scope.index);
        self.group = group.map_or(NO_GROUP, DebugGroupId::get);
    }

    /// The index of the pool scope, meaningful when the facts say the
    /// resource is scoped.
    pub fn scope_index(&self) -> u32 {
        self.scope
    }

    /// The debug group open when the resource was registered.
    pub fn group(&self) -> Option<DebugGroupId> {
        (self.group != NO_GROUP).then_some(DebugGroupId(self.group))
    }

    pub fn label(&self) -> &Label {
        match &self.shape {
            ResourceShape::Texture { desc, .. } => &desc.label,
            ResourceShape::Buffer { desc, .. } => &desc.label,
        }
    }

    pub fn kind(&self) -> ResourceKind {
        match self.shape {
            ResourceShape::Texture { .. } => ResourceKind::Texture,
            ResourceShape::Buffer { .. } => ResourceKind::Buffer,
        }
    }

    #[inline]
    pub fn texture_desc(&self) -> Option<&TextureDesc> {
        match &self.shape {
            ResourceShape::Texture { desc, .. } => Some(desc),
            ResourceShape::Buffer { .. } => None,
        }
    }

    /// Usage bits of this resource's kind as a typed usage.
    pub fn usage(&self, bits: u32) -> crate::types::ResourceUsage {
        use crate::types::ResourceUsage;
        match self.shape {
            ResourceShape::Texture { .. } => ResourceUsage::Texture(TextureUsages::from_bits_truncate(bits)),
            ResourceShape::Buffer { .. } => ResourceUsage::Buffer(BufferUsages::from_bits_truncate(bits)),
        }
    }

    #[inline]
    pub fn buffer_size(&self) -> Option<u64> {
        match &self.shape {
            ResourceShape::Buffer { desc, .. } => Some(desc.size),
            ResourceShape::Texture { .. } => None,
        }
    }
}
