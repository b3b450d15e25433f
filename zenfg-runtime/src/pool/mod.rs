//! The transient resource pool, its partitions, and its maintenance.

pub(crate) mod lease;
mod scope;
mod stats;
pub(crate) mod store;

pub use scope::ResourcePoolScope;
pub use stats::ResourcePoolStats;
