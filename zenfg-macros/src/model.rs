//! What a pass struct says, once its attributes are parsed and checked.

use proc_macro2::Span;
use syn::{Expr, Ident, Lifetime, Type, Visibility};

pub(crate) use crate::shader::{SampleType, StorageAccess, ViewDimension};

/// The kind of a pass, from `#[pass(..)]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Render,
    Compute,
    Command,
    External,
}

impl Kind {
    pub(crate) const NAMES: [&'static str; 4] = ["render", "compute", "command", "external"];

    pub(crate) fn from_name(name: &str) -> Option<Self> {
        [Self::Render, Self::Compute, Self::Command, Self::External].into_iter().find(|kind| kind.name() == name)
    }

    /// The kind's name in `#[pass(..)]`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Self::Render => "render",
            Self::Compute => "compute",
            Self::Command => "command",
            Self::External => "external",
        }
    }

    /// The type-level kind marker.
    pub(crate) fn marker(self) -> &'static str {
        match self {
            Self::Render => "Render",
            Self::Compute => "Compute",
            Self::Command => "Command",
            Self::External => "External",
        }
    }

    /// The `NodeKind` variant.
    pub(crate) fn node_kind(self) -> &'static str {
        match self {
            Self::External => "ExternalSubmission",
            other => other.marker(),
        }
    }

    /// Whether a pass of this kind can declare `role`. Attachments and
    /// resolve targets are checked on their own, with their own fix.
    pub(crate) fn takes(self, role: Role) -> bool {
        match self {
            Self::Render => !matches!(role, Role::CopySrc | Role::CopyDst),
            Self::Compute => !matches!(role, Role::CopySrc | Role::CopyDst | Role::Vertex | Role::Index),
            Self::Command | Self::External => true,
        }
    }

    /// Command and external passes are retained without a root.
    pub(crate) fn side_effect_by_default(self) -> bool {
        matches!(self, Self::Command | Self::External)
    }
}

/// One access attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    Sampled,
    StorageRead,
    StorageWrite,
    ColorAttachment,
    DepthAttachment,
    DepthRead,
    ResolveTarget,
    CopySrc,
    CopyDst,
    Uniform,
    Vertex,
    Index,
    Indirect,
}

impl Role {
    pub(crate) const ALL: [Self; 13] = [
        Self::Sampled,
        Self::StorageRead,
        Self::StorageWrite,
        Self::ColorAttachment,
        Self::DepthAttachment,
        Self::DepthRead,
        Self::ResolveTarget,
        Self::CopySrc,
        Self::CopyDst,
        Self::Uniform,
        Self::Vertex,
        Self::Index,
        Self::Indirect,
    ];

