//! The bindings of a pass: which bind group entry each bound field is, and
//! what the entry's layout says, from the fields' attributes or from the
//! pass's shader.
//!
//! A pass binds when it names a shader, when a field says where it binds, or
//! when it has a field the graph does not track (`#[sampler]`,
//! `#[untracked(..)]`). Then every field of a role that binds (`sampled`,
//! `storage_read`, `storage_write`, `uniform`) is a bind group entry, and
//! needs a binding: from `binding = N`, or, with a shader, from the WGSL
//! global of its name.

mod attributes;
mod entry;
mod shader_match;

pub(crate) use entry::{BindingTy, Entry, EntrySource, GroupLayout, SamplerType};

use proc_macro2::Span;
use syn::ext::IdentExt;
use syn::{Ident, LitStr};

use crate::check::color_slot_ranges;
use crate::diag::{Code, Diagnostics};
use crate::handle::{Spelling, spelling, type_name};
use crate::model::{BindKind, BindOnly, BindingOptions, Contents, Field, Kind, Role, Shape};
use crate::parse::PassAttr;
use crate::shader::{self, EntryPoint, Output, PassStages, ShaderInterface, ShaderRequest, Stages};

/// What a bound field is made of, whichever kind of field it is.
pub(crate) struct Bindable<'a> {
    pub ident: &'a Ident,
    /// `Sampled`, `StorageRead`, `StorageWrite` or `Uniform`; `None` for a sampler.
    pub role: Option<Role>,
    /// The attribute, as written, for messages.
    pub attribute: String,
    pub role_span: Span,
    pub options: &'a BindingOptions,
    pub handle: HandleKind,
    /// What the field holds instead of exactly one handle, in words, e.g.
    /// "an array of handles"; `None` for one handle.
    pub several: Option<&'static str>,
    pub source: EntrySource,
    /// Whether its type, by its spelling, is not what its attribute binds:
    /// the type system reports it, and it is laid out as nothing.
    pub misfit: bool,
    /// Whether it is a `#[storage_write(overwrite)]` whose shader may not
    /// read it: `overwrite` without `reads_own_writes`.
    pub overwrites_unread: bool,
}

impl Bindable<'_> {
    /// The field's name as WGSL spells it: without the `r#` of a raw
    /// identifier, which is how a field binds a global named like a Rust
    /// keyword.
    pub(crate) fn name(&self) -> String {
        self.ident.unraw().to_string()
    }

    /// Whether the field is one the graph does not track.
    pub(crate) fn source_is_untracked(&self) -> bool {
        matches!(self.source, EntrySource::BindOnly(_))
    }
}

/// What a bound field's type binds, as far as its spelling tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HandleKind {
    Texture,
    Buffer,
    Sampler,
    Unknown,
}

impl HandleKind {
    /// The noun, for messages.
    pub(crate) fn noun(self) -> &'static str {
        match self {
            Self::Texture => "a texture",
            Self::Buffer => "a buffer",
            Self::Sampler => "a sampler",
            Self::Unknown => "a handle",
        }
    }
}

/// The kind of a field the graph does not track, by the last segment of its
/// type behind any reference (`&'f wgpu::Buffer`, `wgpu::TextureView`).
fn native_kind(ty: &syn::Type) -> HandleKind {
    let inner = match ty {
        syn::Type::Reference(reference) => &*reference.elem,
        other => other,
    };
    match type_name(inner).as_deref() {
        Some("Buffer") => HandleKind::Buffer,
        Some("TextureView") => HandleKind::Texture,
        Some("Sampler") => HandleKind::Sampler,
        _ => HandleKind::Unknown,
    }
}

/// What a field the graph does not track must hold: by its kind and role,
/// and for a storage role by its type's spelling.
fn native_wanted(field: &BindOnly) -> HandleKind {
    match (field.kind, native_kind(&field.ty)) {
        (BindKind::Sampler, _) => HandleKind::Sampler,
        (BindKind::Untracked(Role::Sampled), _)
        | (BindKind::Untracked(Role::StorageRead | Role::StorageWrite), HandleKind::Texture) => HandleKind::Texture,
        _ => HandleKind::Buffer,
    }
}

