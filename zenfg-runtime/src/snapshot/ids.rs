//! Snapshot ids of report entities: a type prefix and the runtime's dense number.

use crate::ids::{AccessId, AllocationId, DebugGroupId, PassId, ResourceId, ViewId};

pub(super) fn node(id: PassId) -> String {
    format!("node:{}", id.get())
}

pub(super) fn resource(id: ResourceId) -> String {
    format!("resource:{}", id.get())
}

pub(super) fn view(id: ViewId) -> String {
    format!("view:{}", id.get())
}

pub(super) fn group(id: DebugGroupId) -> String {
    format!("group:{}", id.get())
}

pub(super) fn allocation(id: AllocationId) -> String {
    format!("allocation:{}", id.get())
}

pub(super) fn segment(order: usize) -> String {
    format!("segment:{order}")
}

/// The marker of a compatibility class. Keys of different pool partitions differ by a
/// partition number local to one compile, so markers never reveal a scope's identity.
pub(super) fn compatibility(key: &str) -> String {
    format!("compatibility:{key}")
}

/// The id of one wire access: an access over several texture regions becomes one wire
/// access per region, numbered after the runtime's access id.
pub(super) fn access(id: AccessId, region: Option<usize>) -> String {
    match region {
        None => format!("access:{}", id.get()),
        Some(region) => format!("access:{}:{region}", id.get()),
    }
}
