//! Recording: the flat tables a [`Frame`](crate::Frame) fills and compilation reads.
//!
//! Everything is stored in arrays indexed by dense ids. A node's accesses, color
//! attachments and copy or clear operations are contiguous runs of the shared
//! tables, because only one pass builder can be open at a time.

pub(crate) mod access;
pub(crate) mod bind;
pub(crate) mod clear;
pub(crate) mod conflict;
pub(crate) mod copy;
pub(crate) mod frame;
pub(crate) mod group;
pub(crate) mod pass;
pub(crate) mod root;
pub(crate) mod table;
pub(crate) mod view;

use std::ops::Range;

use wgpu::{BufferUsages, Extent3d, Origin3d, TexelCopyBufferLayout, TextureAspect, TextureDimension, TextureUsages};

use self::table::Table;
use crate::context::{CommandCallback, ComputeCallback, ExternalCallback, RenderCallback};
use crate::desc::{BufferDesc, Label, NormalizedTextureViewDesc, TextureDesc, TextureViewDesc};
use crate::error::{FrameGraphError, PassRef, ResourceRef};
use crate::format::Layers;
use crate::ids::{AccessId, DebugGroupId, PassId, ResourceId, ViewId};
use crate::ops::{ColorAttachmentOps, DepthAttachmentOps};
use crate::physical::{NativeResource, ResourcePoolScope};
use crate::types::{
    AccessMode, AccessRole, InitialContents, NodeKind, ResourceKind, ResourceOrigin, RootReason, WriteContents,
};

/// The descriptor of a logical resource.
pub(crate) enum ResourceShape {
    Texture { desc: Box<TextureDesc> },
    Buffer { desc: BufferDesc },
}

/// One logical resource: its descriptor, bound native object, pool scope and
/// debug group. What the passes over every resource read is kept apart, in
/// [`ResourceFacts`].
pub(crate) struct ResourceRecord {
    pub shape: ResourceShape,
    /// Boxed: only imports have one, and it is large.
    pub native: Option<Box<NativeResource>>,
    /// The pool scope's index, when the facts say the resource is scoped;
    /// the scope's owner is the recording's runtime.
    scope: u32,
    /// The debug group's id, or [`NO_GROUP`].
    group: u32,
}

/// `ResourceRecord::group` of a resource registered outside any group.
const NO_GROUP: u32 = u32::MAX;

/// What the passes over every resource read of it, in 16 bytes: a quarter of
/// its record, which is read only where these do not suffice.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ResourceFacts {
    /// A buffer's logical size; a texture's layer count (or depth), with its
    /// mip count in the upper half.
    size: u64,
    /// The usage's bits, when [`PROMISED`] is set.
    promised: u32,
    pub origin: ResourceOrigin,
    flags: u8,
}

/// The resource is a texture.
const TEXTURE: u8 = 1;
/// An import declared with defined initial contents.
const DEFINED: u8 = 1 << 1;
/// The resource has a fixed (transient) or exposed (import) usage.
const PROMISED: u8 = 1 << 2;
/// The resource is in a pool scope.
const SCOPED: u8 = 1 << 3;
/// A 1D texture.
const D1: u8 = 1 << 4;
/// A 3D texture.
const D3: u8 = 1 << 5;
/// A texture of more than one sample.
const MULTISAMPLED: u8 = 1 << 6;

impl ResourceFacts {
    /// The facts of a buffer of `buffer_size` bytes, or of a texture (`None`);
    /// `promised` is the fixed usage of a transient or the exposed usage of
    /// an import.
    #[inline(always)]
    pub fn new(
        buffer_size: Option<u64>,
        origin: ResourceOrigin,
        initial: InitialContents,
        promised: Option<u32>,
        scoped: bool,
    ) -> Self {
        let (size, texture) = match buffer_size {
            Some(size) => (size, 0),
            None => (0, TEXTURE),
        };
        let defined = if initial == InitialContents::Defined { DEFINED } else { 0 };
        let flags = texture | defined | if promised.is_some() { PROMISED } else { 0 } | if scoped { SCOPED } else { 0 };
        Self { size, promised: promised.unwrap_or(0), origin, flags }
    }