/// The runtime trait a field the graph does not track is kept and bound
/// through.
pub(crate) fn untracked_trait(field: &BindOnly) -> &'static str {
    match native_wanted(field) {
        HandleKind::Sampler => "SamplerField",
        HandleKind::Texture => "UntrackedTextureField",
        HandleKind::Buffer | HandleKind::Unknown => "UntrackedBufferField",
    }
}

/// The fields the graph does not track whose type, as far as its spelling
/// tells, is not what their attribute binds (a `#[sampler]` on a buffer, an
/// `#[untracked(uniform)]` texture view): the type system reports each once.
pub(crate) fn bind_only_misfits(bind_only: &[BindOnly]) -> Vec<&BindOnly> {
    bind_only.iter().filter(|field| is_misfit(field)).collect()
}

fn is_misfit(field: &BindOnly) -> bool {
    let spelled = native_kind(&field.ty);
    spelled != HandleKind::Unknown && spelled != native_wanted(field)
}

/// The bound fields of a pass, in field order: graph fields of a role that
/// binds, then the fields the graph does not track.
pub(crate) fn bindables<'a>(fields: &'a [Field], bind_only: &'a [BindOnly]) -> Vec<Bindable<'a>> {
    let graph = fields.iter().enumerate().filter(|(_, field)| field.access.role.binds()).map(|(index, field)| {
        let handle = match spelling(&field.handle) {
            Spelling::Texture | Spelling::Surface => HandleKind::Texture,
            Spelling::Buffer => HandleKind::Buffer,
            Spelling::NotAHandle | Spelling::Native | Spelling::Unknown => HandleKind::Unknown,
        };
        Bindable {
            ident: &field.ident,
            role: Some(field.access.role),
            attribute: format!("#[{}]", field.access.role.name()),
            role_span: field.access.role_span,
            options: &field.access.binding,
            handle,
            several: match field.shape {
                Shape::One => None,
                Shape::Optional => Some("an `Option` of a handle"),
                Shape::Array(_) => Some("an array of handles"),
                Shape::Vec => Some("a `Vec` of handles"),
            },
            source: EntrySource::Graph(index),
            misfit: false,
            overwrites_unread: field.access.role == Role::StorageWrite
                && field.access.contents == Some(Contents::Overwrite)
                && field.access.reads_own_writes.is_none(),
        }
    });
    let native = bind_only.iter().enumerate().map(|(index, field)| Bindable {
        ident: &field.ident,
        role: match field.kind {
            BindKind::Sampler => None,
            BindKind::Untracked(role) => Some(role),
        },
        attribute: match (field.kind, field.binding.comparison, field.binding.non_filtering) {
            (BindKind::Sampler, Some(_), _) => "#[sampler(comparison)]".to_owned(),
            (BindKind::Sampler, _, Some(_)) => "#[sampler(non_filtering)]".to_owned(),
            (kind, ..) => kind.attribute(),
        },
        role_span: field.kind_span,
        options: &field.binding,
        handle: native_kind(&field.ty),
        several: None,
        source: EntrySource::BindOnly(index),
        misfit: is_misfit(field),
        overwrites_unread: false,
    });
    graph.chain(native).collect()
}

/// Whether the pass binds: it names a shader, a field says where it binds,
/// or it has a field the graph does not track.
pub(crate) fn is_bound(shader: bool, fields: &[Field], bind_only: &[BindOnly]) -> bool {
    shader || !bind_only.is_empty() || fields.iter().any(|field| field.access.binding.any())
}

/// What the binding phase decided.
#[derive(Default)]
pub(crate) struct Plan {
    pub groups: Vec<GroupLayout>,
    /// The shader's absolute path, for cargo to watch, where it could be read.
    pub shader_path: Option<String>,
    /// The immediate bytes the shader's entry points use.
    pub immediate_size: u32,
    /// What the fragment entry points write into the color attachments.
    pub color_outputs: Vec<ColorOutputSpec>,
}

