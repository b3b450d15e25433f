//! [`ResourcePoolStats`]: counters of the transient pool.

/// Counters of a runtime's transient pool.
///
/// `acquire_count`, `reuse_count`, `created_count`, `evicted_count` and
/// `estimated_evicted_bytes` only grow; `retained_count` and
/// `estimated_retained_bytes` describe what the pool holds now. Byte counts
/// are planning estimates (descriptor sizes and buffer size classes), not
/// driver memory.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ResourcePoolStats {
    /// Physical allocations executions asked the pool for.
    pub acquire_count: u64,
    /// Acquisitions served by an object the pool retained.
    pub reuse_count: u64,
    /// Acquisitions that created a new native object.
    pub created_count: u64,
    /// Native objects the pool holds between executions.
    pub retained_count: u64,
    /// Estimated bytes of the retained objects.
    pub estimated_retained_bytes: u64,
    /// Retained objects removed by pool maintenance (clearing and eviction).
    pub evicted_count: u64,
    /// Estimated bytes of the objects removed by pool maintenance.
    pub estimated_evicted_bytes: u64,
}
