//! zenfg: a FrameGraph for wgpu.
//!
//! A [`FrameGraph`] records one [`Frame`] at a time: logical textures and
//! buffers, the passes that use them, and the roots that say which results
//! matter. [`Frame::compile`] validates content flow, builds dependencies,
//! culls work no root needs, derives usage, and plans transient lifetimes and
//! aliasing. A device-backed runtime then executes the retained work on a
//! caller-owned queue.
//!
//! # Quick start (CPU only)
//!
//! ```
//! use zenfg_runtime::{
//!     BufferDesc, BufferRange, CompileOptions, FrameGraph, RootReason,
//!     UsagePolicy, WriteContents,
//! };
//!
//! let mut graph = FrameGraph::new();
//! let mut frame = graph.begin_frame();
//! let output = frame.create_buffer(BufferDesc {
//!     label: "output".into(),
//!     size: 1024,
//!     usage: UsagePolicy::Infer,
//! })?;
//!
//! let mut pass = frame.compute_pass("produce");
//! let _output = pass.storage_buffer_write(
//!     output,
//!     BufferRange::whole(),
//!     WriteContents::Overwrite,
//! )?;
//! pass.finish()?;
//!
//! frame.mark_buffer_root(output, BufferRange::whole(), RootReason::Output)?;
//! let compiled = frame.compile(CompileOptions::full_report())?;
//! assert_eq!(compiled.report().unwrap().summary.retained_node_count, 1);
//! # Ok::<(), zenfg_runtime::FrameGraphError>(())
//! ```
//!
//! This frame is only planned: a pass closed with `finish()` has no callback,
//! so executing it on a device fails with FG4004. A pass that runs is closed
//! with a callback (`finish_compute(|ctx| ..)`), or written as a struct with
//! [`#[derive(Pass)]`](derive@Pass), whose example on the [`Pass`](trait@Pass) trait binds its
//! resources and dispatches; the derive's attributes and its `ZM` error codes
//! are in the [`zenfg_macros`](https://docs.rs/zenfg-macros) documentation.
//!
//! # Features
//!
//! | Feature | Default | Gives |
//! |---|---|---|
//! | `macros` | yes | the `#[derive(Pass)]` macro (the [`Pass`](trait@Pass) trait, `Frame::add` and the typed [`views`] are there without it, for passes implemented by hand) |
//! | `snapshot` | no | `snapshot`: Snapshot 1.2 export of compiled frames, through the `zenfg-snapshot-format` crate |
//! | `noop` | no | wgpu's no-op backend (`wgpu::Device::noop`), for executing without a GPU in tests |
//! | `tracing` | no | `tracing` spans (target `zenfg`) around each pass declaration, compile stage, execution and executed pass; nothing when off |
//!
//! The crate enables no wgpu backend: the application enables the ones it
//! runs on in its own `wgpu` dependency.
//!
//! # Errors
//!
//! Every failure is a [`FrameGraphError`] with a stable code
//! ([`FrameGraphError::code`]); the public API returns it instead of
//! panicking for every input zenfg checks (labels, descriptors, ranges,
//! views, handles, roots, bindings, usage, readbacks). Recordings are also
//! checked against the device they are planned for ([`DeviceCapabilities`]):
//! its limits (a transient wider than `max_texture_dimension_2d`, a bound
//! uniform range off `min_uniform_buffer_offset_alignment`), its features,
//! the format features of every usage a transient needs (FG1108 for a
//! storage write into `Rgba8UnormSrgb`), the storage accesses each format
//! allows (FG1111 for a read-write `Rgba8Unorm` binding, which WebGPU does
//! not guarantee), the bind group limits of derived passes, resolve formats
//! and sizes, sample counts, and wgpu's copy alignment rules. A CPU-only runtime plans for
//! what every WebGPU device supports. What is left to the device, such as
//! running out of memory, fails the execution with FG4012 when a pooled
//! object cannot be created.
//! [`FrameGraphError::pass`] and [`FrameGraphError::resource`] name the node
//! and resource the error is about, and its message names them by label.
//!
//! | Code | Variant | Raised when |
//! |---|---|---|
//! | FG1001 | [`ReadBeforeWrite`](FrameGraphError::ReadBeforeWrite) | compile: a read, or a read-only depth attachment, sees undefined contents, in any recorded node, culled or not |
//! | FG1002 | [`PreserveBeforeWrite`](FrameGraphError::PreserveBeforeWrite) | compile: a preserving write, an attachment `Load` or a partial copy destination keeps undefined contents |
//! | FG1003 | [`ReadAfterDiscard`](FrameGraphError::ReadAfterDiscard) | compile: a read or preserving write sees contents an attachment discarded (before FG1001 and FG1002) |
//! | FG1004 | [`RootReferencesUndefinedContents`](FrameGraphError::RootReferencesUndefinedContents) | compile: part of a root's range is undefined when the frame ends, at every report level |
//! | FG1101 | [`UsageMismatch`](FrameGraphError::UsageMismatch) | compile: retained accesses need usage missing from a fixed transient usage or an import's exposed usage; the message names the first retained pass that needs it and where the usage is added for the resource's origin |
//! | FG1102 | [`InvalidResourceDescriptor`](FrameGraphError::InvalidResourceDescriptor) | registering a texture that breaks a shape rule or asks for `TRANSIENT_ATTACHMENT`; registering a transient texture whose format does not support its sample count, or a usage of its fixed usage, on the device; compile: a retained transient texture whose usage its shape cannot have |
//! | FG1103 | [`InvalidBufferRange`](FrameGraphError::InvalidBufferRange) | a buffer range overflows or exceeds the logical size; an empty root range |
//! | FG1104 | [`InvalidTextureView`](FrameGraphError::InvalidTextureView) | a view that does not fit its texture; a storage access or attachment selecting several mips, an attachment selecting several layers, a missing or misplaced `depth_slice` |
//! | FG1105 | [`ConflictingAccesses`](FrameGraphError::ConflictingAccesses) | two accesses of one node overlap on one resource and one of them writes (two declarations or fields, a resolve target that is its source, overlapping clear ops, a copy onto its own source) |
//! | FG1106 | [`InvalidNodeOperation`](FrameGraphError::InvalidNodeOperation) | a render pass finished without attachments or given a second depth attachment; a resolve from a single-sampled source, into a multisampled target, into a target of another format or size, or into a format the device cannot resolve into; a clear without ops or with an empty op; a buffer copy or clear whose offset or size is not a multiple of 4; copy geometry outside a mip or buffer, or an aspect the format lacks (`DepthOnly` on a color format, `StencilOnly` on any format, since none with stencil is accepted); a buffer-texture copy that breaks wgpu's layout rules (`bytes_per_row` a multiple of 256, at least one row long and given for several rows; `rows_per_image` at least one image's rows and given for several images; offsets and extents of whole texel blocks; a single-sampled texture; no `Depth24Plus`, nor `Depth32Float` as destination), or a format without a buffer-copy footprint; a texture-to-texture copy between formats that differ beyond sRGB, between sample counts, or of part of a depth or multisampled texture |
//! | FG1107 | [`InvalidRoot`](FrameGraphError::InvalidRoot) | a root reason that does not fit its resource: `Present` off a whole surface, `Readback` off an imported `MAP_READ \| COPY_DST` buffer, `PersistentState` on a transient |
//! | FG1108 | [`UnsupportedTextureFormatUsage`](FrameGraphError::UnsupportedTextureFormatUsage) | a color attachment with a depth format, or a depth attachment with a color format; a storage access through a view whose format cannot be a storage binding on the device; compile: a retained access needs a usage the format of its transient cannot have |
//! | FG1109 | [`BindingMismatch`](FrameGraphError::BindingMismatch) | compile: a bound field of a derived pass binds a texture whose format, sample type, view dimension or sample count, or a buffer range whose size, does not fit the field's layout entry; a storage buffer range that is not a whole number of 4-byte words; a derived render pass whose color attachment has a format the shader's fragment output at its slot cannot fill (another scalar type, fewer components) |
//! | FG1110 | [`DeviceLimitExceeded`](FrameGraphError::DeviceLimitExceeded) | registering a transient larger than the device allows (`max_texture_dimension_2d`, `max_buffer_size`, ...); finishing a render pass with more color slots or bytes per sample than it allows; [`Frame::add`] of a derived pass whose bind groups break `max_bind_groups`, `max_bindings_per_bind_group`, a `max_*_per_shader_stage` (an entry counts in every stage of its visibility), and [`Pass::try_pipeline_layout`] of one; compile: a bound buffer range off the device's offset alignment or past its binding size |
//! | FG1111 | [`MissingDeviceFeature`](FrameGraphError::MissingDeviceFeature) | registering a transient whose format needs a feature the device lacks (BC compression, 16-bit norm, ...); a storage texture access its format does not allow on the device (a storage read without read-only access, a storage write without write-only access, a derived pass's read-write or atomic layout entry), naming the feature that would allow it, or none when the adapter's format features lack it; [`Frame::add`] or `Pass::try_pipeline_layout` of a derived pass with writable storage visible to the vertex stage without `VERTEX_WRITABLE_STORAGE`, or a layout entry wgpu refuses that no check foresaw (no feature named) |
//! | FG2001 | [`ForeignHandle`](FrameGraphError::ForeignHandle) | a handle or token of another runtime or recording, when recording or when resolved in a callback; names the node whose declaration or callback used it |
//! | FG2002 | [`UnclosedPass`](FrameGraphError::UnclosedPass) | compile: a pass builder was dropped without being finished |
//! | FG2003 | [`InvalidDebugGroupLabel`](FrameGraphError::InvalidDebugGroupLabel) | a blank debug-group label, or too many groups in one recording |
//! | FG2004 | [`DebugGroupStackUnderflow`](FrameGraphError::DebugGroupStackUnderflow) | `pop_debug_group` with no open group |
//! | FG2005 | [`UnclosedDebugGroup`](FrameGraphError::UnclosedDebugGroup) | compile with a group still open; a `with_debug_group` body that leaves a group open |
//! | FG2009 | [`InvalidLabel`](FrameGraphError::InvalidLabel) | a blank pass or resource label |
//! | FG2014 | [`ForeignResourcePoolScope`](FrameGraphError::ForeignResourcePoolScope) | a resource pool scope used with a runtime that did not create it |
//! | FG4001 | [`MissingGpuDevice`](FrameGraphError::MissingGpuDevice) | executing on a runtime made with [`FrameGraph::new`] |
//! | FG4002 | [`MissingNativeBinding`](FrameGraphError::MissingNativeBinding) | executing retained work on an import or surface with no bound native object |
//! | FG4003 | [`NativeDescriptorMismatch`](FrameGraphError::NativeDescriptorMismatch) | binding a native object that does not match its logical descriptor or exposed usage, is bound to another resource, or is bound to a transient; `import_native_*` of a native object that already backs a resource of the recording; executing with a bound native that lacks the effective usage, a bound buffer left mapped, or a native texture whose view wgpu refuses (a view format the native texture's `view_formats` lack) |
//! | FG4004 | [`MissingNodeExecutor`](FrameGraphError::MissingNodeExecutor) | executing a retained node closed with [`PassBuilder::finish`] and no callback, or a copy node without copies |
//! | FG4005 | [`WrongPassToken`](FrameGraphError::WrongPassToken) | a callback resolves a token that another pass declared |
//! | FG4007 | [`CallbackFailed`](FrameGraphError::CallbackFailed) | a callback returns [`FrameGraphError::callback_failed`]; the runtime names the pass |
//! | FG4010 | [`CopyOutsideView`](FrameGraphError::CopyOutsideView) | a callback's copy through [`CommandEncoderExt`] reaches outside the bytes, mips or layers its source or destination view declared; nothing is recorded |
//! | FG4011 | [`ReadbackFailed`](FrameGraphError::ReadbackFailed) | [`readback::read_texture`] of a texture it cannot copy out, or a readback or [`GpuTimingReadback::wait`] that times out or loses the device |
//! | FG4012 | [`NativeCreationFailed`](FrameGraphError::NativeCreationFailed) | wgpu refuses to create a pooled transient or a view of one (out of memory, or capabilities beyond the device's); nothing is counted as created |
//! | FG4013 | [`OneShotCallback`](FrameGraphError::OneShotCallback) | [`CompiledFrame::into_repeatable`] with a retained node closed with a one-shot callback (`finish_*` or [`Frame::add`] instead of `finish_*_repeatable` or [`Frame::add_repeatable`]) |
//! | FG4014 | [`FrameScopedSurface`](FrameGraphError::FrameScopedSurface) | [`CompiledFrame::into_repeatable`] with a surface texture in the recording: a presentation frame is frame-scoped |
//! | FG4015 | [`BindGroupRefused`](FrameGraphError::BindGroupRefused) | executing a derived pass whose bind group wgpu refuses: an untracked buffer too small or without the usage, a sampler that filters or compares where its entry says otherwise |
//! | FG4016 | [`CopyRefused`](FrameGraphError::CopyRefused) | a callback's copy through [`CommandEncoderExt`] inside its views that wgpu would refuse: offsets or sizes off the 4-byte copy alignment, `bytes_per_row` off 256, a buffer copied onto itself, a multisampled or depth texture a buffer copy cannot take, part of a mip of a depth texture, texture formats or sample counts that differ; nothing is recorded |
//! | FG4017 | [`DrawRefused`](FrameGraphError::DrawRefused) | a callback's draw or dispatch through [`RenderPassExt`] or [`ComputePassExt`] that wgpu would refuse: a vertex view off 4 bytes, an index view off its index size, indirect arguments off 4 bytes or larger than their view; nothing is recorded |
//! | FG4018 | [`PassRefused`](FrameGraphError::PassRefused) | an execution with [`ExecutionOptions::pass_errors`] on, when wgpu refuses the commands a callback recorded (a draw or dispatch without its pipeline or bind groups, a pipeline that does not fit the attachments); nothing of the pass's segment is submitted |
//! | FG9001 | [`Internal`](FrameGraphError::Internal) | an internal invariant broke (please report it); no input of the public API causes it |
//!
//! Codes follow the reference ZenFG semantics (the public ZenFG documents
//! the runtime implements, whose error codes the `FG` numbers are) where the
//! meaning is the same;
//! [`FrameGraphError`] lists the codes whose meaning differs from the
//! reference's and those the reference does not have.
//!
//! # Failures and poisoning
//!
//! A failed call returns its error and, with the exceptions below, changes
//! nothing: the recording stays usable and a later [`Frame::compile`] is
//! unaffected. That covers every call on [`Frame`] (resources, imports,
//! bindings, views, roots, debug groups, and `clear_buffer` / `clear_buffers`,
//! whose failures record no node) and every declaration on an open
//! [`PassBuilder`], which also stays usable.
//!
//! Some failures **poison** the recording instead: the failed node is dropped
//! with its accesses and callback, and `compile` returns the first poisoning
//! error before checking anything else. They are the failures after which a
//! pass the caller meant to record cannot be recorded as declared, so that
//! compiling the rest would silently change what the frame computes:
//!
//! * a failing [`PassBuilder::finish`] or `finish_*` method: FG2009 for a
//!   blank pass label (checked when the pass is finished), FG1106 for a
//!   render pass without attachments, FG1110 for a render pass with more
//!   color slots or color bytes per sample than the device allows;
//! * a [`PassBuilder`] dropped without being finished (FG2002), including one
//!   dropped because a declaration error was propagated with `?`;
//! * a failing declaration, layout check or finish inside [`Frame::add`] /
//!   [`Frame::add_repeatable`], which record a derived pass as a whole (the
//!   layout check fails with FG1110 or FG1111 for bind group layouts the
//!   device cannot have).
//!
//! A root rejected by [`Frame::add`] is returned without poisoning; the pass
//! stays recorded.