    /// The same facts for a texture of `desc`.
    #[inline(always)]
    #[must_use]
    pub fn with_texture_shape(mut self, desc: &TextureDesc) -> Self {
        self.size = u64::from(desc.size.depth_or_array_layers) | u64::from(desc.mip_level_count) << 32;
        self.flags |= match desc.dimension {
            TextureDimension::D1 => D1,
            TextureDimension::D2 => 0,
            TextureDimension::D3 => D3,
        };
        if desc.sample_count > 1 {
            self.flags |= MULTISAMPLED;
        }
        self
    }

    /// The logical size of a buffer; `None` for a texture.
    #[inline]
    pub fn buffer_size(&self) -> Option<u64> {
        (self.flags & TEXTURE == 0).then_some(self.size)
    }

    /// A texture's mip count.
    #[inline]
    pub fn mip_count(&self) -> u32 {
        (self.size >> 32) as u32
    }

    /// A texture's slices per mip.
    #[inline]
    pub fn layers(&self) -> Layers {
        Layers::new(self.size as u32, self.flags & D3 != 0)
    }

    /// A texture's dimension.
    #[inline]
    pub fn dimension(&self) -> TextureDimension {
        match self.flags & (D1 | D3) {
            D1 => TextureDimension::D1,
            D3 => TextureDimension::D3,
            _ => TextureDimension::D2,
        }
    }

    /// Whether the resource is a 1D texture.
    #[inline]
    pub fn is_1d(&self) -> bool {
        self.flags & D1 != 0
    }

    /// Whether the resource is a multisampled texture.
    #[inline]
    pub fn is_multisampled(&self) -> bool {
        self.flags & MULTISAMPLED != 0
    }

    pub fn initial(&self) -> InitialContents {
        if self.flags & DEFINED != 0 { InitialContents::Defined } else { InitialContents::Undefined }
    }

    /// The fixed usage of a transient or the exposed usage of an import, as
    /// bits of its kind's flags.
    #[inline]
    pub fn promised(&self) -> Option<u32> {
        (self.flags & PROMISED != 0).then_some(self.promised)
    }

    /// The exposed usage of an import, if given.
    fn exposed(&self) -> Option<u32> {
        self.promised().filter(|_| self.origin != ResourceOrigin::Transient)
    }

    /// The exposed usage of an imported or surface texture, if given.
    pub fn exposed_texture_usage(&self) -> Option<TextureUsages> {
        self.exposed().map(TextureUsages::from_bits_truncate)
    }

    /// The exposed usage of an imported buffer, if given.
    pub fn exposed_buffer_usage(&self) -> Option<BufferUsages> {
        self.exposed().map(BufferUsages::from_bits_truncate)
    }

    #[inline]
    pub fn scoped(&self) -> bool {
        self.flags & SCOPED != 0
    }
}

impl ResourceRecord {
    #[inline(always)]
    pub fn new(shape: ResourceShape, scope: Option<ResourcePoolScope>, group: Option<DebugGroupId>) -> Self {
        Self {
            shape,
            native: None,
            scope: scope.map_or(0, |scope| scope.index),
            group: group.map_or(NO_GROUP, DebugGroupId::get),
        }
    }

    /// Makes a stale record whose shape was just overwritten a new record
    /// of `scope` and `group`.
    #[inline(always)]
    pub fn reset(&mut self, scope: Option<ResourcePoolScope>, group: Option<DebugGroupId>) {
        self.native = None;
        self.scope = scope.map_or(0, |scope| scope.index);
        self.group = group.map_or(NO_GROUP, DebugGroupId::get);
    }

    /// The debug group open when the resource was registered.
    pub fn group(&self) -> Option<DebugGroupId> {
        (self.group != NO_GROUP).then_some(DebugGroupId(self.group))
    }

