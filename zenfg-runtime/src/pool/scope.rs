//! [`ResourcePoolScope`]: a partition of transient aliasing and reuse.

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
