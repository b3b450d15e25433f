//! Execution of compiled frames on a caller-owned queue.

pub(crate) mod resolve;