    pub(crate) fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|role| role.name() == name)
    }

    /// The attribute.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Self::Sampled => "sampled",
            Self::StorageRead => "storage_read",
            Self::StorageWrite => "storage_write",
            Self::ColorAttachment => "color_attachment",
            Self::DepthAttachment => "depth_attachment",
            Self::DepthRead => "depth_read",
            Self::ResolveTarget => "resolve_target",
            Self::CopySrc => "copy_src",
            Self::CopyDst => "copy_dst",
            Self::Uniform => "uniform",
            Self::Vertex => "vertex",
            Self::Index => "index",
            Self::Indirect => "indirect",
        }
    }

    /// The runtime trait the field's handle type must implement.
    pub(crate) fn field_trait(self) -> &'static str {
        match self {
            Self::Sampled => "SampledField",
            Self::StorageRead => "StorageReadField",
            Self::StorageWrite => "StorageWriteField",
            Self::ColorAttachment => "ColorAttachmentField",
            Self::DepthAttachment => "DepthAttachmentField",
            Self::DepthRead => "DepthReadField",
            Self::ResolveTarget => "ResolveTargetField",
            Self::CopySrc => "CopySrcField",
            Self::CopyDst => "CopyDstField",
            Self::Uniform => "UniformField",
            Self::Vertex => "VertexField",
            Self::Index => "IndexField",
            Self::Indirect => "IndirectField",
        }
    }

    /// The view type of a role with one family, named directly in the context.
    pub(crate) fn view(self) -> Option<&'static str> {
        Some(match self {
            Self::Sampled => "SampledTextureView",
            Self::Uniform => "UniformBufferView",
            Self::Vertex => "VertexBufferView",
            Self::Index => "IndexBufferView",
            Self::Indirect => "IndirectBufferView",
            Self::ColorAttachment | Self::ResolveTarget => "ColorAttachmentView",
            Self::DepthAttachment => "DepthAttachmentView",
            Self::DepthRead => "DepthReadView",
            _ => return None,
        })
    }

    /// The view type of a role that takes either kind, for a texture.
    pub(crate) fn texture_view(self) -> Option<&'static str> {
        Some(match self {
            Self::StorageRead => "StorageTextureReadView",
            Self::StorageWrite => "StorageTextureWriteView",
            Self::CopySrc => "TextureCopySrcView",
            Self::CopyDst => "TextureCopyDstView",
            _ => return None,
        })
    }

    /// The view type of a role that takes either kind, for a buffer.
    pub(crate) fn buffer_view(self) -> Option<&'static str> {
        Some(match self {
            Self::StorageRead => "StorageBufferReadView",
            Self::StorageWrite => "StorageBufferWriteView",
            Self::CopySrc => "BufferCopySrcView",
            Self::CopyDst => "BufferCopyDstView",
            _ => return None,
        })
    }

    /// Whether the role takes texture handles.
    pub(crate) fn takes_textures(self) -> bool {
        !matches!(self, Self::Uniform | Self::Vertex | Self::Index | Self::Indirect)
    }

    /// Whether the role takes buffer handles.
    pub(crate) fn takes_buffers(self) -> bool {
        !matches!(
            self,
            Self::Sampled | Self::ColorAttachment | Self::DepthAttachment | Self::DepthRead | Self::ResolveTarget
        )
    }

    pub(crate) fn is_attachment(self) -> bool {
        matches!(self, Self::ColorAttachment | Self::DepthAttachment | Self::DepthRead | Self::ResolveTarget)
    }

    /// Whether the field is written (and so may be a root).
    pub(crate) fn writes(self) -> bool {
        matches!(
            self,
            Self::StorageWrite | Self::ColorAttachment | Self::DepthAttachment | Self::ResolveTarget | Self::CopyDst
        )
    }

    /// Whether the role binds its resource through a bind group.
    pub(crate) fn binds(self) -> bool {
        matches!(self, Self::Sampled | Self::StorageRead | Self::StorageWrite | Self::Uniform)
    }

    /// The options the role takes.
    pub(crate) fn options(self) -> &'static [RoleOption] {
        use RoleOption::{
            Binding, Clear, Dimension, Discard, Format, Group, Load, Multisampled, Overwrite, Preserve, ReadWrite,
            ReadsOwnWrites, SampleType, Slot, Source, Store,
        };
        match self {
            Self::Sampled => &[Binding, Group, SampleType, Dimension, Multisampled],
            Self::StorageRead => &[Binding, Group, Format, Dimension],
            Self::StorageWrite => &[Overwrite, Preserve, ReadsOwnWrites, Binding, Group, Format, Dimension, ReadWrite],
            Self::Uniform => &[Binding, Group],
            Self::CopyDst => &[Overwrite, Preserve],
            Self::ColorAttachment => &[Clear, Load, Store, Discard, Slot],
            Self::DepthAttachment => &[Clear, Load, Store, Discard],
            Self::ResolveTarget => &[Source],
            _ => &[],
        }
    }
}

/// An option of a role attribute, as in `#[storage_write(overwrite)]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RoleOption {
    Overwrite,
    Preserve,
    ReadsOwnWrites,
    Clear,
    Load,
    Store,
    Discard,
    Slot,
    Source,
    Binding,
    Group,
    Format,
    SampleType,
    Dimension,
    Multisampled,
    ReadWrite,
    Comparison,
    NonFiltering,
}

impl RoleOption {
    /// Every option any role takes.
    pub(crate) const ALL: [Self; 18] = [
        Self::Overwrite,
        Self::Preserve,
        Self::ReadsOwnWrites,
        Self::Clear,
        Self::Load,
        Self::Store,
        Self::Discard,
        Self::Slot,
        Self::Source,
        Self::Binding,
        Self::Group,
        Self::Format,
        Self::SampleType,
        Self::Dimension,
        Self::Multisampled,
        Self::ReadWrite,
        Self::Comparison,
        Self::NonFiltering,
    ];

    /// Whether the option says how a field binds, which only roles that bind take.
    pub(crate) fn is_binding(self) -> bool {
        matches!(
            self,
            Self::Binding
                | Self::Group
                | Self::Format
                | Self::SampleType
                | Self::Dimension
                | Self::Multisampled
                | Self::ReadWrite
                | Self::Comparison
                | Self::NonFiltering
        )
    }

    pub(crate) fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|option| option.name() == name)
    }

    /// The word in the attribute.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Self::Overwrite => "overwrite",
            Self::Preserve => "preserve",
            Self::ReadsOwnWrites => "reads_own_writes",
            Self::Clear => "clear",
            Self::Load => "load",
            Self::Store => "store",
            Self::Discard => "discard",
            Self::Slot => "slot",
            Self::Source => "source",
            Self::Binding => "binding",
            Self::Group => "group",
            Self::Format => "format",
            Self::SampleType => "sample_type",
            Self::Dimension => "dimension",
            Self::Multisampled => "multisampled",
            Self::ReadWrite => "read_write",
            Self::Comparison => "comparison",
            Self::NonFiltering => "non_filtering",
        }
    }

    /// The words of `options`, for "did you mean".
    pub(crate) fn names(options: &[Self]) -> Vec<&'static str> {
        options.iter().map(|option| option.name()).collect()
    }
}

/// How many handles a field holds.
#[derive(Clone)]
pub(crate) enum Shape {
    One,
    Optional,
    Array(Expr),
    Vec,
}

