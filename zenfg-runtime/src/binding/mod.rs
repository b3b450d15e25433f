//! Native objects kept across executions for derived passes with bindings:
//! their bind group layouts, their bind groups, and the views of imported
//! textures those bind groups use.
//!
//! A bind group is looked up by its layout and the exact native objects,
//! views and byte ranges it binds, so a hit is the bind group the pass would
//! have created. Entries age by executions: a bind group or view left unused
//! for more than the idle limit is dropped at the next sweep, which runs at
//! the start of every 16th execution and when the limit is set; one that
//! binds an object the pool destroys is dropped with it, at once. Objects of
//! a surface texture are never kept:
//! a surface texture is new every frame.

mod groups;
mod layouts;
mod outputs;
mod stats;
mod views;

pub use layouts::BindGroupTable;
pub use outputs::{ColorOutput, OutputScalar};
pub use stats::BindGroupCacheStats;

pub(crate) use self::groups::BindGroups as CachedBindGroups;
pub use self::groups::BindingSource;
pub(crate) use self::views::{ImportViews, create_view};

use self::layouts::Layouts;
use crate::physical::NativeResource;

/// Executions an unused entry is kept for by default.
pub(crate) const DEFAULT_IDLE_LIMIT: u64 = 256;

/// How often, in executions, entries are checked for their idle age.
const SWEEP_INTERVAL: u64 = 16;

/// Everything a runtime keeps for the bindings of derived passes.
pub(crate) struct BindingCache {
    pub layouts: Layouts,
    pub groups: CachedBindGroups,
    pub views: ImportViews,
    /// Accepted executions so far: the clock of idle ages.
    executions: u64,
    idle_limit: u64,
}

impl Default for BindingCache {
    fn default() -> Self {
        Self {
            layouts: Layouts::default(),
            groups: CachedBindGroups::default(),
            views: ImportViews::default(),
            executions: 0,
            idle_limit: DEFAULT_IDLE_LIMIT,
        }
    }
}

impl BindingCache {
    /// Marks the start of an accepted execution, and now and then drops the
    /// entries idle for longer than the limit. `latest` are the views the
    /// latest execution used: it handed out the kept views of imports among
    /// them without looking them up, so they count as used.
    pub fn age(&mut self, latest: &[wgpu::TextureView]) {
        self.executions += 1;
        if self.executions.is_multiple_of(SWEEP_INTERVAL) {
            self.drop_idle(latest);
        }
    }

    /// The current execution, for entries to remember when they were used.
    pub fn now(&self) -> u64 {
        self.executions
    }

    /// Sets how many executions an unused entry is kept for, and drops the
    /// entries already idle for longer; `latest` as for [`age`](Self::age).
    pub fn set_idle_limit(&mut self, executions: u64, latest: &[wgpu::TextureView]) {
        self.idle_limit = executions;
        self.drop_idle(latest);
    }

    fn drop_idle(&mut self, latest: &[wgpu::TextureView]) {
        let oldest = self.executions.saturating_sub(self.idle_limit);
        self.groups.retain(|last_used, _| last_used >= oldest);
        self.views.retain(|last_used, view| last_used >= oldest || view.is_among(latest));
    }

    /// Drops every entry that binds or views one of `removed`: the pool has
    /// destroyed them.
    pub fn forget(&mut self, removed: &[NativeResource]) {
        if removed.is_empty() {
            return;
        }
        self.groups.retain(|_, group| !group.binds_any(removed));
        self.views.retain(|_, view| !view.views_any(removed));
    }

    /// Drops every bind group and view; layouts stay, they bind nothing.
    pub fn clear(&mut self) {
        self.groups.retain(|_, _| false);
        self.views.retain(|_, _| false);
    }

    pub fn stats(&self) -> BindGroupCacheStats {
        self.groups.stats()
    }
}
