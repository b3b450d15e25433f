//! What several layers share about physical objects: the native object behind
//! a resource, what a pooled object is created as and which transients may
//! share it, the views execution creates, and the pool partitions. A leaf:
//! recording, compilation, the pool and execution all use these types, and
//! this module uses none of theirs.

use wgpu::{BufferUsages, Extent3d, TextureDimension, TextureFormat, TextureUsages, TextureViewDimension};

use crate::desc::Label;
use crate::ids::ResourceId;

/// A native object: bound by the caller to an import, or created by the pool
/// for a transient.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum NativeResource {
    Texture(wgpu::Texture),
    Buffer(wgpu::Buffer),
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
