//! Nodes: what each one does, its attachments, and its copy and clear ops.

use std::ops::Range;

use wgpu::{Extent3d, Origin3d, TexelCopyBufferLayout, TextureAspect};

use super::NO_GROUP;
use crate::desc::same_or_equal;
use crate::ids::{AccessId, DebugGroupId, PassId, ResourceId};
use crate::ops::{ColorAttachmentOps, DepthAttachmentOps};
use crate::types::NodeKind;

/// A color slot of a render node: an attachment, or an empty slot when
/// `access` is `None` (the pass's color targets keep their slot numbers).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ColorTarget {
    pub access: Option<AccessId>,
    pub ops: ColorAttachmentOps,
    pub resolve: Option<AccessId>,
}

/// The depth attachment of a render node; `ops` is `None` when read-only.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct DepthTarget {
    pub access: AccessId,
    pub ops: Option<DepthAttachmentOps>,
}

/// A texture subresource origin of a copy op.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct TexturePoint {
    pub texture: ResourceId,
    pub mip_level: u32,
    pub origin: Origin3d,
    pub aspect: TextureAspect,
}

/// A buffer's layout in a buffer-texture copy, comparable (wgpu's
/// [`TexelCopyBufferLayout`] is not), so that recordings can be compared.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CopyLayout(pub TexelCopyBufferLayout);

impl PartialEq for CopyLayout {
    fn eq(&self, other: &Self) -> bool {
        let (a, b) = (self.0, other.0);
        (a.offset, a.bytes_per_row, a.rows_per_image) == (b.offset, b.bytes_per_row, b.rows_per_image)
    }
}

/// One recorded copy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum CopyOp {
    BufferToBuffer { src: ResourceId, src_offset: u64, dst: ResourceId, dst_offset: u64, size: u64 },
    BufferToTexture { src: ResourceId, layout: CopyLayout, dst: TexturePoint, size: Extent3d },
    TextureToBuffer { src: TexturePoint, dst: ResourceId, layout: CopyLayout, size: Extent3d },
    TextureToTexture { src: TexturePoint, dst: TexturePoint, size: Extent3d },
}

/// What a bound field of a derived pass expects of the texture or buffer its
/// access declared, checked at compile.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BindingCheck {
    pub access: AccessId,
    /// The field, for the error.
    pub field: &'static str,
    pub entry: &'static wgpu::BindGroupLayoutEntry,
    /// Whether the entry comes from the pass's shader, which the fix of a
    /// mismatch then names instead of the field's options.
    pub from_shader: bool,
}

/// Field and entry come from a derived pass's constant tables, so a frame
/// recorded like the last one has the same addresses: those are compared
/// first, the contents only when they differ.
impl PartialEq for BindingCheck {
    fn eq(&self, other: &Self) -> bool {
        self.access == other.access
            && self.from_shader == other.from_shader
            && same_or_equal(self.field, other.field)
            && same_or_equal(self.entry, other.entry)
    }
}

/// What the fragment entry points of a derived render pass write into its
/// color attachments, checked against their formats at compile.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ColorOutputCheck {
    pub pass: PassId,
    pub outputs: &'static [crate::binding::ColorOutput],
}

/// The outputs come from a derived pass's constant table: equal addresses
/// settle it, the contents are compared only when they differ.
impl PartialEq for ColorOutputCheck {
    fn eq(&self, other: &Self) -> bool {
        self.pass == other.pass && same_or_equal(self.outputs, other.outputs)
    }
}

/// One recorded zero-fill.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ClearOp {
    pub buffer: ResourceId,
    pub offset: u64,
    pub size: u64,
}

/// What a node does.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum NodeWork {
    Render { colors: Range<u32>, depth: Option<DepthTarget> },
    Compute,
    Copy { ops: Range<u32> },
    ClearBuffer { ops: Range<u32> },
    Command,
    External,
}

impl NodeWork {
    pub fn kind(&self) -> NodeKind {
        match self {
            Self::Render { .. } => NodeKind::Render,
            Self::Compute => NodeKind::Compute,
            Self::Copy { .. } => NodeKind::Copy,
            Self::ClearBuffer { .. } => NodeKind::ClearBuffer,
            Self::Command => NodeKind::Command,
            Self::External => NodeKind::ExternalSubmission,
        }
    }
}

/// One node. Its label is kept apart, in [`Recording::node_labels`](super::Recording::node_labels): the
/// stages that walk the node table do not read it.
#[derive(PartialEq)]
pub(crate) struct NodeRecord {
    pub accesses: Range<u32>,
    pub work: NodeWork,
    /// The debug group's id, or [`NO_GROUP`].
    group: u32,
    pub side_effect: bool,
}

impl NodeRecord {
    #[inline]
    pub fn new(accesses: Range<u32>, work: NodeWork, group: Option<DebugGroupId>, side_effect: bool) -> Self {
        Self { accesses, work, group: group.map_or(NO_GROUP, DebugGroupId::get), side_effect }
    }

    /// The debug group open when the node's builder was created.
    pub fn group(&self) -> Option<DebugGroupId> {
        (self.group != NO_GROUP).then_some(DebugGroupId(self.group))
    }
}
