//! [`FrameGraphError`]: every failure of the public API, with a stable code.
//!
//! The codes are those of the reference ZenFG semantics wherever the meaning
//! is the same; the type's docs list the differences. The crate docs list
//! every code with when it is raised.

use std::fmt;

use wgpu::TextureFormat;

use crate::desc::{BufferRange, Label, ResourceRange};
use crate::ids::{DebugGroupId, PassId, ResourceId};
use crate::types::{AccessRole, ResourceUsage, RootReason, UndefinedCause};

/// A node named by an error: its id and its label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassRef {
    /// The node's id.
    pub id: PassId,
    /// The node's label.
    pub label: Label,
}

impl fmt::Display for PassRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "pass `{}`", self.label)
    }
}

/// A resource named by an error: its id and its label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceRef {
    /// The resource's id.
    pub id: ResourceId,
    /// The resource's label.
    pub label: Label,
}

impl fmt::Display for ResourceRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`", self.label)
    }
}

fn on_resource(resource: &Option<ResourceRef>) -> String {
    resource.as_ref().map_or_else(String::new, |resource| format!(" on {resource}"))
}

/// Features by their flag names (`TEXTURE_COMPRESSION_BC`), for messages.
fn feature_names(features: wgpu::Features) -> String {
    let names: Vec<&str> = features.iter_names().map(|(name, _)| name).collect();
    names.join(" | ")
}

/// What an FG1111 needs: the device features, or a format capability.
fn needed(features: wgpu::Features) -> String {
    if features.is_empty() {
        "a texture format capability the device does not have".into()
    } else {
        format!("the device feature {}", feature_names(features))
    }
}

fn in_pass(pass: &Option<PassRef>) -> String {
    pass.as_ref().map_or_else(String::new, |pass| format!(" in {pass}"))
}

/// Every error of recording, compilation and execution.
///
/// Each variant has a stable code (`FG1001`…) returned by [`code`](Self::code):
/// 1xxx graph semantics, 2xxx recording and API use, 4xxx execution, 9xxx
/// internal invariants. Messages name passes and resources by label and say
/// how to fix the problem. The [crate docs](crate#errors) list every code
/// with when it is raised.
///
/// # Differences from the reference semantics
///
/// Codes keep the numbers of the reference ZenFG runtime where the meaning is
/// the same. The reference has a Rust runtime and a TypeScript one, and some
/// codes exist only in the TypeScript one.
///
/// Reference codes that do not exist here, or are raised in other cases:
///
/// * **FG4006, FG4008 and FG4009 do not exist.** The reference raised FG4009
///   (and FG1106 for render and compute passes) when a pass was finished with
///   the `finish_*` method of another kind; here that is a type error,
///   because a [`PassBuilder`](crate::PassBuilder)'s type names its kind.
///   FG4006 and FG4008, which the reference defined but never raised, are
///   left out.
/// * **FG1108** ([`UnsupportedTextureFormatUsage`](Self::UnsupportedTextureFormatUsage))
///   is raised when an attachment's format category does not fit its role (a
///   depth format as a color attachment, a color format as a depth
///   attachment), where the reference's Rust runtime raised FG1104 and never
///   FG1108 (its TypeScript runtime raises FG1108 for it when compiling).
///
/// Codes the reference does not have:
///
/// * **FG1110** ([`DeviceLimitExceeded`](Self::DeviceLimitExceeded)) and
///   **FG1111** ([`MissingDeviceFeature`](Self::MissingDeviceFeature)): work
///   beyond a limit, a feature or a format capability of the device the
///   graph is planned for. The reference does not check recordings against a
///   device.
/// * **FG2009** ([`InvalidLabel`](Self::InvalidLabel)): a blank pass or
///   resource label.
/// * **FG2014** ([`ForeignResourcePoolScope`](Self::ForeignResourcePoolScope)):
///   a resource pool scope used with a runtime that did not create it.
/// * **FG4013** ([`OneShotCallback`](Self::OneShotCallback)) and **FG4014**
///   ([`FrameScopedSurface`](Self::FrameScopedSurface)): a compiled frame
///   that cannot become a [`RepeatableFrame`](crate::RepeatableFrame), for a
///   one-shot callback or a surface texture in it.
/// * **FG4015** ([`BindGroupRefused`](Self::BindGroupRefused)): wgpu refused
///   the bind group (or its layout) that the runtime builds for a derived
///   pass, caught in an error scope instead of reaching the device's
///   uncaptured-error handler.
/// * **FG4017** ([`DrawRefused`](Self::DrawRefused)): a draw or dispatch
///   through a derived pass's vertex, index or indirect view that wgpu would
///   refuse.
/// * **FG4018** ([`PassRefused`](Self::PassRefused)): wgpu refused the
///   commands a pass's callback recorded, caught when the execution asked for
///   [`pass_errors`](crate::ExecutionOptions::pass_errors).
///
/// Codes the reference's TypeScript runtime uses with another meaning (its
/// Rust runtime has none of them), so the same code names different errors
/// there:
///
/// * **FG1109** ([`BindingMismatch`](Self::BindingMismatch)): a bound field of
///   a derived pass whose layout entry does not fit the recorded texture or
///   buffer. In TypeScript, FG1109 (`InvalidAccess`) is a write declared
///   without valid contents.
/// * **FG4010** ([`CopyOutsideView`](Self::CopyOutsideView)): a callback's
///   typed copy that reaches outside its declared views. In TypeScript,
///   FG4010 (`ExecutionDeclaration`) is a declaration broken during
///   execution.
/// * **FG4011** ([`ReadbackFailed`](Self::ReadbackFailed)): a texture
///   readback or a wait for GPU timing that could not finish. In TypeScript,
///   FG4011 (`ExecutionResourceUnavailable`) is a resource not available at
///   execution.
/// * **FG4012** ([`NativeCreationFailed`](Self::NativeCreationFailed)): wgpu
///   refused to create a pooled object. In TypeScript, FG4012
///   (`SynchronousCallback`) is a callback that returned a promise.
///
/// Behaviours that keep the reference's codes but differ from it:
///
/// * **Copy nodes declare accesses only through their typed copy methods**
///   (`copy_buffer_to_buffer`, `copy_buffer_to_texture`,
///   `copy_texture_to_buffer`, `copy_texture_to_texture`). Declaring a role on
///   a copy pass, calling a copy method on another kind, or declaring a role
///   any other kind cannot use does not compile, so none of these is an
///   FG1106 at run time.
/// * A failed `clear_buffers` never poisons the recording, FG1105 for
///   overlapping ops included (see [`Frame::clear_buffers`](crate::Frame::clear_buffers)).
/// * A storage access or attachment that selects several mips fails with
///   FG1104 instead of silently meaning mip 0.
///
/// `Debug` prints the message, as `Display` does: a `main` that returns
/// `Result<(), Box<dyn Error>>` and propagates it with `?` shows the code,
/// the pass, the resource and the fix, not a dump of the variant's fields
/// (match on the variant for those).
#[derive(Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FrameGraphError {
    /// A read (or read-only depth attachment) touches undefined contents.
    #[error(
        "FG1001: {pass} reads {resource} ({range}) before anything defined it ({cause}); \
         write that range with an overwrite first, or import the resource with defined contents"
    )]
    ReadBeforeWrite {
        /// The reading node.
        pass: PassRef,
        /// The resource read.
        resource: ResourceRef,
        /// The undefined part of the read.
        range: ResourceRange,
        /// Why the contents are undefined.
        cause: UndefinedCause,
    },
    /// A preserving write or attachment load consumes undefined contents.
    #[error(
        "FG1002: {pass} preserves {resource} ({range}) whose previous contents are undefined \
         ({cause}); declare the first write of that range as an overwrite (or clear the attachment)"
    )]
    PreserveBeforeWrite {
        /// The writing node.
        pass: PassRef,
        /// The resource written.
        resource: ResourceRef,
        /// The undefined part of the write.
        range: ResourceRange,
        /// Why the contents are undefined.
        cause: UndefinedCause,
    },
    /// A read or preserving write consumes contents an attachment discarded.
    #[error(
        "FG1003: {pass} uses {resource} ({range}) after an attachment discarded it; \
         store the attachment instead of discarding it, or overwrite the range again"
    )]
    ReadAfterDiscard {
        /// The consuming node.
        pass: PassRef,
        /// The resource.
        resource: ResourceRef,
        /// The discarded part.
        range: ResourceRange,
    },
    /// A root selects contents that are undefined when the frame ends.
    #[error(
        "FG1004: the {reason} root of {resource} ({range}) is undefined at the end of the \
         frame ({cause}); write the whole rooted range, or root only what is written"
    )]
    RootReferencesUndefinedContents {
        /// The rooted resource.
        resource: ResourceRef,
        /// Why the root was declared.
        reason: RootReason,
        /// The undefined part of the root.
        range: ResourceRange,
        /// Why the contents are undefined.
        cause: UndefinedCause,
    },
    /// Retained accesses need usage the resource does not have.
    #[error("FG1101: {resource} is used as {required} by retained work but only allows {available}; {fix}")]
    UsageMismatch {
        /// The resource.
        resource: ResourceRef,
        /// The usage the retained accesses need.
        required: ResourceUsage,
        /// The usage the resource allows.
        available: ResourceUsage,
        /// The first retained access that needs a missing usage, and how to
        /// give the resource that usage where it comes from (a fixed
        /// transient usage, the native object of an import, a surface's
        /// configuration).
        fix: String,
    },
    /// A resource descriptor breaks a structural rule.
    #[error("FG1102: invalid descriptor of `{label}`: {message}")]
    InvalidResourceDescriptor {
        /// The resource, when it was already registered.
        resource: Option<ResourceId>,
        /// The descriptor's label.
        label: Label,
        /// The broken rule and its fix.
        message: String,
    },
    /// A buffer range is empty where it must not be, overflows, or exceeds the buffer.
    #[error(
        "FG1103: {range} of {resource} ({resource_size} bytes){} is out of bounds or empty; \
         keep offset + size within the logical size",
        in_pass(.pass)
    )]
    InvalidBufferRange {
        /// The node declaring the range, if any.
        pass: Option<PassRef>,
        /// The buffer.
        resource: ResourceRef,
        /// The declared range.
        range: BufferRange,
        /// The buffer's logical size.
        resource_size: u64,
    },
    /// A texture view or subresource selection is invalid.
    #[error("FG1104: invalid view of {resource}{}: {message}", in_pass(.pass))]
    InvalidTextureView {
        /// The node declaring the access, if any.
        pass: Option<PassRef>,
        /// The texture.
        resource: ResourceRef,
        /// The broken rule and its fix.
        message: String,
    },
    /// Two accesses of one node overlap on one resource and at least one writes.
    #[error("FG1105: {pass} accesses {resource} twice in conflicting ways: {message}")]
    ConflictingAccesses {
        /// The node.
        pass: PassRef,
        /// The resource.
        resource: ResourceRef,
        /// The two accesses and how to fix them.
        message: String,
    },
    /// An operation does not fit the node (copy geometry, clears, attachments).
    #[error("FG1106: invalid operation in {pass}{}: {message}", on_resource(.resource))]
    InvalidNodeOperation {
        /// The node.
        pass: PassRef,
        /// The resource involved, if any.
        resource: Option<ResourceRef>,
        /// The broken rule and its fix.
        message: String,
    },
    /// A root reason does not fit the resource's origin, kind or usage.
    #[error("FG1107: a {reason} root cannot select {resource}: {message}")]
    InvalidRoot {
        /// The resource.
        resource: ResourceRef,
        /// The declared reason.
        reason: RootReason,
        /// The rule and its fix.
        message: String,
    },
    /// A texture's format cannot serve the declared role.
    #[error(
        "FG1108: {pass} uses {resource} (format {format:?}) as {role}, which that format \
         cannot serve: {message}"
    )]
    UnsupportedTextureFormatUsage {
        /// The node.
        pass: PassRef,
        /// The texture.
        resource: ResourceRef,
        /// The role declared.
        role: AccessRole,
        /// The texture or view format.
        format: TextureFormat,
        /// The rule and its fix.
        message: String,
    },
    /// The graph's work breaks a limit of the device it is planned for (see
    /// [`DeviceCapabilities`](crate::DeviceCapabilities)).
    #[error("FG1110: `{label}`{} breaks the device limit `{limit}` ({bound}): {message}", in_pass(.pass))]
    DeviceLimitExceeded {
        /// The node whose declaration breaks it, if a node does.
        pass: Option<PassRef>,
        /// The resource, when it was already registered.
        resource: Option<ResourceId>,
        /// The resource's label (or the pass's, for a limit of the pass).
        label: Label,
        /// The name of the limit, as a field of `wgpu::Limits`.
        limit: &'static str,
        /// The value the work needs.
        value: u64,
        /// The limit's value on the device.
        bound: u64,
        /// What breaks the limit and how to fix it.
        message: String,
    },
    /// The graph's work needs an optional device feature the device lacks,
    /// or a capability of a texture format the device does not have.
    #[error("FG1111: `{label}`{} needs {}: {message}", in_pass(.pass), needed(*.feature))]
    MissingDeviceFeature {
        /// The node whose declaration needs it, if a node does.
        pass: Option<PassRef>,
        /// The resource, when it was already registered.
        resource: Option<ResourceId>,
        /// The resource's label (or the pass's, for a binding of no graph
        /// resource).
        label: Label,
        /// The missing features: empty when no feature gives what is
        /// missing, because the adapter's own format features lack it.
        feature: wgpu::Features,
        /// What needs it and how to fix it.
        message: String,
    },
    /// A bound field's binding does not fit the texture or buffer its access
    /// declared: the layout entry the pass generated (from its attributes or
    /// its shader) says one thing, the recorded resource another.
    #[error(
        "FG1109: field `{field}` of {pass} binds {resource} as {}, but it is {}: {}",
        mismatch.expected,
        mismatch.actual,
        mismatch.fix
    )]
    BindingMismatch {
        /// The node.
        pass: PassRef,
        /// The field of the derived pass.
        field: &'static str,
        /// The texture or buffer.
        resource: ResourceRef,
        /// Both sides and the fix.
        mismatch: Box<Mismatch>,
    },
    /// A handle or token belongs to another runtime or recording.
    #[error(
        "FG2001: a handle or token of runtime {actual_owner} recording {actual_recording} was \
         used{} with runtime {expected_owner} recording {expected_recording}; handles are valid \
         only in the recording that created them",
        in_pass(.pass)
    )]
    ForeignHandle {
        /// The node declaring or executing the access, if any.
        pass: Option<PassRef>,
        /// The runtime that was used.
        expected_owner: u64,
        /// The recording that was used.
        expected_recording: u64,
        /// The runtime that issued the handle.
        actual_owner: u64,
        /// The recording that issued the handle.
        actual_recording: u64,
    },
    /// A pass builder was dropped without a `finish*` call.
    #[error(
        "FG2002: {pass} was dropped before it was finished; call `finish`, or one of the \
         `finish_*` methods, on every pass builder"
    )]
    UnclosedPass {
        /// The unfinished node.
        pass: PassRef,
    },
    /// A debug-group label is blank, or too many groups were opened.
    #[error("FG2003: invalid debug group: {message}")]
    InvalidDebugGroupLabel {
        /// The rule and its fix.
        message: String,
    },
    /// `pop_debug_group` was called with no open group.
    #[error("FG2004: pop_debug_group was called with no open debug group")]
    DebugGroupStackUnderflow,
    /// A debug group is still open at compile, or a `with_debug_group` body left one open.
    #[error(
        "FG2005: debug group `{label}` ({group}) is still open; pop every group pushed \
         before compiling"
    )]
    UnclosedDebugGroup {
        /// The innermost open group.
        group: DebugGroupId,
        /// Its label.
        label: Label,
    },
    /// A pass or resource label is blank.
    #[error("FG2009: invalid label: {message}")]
    InvalidLabel {
        /// What was labelled and how to fix it.
        message: String,
    },
    /// A resource pool scope of another runtime was used.
    #[error(
        "FG2014: this resource pool scope belongs to runtime {scope_owner}, not to runtime \
         {runtime}; create scopes with the FrameGraph that uses them"
    )]
    ForeignResourcePoolScope {
        /// The runtime that was used.
        runtime: u64,
        /// The runtime that created the scope.
        scope_owner: u64,
    },
    /// Execution was requested on a runtime created without a device.
    #[error(
        "FG4001: this FrameGraph has no device; create it with FrameGraph::with_device to \
         execute compiled frames"
    )]
    MissingGpuDevice,
    /// A retained access needs an imported resource that has no native binding.
    #[error(
        "FG4002: {resource} is used by retained work but no native object is bound to it; \
         call bind_imported_texture or bind_imported_buffer before executing"
    )]
    MissingNativeBinding {
        /// The unbound resource.
        resource: ResourceRef,
    },
    /// A bound native object does not match its logical descriptor or usage.
    #[error("FG4003: the native object bound to {resource} does not match: {message}")]
    NativeDescriptorMismatch {
        /// The logical resource.
        resource: ResourceRef,
        /// What differs and how to fix it.
        message: String,
    },
    /// A retained node has nothing to execute.
    #[error("FG4004: retained {pass} has no executor; {expected}")]
    MissingNodeExecutor {
        /// The node.
        pass: PassRef,
        /// What was expected, in words.
        expected: &'static str,
    },
    /// A callback resolved a token that another pass declared.
    #[error(
        "FG4005: {executing_pass} resolved a token declared by {token_pass}; a token resolves \
         only inside the callback of the pass that declared it"
    )]
    WrongPassToken {
        /// The node whose callback is running.
        executing_pass: PassRef,
        /// The node that declared the token.
        token_pass: PassRef,
    },
    /// A callback reported a failure.
    #[error("FG4007: callback{} failed: {message}", in_pass(.pass))]
    CallbackFailed {
        /// The node whose callback failed, filled in by the runtime.
        pass: Option<PassRef>,
        /// The callback's message.
        message: String,
    },
    /// A copy recorded through the typed copy helpers reaches outside the
    /// bytes or subresources its source or destination view declared.
    #[error("FG4010: copy{} reaches outside its declared view: {message}", in_pass(.pass))]
    CopyOutsideView {
        /// The node whose callback recorded the copy, filled in by the runtime.
        pass: Option<PassRef>,
        /// Which view, and what the copy reached.
        message: String,
    },
    /// Reading results back from the GPU failed: a texture that cannot be
    /// copied out, a wait that ran out of time, or a lost device.
    #[error("FG4011: reading back {what} failed: {reason}")]
    ReadbackFailed {
        /// What was read back, in words (a texture's size and format, the GPU
        /// timing of a frame).
        what: String,
        /// Why, and how to fix it.
        reason: String,
    },
    /// wgpu refused to create a pooled native object for a transient, or a
    /// view of one (typically out of memory, or a device limit or format
    /// feature the graph was not told of); nothing was counted as created,
    /// and the execution did nothing.
    #[error("FG4012: creating the native object of {resource} failed: {reason}")]
    NativeCreationFailed {
        /// The allocation's first transient.
        resource: ResourceRef,
        /// wgpu's error, and the fix.
        reason: String,
    },
    /// A compiled frame asked to become repeatable retains a node closed
    /// with a one-shot (`FnOnce`) callback.
    #[error(
        "FG4013: retained {pass} has a one-shot callback, so its frame cannot execute more than once; \
         close it with a `finish_*_repeatable` method or `Frame::add_repeatable`"
    )]
    OneShotCallback {
        /// The node.
        pass: PassRef,
    },
    /// A compiled frame asked to become repeatable holds a surface texture.
    #[error(
        "FG4014: {resource} is a surface texture, and a presentation frame is frame-scoped: acquire, \
         import, compile, execute and present a new surface texture in a new recording each frame"
    )]
    FrameScopedSurface {
        /// The surface texture.
        resource: ResourceRef,
    },
    /// A copy recorded through the typed copy helpers, inside its views,
    /// that wgpu would refuse: offsets, sizes or `bytes_per_row` off wgpu's
    /// alignment, a buffer copied onto itself, a texture that cannot be
    /// copied to or from a buffer, part of a mip of a depth or multisampled
    /// texture, texture formats or sample counts that differ. Nothing is
    /// recorded.
    #[error("FG4016: copy{} breaks a rule of wgpu's copies: {message}", in_pass(.pass))]
    CopyRefused {
        /// The node whose callback recorded the copy, filled in by the runtime.
        pass: Option<PassRef>,
        /// What the copy breaks, and the fix.
        message: String,
    },
    /// A vertex or index buffer bound, or an indirect draw or dispatch
    /// issued, through the typed draw helpers
    /// ([`RenderPassExt`](crate::RenderPassExt),
    /// [`ComputePassExt`](crate::ComputePassExt)) that wgpu would refuse: a
    /// view that starts off the alignment wgpu binds it at, or indirect
    /// arguments larger than the view. Nothing is recorded.
    #[error("FG4017: a draw or dispatch{} breaks a rule of wgpu's: {message}", in_pass(.pass))]
    DrawRefused {
        /// The node whose callback drew, filled in by the runtime.
        pass: Option<PassRef>,
        /// What the draw breaks, and the fix.
        message: String,
    },
    /// wgpu refused the bind group layout or the bind group of a derived
    /// pass's group: an object bound through an untracked or sampler field
    /// does not fit its layout entry (a buffer too small or without the
    /// usage, a sampler that filters or compares where the entry says
    /// otherwise, a view of another format or dimension), or the pass's
    /// entries do not make a layout the device accepts.
    #[error(
        "FG4015: wgpu refused bind group {group} of {pass}: {reason}; bind objects that fit the layout the pass \
         declares (the size and usage of an untracked buffer, a sampler's filtering and comparison, a view's \
         format and dimension, none destroyed), or change the field's declaration to what it binds"
    )]
    BindGroupRefused {
        /// The derived pass.
        pass: PassRef,
        /// The group index (`@group(N)`).
        group: u32,
        /// wgpu's error.
        reason: String,
    },
    /// wgpu refused the commands a node recorded: a draw or dispatch without
    /// the pipeline, bind groups or vertex buffers it needs, a pipeline whose
    /// targets or depth state do not fit the pass's attachments, a bind group
    /// of another layout. Only an execution with
    /// [`pass_errors`](crate::ExecutionOptions::pass_errors) on catches it
    /// (each node is then encoded and finished on its own, in error scopes);
    /// otherwise wgpu reports it to the device's uncaptured-error handler.
    /// Nothing of the segment holding the pass was submitted.
    #[error("FG4018: wgpu refused what {pass} recorded: {reason}; nothing of its segment was submitted")]
    PassRefused {
        /// The node whose commands wgpu refused.
        pass: PassRef,
        /// wgpu's error, on one line.
        reason: String,
    },
    /// An internal invariant broke; please report it.
    #[error("FG9001: internal error: {message}")]
    Internal {
        /// What broke.
        message: String,
    },
}

impl FrameGraphError {
    /// A failure a callback reports; the runtime names the pass.
    pub fn callback_failed(message: impl Into<String>) -> Self {
        Self::CallbackFailed { pass: None, message: message.into() }
    }

    pub(crate) fn internal(message: impl Into<String>) -> Self {
        Self::Internal { message: message.into() }
    }

    /// The stable code, such as `"FG1001"`.
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            Self::ReadBeforeWrite { .. } => "FG1001",
            Self::PreserveBeforeWrite { .. } => "FG1002",
            Self::ReadAfterDiscard { .. } => "FG1003",
            Self::RootReferencesUndefinedContents { .. } => "FG1004",
            Self::UsageMismatch { .. } => "FG1101",
            Self::InvalidResourceDescriptor { .. } => "FG1102",
            Self::InvalidBufferRange { .. } => "FG1103",
            Self::InvalidTextureView { .. } => "FG1104",
            Self::ConflictingAccesses { .. } => "FG1105",
            Self::InvalidNodeOperation { .. } => "FG1106",
            Self::InvalidRoot { .. } => "FG1107",
            Self::UnsupportedTextureFormatUsage { .. } => "FG1108",
            Self::BindingMismatch { .. } => "FG1109",
            Self::DeviceLimitExceeded { .. } => "FG1110",
            Self::MissingDeviceFeature { .. } => "FG1111",
            Self::ForeignHandle { .. } => "FG2001",
            Self::UnclosedPass { .. } => "FG2002",
            Self::InvalidDebugGroupLabel { .. } => "FG2003",
            Self::DebugGroupStackUnderflow => "FG2004",
            Self::UnclosedDebugGroup { .. } => "FG2005",
            Self::InvalidLabel { .. } => "FG2009",
            Self::ForeignResourcePoolScope { .. } => "FG2014",
            Self::MissingGpuDevice => "FG4001",
            Self::MissingNativeBinding { .. } => "FG4002",
            Self::NativeDescriptorMismatch { .. } => "FG4003",
            Self::MissingNodeExecutor { .. } => "FG4004",
            Self::WrongPassToken { .. } => "FG4005",
            Self::CallbackFailed { .. } => "FG4007",
            Self::CopyOutsideView { .. } => "FG4010",
            Self::ReadbackFailed { .. } => "FG4011",
            Self::NativeCreationFailed { .. } => "FG4012",
            Self::OneShotCallback { .. } => "FG4013",
            Self::FrameScopedSurface { .. } => "FG4014",
            Self::BindGroupRefused { .. } => "FG4015",
            Self::CopyRefused { .. } => "FG4016",
            Self::DrawRefused { .. } => "FG4017",
            Self::PassRefused { .. } => "FG4018",
            Self::Internal { .. } => "FG9001",
        }
    }

    /// The node the error is about, if any (the executing node for FG4005).
    #[must_use]
    pub fn pass(&self) -> Option<PassId> {
        match self {
            Self::ReadBeforeWrite { pass, .. }
            | Self::PreserveBeforeWrite { pass, .. }
            | Self::ReadAfterDiscard { pass, .. }
            | Self::ConflictingAccesses { pass, .. }
            | Self::InvalidNodeOperation { pass, .. }
            | Self::UnsupportedTextureFormatUsage { pass, .. }
            | Self::BindingMismatch { pass, .. }
            | Self::UnclosedPass { pass }
            | Self::MissingNodeExecutor { pass, .. }
            | Self::OneShotCallback { pass }
            | Self::BindGroupRefused { pass, .. }
            | Self::PassRefused { pass, .. }
            | Self::WrongPassToken { executing_pass: pass, .. } => Some(pass.id),
            Self::InvalidBufferRange { pass, .. }
            | Self::InvalidTextureView { pass, .. }
            | Self::ForeignHandle { pass, .. }
            | Self::CallbackFailed { pass, .. }
            | Self::CopyOutsideView { pass, .. }
            | Self::CopyRefused { pass, .. }
            | Self::DrawRefused { pass, .. }
            | Self::DeviceLimitExceeded { pass, .. }
            | Self::MissingDeviceFeature { pass, .. } => pass.as_ref().map(|pass| pass.id),
            _ => None,
        }
    }

    /// The resource the error is about, if any.
    #[must_use]
    pub fn resource(&self) -> Option<ResourceId> {
        match self {
            Self::ReadBeforeWrite { resource, .. }
            | Self::PreserveBeforeWrite { resource, .. }
            | Self::ReadAfterDiscard { resource, .. }
            | Self::RootReferencesUndefinedContents { resource, .. }
            | Self::UsageMismatch { resource, .. }
            | Self::InvalidBufferRange { resource, .. }
            | Self::InvalidTextureView { resource, .. }
            | Self::ConflictingAccesses { resource, .. }
            | Self::InvalidRoot { resource, .. }
            | Self::UnsupportedTextureFormatUsage { resource, .. }
            | Self::BindingMismatch { resource, .. }
            | Self::MissingNativeBinding { resource }
            | Self::NativeCreationFailed { resource, .. }
            | Self::FrameScopedSurface { resource }
            | Self::NativeDescriptorMismatch { resource, .. } => Some(resource.id),
            Self::InvalidNodeOperation { resource, .. } => resource.as_ref().map(|r| r.id),
            Self::InvalidResourceDescriptor { resource, .. }
            | Self::DeviceLimitExceeded { resource, .. }
            | Self::MissingDeviceFeature { resource, .. } => *resource,
            _ => None,
        }
    }
}

impl fmt::Debug for FrameGraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The two sides of a [`BindingMismatch`](FrameGraphError::BindingMismatch).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// What the field's layout entry expects.
    pub expected: String,
    /// What the resource, view or range is.
    pub actual: String,
    /// How to make them agree.
    pub fix: String,
}

/// Results of the zenfg API.
pub type Result<T, E = FrameGraphError> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::FrameGraphError;

    /// Broken invariants are the one failure no input of the public API can
    /// cause, so no integration test reaches them.
    #[test]
    fn broken_invariants_are_fg9001() {
        let error = FrameGraphError::internal("an invariant broke");
        assert_eq!(error.code(), "FG9001");
        assert_eq!(error.to_string(), "FG9001: internal error: an invariant broke");
        assert_eq!((error.pass(), error.resource()), (None, None));
    }

    /// What `main` prints for an error it returns is the message.
    #[test]
    fn debug_prints_the_message() {
        let error = FrameGraphError::internal("an invariant broke");
        assert_eq!(format!("{error:?}"), error.to_string());
        let boxed: Box<dyn std::error::Error> = Box::new(error.clone());
        assert_eq!(format!("{boxed:?}"), error.to_string());
    }
}
