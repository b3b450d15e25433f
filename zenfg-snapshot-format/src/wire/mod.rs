//! The typed Snapshot 1.2 document.
//!
//! Every struct and enum here maps one-to-one onto the JSON shape of the specification:
//! fields are camelCase, enum tokens are kebab-case, optional facts are `Option` and are
//! omitted from the JSON when `None` (absent means *unknown*, never zero or empty).
//! The types carry no invariants of their own; [`crate::validate_typed_frame_graph_snapshot`]
//! decides whether a value is a valid snapshot.

/// Declares a closed wire enumeration with its JSON tokens, in specification order.
macro_rules! wire_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident => $token:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord,
            serde::Serialize, serde::Deserialize,
        )]
        pub enum $name {
            $( $(#[$vmeta])* #[serde(rename = $token)] $variant, )+
        }

        impl $name {
            /// Every value, in the order the specification lists them.
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];

            /// The JSON token of this value.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $token,)+
                }
            }

            /// Parses a JSON token; `None` for any token the specification does not list.
            pub fn from_wire(token: &str) -> Option<Self> {
                match token {
                    $($token => Some(Self::$variant),)+
                    _ => None,
                }
            }
        }

        impl $crate::wire::WireEnum for $name {
            const TOKENS: &'static [&'static str] = &[$($token),+];

            fn parse(token: &str) -> Option<Self> {
                Self::from_wire(token)
            }
        }

        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

/// A closed enumeration of JSON tokens, as the validator checks it.
pub(crate) trait WireEnum: Sized + Copy {
    /// Every token, in specification order.
    const TOKENS: &'static [&'static str];

    /// The value of `token`, if listed.
    fn parse(token: &str) -> Option<Self>;
}

mod access;
mod document;
mod graph;
mod memory;
mod resource;
mod root;
mod timing;

pub use access::{
    SnapshotAccess, SnapshotAccessKind, SnapshotAccessMode, SnapshotBufferRange, SnapshotTextureRegion,
    SnapshotWriteContents,
};
pub use document::{
    FrameGraphSnapshotV1, SnapshotCapture, SnapshotDiagnostic, SnapshotDiagnosticSeverity, SnapshotMigration,
    SnapshotMigrationSourceFormat, SnapshotProducer, SnapshotRuntime, SnapshotUnavailableFact, SnapshotVersion,
};
pub use graph::{
    SnapshotDependency, SnapshotDependencyKind, SnapshotGraph, SnapshotGroup, SnapshotNode, SnapshotNodeCompileState,
    SnapshotNodeKind, SnapshotSegment, SnapshotSegmentKind,
};
pub use memory::{SnapshotAllocation, SnapshotAllocationReport, SnapshotMemory, SnapshotPoolReport};
pub use resource::{
    SnapshotInitialContents, SnapshotLifetime, SnapshotResource, SnapshotResourceDescriptor, SnapshotResourceKind,
    SnapshotResourceOrigin, SnapshotTextureSize, SnapshotTextureView, SnapshotUsageFlag,
};
pub use root::{SnapshotResourceRange, SnapshotResourceRoot, SnapshotRoot, SnapshotRootReason, SnapshotRootResolution};
pub use timing::{
    SnapshotCpuNodeTiming, SnapshotCpuTimings, SnapshotGpuNodeTiming, SnapshotGpuTimings, SnapshotTimings,
};
