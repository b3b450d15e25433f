//! The transient resource pool, and its maintenance.

mod eviction;
mod stats;
pub(crate) mod store;

pub use eviction::{PooledResourceDesc, PooledResourceInfo};
pub use stats::ResourcePoolStats;