    pub fn label(&self) -> &Label {
        match &self.shape {
            ResourceShape::Texture { desc, .. } => &desc.label,
            ResourceShape::Buffer { desc, .. } => &desc.label,
        }
    }

    pub fn kind(&self) -> ResourceKind {
        match self.shape {
            ResourceShape::Texture { .. } => ResourceKind::Texture,
            ResourceShape::Buffer { .. } => ResourceKind::Buffer,
        }
    }

    #[inline]
    pub fn texture_desc(&self) -> Option<&TextureDesc> {
        match &self.shape {
            ResourceShape::Texture { desc, .. } => Some(desc),
            ResourceShape::Buffer { .. } => None,
        }
    }

    /// Usage bits of this resource's kind as a typed usage.
    pub fn usage(&self, bits: u32) -> crate::types::ResourceUsage {
        use crate::types::ResourceUsage;
        match self.shape {
            ResourceShape::Texture { .. } => ResourceUsage::Texture(TextureUsages::from_bits_truncate(bits)),
            ResourceShape::Buffer { .. } => ResourceUsage::Buffer(BufferUsages::from_bits_truncate(bits)),
        }
    }

    #[inline]
    pub fn buffer_size(&self) -> Option<u64> {
        match &self.shape {
            ResourceShape::Buffer { desc, .. } => Some(desc.size),
            ResourceShape::Texture { .. } => None,
        }
    }
}

/// Which slices of each selected mip a texture region covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Slices {
    /// `base..base + count` at every selected mip.
    Range { base: u32, count: u32 },
    /// Every depth slice of each selected mip of a 3D texture.
    AllDepth,
}

/// A selection of texture subresources: a run of mips, and slices per mip.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct TextureRegion {
    pub base_mip: u32,
    pub mip_count: u32,
    pub slices: Slices,
}

impl TextureRegion {
    /// Every subresource of the texture.
    pub fn whole(desc: &TextureDesc) -> Self {
        Self {
            base_mip: 0,
            mip_count: desc.mip_level_count,
            slices: match desc.dimension {
                wgpu::TextureDimension::D3 => Slices::AllDepth,
                _ => Slices::Range { base: 0, count: desc.size.depth_or_array_layers },
            },
        }
    }

    /// The slices covered at `mip` of a texture of `layers`.
    #[inline]
    pub fn slice_range(&self, layers: Layers, mip: u32) -> Range<u32> {
        match self.slices {
            Slices::Range { base, count } => base..base + count,
            Slices::AllDepth => 0..layers.at_mip(mip),
        }
    }

    pub fn mips(&self) -> Range<u32> {
        self.base_mip..self.base_mip + self.mip_count
    }
}

/// The subresources or bytes an access or root selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Region {
    Buffer { offset: u64, end: u64 },
    Texture(TextureRegion),
}

impl Region {
    /// The region as a public range, with texture regions expanded per mip.
    pub fn range_of(self, resource: &ResourceRecord) -> crate::desc::ResourceRange {
        use crate::desc::{BufferRange, ResourceRange, TextureSubresourceRange};
        // Buffer ranges do not read the resource record, which reports
        // building over large frames would otherwise fetch for every row.
        let region = match self {
            Self::Buffer { offset, end } => return ResourceRange::Buffer(BufferRange::new(offset, Some(end - offset))),
            Self::Texture(region) => region,
        };
        let Some(desc) = resource.texture_desc() else { return ResourceRange::Texture(Vec::new()) };
        let aspect = crate::format::normalized_aspect(desc.format);
        ResourceRange::Texture(
            region
                .mips()
                .map(|mip| {
                    let slices = region.slice_range(Layers::of(desc), mip);
                    TextureSubresourceRange {
                        base_mip_level: mip,
                        mip_level_count: 1,
                        base_slice: slices.start,
                        slice_count: slices.end - slices.start,
                        aspect,
                    }
                })
                .collect(),
        )
    }
}

