//! [`BindGroupCacheStats`]: counters of the bind group cache.

/// Counters of a runtime's bind group cache, which keeps the bind groups of
/// derived passes across executions.
///
/// `hits`, `misses`, `created` and `evicted` only grow; `retained` is what
/// the cache holds now. A miss creates a bind group, so `created == misses`
/// unless wgpu refused one (FG4015); a bind group of a surface texture is
/// created for its execution alone and is not retained.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BindGroupCacheStats {
    /// Lookups that found the bind group.
    pub hits: u64,
    /// Lookups that did not, and created it (or had it refused).
    pub misses: u64,
    /// Bind groups created.
    pub created: u64,
    /// Bind groups dropped by the idle limit, by pool maintenance or by
    /// clearing.
    pub evicted: u64,
    /// Bind groups held now.
    pub retained: u64,
}
