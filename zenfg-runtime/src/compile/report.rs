//! [`CompilationReport`]: what compilation decided, for people and tools.

use std::time::Duration;

use crate::desc::{BufferDesc, Label, NormalizedTextureViewDesc, ResourceRange, TextureDesc, TextureViewDesc};
use crate::ids::{AccessId, AllocationId, DebugGroupId, PassId, ResourceId, ValueId, ViewId};
use crate::types::{
    AccessMode, AccessRole, DependencyKind, HazardKind, InitialContents, NodeKind, ResourceKind, ResourceOrigin,
    ResourceUsage, RootReason, WriteContents,
};

pub use super::segments::ExecutionSegmentKind;

/// Time spent in each compilation phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct CompilationTimings {
    /// Checking the bindings of derived passes against the recorded
    /// resources and the device's limits (FG1109, FG1110). The checks for a
    /// poisoned recording and open debug groups come before it and are not
    /// timed.
    pub validation: Duration,
    /// Content flow and dependencies.
    pub dependencies: Duration,
    /// Root resolution and culling.
    pub retention: Duration,
    /// Usage, lifetimes, aliasing, segments and views.
    pub planning: Duration,
    /// Building this report.
    pub report: Duration,
    /// All of the above.
    pub total: Duration,
}

/// Counts and totals of a compiled frame.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CompilationSummary {
    /// Nodes recorded.
    pub recorded_node_count: usize,
    /// Nodes that will execute.
    pub retained_node_count: usize,
    /// Nodes culled.
    pub culled_node_count: usize,
    /// Resources registered.
    pub resource_count: usize,
    /// Views created.
    pub view_count: usize,
    /// Accesses with an effect on contents (empty copies excluded).
    pub access_count: usize,
    /// Logical values: writes that produced contents, and defined initial contents.
    pub value_count: usize,
    /// De-duplicated dependencies, value and ordering, culled nodes included.
    pub dependency_count: usize,
    /// Physical transient allocations.
    pub allocation_count: usize,
    /// Transients with a lifetime.
    pub logical_transient_count: usize,
    /// Estimated bytes of the transients with a lifetime, as if none aliased.
    pub logical_transient_bytes: u64,
    /// Estimated bytes of the physical allocations.
    pub physical_allocation_bytes: u64,
    /// Whether transients could share allocations in this plan
    /// ([`CompileOptions::without_aliasing`](crate::CompileOptions::without_aliasing) turns it off).
    pub aliasing: crate::compile::options::Aliasing,
    /// Time per phase.
    pub timings: CompilationTimings,
}

/// Why a node was culled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CulledNodeReason {
    /// No root and no side effect depends on anything the node produced.
    NotReachableFromRoot,
}

impl CulledNodeReason {
    /// The kebab-case name used in Snapshots.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::NotReachableFromRoot => "not-reachable-from-root",
        }
    }
}

/// A retained node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeReport {
    /// The node.
    pub id: PassId,
    /// Position in recording order (equal to the id).
    pub recording_order: u32,
    /// Position in execution order.
    pub execution_order: u32,
    /// Node kind.
    pub kind: NodeKind,
    /// Label.
    pub label: Label,
    /// Whether the node was declared side-effecting.
    pub side_effect: bool,
    /// Innermost debug group.
    pub debug_group: Option<DebugGroupId>,
}

/// A culled node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CulledNodeReport {
    /// The node.
    pub id: PassId,
    /// Position in recording order.
    pub recording_order: u32,
    /// Node kind.
    pub kind: NodeKind,
    /// Label.
    pub label: Label,
    /// Whether the node was declared side-effecting (always false when culled).
    pub side_effect: bool,
    /// Innermost debug group.
    pub debug_group: Option<DebugGroupId>,
    /// Why it was culled.
    pub reason: CulledNodeReason,
}

/// A resource descriptor as registered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResourceDescriptor {
    /// A texture (boxed: a texture descriptor is more than twice the size of
    /// a buffer's, and reports hold one per resource).
    Texture(Box<TextureDesc>),
    /// A buffer.
    Buffer(BufferDesc),
}

/// Inclusive execution-order positions of the first and last retained use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ResourceLifetime {
    /// First retained node using the resource.
    pub first_use: u32,
    /// Last retained node using the resource.
    pub last_use: u32,
}

/// A resource.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceReport {
    /// The resource.
    pub id: ResourceId,
    /// Texture or buffer.
    pub kind: ResourceKind,
    /// Label.
    pub label: Label,
    /// Transient, imported or surface.
    pub origin: ResourceOrigin,
    /// Contents at frame start (always undefined for transients and surfaces).
    pub initial_contents: InitialContents,
    /// The registered descriptor.
    pub descriptor: ResourceDescriptor,
    /// The usage the resource has in this frame.
    pub effective_usage: ResourceUsage,
    /// Planning estimate of its bytes.
    pub estimated_byte_size: u64,
    /// Retained uses, if any.
    pub lifetime: Option<ResourceLifetime>,
    /// Its physical allocation (transients with a lifetime).
    pub allocation: Option<AllocationId>,
    /// Whether it was created in a resource pool scope.
    pub scoped: bool,
    /// Debug group open at registration.
    pub debug_group: Option<DebugGroupId>,
}

/// A view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewReport {
    /// The view.
    pub id: ViewId,
    /// Its texture.
    pub texture: ResourceId,
    /// The descriptor as given.
    pub descriptor: TextureViewDesc,
    /// The descriptor with defaults resolved.
    pub normalized: NormalizedTextureViewDesc,
    /// The subresources it selects, per mip.
    pub range: ResourceRange,
}

