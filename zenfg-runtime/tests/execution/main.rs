//! Execution tests on wgpu's no-op device: order, resolution, preflight,
//! segments, timing bookkeeping and the transient pool. The derived-pass tests
//! also run on a real adapter, as the `gpu` tests do.

#[path = "../execution_common/mod.rs"]
mod execution_common;

mod bindings;
mod capabilities;
mod derive;
mod execute;
mod repeatable;
mod resource_pool;
mod resource_pool_maintenance;
#[cfg(feature = "tracing")]
mod tracing;
