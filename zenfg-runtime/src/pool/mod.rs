//! The transient resource pool and its partitions.

mod scope;

pub use scope::ResourcePoolScope;
