//! Recording: the flat tables a [`Frame`](crate::Frame) fills and compilation reads.
//!
//! Everything is stored in arrays indexed by dense ids. A node's accesses, color
//! attachments and copy or clear operations are contiguous runs of the shared
//! tables, because only one pass builder can be open at a time.

pub(crate) mod access;
pub(crate) mod bind;
pub(crate) mod callback;
pub(crate) mod clear;
pub(crate) mod conflict;
pub(crate) mod copy;
pub(crate) mod frame;
pub(crate) mod group;
pub(crate) mod native_import;
pub(crate) mod node;
pub(crate) mod pass;
pub(crate) mod recording;
pub(crate) mod region;
pub(crate) mod register;
pub(crate) mod resource;
pub(crate) mod root;
pub(crate) mod selection;
pub(crate) mod stored;
pub(crate) mod table;
pub(crate) mod view;

pub(crate) use self::access::AccessRecord;
pub(crate) use self::callback::Callback;
pub(crate) use self::group::GroupRecord;
pub(crate) use self::node::{
    BindingCheck, ClearOp, ColorOutputCheck, ColorTarget, CopyLayout, CopyOp, DepthTarget, NodeRecord, NodeWork,
    TexturePoint,
};
pub(crate) use self::recording::{BoundNative, Recording, Spare};
pub(crate) use self::region::{Region, Slices, TextureRegion};
pub(crate) use self::resource::{ResourceFacts, ResourceRecord, ResourceShape};
pub(crate) use self::root::RootRecord;
pub(crate) use self::view::ViewRecord;

use crate::error::FrameGraphError;

/// The packed debug group of a resource or node registered outside any group.
const NO_GROUP: u32 = u32::MAX;

/// Appends the element `make` builds once room for it is reserved, so that
/// it is written straight into the table instead of being assembled on the
/// stack and copied, a copy that also stalls on store forwarding.
#[inline(always)]
pub(crate) fn push_built<T>(table: &mut Vec<T>, make: impl FnOnce() -> T) {
    table.extend(std::iter::once_with(make));
}

/// Checks that a label is not blank.
#[inline]
pub(crate) fn check_label(label: &str, what: &str) -> Result<(), FrameGraphError> {
    if label.as_bytes().first().is_some_and(u8::is_ascii_graphic) {
        return Ok(());
    }
    check_unusual_label(label, what)
}

/// [`check_label`] for labels that do not start with a visible ASCII character.
#[cold]
fn check_unusual_label(label: &str, what: &str) -> Result<(), FrameGraphError> {
    if label.chars().all(char::is_whitespace) {
        return Err(FrameGraphError::InvalidLabel {
            message: format!("{what} label is blank; give it a name that identifies it in errors and reports"),
        });
    }
    Ok(())
}

#[cfg(all(test, target_pointer_width = "64"))]
mod tests {
    use super::{AccessRecord, NodeRecord, ResourceFacts, ResourceRecord};

    #[test]
    fn hot_records_keep_their_sizes() {
        assert_eq!(size_of::<AccessRecord>(), 32);
        assert_eq!(size_of::<ResourceRecord>(), 56);
        assert_eq!(size_of::<ResourceFacts>(), 16);
        assert_eq!(size_of::<NodeRecord>(), 40);
    }
}