/// An access with an effect on contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccessReport {
    /// The access.
    pub id: AccessId,
    /// Declaring node.
    pub pass: PassId,
    /// Accessed resource.
    pub resource: ResourceId,
    /// The view it went through, if any.
    pub view: Option<ViewId>,
    /// Role.
    pub role: AccessRole,
    /// Read or write.
    pub mode: AccessMode,
    /// Whether it needs the previous contents (every read, preserving writes, loads).
    pub consumes_previous: bool,
    /// Whether it leaves a readable value.
    pub produces_value: bool,
    /// For writes: overwrite or preserve.
    pub write_contents: Option<WriteContents>,
    /// Selected bytes or subresources.
    pub range: ResourceRange,
    /// The value it produced, if any.
    pub value: Option<ValueId>,
}

/// Where a value came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueKind {
    /// Defined initial contents of an import.
    External,
    /// A write.
    Write,
}

/// A logical value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueReport {
    /// The value.
    pub id: ValueId,
    /// Its resource.
    pub resource: ResourceId,
    /// The writing node (`None` for external values).
    pub producer: Option<PassId>,
    /// External or written.
    pub kind: ValueKind,
    /// What it covers when created.
    pub range: ResourceRange,
}

/// A dependency between two nodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DependencyReport {
    /// Earlier node.
    pub from: PassId,
    /// Later node.
    pub to: PassId,
    /// The resource that links them.
    pub resource: ResourceId,
    /// Value (retains `from`) or ordering.
    pub kind: DependencyKind,
    /// The hazard.
    pub hazard: HazardKind,
    /// The bounding range of the pieces it covers.
    pub range: ResourceRange,
    /// The value carried or replaced, if any.
    pub value: Option<ValueId>,
}

/// The final writers of a root's range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootResolution {
    /// Final writers, in execution order.
    pub producer_node_ids: Vec<PassId>,
    /// Whether defined initial contents survive in the range.
    pub uses_initial_contents: bool,
}

/// A root, de-duplicated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootReport {
    /// The rooted resource.
    pub resource: ResourceId,
    /// Why it matters.
    pub reason: RootReason,
    /// The rooted bytes or subresources.
    pub range: ResourceRange,
    /// Who produced them.
    pub resolution: RootResolution,
}

/// A physical transient allocation.
///
/// Transients are placed in order of first use (ties in declaration order).
/// Each takes the free allocation of its compatibility key that was opened
/// first, the lowest [`AllocationId`], once the last node using its previous
/// member has run (a node that uses two transients never lets them share), or
/// opens a new allocation. Per key this uses as many allocations as the most
/// transients live at once, which is the fewest possible. A buffer's key holds
/// its size rounded up to a quarter of its power of two, so an allocation is
/// at most 1.25 times any buffer it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllocationReport {
    /// The allocation.
    pub id: AllocationId,
    /// Texture or buffer.
    pub kind: ResourceKind,
    /// Equal keys may share physical objects; different pool partitions
    /// never have equal keys.
    pub compatibility_key: String,
    /// Transients placed in it, in order of first use.
    pub resource_ids: Vec<ResourceId>,
    /// Planning estimate of its bytes.
    pub estimated_byte_size: u64,
}

/// An execution segment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExecutionSegmentReport {
    /// Graph-encoded or external.
    pub kind: ExecutionSegmentKind,
    /// Its nodes, in execution order.
    pub nodes: Vec<PassId>,
}

/// Severity of a diagnostic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiagnosticSeverity {
    /// Worth knowing.
    Info,
    /// Probably a mistake.
    Warning,
}

/// A non-fatal observation about the frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Stable kebab-case code.
    pub code: &'static str,
    /// Severity.
    pub severity: DiagnosticSeverity,
    /// What was observed.
    pub message: String,
    /// The node concerned.
    pub pass: Option<PassId>,
    /// The resource concerned.
    pub resource: Option<ResourceId>,
}

/// A debug group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DebugGroupReport {
    /// The group.
    pub id: DebugGroupId,
    /// Trimmed label.
    pub label: Label,
    /// Enclosing group.
    pub parent: Option<DebugGroupId>,
}

/// Every table of a compiled frame.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct FullCompilationReport {
    /// Retained nodes, in recording order.
    pub nodes: Vec<NodeReport>,
    /// Culled nodes, in recording order.
    pub culled_nodes: Vec<CulledNodeReport>,
    /// Every resource.
    pub resources: Vec<ResourceReport>,
    /// Every view.
    pub views: Vec<ViewReport>,
    /// Accesses with an effect on contents, culled nodes' included.
    pub accesses: Vec<AccessReport>,
    /// Every value.
    pub values: Vec<ValueReport>,
    /// Every dependency, culled nodes' included.
    pub dependencies: Vec<DependencyReport>,
    /// De-duplicated roots in declaration order.
    pub roots: Vec<RootReport>,
    /// Physical allocations.
    pub allocations: Vec<AllocationReport>,
    /// Execution segments in order.
    pub execution_segments: Vec<ExecutionSegmentReport>,
    /// Non-fatal observations.
    pub diagnostics: Vec<Diagnostic>,
    /// Every debug group, in opening order.
    pub debug_groups: Vec<DebugGroupReport>,
}

/// The report of one compilation: a summary, and the tables when
/// [`ReportLevel::Full`](super::ReportLevel::Full) was asked for.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CompilationReport {
    /// Counts, totals and timings.
    pub summary: CompilationSummary,
    /// Every table.
    pub full: Option<FullCompilationReport>,
}
