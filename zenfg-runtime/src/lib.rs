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
//! # Errors
//!
//! Every failure is a [`FrameGraphError`] with a stable code
//! ([`FrameGraphError::code`]); the public API never panics on bad input.

extern crate self as zenfg_runtime;

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
mod ops;
mod pool;
mod record;
#[cfg(feature = "snapshot")]
pub mod snapshot;
mod token;
mod types;

pub use compile::{
    AccessReport, AllocationReport, CompilationReport, CompilationSummary, CompilationTimings, CompileOptions,
    CompiledFrame, CulledNodeReason, CulledNodeReport, DebugGroupReport, DependencyReport, Diagnostic,
    DiagnosticSeverity, ExecutionSegmentKind, ExecutionSegmentReport, FullCompilationReport, NodeReport, ReportLevel,
    ResourceDescriptor, ResourceLifetime, ResourceReport, RootReport, RootResolution, ValueKind, ValueReport,
    ViewReport,
};
pub use context::{
    CommandContext, ComputePassContext, ExecutionResources, ExternalSubmissionContext, RenderPassContext,
};
pub use derive::{
    AccessTable, AsIndexSlice, AsIndirectArgs, AsSampledBinding, AsStorageBinding, AsUniformBinding, AsVertexSlice,
    AttachmentLoad, AttachmentTable, ColorAttachmentField, ComputePassExt, CopyDstField, CopySrcField,
    DepthAttachmentField, DepthReadField, DerivedKind, FieldAccess, IndexField, IndirectField, Job, Pass, Presentable,
    RenderPassExt, Repeat, ResolveTargetField, RootTarget, SampledField, StorageReadField, StorageWriteField,
    UniformField, VertexField,
};
pub use desc::{
    BufferDesc, BufferRange, ImportBufferOptions, ImportTextureOptions, Label, NormalizedTextureViewDesc,
    ResourceRange, TextureDesc, TextureSubresourceRange, TextureViewDesc,
};
pub use error::{FrameGraphError, PassRef, ResourceRef, Result};
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
pub use pool::{PooledResourceDesc, PooledResourceInfo, ResourcePoolScope, ResourcePoolStats};
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
        AttachmentView, BoundAttachment, BufferCopyDstView, BufferCopySrcView, IndexBufferView, IndirectBufferView,
        SampledTextureView, StorageBufferReadView, StorageBufferWriteView, StorageTextureReadView,
        StorageTextureWriteView, TextureCopyDstView, TextureCopySrcView, UniformBufferView, VertexBufferView,
    };
}

/// What recording passes needs, for `use zenfg_runtime::prelude::*`.
pub mod prelude {
    pub use crate::{
        AsIndexSlice, AsIndirectArgs, AsSampledBinding, AsStorageBinding, AsUniformBinding, AsVertexSlice, Buffer,
        BufferDesc, BufferRange, BufferSlice, CompileOptions, ComputePassExt, Frame, FrameGraph, FrameGraphError, Pass,
        RenderPassExt, RootReason, SurfaceTexture, Texture, TextureDesc, TextureView, TextureViewDesc, WriteContents,
    };
}

#[doc(hidden)]
pub mod __private {
    pub use crate::derive::private::*;
}