#![doc = include_str!("differences.md")]
#![deny(unsafe_code)]

extern crate self as zenfg_runtime;

mod binding;
mod capabilities;
mod compile;
mod context;
mod derive;
mod desc;
mod error;
mod execute;
mod format;
mod graph;
mod handle;
mod hash;
mod ids;
#[cfg(test)]
mod layering;
mod ops;
mod physical;
mod pool;
pub mod readback;
mod record;
mod report_text;
mod scoped;
#[cfg(feature = "snapshot")]
pub mod snapshot;
mod token;
mod trace;
mod types;

pub use binding::BindGroupCacheStats;
pub use capabilities::DeviceCapabilities;
pub use compile::{
    AccessReport, Aliasing, AllocationReport, CompilationReport, CompilationSummary, CompilationTimings,
    CompileOptions, CompiledFrame, CulledNodeReason, CulledNodeReport, DebugGroupReport, DependencyReport, Diagnostic,
    DiagnosticSeverity, ExecutionSegmentKind, ExecutionSegmentReport, FullCompilationReport, NodeReport, PlanReuse,
    PlanningStats, RepeatableFrame, ReportLevel, ResourceDescriptor, ResourceLifetime, ResourceReport, RootReport,
    RootResolution, ValueKind, ValueReport, ViewReport,
};
pub use context::{
    CommandContext, ComputePassContext, ExecutionResources, ExternalSubmissionContext, RenderPassContext,
};
pub use derive::{
    AccessTable, AsBufferCopyDst, AsBufferCopySrc, AsIndexSlice, AsIndirectArgs, AsSampledBinding,
    AsStorageReadBinding, AsStorageWriteBinding, AsTextureCopyDst, AsTextureCopySrc, AsUniformBinding, AsVertexSlice,
    AttachmentLoad, AttachmentTable, ColorAttachmentField, CommandEncoderExt, ComputePassExt, CopyDstField, CopyOrigin,
    CopySrcField, DepthAttachmentField, DepthReadField, DerivedKind, FieldAccess, IndexField, IndirectField, Job, Pass,
    Presentable, RenderPassExt, Repeat, RepeatJob, ResolveTargetField, RootTarget, SampledField, StorageReadField,
    StorageWriteField, UniformField, VertexField,
};
pub use derive::{
    BindGroupTable, BindGroups, ClearColor, ColorOutput, OutputScalar, PassLabel, SamplerField, SetBindGroups,
    UntrackedBufferField, UntrackedTextureField,
};
pub use desc::{
    BufferDesc, BufferRange, ImportBufferOptions, ImportTextureOptions, Label, NormalizedTextureViewDesc,
    ResourceRange, TextureDesc, TextureSubresourceRange, TextureViewDesc,
};
pub use error::{FrameGraphError, Mismatch, PassRef, ResourceRef, Result};
pub use execute::{
    CpuTimingNodeReport, CpuTimingReport, ExecutionOptions, ExecutionTiming, GpuTimingNodeKind, GpuTimingNodeReport,
    GpuTimingReadback, GpuTimingReport, GpuTimingUnavailableReason, TimingMode,
};
pub use graph::FrameGraph;
pub use handle::{Buffer, BufferSlice, SurfaceTexture, Texture, TextureTarget, TextureView};
pub use ids::{AccessId, AllocationId, DebugGroupId, PassId, ResourceId, ValueId, ViewId};
pub use ops::{
    AttachmentStoreOp, BufferTextureCopyLocation, ClearBufferOp, ColorAttachmentLoadOp, ColorAttachmentOps,
    DepthAttachmentLoadOp, DepthAttachmentOps, TextureCopyLocation,
};
pub use physical::ResourcePoolScope;
pub use pool::{PooledResourceDesc, PooledResourceInfo, ResourcePoolStats};
pub use record::frame::Frame;
pub use record::pass::PassBuilder;
pub use token::kind;
pub use token::{
    AccessMarker, AccessToken, BufferAccessMarker, BufferCopyDst, BufferCopySrc, ColorAttachment, DepthAttachment,
    IndexBuffer, IndirectBuffer, SampledTexture, StorageBufferRead, StorageBufferWrite, StorageTextureRead,
    StorageTextureWrite, TextureAccessMarker, TextureCopyDst, TextureCopySrc, TextureViewAccessMarker, UniformBuffer,
    VertexBuffer,
};
pub use types::{
    AccessMode, AccessRole, DependencyKind, HazardKind, InitialContents, NodeKind, ResourceKind, ResourceOrigin,
    ResourceUsage, RootReason, UndefinedCause, UsagePolicy, WriteContents,
};
pub use wgpu;

