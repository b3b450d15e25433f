//! Migration of historical documents to Snapshot 1.2.
//!
//! Each migration validates its source before converting it and never invents facts the
//! source lacks: what it cannot provide is declared in `capture.migration`.

pub(crate) mod candidate_v1;
pub(crate) mod legacy_v0;
pub(crate) mod v1_1;