/// The bind groups of a pass that binds, from its shader when it names one.
/// A shader that cannot be loaded is reported once: its fields are then not
/// checked against it.
pub(crate) fn plan(
    kind: Kind,
    pass: &PassAttr,
    (fields, bind_only): (&[Field], &[BindOnly]),
    broken_fields: bool,
    diag: &mut Diagnostics,
) -> Plan {
    let bindables = bindables(fields, bind_only);
    let Some(path) = &pass.shader else {
        return Plan { groups: resolve(kind, &bindables, None, diag), ..Plan::default() };
    };
    let stages = match kind {
        Kind::Compute => PassStages::Compute { entry: &pass.entry },
        Kind::Render => PassStages::Render { vertex: &pass.vertex, fragment: &pass.fragment },
        Kind::Command | Kind::External => PassStages::Any,
    };
    let request = ShaderRequest { path, stages };
    let shader_path = shader::existing_file(path);
    match shader::load(&request) {
        Ok(interface) => {
            let color_outputs = if kind == Kind::Render {
                check_fragment_stage(&interface, fields, path, diag);
                color_outputs(&interface, fields)
            } else {
                Vec::new()
            };
            let shader = ShaderBindings { interface: &interface, path: path.span(), broken_fields };
            let groups = resolve(kind, &bindables, Some(shader), diag);
            Plan {
                groups,
                shader_path: Some(interface.absolute_path),
                immediate_size: interface.immediate_size,
                color_outputs,
            }
        }
        Err(errors) => {
            for error in errors {
                diag.push(Code::Shader, error);
            }
            Plan { shader_path, ..Plan::default() }
        }
    }
}

/// ZM0026 on the shader of a render pass with color attachments that runs no
/// fragment entry point: a pipeline without a fragment stage has no color
/// targets, and wgpu refuses it in a pass with color attachments. Then
/// [`check_fragment_outputs`].
fn check_fragment_stage(interface: &ShaderInterface, fields: &[Field], path: &LitStr, diag: &mut Diagnostics) {
    check_vertex_inputs(interface, fields, path, diag);
    let runs_fragment = interface.entry_points.iter().any(|entry| entry.stage == Stages::FRAGMENT);
    let Some(color) = fields.iter().find(|field| field.access.role == Role::ColorAttachment) else { return };
    if runs_fragment {
        check_fragment_outputs(interface, fields, diag);
    } else {
        diag.error(
            path.span(),
            Code::Shader,
            format!(
                "{} has no fragment entry point, but the pass renders into the color attachment `{}`, and a \
                 pipeline without a fragment stage has no color targets",
                interface.file, color.ident
            ),
            "add a `@fragment` function to the shader, or keep only a depth attachment for a depth-only pass",
        );
    }
}

/// `@location(0)`, `@location(0) and @location(1)`, `@location(0), @location(1) and @location(2)`.
fn locations(slots: &[u32]) -> String {
    let mut named: Vec<String> = slots.iter().map(|slot| format!("@location({slot})")).collect();
    let last = named.pop().unwrap_or_default();
    if named.is_empty() { last } else { format!("{} and {last}", named.join(", ")) }
}

/// ZM0029 on the shader of a render pass without a `#[vertex]` field whose
/// vertex entry point reads vertex inputs: no pipeline of the pass can be
/// given a vertex buffer the graph knows of, and wgpu refuses a pipeline
/// whose vertex inputs no buffer layout provides.
fn check_vertex_inputs(interface: &ShaderInterface, fields: &[Field], path: &LitStr, diag: &mut Diagnostics) {
    if fields.iter().any(|field| field.access.role == Role::Vertex) {
        return;
    }
    let Some(entry) = interface.entry_points.iter().find(|entry| !entry.vertex_inputs.is_empty()) else { return };
    diag.error(
        path.span(),
        Code::ShaderMismatch,
        format!(
            "`{}` in {} reads vertex inputs at {}, but the pass has no `#[vertex]` field, so no vertex buffer it \
             draws from is declared",
            entry.name,
            interface.file,
            locations(&entry.vertex_inputs)
        ),
        "add a field for each vertex buffer, `#[vertex] vertices: BufferSlice<'f>` (a buffer owned outside the \
         graph is imported, with `import_native_buffer`), and set it in the callback with \
         `cx.pass.set_vertex_view(slot, &cx.vertices)`; or read the vertices from storage by \
         `@builtin(vertex_index)`",
    );
}

