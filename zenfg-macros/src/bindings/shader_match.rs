//! Entries taken from the pass's shader: each bound field is matched to the
//! WGSL global of its name (or of its `binding = N`), must agree with it, and
//! every binding the shader's entry points use must have a field.

use proc_macro2::Span;

use super::attributes::{check_shape, check_texture_options, default_visibility, writes};
use super::entry::{BindingTy, Entry, SamplerType, Visibility};
use super::{Bindable, HandleKind};
use crate::diag::{Code, Diagnostics};
use crate::model::{Kind, Role, SampleType, StorageAccess};
use crate::shader::{Global, GlobalKind, ShaderInterface};
use crate::suggest::did_you_mean;

/// One entry per bound field, as the shader declares it.
pub(crate) fn entries(
    kind: Kind,
    bindables: &[Bindable<'_>],
    interface: &ShaderInterface,
    path: Span,
    diag: &mut Diagnostics,
) -> Vec<Entry> {
    let mut matched = vec![false; interface.globals.len()];
    let mut entries = Vec::new();
    for field in bindables {
        check_texture_options(field, diag);
        if !check_shape(field, diag) {
            continue;
        }
        let Some(index) = find_global(field, interface, &matched, diag) else { continue };
        matched[index] = true;
        let global = &interface.globals[index];
        let Some(ty) = field_type(field, global, interface, diag) else { continue };
        let visibility = match global.stages.bits() {
            0 => default_visibility(kind, writes(&ty)),
            bits => Visibility(bits),
        };
        entries.push(Entry {
            group: global.group,
            binding: global.binding,
            span: field.role_span,
            field: field.ident.clone(),
            source: field.source,
            visibility,
            ty,
        });
    }
    for (global, _) in
        interface.globals.iter().zip(&matched).filter(|(global, matched)| !**matched && !global.stages.is_empty())
    {
        diag.error(
            path,
            Code::MissingField,
            format!(
                "`{}` (@group({}) @binding({}), `{}`) in {} has no field",
                global.name, global.group, global.binding, global.wgsl, interface.file
            ),
            format!("add a field for it: {}", field_suggestion(global)),
        );
    }
    entries
}

/// The global `field` binds: the one at its `binding = N` (in its group),
/// else the one of its name.
fn find_global(
    field: &Bindable<'_>,
    interface: &ShaderInterface,
    matched: &[bool],
    diag: &mut Diagnostics,
) -> Option<usize> {
    let file = &interface.file;
    if let Some((binding, span)) = field.options.binding {
        let group = field.options.group.map_or(0, |(group, _)| group);
        let found = interface.globals.iter().position(|global| global.group == group && global.binding == binding);
        if found.is_none() {
            diag.error(
                span,
                Code::NotInShader,
                format!("{file} has no binding at @group({group}) @binding({binding}) for `{}`", field.ident),
                "use the group and binding the shader declares, or remove `binding` to match the field by name",
            );
        }
        return found;
    }
    let Some(index) = interface.globals.iter().position(|global| *field.ident == global.name) else {
        let free: Vec<&str> = interface
            .globals
            .iter()
            .zip(matched)
            .filter(|(_, matched)| !**matched)
            .map(|(global, _)| global.name.as_str())
            .collect();
        let hint = did_you_mean(&field.ident.to_string(), &free);
        diag.error(
            field.ident.span(),
            Code::NotInShader,
            format!("`{}` has no binding in {file}{hint}", field.ident),
            "name the field after the WGSL variable it binds, or give it the variable's `binding = N` (and \
             `group = G`); a field the shader does not use belongs in the callback's captures",
        );
        return None;
    };
    let global = &interface.globals[index];
    if let Some((group, span)) = field.options.group
        && group != global.group
    {
        diag.error(
            span,
            Code::ShaderMismatch,
            format!("`{}` is in @group({}) in {file}, not in group {group}", field.ident, global.group),
            "remove `group`, or move the variable in the shader",
        );
        return None;
    }
    Some(index)
}

/// The entry's type, where the field agrees with the shader's global.
fn field_type(
    field: &Bindable<'_>,
    global: &Global,
    interface: &ShaderInterface,
    diag: &mut Diagnostics,
) -> Option<BindingTy> {
    let options = field.options;
    let ty = match (&global.kind, field.role, field.handle) {
        (GlobalKind::Unsupported { what }, _, _) => {
            diag.error(
                field.role_span,
                Code::UnsupportedBinding,
                format!("`{}` in {} is {what}, which the derive does not lay out", global.name, interface.file),
                "bind it in a pass of your own, or change the shader",
            );
            return None;
        }
        (
            GlobalKind::SampledTexture { sample_type, dimension, multisampled },
            Some(Role::Sampled),
            HandleKind::Texture | HandleKind::Unknown,
        ) => {
            let sample_type = match (options.sample_type, sample_type) {
                (None, shader) => *shader,
                (Some((SampleType::UnfilterableFloat, _)), SampleType::Float) => SampleType::UnfilterableFloat,
                (Some((given, _)), shader) if given == *shader => given,
                (Some((given, span)), shader) => {
                    return option_mismatch(
                        field,
                        global,
                        interface,
                        span,
                        "sample_type",
                        given.name(),
                        shader.name(),
                        diag,
                    );
                }
            };
            if let Some((given, span)) = options.dimension
                && given != *dimension
            {
                return option_mismatch(
                    field,
                    global,
                    interface,
                    span,
                    "dimension",
                    given.name(),
                    dimension.name(),
                    diag,
                );
            }
            if let Some(span) = options.multisampled
                && !multisampled
            {
                return option_mismatch(field, global, interface, span, "multisampled", "multisampled", "not", diag);
            }
            BindingTy::Texture { sample_type, dimension: *dimension, multisampled: *multisampled }
        }
        (
            GlobalKind::StorageTexture { format, access, dimension },
            Some(role @ (Role::StorageRead | Role::StorageWrite)),
            HandleKind::Texture | HandleKind::Unknown,
        ) if (role == Role::StorageRead) == (*access == StorageAccess::ReadOnly)
            && *access != StorageAccess::Atomic =>
        {
            if let Some(given) = &options.format
                && given != format
            {
                return option_mismatch(
                    field,
                    global,
                    interface,
                    given.span(),
                    "format",
                    &given.to_string(),
                    format,
                    diag,
                );
            }
            if let Some(span) = options.read_write
                && *access == StorageAccess::WriteOnly
            {
                return option_mismatch(field, global, interface, span, "read_write", "read_write", "write", diag);
            }
            if let Some((given, span)) = options.dimension
                && given != *dimension
            {
                return option_mismatch(
                    field,
                    global,
                    interface,
                    span,
                    "dimension",
                    given.name(),
                    dimension.name(),
                    diag,
                );
            }
            BindingTy::StorageTexture { access: *access, format: format.clone(), dimension: *dimension }
        }
        (GlobalKind::UniformBuffer { min_size }, Some(Role::Uniform), HandleKind::Buffer | HandleKind::Unknown) => {
            BindingTy::Uniform { min_size: Some(*min_size) }
        }
        (
            GlobalKind::StorageBuffer { read_only, min_size },
            Some(role @ (Role::StorageRead | Role::StorageWrite)),
            HandleKind::Buffer | HandleKind::Unknown,
        ) if (role == Role::StorageRead) == *read_only => {
            BindingTy::Storage { read_only: *read_only, min_size: Some(*min_size) }
        }
        (GlobalKind::Sampler { comparison }, None, _)
            if options.comparison.is_some() == *comparison && !(*comparison && options.non_filtering.is_some()) =>
        {
            BindingTy::Sampler(if *comparison {
                SamplerType::Comparison
            } else if options.non_filtering.is_some() {
                SamplerType::NonFiltering
            } else {
                SamplerType::Filtering
            })
        }
        _ => {
            diag.error(
                field.role_span,
                Code::ShaderMismatch,
                format!(
                    "`{}` is `{}` on {}, but `{}` in {} is `{}`",
                    field.ident,
                    field.attribute,
                    field.handle.noun(),
                    global.name,
                    interface.file,
                    global.wgsl
                ),
                format!("declare it {}", declaration(global, field.source_is_untracked())),
            );
            return None;
        }
    };
    Some(ty)
}

#[allow(clippy::too_many_arguments)]
fn option_mismatch(
    field: &Bindable<'_>,
    global: &Global,
    interface: &ShaderInterface,
    span: Span,
    option: &str,
    given: &str,
    shader: &str,
    diag: &mut Diagnostics,
) -> Option<BindingTy> {
    diag.error(
        span,
        Code::ShaderMismatch,
        format!(
            "`{}` says `{option}` {given}, but `{}` in {} is `{}` ({shader})",
            field.ident, global.name, interface.file, global.wgsl
        ),
        format!("remove `{option}` (the shader decides it), or change the shader"),
    );
    None
}

/// The attribute and handle type a field binding `global` takes.
fn declaration(global: &Global, untracked: bool) -> String {
    let (role, noun) = match &global.kind {
        GlobalKind::SampledTexture { .. } => ("sampled", "a `Texture` or `TextureView` handle"),
        GlobalKind::StorageTexture { access: StorageAccess::ReadOnly, .. } => {
            ("storage_read", "a `Texture` or `TextureView` handle")
        }
        GlobalKind::StorageTexture { .. } => ("storage_write", "a `Texture` or `TextureView` handle"),
        GlobalKind::UniformBuffer { .. } => ("uniform", "a `Buffer` or `BufferSlice` handle"),
        GlobalKind::StorageBuffer { read_only: true, .. } => ("storage_read", "a `Buffer` or `BufferSlice` handle"),
        GlobalKind::StorageBuffer { .. } => ("storage_write", "a `Buffer` or `BufferSlice` handle"),
        GlobalKind::Sampler { comparison: true } => return "`#[sampler(comparison)]` on a `&wgpu::Sampler`".into(),
        GlobalKind::Sampler { comparison: false } => return "`#[sampler]` on a `&wgpu::Sampler`".into(),
        GlobalKind::Unsupported { what } => return format!("in a pass of your own: {what} is not laid out"),
    };
    if untracked {
        let native = if noun.contains("Texture") { "`&wgpu::TextureView`" } else { "`&wgpu::Buffer`" };
        return format!("`#[untracked({role})]` on a {native}");
    }
    let attribute = match role {
        "storage_write" => "#[storage_write(overwrite)]` (or `preserve`)".to_owned(),
        other => format!("#[{other}]`"),
    };
    format!("`{attribute} on {noun}")
}

/// A field for `global`, in words.
fn field_suggestion(global: &Global) -> String {
    let handle = match &global.kind {
        GlobalKind::SampledTexture { .. } | GlobalKind::StorageTexture { .. } => "Texture<'f>",
        GlobalKind::Sampler { .. } => "&'f wgpu::Sampler",
        _ => "Buffer<'f>",
    };
    format!("{} `{}: {handle}`", declaration(global, false), global.name)
}
