//! What several layers share about physical objects: the native object behind
//! a resource, what a pooled object is created as and which transients may
//! share it, the views execution creates, and the pool partitions. A leaf:
//! recording, compilation, the pool and execution all use these types, and
//! this module uses none of theirs.

use std::hash::{BuildHasher, BuildHasherDefault, Hash, Hasher};
use std::ops::Deref;

use wgpu::{BufferUsages, Extent3d, TextureDimension, TextureFormat, TextureUsages, TextureViewDimension};

use crate::desc::Label;
use crate::hash::WordHasher;
use crate::ids::ResourceId;

/// A native object: bound by the caller to an import, or created by the pool
/// for a transient.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum NativeResource {
    Texture(wgpu::Texture),
    Buffer(wgpu::Buffer),
}

impl NativeResource {
    /// Destroys the object now, as wgpu's `destroy` does.
    pub fn destroy(&self) {
        match self {
            Self::Buffer(buffer) => buffer.destroy(),
            Self::Texture(texture) => texture.destroy(),
        }
    }
}

/// A partition of the transient pool, created by
/// [`FrameGraph::create_resource_pool_scope`](crate::FrameGraph::create_resource_pool_scope).
///
/// Transients created in a scope (`create_texture_in`, `create_buffer_in`)
/// never share a physical allocation with transients of another scope or of the
/// default domain, neither within a frame nor across executions. A scope is a
/// plain `Copy` value: it owns nothing, borrows nothing, needs no disposal, and
/// stays valid after its partition is cleared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ResourcePoolScope {
    pub(crate) owner: u64,
    pub(crate) index: u32,
}

/// What a physical object must be created as.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum PhysicalDesc {
    Buffer {
        size: u64,
        usage: BufferUsages,
    },
    Texture {
        format: TextureFormat,
        size: Extent3d,
        dimension: TextureDimension,
        mip_level_count: u32,
        sample_count: u32,
        view_formats: Vec<TextureFormat>,
        usage: TextureUsages,
    },
}

/// Exact equality decides which transients may share an object.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct AllocationKey {
    pub scope: Option<ResourcePoolScope>,
    pub desc: PhysicalDesc,
}

/// An [`AllocationKey`] with its hash, computed once when the key is
/// planned: the planner's and the pool's tables hash only that word (and an
/// execution of a plan the runtime executed before finds its pool buckets by
/// slot, looking no key up).
#[derive(Clone, Debug)]
pub(crate) struct HashedKey {
    hash: u64,
    key: AllocationKey,
}

impl HashedKey {
    /// `key` with its hash.
    pub fn new(key: AllocationKey) -> Self {
        Self { hash: BuildHasherDefault::<WordHasher>::default().hash_one(&key), key }
    }
}

impl Deref for HashedKey {
    type Target = AllocationKey;

    fn deref(&self) -> &AllocationKey {
        &self.key
    }
}

impl PartialEq for HashedKey {
    fn eq(&self, other: &Self) -> bool {
        self.hash == other.hash && self.key == other.key
    }
}

impl Eq for HashedKey {}

impl Hash for HashedKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// One native texture view to create.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct PlannedView {
    pub resource: ResourceId,
    pub label: Option<Label>,
    /// The view's format; `None` is the texture's own.
    pub format: Option<TextureFormat>,
    pub dimension: TextureViewDimension,
    pub base_mip_level: u32,
    pub mip_level_count: u32,
    pub base_array_layer: u32,
    pub array_layer_count: Option<u32>,
    pub usage: TextureUsages,
}

impl PlannedView {
    /// The descriptor of the native view.
    pub fn descriptor(&self) -> wgpu::TextureViewDescriptor<'_> {
        wgpu::TextureViewDescriptor {
            label: self.label.as_deref(),
            format: self.format,
            dimension: Some(self.dimension),
            usage: Some(self.usage),
            aspect: wgpu::TextureAspect::All,
            base_mip_level: self.base_mip_level,
            mip_level_count: Some(self.mip_level_count),
            base_array_layer: self.base_array_layer,
            array_layer_count: self.array_layer_count,
        }
    }

    /// Whether `other` describes the same native view, of whichever resource.
    pub fn same_view(&self, other: &Self) -> bool {
        self.label == other.label
            && self.format == other.format
            && self.dimension == other.dimension
            && self.base_mip_level == other.base_mip_level
            && self.mip_level_count == other.mip_level_count
            && self.base_array_layer == other.base_array_layer
            && self.array_layer_count == other.array_layer_count
            && self.usage == other.usage
    }

    /// Hashes what [`same_view`](Self::same_view) compares.
    pub fn hash_view(&self, state: &mut impl std::hash::Hasher) {
        use std::hash::Hash;
        self.label.hash(state);
        self.format.hash(state);
        self.dimension.hash(state);
        self.base_mip_level.hash(state);
        self.mip_level_count.hash(state);
        self.base_array_layer.hash(state);
        self.array_layer_count.hash(state);
        self.usage.hash(state);
    }
}
