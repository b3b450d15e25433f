//! [`BindGroups`]: bind groups kept across executions, found again by the
//! exact objects they bind.

use std::hash::{Hash, Hasher};
use std::num::NonZeroU64;

use hashbrown::HashTable;
use wgpu::BindingResource;

use super::layouts::BindGroupTable;
use super::stats::BindGroupCacheStats;
use crate::hash::WordHasher;
use crate::physical::NativeResource;
use crate::scoped::created;

/// What one entry of a bind group binds, as the pass's views resolve it.
#[derive(Clone, Debug)]
pub struct BindingSource<'a> {
    pub(crate) resource: BindingResource<'a>,
    /// The texture a view belongs to, so that the pool's destroying it drops
    /// the bind groups that view it.
    pub(crate) texture: Option<&'a wgpu::Texture>,
    /// A view of a surface texture: valid for one frame, never kept.
    pub(crate) frame_scoped: bool,
}

impl<'a> BindingSource<'a> {
    /// A source that is not a view of a graph texture.
    pub(crate) fn plain(resource: BindingResource<'a>) -> Self {
        Self { resource, texture: None, frame_scoped: false }
    }
}

/// A bound object, kept alive by the entry so that its identity cannot be
/// reused while the entry exists.
enum Bound {
    Buffer { buffer: wgpu::Buffer, offset: u64, size: Option<NonZeroU64> },
    View { view: wgpu::TextureView, texture: Option<wgpu::Texture> },
    Sampler(wgpu::Sampler),
}

impl Bound {
    /// What `source` binds, if it is a kind of binding entries are kept for.
    fn of(source: &BindingSource<'_>) -> Option<Self> {
        Some(match &source.resource {
            BindingResource::Buffer(binding) => {
                Self::Buffer { buffer: binding.buffer.clone(), offset: binding.offset, size: binding.size }
            }
            BindingResource::TextureView(view) => {
                Self::View { view: (*view).clone(), texture: source.texture.cloned() }
            }
            BindingResource::Sampler(sampler) => Self::Sampler((*sampler).clone()),
            _ => return None,
        })
    }

    fn matches(&self, source: &BindingSource<'_>) -> bool {
        match (self, &source.resource) {
            (Self::Buffer { buffer, offset, size }, BindingResource::Buffer(binding)) => {
                buffer == binding.buffer && *offset == binding.offset && *size == binding.size
            }
            (Self::View { view, .. }, BindingResource::TextureView(other)) => view == *other,
            (Self::Sampler(sampler), BindingResource::Sampler(other)) => sampler == *other,
            _ => false,
        }
    }

    fn is_any(&self, removed: &[NativeResource]) -> bool {
        removed.iter().any(|native| match (self, native) {
            (Self::Buffer { buffer, .. }, NativeResource::Buffer(gone)) => buffer == gone,
            (Self::View { texture: Some(texture), .. }, NativeResource::Texture(gone)) => texture == gone,
            _ => false,
        })
    }
}

/// One kept bind group.
pub(crate) struct CachedGroup {
    hash: u64,
    table: usize,
    bound: Box<[Bound]>,
    group: wgpu::BindGroup,
    last_used: u64,
}

impl CachedGroup {
    /// Whether the group binds or views one of `removed`.
    pub fn binds_any(&self, removed: &[NativeResource]) -> bool {
        self.bound.iter().any(|bound| bound.is_any(removed))
    }
}

/// The hash of a lookup: the table and, per entry, the bound object's
/// identity and range.
fn lookup_hash(table: usize, sources: &[BindingSource<'_>]) -> u64 {
    let mut hasher = WordHasher::default();
    hasher.write_usize(table);
    for source in sources {
        match &source.resource {
            BindingResource::Buffer(binding) => {
                binding.buffer.hash(&mut hasher);
                hasher.write_u64(binding.offset);
                hasher.write_u64(binding.size.map_or(0, NonZeroU64::get));
            }
            BindingResource::TextureView(view) => view.hash(&mut hasher),
            BindingResource::Sampler(sampler) => sampler.hash(&mut hasher),
            _ => hasher.write_u8(0),
        }
    }
    hasher.finish()
}

/// The kept bind groups and their counters.
#[derive(Default)]
pub(crate) struct BindGroups {
    table: HashTable<CachedGroup>,
    stats: BindGroupCacheStats,
}

impl BindGroups {
    /// The bind group of `table` binding `sources` (one per entry, in entry
    /// order): the kept one, or one created now with the layout `layout`
    /// gives (asked only then), labelled `label`, and kept unless it views a
    /// surface texture. wgpu's refusal of the layout or of the group (an
    /// object that does not fit its entry) comes back as the error, and
    /// nothing is kept.
    #[inline]
    pub fn get_or_create<'l>(
        &mut self,
        device: &wgpu::Device,
        layout: impl FnOnce() -> Result<&'l wgpu::BindGroupLayout, wgpu::Error>,
        table: &'static BindGroupTable,
        sources: &[BindingSource<'_>],
        label: &str,
        now: u64,
    ) -> Result<wgpu::BindGroup, wgpu::Error> {
        let key = table.key();
        let hash = lookup_hash(key, sources);
        let found = self.table.find_mut(hash, |entry| {
            entry.table == key
                && entry.bound.len() == sources.len()
                && entry.bound.iter().zip(sources).all(|(bound, source)| bound.matches(source))
        });
        if let Some(entry) = found {
            entry.last_used = now;
            self.stats.hits += 1;
            return Ok(entry.group.clone());
        }
        self.stats.misses += 1;
        self.create(device, layout()?, (table, hash), sources, label, now)
    }

    /// Creates the bind group a lookup of `table` (whose lookup hash is
    /// `hash`) missed, keeping it unless it views a surface texture. Cold: a
    /// warm frame finds every group.
    #[cold]
    #[inline(never)]
    fn create(
        &mut self,
        device: &wgpu::Device,
        layout: &wgpu::BindGroupLayout,
        (table, hash): (&'static BindGroupTable, u64),
        sources: &[BindingSource<'_>],
        label: &str,
        now: u64,
    ) -> Result<wgpu::BindGroup, wgpu::Error> {
        let entries: Vec<wgpu::BindGroupEntry<'_>> = table
            .entries
            .iter()
            .zip(sources)
            .map(|(entry, source)| wgpu::BindGroupEntry { binding: entry.binding, resource: source.resource.clone() })
            .collect();
        let group = created(device, || {
            device.create_bind_group(&wgpu::BindGroupDescriptor { label: Some(label), layout, entries: &entries })
        })?;
        self.stats.created += 1;
        let bound: Option<Box<[Bound]>> = if sources.iter().any(|source| source.frame_scoped) {
            None
        } else {
            sources.iter().map(Bound::of).collect()
        };
        if let Some(bound) = bound {
            self.stats.retained += 1;
            let entry = CachedGroup { hash, table: table.key(), bound, group: group.clone(), last_used: now };
            self.table.insert_unique(hash, entry, |entry| entry.hash);
        }
        Ok(group)
    }

    /// Keeps the groups for which `keep(last_used, group)` holds.
    pub fn retain(&mut self, mut keep: impl FnMut(u64, &CachedGroup) -> bool) {
        let stats = &mut self.stats;
        self.table.retain(|entry| {
            let kept = keep(entry.last_used, entry);
            if !kept {
                stats.evicted += 1;
                stats.retained -= 1;
            }
            kept
        });
    }

    pub fn stats(&self) -> BindGroupCacheStats {
        self.stats
    }
}
