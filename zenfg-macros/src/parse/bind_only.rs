//! Fields the pass binds although the graph does not track them:
//! `#[sampler(..)]` and `#[untracked(role, ..)]`.

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Attribute, Ident};

use super::binding_options::{BindingGiven, layout_field_option};
use super::options::{Opt, expect_value, parse_options};
use crate::diag::{Code, Diagnostics};
use crate::model::{BindKind, BindOnly, Role, RoleOption};
use crate::suggest::did_you_mean;

/// The attributes of fields the graph does not track.
pub(crate) const BIND_ONLY: [&str; 2] = ["sampler", "untracked"];

/// The roles an untracked field binds as.
const UNTRACKED_ROLES: [Role; 4] = [Role::Sampled, Role::StorageRead, Role::StorageWrite, Role::Uniform];

/// Reads the field `ident` of type `ty`, marked by `attr` (`#[sampler]` or
/// `#[untracked(..)]`).
pub(crate) fn read_bind_only(ident: Ident, ty: &syn::Type, attr: &Attribute, diag: &mut Diagnostics) -> BindOnly {
    let kind_span = attr.path().span();
    let sampler = attr.path().is_ident("sampler");
    let options = parse_options(attr, diag).unwrap_or_default();
    let (kind, rest) = if sampler {
        (Some(BindKind::Sampler), &options[..])
    } else {
        let (role, consumed) = untracked_role(&options, kind_span, diag);
        (role.map(BindKind::Untracked), &options[consumed..])
    };
    let mut given = BindingGiven::new();
    for opt in rest {
        if let Some(option) = bind_only_option(kind, opt, diag) {
            given.read(option, opt, diag);
        }
    }
    // A field whose role is unknown has an error already; the placeholder
    // kind is never laid out.
    let kind = kind.unwrap_or(BindKind::Untracked(Role::Uniform));
    BindOnly { ident, ty: ty.clone(), kind, kind_span, binding: given.finish() }
}

/// The role that must open `#[untracked(..)]`, and how many options it took:
/// one where the first option is the role or meant as one.
fn untracked_role(options: &[Opt], span: Span, diag: &mut Diagnostics) -> (Option<Role>, usize) {
    let fix = "start with the role the field binds as: `#[untracked(uniform, binding = N)]`, or `storage_read`, \
               `storage_write` or `sampled` in place of `uniform`";
    let Some(first) = options.first() else {
        diag.error(span, Code::ConflictingOptions, "`#[untracked]` needs the role the field binds as", fix);
        return (None, 0);
    };
    let text = first.name.to_string();
    if RoleOption::from_name(&text).is_some() {
        diag.error(
            first.name.span(),
            Code::ConflictingOptions,
            format!("`#[untracked(..)]` needs the role the field binds as before `{text}`"),
            fix,
        );
        return (None, 0);
    }
    match Role::from_name(&text) {
        Some(role) if UNTRACKED_ROLES.contains(&role) => {
            let known = expect_value(first, false, &format!("#[untracked({text}, binding = N)]"), diag);
            (known.then_some(role), 1)
        }
        Some(role) => {
            diag.error(
                first.name.span(),
                Code::NotBindable,
                format!("`{text}` does not bind through a bind group, so a field cannot be `#[untracked({text})]`"),
                format!(
                    "`#[untracked(..)]` binds as `uniform`, `storage_read`, `storage_write` or `sampled`; a buffer or \
                     texture the pass uses as `{}` belongs in the callback's captures, or in a `#[{}]` handle field",
                    role.name(),
                    role.name()
                ),
            );
            (None, 1)
        }
        None => {
            let names: Vec<&str> = UNTRACKED_ROLES.iter().map(|role| role.name()).collect();
            let hint = did_you_mean(&text, &names);
            diag.error(
                first.name.span(),
                Code::UnknownOption,
                format!("unknown role `{text}` of `#[untracked(..)]`{hint}"),
                fix,
            );
            (None, 1)
        }
    }
}

/// The options a field of `kind` takes: where it binds, and what its layout
/// needs beyond its kind; every binding option for an unknown role.
fn options_of(kind: Option<BindKind>) -> Vec<RoleOption> {
    match kind {
        Some(BindKind::Sampler) => {
            vec![RoleOption::Binding, RoleOption::Group, RoleOption::Comparison, RoleOption::NonFiltering]
        }
        Some(BindKind::Untracked(role)) => {
            role.options().iter().copied().filter(|option| option.is_binding()).collect()
        }
        None => RoleOption::ALL.iter().copied().filter(|option| option.is_binding()).collect(),
    }
}

/// The option `opt` names, if a field of `kind` takes it; an error otherwise.
fn bind_only_option(kind: Option<BindKind>, opt: &Opt, diag: &mut Diagnostics) -> Option<RoleOption> {
    let name = opt.name.to_string();
    let takes = options_of(kind);
    let attribute = kind.map_or_else(|| "#[untracked(..)]".to_owned(), BindKind::attribute);
    let list: Vec<String> = takes.iter().map(|option| format!("`{}`", option.name())).collect();
    let fix = format!("`{attribute}` takes {}", list.join(", "));
    match RoleOption::from_name(&name) {
        Some(option) if takes.contains(&option) => Some(option),
        Some(option) => {
            let why = if option.is_binding() {
                String::new()
            } else {
                ": the graph does not track the field, so it has no contents to keep or attachment to start".to_owned()
            };
            diag.error(
                opt.name.span(),
                Code::OptionNotApplicable,
                format!("`{name}` does not apply to `{attribute}`{why}"),
                fix,
            );
            None
        }
        None if let Some((message, fix)) = layout_field_option(&name) => {
            diag.error(opt.name.span(), Code::UnknownOption, message, fix);
            None
        }
        None => {
            let hint = did_you_mean(&name, &RoleOption::names(&takes));
            diag.error(opt.name.span(), Code::UnknownOption, format!("unknown option `{name}`{hint}"), fix);
            None
        }
    }
}
