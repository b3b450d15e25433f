//! [`ImportViews`]: native views of imported textures, kept across
//! executions so that the bind groups using them are found again.
//!
//! Views of pooled textures stay with the pooled texture; an import's
//! texture is the caller's, so its views are kept here, by texture and
//! descriptor. Within one execution every planned view still gets its own
//! native view, as for pooled textures.

use std::hash::{Hash, Hasher};

use hashbrown::HashTable;

use crate::hash::WordHasher;
use crate::physical::{NativeResource, PlannedView};
use crate::scoped::created;

/// One kept view.
pub(crate) struct KeptView {
    hash: u64,
    pub texture: wgpu::Texture,
    planned: PlannedView,
    view: wgpu::TextureView,
    last_used: u64,
}

impl KeptView {
    /// Whether the view is one of `views`.
    pub fn is_among(&self, views: &[wgpu::TextureView]) -> bool {
        views.contains(&self.view)
    }

    /// Whether the view is of one of `removed`.
    pub fn views_any(&self, removed: &[NativeResource]) -> bool {
        removed.iter().any(|native| matches!(native, NativeResource::Texture(texture) if *texture == self.texture))
    }
}

fn view_hash(texture: &wgpu::Texture, planned: &PlannedView) -> u64 {
    let mut hasher = WordHasher::default();
    texture.hash(&mut hasher);
    planned.hash_view(&mut hasher);
    hasher.finish()
}

/// The kept views of imported textures.
#[derive(Default)]
pub(crate) struct ImportViews {
    table: HashTable<KeptView>,
}

impl ImportViews {
    /// A view of `texture` as `planned`: a kept one not yet handed out in
    /// execution `now`, or a new one, kept; wgpu's refusal of a new one (a
    /// format the native texture's `view_formats` lacks) comes back as the
    /// error, and nothing is kept.
    pub fn get_or_create(
        &mut self,
        device: &wgpu::Device,
        texture: &wgpu::Texture,
        planned: &PlannedView,
        now: u64,
    ) -> Result<wgpu::TextureView, wgpu::Error> {
        let hash = view_hash(texture, planned);
        let found = self.table.find_mut(hash, |kept| {
            kept.last_used != now && kept.texture == *texture && kept.planned.same_view(planned)
        });
        if let Some(kept) = found {
            kept.last_used = now;
            return Ok(kept.view.clone());
        }
        let view = create_view(device, texture, planned)?;
        let kept =
            KeptView { hash, texture: texture.clone(), planned: planned.clone(), view: view.clone(), last_used: now };
        self.table.insert_unique(hash, kept, |kept| kept.hash);
        Ok(view)
    }

    /// Keeps the views for which `keep(last_used, view)` holds.
    pub fn retain(&mut self, mut keep: impl FnMut(u64, &KeptView) -> bool) {
        self.table.retain(|kept| keep(kept.last_used, kept));
    }
}

/// A new view of `texture` as `planned`, or wgpu's refusal of it: a texture
/// the caller created (an import, a surface texture) may lack the view's
/// format in its `view_formats`, which its descriptor does not tell.
pub(crate) fn create_view(
    device: &wgpu::Device,
    texture: &wgpu::Texture,
    planned: &PlannedView,
) -> Result<wgpu::TextureView, wgpu::Error> {
    created(device, || texture.create_view(&planned.descriptor()))
}
