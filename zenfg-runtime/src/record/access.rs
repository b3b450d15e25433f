//! [`AccessRecord`]: one declared access, packed.

use super::{Region, Slices, TextureRegion};
use crate::ids::{PassId, ResourceId, ViewId};
use crate::types::{AccessMode, AccessRole, WriteContents};

/// One declared access, packed into 32 bytes: the access table is the
/// largest table of a recording and every stage streams through it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct AccessRecord {
    pub pass: PassId,
    pub resource: ResourceId,
    /// The view's id, or [`NO_VIEW`].
    view: u32,
    pub role: AccessRole,
    pub mode: AccessMode,
    flags: u8,
    /// A buffer's `offset, end`, or a texture region's `base_mip | mip_count << 32`
    /// and `base | count << 32` of its slices.
    region: [u64; 2],
}

/// `AccessRecord::view` of an access to a whole texture or a buffer.
const NO_VIEW: u32 = u32::MAX;

/// Needs the previous contents (preserving writes, loads, and every read).
const CONSUMES_PREVIOUS: u8 = 1;
/// Leaves a readable value behind (false for discarding attachments and reads).
const PRODUCES_VALUE: u8 = 1 << 1;
/// False for the accesses of empty copies: they count for usage and lifetimes
/// but not for contents.
const GRAPH_EFFECT: u8 = 1 << 2;
/// The region is a buffer range.
const BUFFER_REGION: u8 = 1 << 3;
/// The texture region covers every depth slice of its mips.
const ALL_DEPTH: u8 = 1 << 4;

/// Two 32-bit halves in one word.
fn pack(low: u32, high: u32) -> u64 {
    u64::from(low) | u64::from(high) << 32
}

impl AccessRecord {
    /// A read of `region`: it consumes the previous contents and produces nothing.
    #[inline]
    pub fn read(pass: PassId, role: AccessRole, resource: ResourceId, view: Option<ViewId>, region: Region) -> Self {
        let (region_flags, region) = match region {
            Region::Buffer { offset, end } => (BUFFER_REGION, [offset, end]),
            Region::Texture(region) => {
                let (flags, slices) = match region.slices {
                    Slices::Range { base, count } => (0, pack(base, count)),
                    Slices::AllDepth => (ALL_DEPTH, 0),
                };
                (flags, [pack(region.base_mip, region.mip_count), slices])
            }
        };
        Self {
            pass,
            resource,
            view: view.map_or(NO_VIEW, ViewId::get),
            role,
            mode: AccessMode::Read,
            flags: CONSUMES_PREVIOUS | GRAPH_EFFECT | region_flags,
            region,
        }
    }

    /// A write of `region`: it produces a value, and consumes the previous
    /// contents when they are preserved.
    #[inline]
    pub fn write(
        pass: PassId,
        role: AccessRole,
        resource: ResourceId,
        view: Option<ViewId>,
        region: Region,
        contents: WriteContents,
    ) -> Self {
        Self { mode: AccessMode::Write, ..Self::read(pass, role, resource, view, region) }
            .with_contents(contents == WriteContents::Preserve, true)
    }

    /// The same access with explicit content flags (attachment load and store ops).
    #[inline]
    #[must_use]
    pub fn with_contents(mut self, consumes_previous: bool, produces_value: bool) -> Self {
        self.set(CONSUMES_PREVIOUS, consumes_previous);
        self.set(PRODUCES_VALUE, produces_value);
        self
    }

    /// The same access, affecting contents or not (empty copies do not).
    #[inline]
    #[must_use]
    pub fn with_graph_effect(mut self, graph_effect: bool) -> Self {
        self.set(GRAPH_EFFECT, graph_effect);
        self
    }

    fn set(&mut self, flag: u8, on: bool) {
        if on {
            self.flags |= flag;
        } else {
            self.flags &= !flag;
        }
    }

    /// The explicit view the access goes through, if any.
    #[inline]
    pub fn view(&self) -> Option<ViewId> {
        (self.view != NO_VIEW).then_some(ViewId(self.view))
    }

    /// Needs the previous contents (preserving writes, loads, and every read).
    #[inline]
    pub fn consumes_previous(&self) -> bool {
        self.flags & CONSUMES_PREVIOUS != 0
    }

    /// Leaves a readable value behind (false for discarding attachments and reads).
    #[inline]
    pub fn produces_value(&self) -> bool {
        self.flags & PRODUCES_VALUE != 0
    }

    /// False for the accesses of empty copies: they count for usage and
    /// lifetimes but not for contents.
    #[inline]
    pub fn graph_effect(&self) -> bool {
        self.flags & GRAPH_EFFECT != 0
    }

    /// The bytes or subresources the access selects.
    #[inline]
    pub fn region(&self) -> Region {
        let [first, second] = self.region;
        if self.flags & BUFFER_REGION != 0 {
            return Region::Buffer { offset: first, end: second };
        }
        let slices = if self.flags & ALL_DEPTH != 0 {
            Slices::AllDepth
        } else {
            Slices::Range { base: second as u32, count: (second >> 32) as u32 }
        };
        Region::Texture(TextureRegion { base_mip: first as u32, mip_count: (first >> 32) as u32, slices })
    }
}