/// One declared access, packed into 32 bytes: the access table is the
/// largest table of a recording and every stage streams through it.
#[derive(Clone, Copy, Debug)]
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

/// One logical view.
pub(crate) struct ViewRecord {
    pub texture: ResourceId,
    pub desc: TextureViewDesc,
    pub normalized: NormalizedTextureViewDesc,
    pub region: TextureRegion,
}

/// A color attachment of a render node.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ColorTarget {
    pub access: AccessId,
    pub ops: ColorAttachmentOps,
    pub resolve: Option<AccessId>,
}

/// The depth attachment of a render node; `ops` is `None` when read-only.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DepthTarget {
    pub access: AccessId,
    pub ops: Option<DepthAttachmentOps>,
}

/// A texture subresource origin of a copy op.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TexturePoint {
    pub texture: ResourceId,
    pub mip_level: u32,
    pub origin: Origin3d,
    pub aspect: TextureAspect,
}

/// One recorded copy.
#[derive(Clone, Copy, Debug)]
pub(crate) enum CopyOp {
    BufferToBuffer { src: ResourceId, src_offset: u64, dst: ResourceId, dst_offset: u64, size: u64 },
    BufferToTexture { src: ResourceId, layout: TexelCopyBufferLayout, dst: TexturePoint, size: Extent3d },
    TextureToBuffer { src: TexturePoint, dst: ResourceId, layout: TexelCopyBufferLayout, size: Extent3d },
    TextureToTexture { src: TexturePoint, dst: TexturePoint, size: Extent3d },
}

/// One recorded zero-fill.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ClearOp {
    pub buffer: ResourceId,
    pub offset: u64,
    pub size: u64,
}

/// What a node does.
#[derive(Clone, Debug)]
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