/// ZM0029 on each color attachment field at a slot that a fragment entry
/// point the pass runs writes no `@location` of: WebGPU refuses a color
/// target its fragment stage does not write (unless its write mask is
/// empty), and nothing would be drawn into it. A field whose number of
/// handles is known only at run time is not checked.
fn check_fragment_outputs(interface: &ShaderInterface, fields: &[Field], diag: &mut Diagnostics) {
    let fragments: Vec<&EntryPoint> =
        interface.entry_points.iter().filter(|entry| entry.stage == Stages::FRAGMENT).collect();
    for (field, _, slots) in color_slot_ranges(fields) {
        let Some(slots) = slots else { continue };
        for entry in &fragments {
            let written: Vec<u32> = entry.outputs.iter().map(|output| output.location).collect();
            let missing: Vec<u32> = slots.clone().filter(|slot| !written.contains(slot)).collect();
            if missing.is_empty() {
                continue;
            }
            let writes =
                if written.is_empty() { "no color output".to_owned() } else { format!("only {}", locations(&written)) };
            let at = if slots.len() == 1 { format!("slot {}", slots.start) } else { format!("slots {slots:?}") };
            diag.error(
                field.access.role_span,
                Code::ShaderMismatch,
                format!(
                    "`{}` is the color attachment at {at}, but `{}` in {} writes {writes}: nothing would be drawn \
                     into it, and WebGPU refuses the pipeline",
                    field.ident, entry.name, interface.file
                ),
                format!(
                    "write {} in the fragment output of `{}`, or place the field at a location it writes with \
                     `slot = N`",
                    locations(&missing),
                    entry.name
                ),
            );
        }
    }
}

/// What a fragment entry point of a render pass writes into the color
/// attachment at one slot, for the runtime to check the attachment's format
/// against when the pass is added.
pub(crate) struct ColorOutputSpec {
    pub entry_point: String,
    /// The color attachment field whose slots hold the output's location.
    pub field: String,
    pub output: Output,
}

/// Every output of the fragment entry points of `interface` that a color
/// attachment field of `fields` takes; an output at a slot no field takes
/// is ignored by wgpu, and so here.
fn color_outputs(interface: &ShaderInterface, fields: &[Field]) -> Vec<ColorOutputSpec> {
    let slots = color_slot_ranges(fields);
    let field_at = |location: u32| {
        slots.iter().find(|(_, first, slots)| match slots {
            Some(slots) => slots.contains(&location),
            None => location >= *first,
        })
    };
    interface
        .entry_points
        .iter()
        .filter(|entry| entry.stage == Stages::FRAGMENT)
        .flat_map(|entry| entry.outputs.iter().map(move |output| (entry, output)))
        .filter_map(|(entry, output)| {
            let (field, ..) = field_at(output.location)?;
            Some(ColorOutputSpec {
                entry_point: entry.name.clone(),
                field: field.ident.unraw().to_string(),
                output: *output,
            })
        })
        .collect()
}

/// The shader a pass's bindings are matched against.
pub(crate) struct ShaderBindings<'a> {
    pub interface: &'a ShaderInterface,
    /// The span of the shader's path, where errors about the shader go.
    pub path: Span,
    /// Whether a field of the pass has errors of its own: a binding of the
    /// shader without a field may be that field's, so it is not reported.
    pub broken_fields: bool,
}

/// The bind groups of a bound pass, in group order, each with its entries in
/// binding order; every problem is recorded in `diag`.
pub(crate) fn resolve(
    kind: Kind,
    bindables: &[Bindable<'_>],
    shader: Option<ShaderBindings<'_>>,
    diag: &mut Diagnostics,
) -> Vec<GroupLayout> {
    match shader {
        Some(shader) => {
            let entries = shader_match::entries(kind, bindables, &shader, diag);
            entry::groups(entries, Some(&shader.interface.file), diag)
        }
        None => entry::groups(attributes::entries(kind, bindables, diag), None, diag),
    }
}