/// `overwrite` or `preserve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Contents {
    Overwrite,
    Preserve,
}

/// How an attachment starts.
#[derive(Clone)]
pub(crate) enum Load {
    Clear(Expr),
    Load,
}

/// Attachment options.
#[derive(Clone)]
pub(crate) struct Attachment {
    pub load: Load,
    pub store: bool,
    pub slot: Option<(u32, Span)>,
}

/// Why a field is a root, as in `#[root(output)]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RootReason {
    Present,
    Output,
    Readback,
    DebugCapture,
    PersistentState,
}

impl RootReason {
    pub(crate) const ALL: [Self; 5] =
        [Self::Present, Self::Output, Self::Readback, Self::DebugCapture, Self::PersistentState];

    pub(crate) fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|reason| reason.name() == name)
    }

    /// The word in `#[root(..)]`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Self::Present => "present",
            Self::Output => "output",
            Self::Readback => "readback",
            Self::DebugCapture => "debug_capture",
            Self::PersistentState => "persistent_state",
        }
    }

    /// The variant of the runtime's `RootReason`.
    pub(crate) fn variant(self) -> &'static str {
        match self {
            Self::Present => "Present",
            Self::Output => "Output",
            Self::Readback => "Readback",
            Self::DebugCapture => "DebugCapture",
            Self::PersistentState => "PersistentState",
        }
    }
}

/// A field's access: its role and options as written.
#[derive(Clone)]
pub(crate) struct Access {
    pub role: Role,
    pub role_span: Span,
    pub contents: Option<Contents>,
    /// `reads_own_writes` on an `overwrite`: the shader reads only what the
    /// pass itself wrote before, in the same execution.
    pub reads_own_writes: Option<Span>,
    pub attachment: Option<Attachment>,
    pub source: Option<Ident>,
    pub root: Option<(RootReason, Span)>,
    pub binding: BindingOptions,
}

/// Where a field binds and what its layout entry says beyond its role, as
/// written; each with the span it was given at.
#[derive(Clone, Default)]
pub(crate) struct BindingOptions {
    pub binding: Option<(u32, Span)>,
    pub group: Option<(u32, Span)>,
    /// A storage texture's format: a `wgpu::TextureFormat` variant.
    pub format: Option<Ident>,
    pub sample_type: Option<(SampleType, Span)>,
    pub dimension: Option<(ViewDimension, Span)>,
    pub multisampled: Option<Span>,
    pub read_write: Option<Span>,
    pub comparison: Option<Span>,
    pub non_filtering: Option<Span>,
}

impl BindingOptions {
    /// Whether any option says how the field binds.
    pub(crate) fn any(&self) -> bool {
        self.binding.is_some()
            || self.group.is_some()
            || self.format.is_some()
            || self.sample_type.is_some()
            || self.dimension.is_some()
            || self.multisampled.is_some()
            || self.read_write.is_some()
            || self.comparison.is_some()
            || self.non_filtering.is_some()
    }
}

/// What a field the graph does not track binds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BindKind {
    /// `#[sampler(..)]`.
    Sampler,
    /// `#[untracked(role, ..)]`: a buffer or texture view the workload owns,
    /// bound as `role` (`sampled`, `storage_read`, `storage_write` or `uniform`).
    Untracked(Role),
}

impl BindKind {
    /// The attribute, as written.
    pub(crate) fn attribute(self) -> String {
        match self {
            Self::Sampler => "#[sampler]".into(),
            Self::Untracked(role) => format!("#[untracked({})]", role.name()),
        }
    }
}

/// A field the pass binds without the graph tracking it: a sampler, or a
/// buffer or texture view of the workload's own.
#[derive(Clone)]
pub(crate) struct BindOnly {
    pub ident: Ident,
    pub ty: Type,
    pub kind: BindKind,
    pub kind_span: Span,
    pub binding: BindingOptions,
}

/// One annotated field.
#[derive(Clone)]
pub(crate) struct Field {
    pub ident: Ident,
    /// The handle type inside `Option`, an array or `Vec`.
    pub handle: Type,
    pub shape: Shape,
    pub access: Access,
}

/// The pass struct.
pub(crate) struct PassSpec {
    pub vis: Visibility,
    pub ident: Ident,
    pub lifetime: Option<Lifetime>,
    pub kind: Kind,
    pub label: String,
    pub side_effect: bool,
    pub label_field: Option<Ident>,
    pub fields: Vec<Field>,
    pub bind_only: Vec<BindOnly>,
    /// The bind groups of the pass, once its bindings are resolved; empty
    /// for a pass that does not bind.
    pub groups: Vec<crate::bindings::GroupLayout>,
    /// The absolute path of the shader the bindings were checked against.
    pub shader: Option<String>,
    /// The immediate bytes the shader's entry points use.
    pub immediate_size: u32,
    /// What the shader's fragment entry points write into the color
    /// attachments.
    pub color_outputs: Vec<crate::bindings::ColorOutputSpec>,
}