/// The callback a node runs when executed.
pub(crate) enum Callback<'frame> {
    Render(RenderCallback<'frame>),
    Compute(ComputeCallback<'frame>),
    Command(CommandCallback<'frame>),
    External(ExternalCallback<'frame>),
}

/// One node. Its label is kept apart, in [`Recording::node_labels`]: the
/// stages that walk the node table do not read it.
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

/// One declared root, with its region resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct RootRecord {
    pub resource: ResourceId,
    pub reason: RootReason,
    pub region: Region,
}

/// One debug group.
pub(crate) struct GroupRecord {
    pub label: Label,
    pub parent: Option<DebugGroupId>,
}

/// Everything one recording declared.
#[derive(Default)]
pub(crate) struct Recording<'frame> {
    pub resources: Table<ResourceRecord>,
    /// The facts of each resource, by resource id.
    pub facts: Vec<ResourceFacts>,
    pub views: Table<ViewRecord>,
    pub nodes: Vec<NodeRecord>,
    /// The label of each node, by node id.
    pub node_labels: Table<Label>,
    /// The side-effecting nodes, in recording order.
    pub side_effects: Vec<PassId>,
    /// The external submission nodes, in recording order.
    pub externals: Vec<PassId>,
    /// The callback of each node, by node id, up to the last node that has
    /// one: frames of nodes without callbacks (copies, clears) fill nothing.
    pub callbacks: Vec<Option<Callback<'frame>>>,
    pub accesses: Vec<AccessRecord>,
    pub colors: Vec<ColorTarget>,
    pub copies: Vec<CopyOp>,
    pub clears: Vec<ClearOp>,
    pub roots: Vec<RootRecord>,
    pub groups: Vec<GroupRecord>,
    /// The resources a native object was bound to.
    pub bound: Vec<ResourceId>,
    /// The first error that made the recording unusable; `compile` returns it.
    pub poisoned: Option<FrameGraphError>,
    /// The runtime that records, which owns every pool scope in the recording.
    pub owner: u64,
}

/// The tables of a finished recording, emptied, kept by the runtime for the
/// next one: frames of one runtime tend to look alike, and reusing their
/// storage spares every steady-state frame the allocation (and page faults)
/// of tables that can reach megabytes.
#[derive(Default)]
pub(crate) struct Spare {
    resources: Table<ResourceRecord>,
    facts: Vec<ResourceFacts>,
    views: Table<ViewRecord>,
    nodes: Vec<NodeRecord>,
    node_labels: Table<Label>,
    side_effects: Vec<PassId>,
    externals: Vec<PassId>,
    accesses: Vec<AccessRecord>,
    colors: Vec<ColorTarget>,
    copies: Vec<CopyOp>,
    clears: Vec<ClearOp>,
    roots: Vec<RootRecord>,
    groups: Vec<GroupRecord>,
    bound: Vec<ResourceId>,
}

impl Recording<'_> {
    /// An empty recording using the storage of `spare`.
    pub fn from_spare(spare: Spare, owner: u64) -> Self {
        Self {
            owner,
            callbacks: Vec::with_capacity(spare.nodes.capacity()),
            resources: spare.resources,
            facts: spare.facts,
            views: spare.views,
            nodes: spare.nodes,
            node_labels: spare.node_labels,
            side_effects: spare.side_effects,
            externals: spare.externals,
            accesses: spare.accesses,
            colors: spare.colors,
            copies: spare.copies,
            clears: spare.clears,
            roots: spare.roots,
            groups: spare.groups,
            bound: spare.bound,
            poisoned: None,
        }
    }

    /// Empties the tables, keeping their storage. Bound natives are released
    /// now; the rest of the resource records, the views and the node labels
    /// are dropped as the next recording overwrites them.
    pub fn into_spare(mut self) -> Spare {
        fn emptied<T>(mut table: Vec<T>) -> Vec<T> {
            table.clear();
            table
        }
        for resource in self.bound.drain(..) {
            self.resources[resource.index()].native = None;
        }
        self.resources.clear();
        self.views.clear();
        self.node_labels.clear();
        Spare {
            resources: self.resources,
            facts: emptied(self.facts),
            views: self.views,
            nodes: emptied(self.nodes),
            node_labels: self.node_labels,
            side_effects: emptied(self.side_effects),
            externals: emptied(self.externals),
            accesses: emptied(self.accesses),
            colors: emptied(self.colors),
            copies: emptied(self.copies),
            clears: emptied(self.clears),
            roots: emptied(self.roots),
            groups: emptied(self.groups),
            bound: self.bound,
        }
    }

    /// The pool scope a resource was created in, if any.
    pub fn scope(&self, id: ResourceId) -> Option<ResourcePoolScope> {
        let index = self.resources[id.index()].scope;
        self.facts[id.index()].scoped().then_some(ResourcePoolScope { owner: self.owner, index })
    }

    pub fn resource_ref(&self, id: ResourceId) -> ResourceRef {
        ResourceRef { id, label: self.resources[id.index()].label().clone() }
    }

    pub fn pass_ref(&self, id: PassId) -> PassRef {
        PassRef { id, label: self.node_labels[id.index()].clone() }
    }

    pub fn texture_desc(&self, id: ResourceId) -> &TextureDesc {
        match &self.resources[id.index()].shape {
            ResourceShape::Texture { desc, .. } => desc,
            ResourceShape::Buffer { .. } => unreachable!("handle types keep buffers and textures apart"),
        }
    }

    /// The callback of node `pass`, if it has one.
    pub fn callback(&self, pass: PassId) -> Option<&Callback<'_>> {
        self.callbacks.get(pass.index()).and_then(Option::as_ref)
    }

    pub fn node_accesses(&self, node: &NodeRecord) -> &[AccessRecord] {
        &self.accesses[node.accesses.start as usize..node.accesses.end as usize]
    }

    /// Records the first poisoning error; later ones are dropped because they
    /// are usually consequences of the first.
    pub fn poison(&mut self, error: FrameGraphError) {
        self.poisoned.get_or_insert(error);
    }
}

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