/// `#[derive(Pass)]`: turns a struct of annotated handles into a pass (see [`Pass`]).
#[cfg(feature = "macros")]
pub use zenfg_macros::Pass;

/// The views a derived pass's callback receives, one type per access role.
pub mod views {
    pub use crate::derive::{
        BoundAttachment, BufferCopyDstView, BufferCopySrcView, ColorAttachmentView, DepthAttachmentView, DepthReadView,
        IndexBufferView, IndirectBufferView, SampledTextureView, StorageBufferReadView, StorageBufferWriteView,
        StorageTextureReadView, StorageTextureWriteView, TextureCopyDstView, TextureCopySrcView, UniformBufferView,
        VertexBufferView,
    };
}

/// What recording passes needs, for `use zenfg_runtime::prelude::*`.
pub mod prelude {
    pub use crate::{
        AsBufferCopyDst, AsBufferCopySrc, AsIndexSlice, AsIndirectArgs, AsSampledBinding, AsStorageReadBinding,
        AsStorageWriteBinding, AsTextureCopyDst, AsTextureCopySrc, AsUniformBinding, AsVertexSlice, Buffer, BufferDesc,
        BufferRange, BufferSlice, CommandEncoderExt, CompileOptions, ComputePassExt, CopyOrigin, Frame, FrameGraph,
        FrameGraphError, ImportBufferOptions, ImportTextureOptions, InitialContents, Pass, RenderPassExt, RootReason,
        SurfaceTexture, Texture, TextureDesc, TextureView, TextureViewDesc, WriteContents,
    };
}

#[doc(hidden)]
pub mod __private {
    pub use crate::derive::private::*;
}
