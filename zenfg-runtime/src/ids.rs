//! Dense identifiers of the entities of one recording.
//!
//! Every id is a zero-based index into the table of its recording (or, for
//! [`AllocationId`], of its compiled frame). Ids are plain numbers: they carry no
//! identity of the recording that issued them, which is what handles and tokens
//! are for.

use std::fmt;

macro_rules! dense_id {
    ($(#[$doc:meta])* $name:ident, $what:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub(crate) u32);

        impl $name {
            /// The zero-based index this id stands for.
            #[must_use]
            pub const fn get(self) -> u32 {
                self.0
            }

            #[allow(dead_code, reason = "generated for every id; not every id indexes a table")]
            pub(crate) const fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($what, " {}"), self.0)
            }
        }
    };
}

dense_id!(
    /// A logical texture or buffer of one recording.
    ResourceId,
    "resource"
);
dense_id!(
    /// A logical texture view of one recording.
    ViewId,
    "view"
);
dense_id!(
    /// A node (pass, copy, clear, command or external submission) in recording order.
    PassId,
    "pass"
);
dense_id!(
    /// One declared access of a node; numbered across the whole recording.
    AccessId,
    "access"
);
dense_id!(
    /// One logical value: the contents produced by a write, or the defined
    /// initial contents of an import.
    ValueId,
    "value"
);
dense_id!(
    /// One physical transient allocation of a compiled frame.
    AllocationId,
    "allocation"
);
dense_id!(
    /// A debug group, in the order groups were opened.
    DebugGroupId,
    "group"
);

/// Converts a table length into the next dense index, or `None` when the table
/// is full (`u32::MAX` entries).
#[inline]
pub(crate) fn next_index(len: usize) -> Option<u32> {
    (len < u32::MAX as usize).then_some(len as u32)
}
