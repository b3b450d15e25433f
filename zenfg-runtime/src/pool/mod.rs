//! The transient resource pool, its partitions, and its maintenance.

mod eviction;
pub(crate) mod lease;
mod scope;
mod stats;
pub(crate) mod store;

pub use eviction::{PooledResourceDesc, PooledResourceInfo};
pub use scope::ResourcePoolScope;
pub use stats::ResourcePoolStats;
