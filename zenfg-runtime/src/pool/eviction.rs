//! Predicate eviction: the caller decides, object by object, from a borrowed
//! description that exposes no GPU handle, key or identity.
//!
//! Every retained object is shown to the predicate exactly once, in an
//! unspecified order, and every answer is collected before anything is
//! removed: a predicate that panics leaves the pool as it was.

use wgpu::{BufferUsages, Extent3d, TextureDimension, TextureFormat, TextureUsages};

use super::store::ResourcePool;
use crate::physical::{PhysicalDesc, ResourcePoolScope};

/// What a retained pooled object was created as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PooledResourceDesc<'a> {
    /// A buffer.
    Buffer {
        /// Its capacity: the size class the logical sizes were rounded up to.
        size: u64,
        /// Its usage.
        usage: BufferUsages,
    },
    /// A texture.
    Texture {
        /// Its format.
        format: TextureFormat,
        /// Width, height and depth or array layers.
        size: Extent3d,
        /// 1D, 2D or 3D.
        dimension: TextureDimension,
        /// Mip levels.
        mip_level_count: u32,
        /// Samples per texel.
        sample_count: u32,
        /// Other formats its views may use.
        view_formats: &'a [TextureFormat],
        /// Its usage.
        usage: TextureUsages,
    },
}

/// One retained pooled object, as an eviction predicate sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PooledResourceInfo<'a> {
    /// The partition it belongs to; `None` is the default domain.
    pub scope: Option<ResourcePoolScope>,
    /// What it was created as.
    pub descriptor: PooledResourceDesc<'a>,
    /// Its planning estimate of bytes (not driver memory).
    pub estimated_bytes: u64,
    /// Accepted executions since it was last acquired: 0 right after an
    /// execution that used it.
    pub unused_executions: u64,
}

fn describe(desc: &PhysicalDesc) -> PooledResourceDesc<'_> {
    match desc {
        PhysicalDesc::Buffer { size, usage } => PooledResourceDesc::Buffer { size: *size, usage: *usage },
        PhysicalDesc::Texture { format, size, dimension, mip_level_count, sample_count, view_formats, usage } => {
            PooledResourceDesc::Texture {
                format: *format,
                size: *size,
                dimension: *dimension,
                mip_level_count: *mip_level_count,
                sample_count: *sample_count,
                view_formats,
                usage: *usage,
            }
        }
    }
}

impl ResourcePool {
    /// Destroys the retained objects `predicate` selects; returns their
    /// estimated bytes.
    pub fn evict(&mut self, mut predicate: impl FnMut(&PooledResourceInfo<'_>) -> bool) -> u64 {
        let mut selected = Vec::new();
        for bucket in &self.buckets {
            let key = &bucket.key;
            for instance in &bucket.instances {
                let info = PooledResourceInfo {
                    scope: key.scope,
                    descriptor: describe(&key.desc),
                    estimated_bytes: instance.bytes,
                    unused_executions: self.executions - instance.last_acquired,
                };
                if predicate(&info) {
                    selected.push(instance.serial);
                }
            }
        }
        if selected.is_empty() {
            return 0;
        }
        selected.sort_unstable();
        self.remove_where(|_, instance| selected.binary_search(&instance.serial).is_ok())
    }
}
