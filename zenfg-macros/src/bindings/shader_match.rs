//! Entries taken from the pass's shader: each bound field is matched to the
//! WGSL global of its name (or of its `binding = N`), must agree with it, and
//! every binding the shader's entry points use must have a field.

use proc_macro2::Span;

use super::attributes::{check_combination, check_shape, check_texture_options, default_visibility, writes};
use super::entry::{BindingTy, Entry, SamplerType, Visibility};
use super::{Bindable, HandleKind, ShaderBindings};
use crate::check::{BIND_GROUPS_FIELD, reserved};
use crate::diag::{Code, Diagnostics};
use crate::model::{Kind, Role, SampleType, StorageAccess};
use crate::naming::field_name;
use crate::shader::{Global, GlobalKind, ShaderInterface};
use crate::suggest::closest;

/// One entry per bound field, as the shader declares it.
pub(crate) fn entries(
    kind: Kind,
    bindables: &[Bindable<'_>],
    shader: &ShaderBindings<'_>,
    diag: &mut Diagnostics,
) -> Vec<Entry> {
    let ShaderBindings { interface, path, broken_fields } = *shader;
    let mut matched = vec![false; interface.globals.len()];
    let mut entries = Vec::new();
    // The entry made from each global, by global index.
    let mut entry_of = vec![None; interface.globals.len()];
    for field in bindables {
        if !field.misfit {
            check_texture_options(field, diag);
        }
        if !check_shape(field, diag) {
            // The global it is meant for has its error on the field.
            if let Some(index) = meant_global(field, interface) {
                matched[index] = true;
            }
            continue;
        }
        let index = match find_global(field, bindables, interface, &matched, diag) {
            Ok(index) => index,
            // The global the field is meant for has its error: it is not
            // reported again as a binding without a field.
            Err(meant) => {
                if let Some(index) = meant {
                    matched[index] = true;
                }
                continue;
            }
        };
        matched[index] = true;
        if field.misfit {
            continue;
        }
        let global = &interface.globals[index];
        let Some(ty) = field_type(field, global, interface, diag) else { continue };
        if !check_combination(field, &ty, diag) {
            continue;
        }
        check_overwrite(field, global, &interface.file, diag);
        let visibility = match global.stages.bits() {
            0 => default_visibility(kind, writes(&ty)),
            bits => Visibility(bits),
        };
        entry_of[index] = Some(entries.len());
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
    check_sampling_pairs(interface, &entry_of, &entries, diag);
    for (global, _) in
        interface.globals.iter().zip(&matched).filter(|(global, matched)| !**matched && !global.stages.is_empty())
    {
        let at =
            format!("`{}` (@group({}) @binding({}), `{}`)", global.name, global.group, global.binding, global.wgsl);
        match unsupported(global) {
            Some(what) => diag.error(
                path,
                Code::UnsupportedBinding,
                format!("{at} in {} is {what}, which the derive does not lay out", interface.file),
                UNSUPPORTED_FIX,
            ),
            None if broken_fields => {}
            None => diag.error(
                path,
                Code::MissingField,
                format!("{at} in {} is used by the pass's entry points, but has no field", interface.file),
                field_suggestion(kind, global),
            ),
        }
    }
    entries
}

/// ZM0029 on a `#[storage_write(overwrite)]` field whose global the pass's
/// entry points read: `overwrite` tells the graph that what earlier passes
/// wrote does not matter, so it culls them, and the shader reads undefined
/// contents. `reads_own_writes` says the shader reads only what the pass
/// wrote itself.
fn check_overwrite(field: &Bindable<'_>, global: &Global, file: &str, diag: &mut Diagnostics) {
    if !field.overwrites_unread || !global.read {
        return;
    }
    diag.error(
        field.role_span,
        Code::ShaderMismatch,
        format!(
            "`{}` is `#[storage_write(overwrite)]`, but the pass's entry points in {file} read `{}` (`{}`): \
             `overwrite` says what earlier passes wrote into it does not matter, so the graph culls them and the \
             shader reads undefined contents",
            field.ident, global.name, global.wgsl
        ),
        "declare `preserve` when the shader reads what earlier passes wrote (a read-modify-write); when every \
         invocation reads only what this pass wrote before, add `reads_own_writes`: \
         `#[storage_write(overwrite, reads_own_writes)]`",
    );
}

/// ZM0029 on each filtering sampler that the entry points sample a texture
/// with which its field declares unfilterable: wgpu refuses the pipeline.
fn check_sampling_pairs(
    interface: &ShaderInterface,
    entry_of: &[Option<usize>],
    entries: &[Entry],
    diag: &mut Diagnostics,
) {
    for &(texture, sampler) in &interface.sampling_pairs {
        let (Some(texture), Some(sampler)) = (entry_of[texture], entry_of[sampler]) else { continue };
        let (texture, sampler) = (&entries[texture], &entries[sampler]);
        let BindingTy::Sampler(SamplerType::Filtering) = sampler.ty else { continue };
        if let BindingTy::Texture { sample_type: sample_type @ (SampleType::Sint | SampleType::Uint), .. } = texture.ty
        {
            let integer = if sample_type == SampleType::Sint { "signed" } else { "unsigned" };
            diag.error(
                sampler.span,
                Code::ShaderMismatch,
                format!(
                    "`{}` is a filtering sampler, but {} samples `{}` with it, an {integer} integer texture, and \
                     wgpu refuses a filtering sampler on an integer texture",
                    sampler.field, interface.file, texture.field
                ),
                "declare `#[sampler(non_filtering)]` (a sampler created with nearest filtering)",
            );
        }
        if let BindingTy::Texture { sample_type: SampleType::UnfilterableFloat, .. } = texture.ty {
            diag.error(
                sampler.span,
                Code::ShaderMismatch,
                format!(
                    "`{}` is a filtering sampler, but {} samples `{}` with it, which says `sample_type = \
                     unfilterable_float`, and wgpu refuses a filtering sampler on an unfilterable texture",
                    sampler.field, interface.file, texture.field
                ),
                format!(
                    "declare `#[sampler(non_filtering)]` (a sampler created with nearest filtering), or remove \
                     `sample_type = unfilterable_float` from `{}` if its format is filterable",
                    texture.field
                ),
            );
        }
    }
}

/// What `global` is, with its article, if the derive does not lay it out.
fn unsupported(global: &Global) -> Option<&'static str> {
    match global.kind {
        GlobalKind::Unsupported { what } => Some(what),
        // The runtime derives no `STORAGE_ATOMIC` usage from a role.
        GlobalKind::StorageTexture { access: StorageAccess::Atomic, .. } => Some("an atomic storage texture"),
        _ => None,
    }
}

/// What to do about a binding the derive does not lay out.
const UNSUPPORTED_FIX: &str = "the derive lays out a pass's bind groups from its fields, one handle each: remove \
     `shader = ..` and create this pass's layouts and bind groups yourself, or keep the binding out of the entry \
     points the pass runs";

/// What a field with `binding` in `group` writes to bind `global` instead.
fn at_global(global: &Global, binding: u32, group: u32) -> String {
    let group_fix =
        if global.group == 0 { "remove `group`".to_owned() } else { format!("write `group = {}`", global.group) };
    match (global.binding == binding, global.group == group) {
        (true, _) => group_fix,
        (false, true) => format!("write `binding = {}`", global.binding),
        (false, false) if global.group == 0 => format!("write `binding = {}` and remove `group`", global.binding),
        (false, false) => format!("write `binding = {}, group = {}`", global.binding, global.group),
    }
}

/// The global `field` is meant for, reporting nothing: the one at its
/// `binding = N` (in its group), else the one of its name.
fn meant_global(field: &Bindable<'_>, interface: &ShaderInterface) -> Option<usize> {
    let group = field.options.group.map_or(0, |(group, _)| group);
    match field.options.binding {
        Some((binding, _)) => {
            interface.globals.iter().position(|global| global.group == group && global.binding == binding)
        }
        None => interface.globals.iter().position(|global| field.name() == global.name),
    }
}

/// The global `field` binds: the one at its `binding = N` (in its group),
/// else the one of its name. Where there is none, or it is in another group
/// than the field says, the error is recorded and `Err` holds the global the
/// field is meant for, if there is one by its name.
fn find_global(
    field: &Bindable<'_>,
    bindables: &[Bindable<'_>],
    interface: &ShaderInterface,
    matched: &[bool],
    diag: &mut Diagnostics,
) -> Result<usize, Option<usize>> {
    let file = &interface.file;
    let named = interface.globals.iter().position(|global| field.name() == global.name);
    if let Some((binding, span)) = field.options.binding {
        if let Some(index) = meant_global(field, interface) {
            let global = &interface.globals[index];
            // A global of the field's own name elsewhere: the number points at
            // another variable, which the field would bind silently.
            if let Some(own) = named.filter(|&own| own != index).map(|own| &interface.globals[own]) {
                diag.error(
                    span,
                    Code::ShaderMismatch,
                    format!(
                        "`{}` has `binding = {binding}`, which is `{}` in {file}, but `{}` is at @group({}) \
                         @binding({})",
                        field.ident, global.name, own.name, own.group, own.binding
                    ),
                    format!(
                        "remove `binding` to match the field by name, or rename the field to `{}` if it is meant \
                         to bind that",
                        global.name
                    ),
                );
                return Err(named);
            }
            return Ok(index);
        }
        let group = field.options.group.map_or(0, |(group, _)| group);
        let (there, fix) = match named.map(|index| &interface.globals[index]) {
            Some(global) => (
                format!("; `{}` is at @group({}) @binding({})", global.name, global.group, global.binding),
                format!("{}, or remove `binding` to match the field by name", at_global(global, binding, group)),
            ),
            None => (
                String::new(),
                "use the group and binding the shader declares, or remove `binding` to match the field by name"
                    .to_owned(),
            ),
        };
        diag.error(
            span,
            Code::NotInShader,
            format!(
                "`{}` has `binding = {binding}`, but {file} has no binding at @group({group}) @binding({binding}){there}",
                field.ident
            ),
            fix,
        );
        return Err(named);
    }
    let Some(index) = named else {
        let free: Vec<&str> = interface
            .globals
            .iter()
            .zip(matched)
            .filter(|(_, matched)| !**matched)
            .map(|(global, _)| global.name.as_str())
            .collect();
        let (meant, hint) = match closest(&field.name(), &free) {
            Some(name) => (Some(name), format!("; did you mean `{name}`?")),
            None => match only_unbound_of_its_kind(field, bindables, interface, matched) {
                Some(global) => (
                    Some(global.name.as_str()),
                    format!(
                        "; did you mean `{}`, the only variable of the shader that no field binds and a `{}` \
                         field can?",
                        global.name, field.attribute
                    ),
                ),
                None => (None, String::new()),
            },
        };
        let rename = match meant {
            Some(name) => format!("rename the field to `{}`", field_name(name)),
            None => "name the field after the WGSL variable it binds".to_owned(),
        };
        diag.error(
            field.ident.span(),
            Code::NotInShader,
            format!("`{}` has no binding in {file}{hint}", field.ident),
            format!(
                "{rename}, or give it the variable's `binding = N` (and `group = G`); a field the shader does not \
                 use belongs in the callback's captures"
            ),
        );
        // The variable it most likely means is not reported again.
        return Err(meant.and_then(|name| interface.globals.iter().position(|global| global.name == name)));
    };
    let global = &interface.globals[index];
    if let Some((group, span)) = field.options.group
        && group != global.group
    {
        diag.error(
            span,
            Code::ShaderMismatch,
            format!(
                "`{}` says `group = {group}`, but `{}` in {file} is in @group({})",
                field.ident, global.name, global.group
            ),
            if global.group == 0 {
                "remove `group` (the field takes it from the shader), or move the variable in the shader".to_owned()
            } else {
                format!("write `group = {}`, or remove `group`: the field takes it from the shader", global.group)
            },
        );
        return Err(Some(index));
    }
    Ok(index)
}

/// The one global the entry points use that no field binds, by name or
/// number, and that `field`'s role and handle can bind, if there is exactly
/// one: the variable a misnamed field most likely means.
fn only_unbound_of_its_kind<'i>(
    field: &Bindable<'_>,
    bindables: &[Bindable<'_>],
    interface: &'i ShaderInterface,
    matched: &[bool],
) -> Option<&'i Global> {
    let claimed = |global: &Global| {
        bindables.iter().any(|other| match other.options.binding {
            Some((binding, _)) => {
                other.options.group.map_or(0, |(group, _)| group) == global.group && binding == global.binding
            }
            None => other.name() == global.name,
        })
    };
    let mut candidates = interface.globals.iter().zip(matched).filter(|(global, matched)| {
        !**matched && !global.stages.is_empty() && !claimed(global) && can_bind(field, global)
    });
    let (only, _) = candidates.next()?;
    candidates.next().is_none().then_some(only)
}

/// Whether `field`'s role and handle kind are those of a field binding
/// `global`.
fn can_bind(field: &Bindable<'_>, global: &Global) -> bool {
    let Some(binds) = binds_as(global) else { return false };
    let role = match binds.untracked {
        Some((role, _)) => field.role.is_some_and(|own| own.name() == role),
        None => field.role.is_none(),
    };
    let handle = match field.handle {
        HandleKind::Unknown => true,
        HandleKind::Texture => binds.holds.contains("Texture"),
        HandleKind::Buffer => binds.holds.contains("Buffer"),
        HandleKind::Sampler => binds.untracked.is_none(),
    };
    role && handle
}

/// The entry's type, where the field agrees with the shader's global.
fn field_type(
    field: &Bindable<'_>,
    global: &Global,
    interface: &ShaderInterface,
    diag: &mut Diagnostics,
) -> Option<BindingTy> {
    let options = field.options;
    // Every option that disagrees with the shader, as given and as the shader
    // says it; `None` once they are recorded.
    let disagree = |wrong: Vec<(Span, String, String)>, diag: &mut Diagnostics| {
        for (span, option, shader) in &wrong {
            option_mismatch(field, global, interface, *span, option, shader, diag);
        }
        wrong.is_empty().then_some(())
    };
    if let Some(what) = unsupported(global) {
        diag.error(
            field.role_span,
            Code::UnsupportedBinding,
            format!(
                "`{}` binds `{}` in {}, which is {what}, and the derive does not lay that out",
                field.ident, global.name, interface.file
            ),
            UNSUPPORTED_FIX,
        );
        return None;
    }
    let ty = match (&global.kind, field.role, field.handle) {
        (
            GlobalKind::SampledTexture { sample_type, dimension, multisampled },
            Some(Role::Sampled),
            HandleKind::Texture | HandleKind::Unknown,
        ) => {
            let mut wrong = Vec::new();
            let sample_type = match (options.sample_type, sample_type) {
                (None, shader) => *shader,
                // WGSL says `f32` either way: filtering is the derive's reading of how the
                // entry points sample the texture (wgpu's, for layouts it derives), which
                // the field may refine.
                (
                    Some((given @ (SampleType::Float | SampleType::UnfilterableFloat), _)),
                    SampleType::Float | SampleType::UnfilterableFloat,
                ) => given,
                (Some((given, _)), shader) if given == *shader => given,
                (Some((given, span)), shader) => {
                    let option = format!("sample_type = {}", given.name());
                    wrong.push((span, option, format!("whose sample type is `{}`", shader.name())));
                    *shader
                }
            };
            if let Some((given, span)) = options.dimension
                && given != *dimension
            {
                let option = format!("dimension = {}", given.name());
                wrong.push((span, option, format!("of dimension `{}`", dimension.name())));
            }
            if let Some(span) = options.multisampled
                && !multisampled
            {
                wrong.push((span, "multisampled".into(), "which is not multisampled".into()));
            }
            disagree(wrong, diag)?;
            BindingTy::Texture { sample_type, dimension: *dimension, multisampled: *multisampled }
        }
        (
            GlobalKind::StorageTexture { format, access, dimension },
            Some(role @ (Role::StorageRead | Role::StorageWrite)),
            HandleKind::Texture | HandleKind::Unknown,
        ) if (role == Role::StorageRead) == (*access == StorageAccess::ReadOnly) => {
            let mut wrong = Vec::new();
            if let Some(given) = &options.format
                && given != format
            {
                wrong.push((given.span(), format!("format = {given}"), format!("of format `{format}`")));
            }
            if let Some(span) = options.read_write
                && *access == StorageAccess::WriteOnly
            {
                wrong.push((span, "read_write".into(), "which is write-only".into()));
            }
            if let Some((given, span)) = options.dimension
                && given != *dimension
            {
                let option = format!("dimension = {}", given.name());
                wrong.push((span, option, format!("of dimension `{}`", dimension.name())));
            }
            disagree(wrong, diag)?;
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
        (GlobalKind::Sampler { comparison: true }, None, _) if options.comparison.is_some() => {
            BindingTy::Sampler(SamplerType::Comparison)
        }
        (GlobalKind::Sampler { comparison: false }, None, _) if options.comparison.is_none() => {
            BindingTy::Sampler(if options.non_filtering.is_some() {
                SamplerType::NonFiltering
            } else {
                SamplerType::Filtering
            })
        }
        _ => {
            // A sampler of the wrong kind is told on the option that makes it so.
            let span = match (&global.kind, field.role) {
                (GlobalKind::Sampler { comparison: false }, None) => options.comparison,
                (GlobalKind::Sampler { comparison: true }, None) => options.non_filtering,
                _ => None,
            };
            diag.error(
                span.unwrap_or(field.role_span),
                Code::ShaderMismatch,
                format!(
                    "`{}` is `{}`{}, but `{}` in {} is `{}`",
                    field.ident,
                    field.attribute,
                    match field.role {
                        Some(_) => format!(" on {}", field.handle.noun()),
                        None => String::new(),
                    },
                    global.name,
                    interface.file,
                    global.wgsl
                ),
                declaration(global, field.source_is_untracked()),
            );
            return None;
        }
    };
    Some(ty)
}

/// Records that the option of `field` given at `span` as `option` disagrees
/// with `global`, which is as `shader` says.
fn option_mismatch(
    field: &Bindable<'_>,
    global: &Global,
    interface: &ShaderInterface,
    span: Span,
    option: &str,
    shader: &str,
    diag: &mut Diagnostics,
) {
    let name = option.split(' ').next().unwrap_or(option);
    diag.error(
        span,
        Code::ShaderMismatch,
        format!(
            "`{}` says `{option}`, but `{}` in {} is `{}`, {shader}",
            field.ident, global.name, interface.file, global.wgsl
        ),
        format!("remove `{name}` (the field takes it from the shader), or change the shader"),
    );
}

/// How a field binds a global of the shader.
struct BindsAs {
    /// The attribute of a graph field, e.g. `#[storage_write(overwrite)]`.
    attribute: &'static str,
    /// What a graph field holds, in words.
    holds: &'static str,
    /// A handle type for it, for a suggested field.
    handle: &'static str,
    /// The role of `#[untracked(..)]` and the type a field the graph does not
    /// track holds; `None` for a sampler.
    untracked: Option<(&'static str, &'static str)>,
}

/// How a field binds `global`; `None` for a binding the derive does not lay out.
fn binds_as(global: &Global) -> Option<BindsAs> {
    const TEXTURE: &str = "a `Texture` or `TextureView` handle";
    const BUFFER: &str = "a `Buffer` or `BufferSlice` handle";
    const SAMPLER: &str = "a `wgpu::Sampler` or a reference to one";
    let texture = |attribute, role| BindsAs {
        attribute,
        holds: TEXTURE,
        handle: "Texture<'f>",
        untracked: Some((role, "`&wgpu::TextureView`")),
    };
    let buffer = |attribute, role, handle| BindsAs {
        attribute,
        holds: BUFFER,
        handle,
        untracked: Some((role, "`&wgpu::Buffer`")),
    };
    let sampler = |attribute| BindsAs { attribute, holds: SAMPLER, handle: "&'f wgpu::Sampler", untracked: None };
    Some(match &global.kind {
        GlobalKind::SampledTexture { .. } => texture("#[sampled]", "sampled"),
        GlobalKind::StorageTexture { access: StorageAccess::ReadOnly, .. } => {
            texture("#[storage_read]", "storage_read")
        }
        // A write-only texture cannot be read: what it held is kept only
        // where the shader does not write.
        GlobalKind::StorageTexture { access: StorageAccess::WriteOnly, .. } => {
            texture("#[storage_write(overwrite)]", "storage_write")
        }
        // Whatever can be read may be read before it is written, which needs
        // the previous contents.
        GlobalKind::StorageTexture { .. } => texture("#[storage_write(preserve)]", "storage_write"),
        GlobalKind::UniformBuffer { .. } => buffer("#[uniform]", "uniform", "BufferSlice<'f>"),
        GlobalKind::StorageBuffer { read_only: true, .. } => buffer("#[storage_read]", "storage_read", "Buffer<'f>"),
        GlobalKind::StorageBuffer { .. } => buffer("#[storage_write(preserve)]", "storage_write", "Buffer<'f>"),
        GlobalKind::Sampler { comparison: true } => sampler("#[sampler(comparison)]"),
        GlobalKind::Sampler { comparison: false } => sampler("#[sampler]"),
        GlobalKind::Unsupported { .. } => return None,
    })
}

/// The other write contents, after a suggested `#[storage_write(..)]`:
/// `overwrite` is right only where the shader writes every byte before it
/// reads any, and `preserve` keeps what it does not write.
fn or_other_contents(attribute: &str) -> &'static str {
    match attribute {
        "#[storage_write(preserve)]" => {
            " (or `overwrite` if every execution writes all of it before reading any, with `reads_own_writes` where \
             the shader reads it back)"
        }
        "#[storage_write(overwrite)]" => " (or `preserve` if it writes only part of it)",
        _ => "",
    }
}

/// What the field binding `global` must say, as the fix of a mismatch; an
/// `untracked` field keeps to `#[untracked(..)]`.
fn declaration(global: &Global, untracked: bool) -> String {
    let Some(binds) = binds_as(global) else { return UNSUPPORTED_FIX.to_owned() };
    match binds.untracked {
        None => format!("write `{}`", binds.attribute),
        Some((role, native)) if untracked => format!("declare it `#[untracked({role})]` on a {native}"),
        Some(_) => format!("declare it `{}`{} on {}", binds.attribute, or_other_contents(binds.attribute), binds.holds),
    }
}

/// A field for `global`, as the fix of a binding without one: named after
/// it, or where the context of a `kind` pass has a field of that name,
/// named otherwise and binding it by number.
fn field_suggestion(kind: Kind, global: &Global) -> String {
    let Some(binds) = binds_as(global) else { return UNSUPPORTED_FIX.to_owned() };
    let taken = reserved(kind).contains(&global.name.as_str()) || global.name == BIND_GROUPS_FIELD;
    let (attribute, name, why) = if taken {
        let group = if global.group == 0 { String::new() } else { format!(", group = {}", global.group) };
        let binding = format!("binding = {}{group}", global.binding);
        let attribute = match binds.attribute.strip_suffix(")]") {
            Some(head) => format!("{head}, {binding})]"),
            None => format!("{}({binding})]", binds.attribute.trim_end_matches(']')),
        };
        let why = format!(
            "; the context has a field `{}` of its own, so the field takes another name and the variable's number",
            global.name
        );
        (attribute, format!("{}_binding", global.name), why)
    } else {
        (binds.attribute.to_owned(), field_name(&global.name), String::new())
    };
    format!("add a field for it: `{attribute} {name}: {}`{}{why}", binds.handle, or_other_contents(binds.attribute))
}
