//! Fields the pass binds although the graph does not track them:
//! `#[sampler(..)]` and `#[untracked(role, ..)]`.

use syn::spanned::Spanned;
use syn::{Attribute, Ident};

use super::binding_options::BindingGiven;
use super::options::{Opt, parse_options};
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
        (BindKind::Sampler, &options[..])
    } else {
        match untracked_role(&options, kind_span, diag) {
            Some(role) => (BindKind::Untracked(role), &options[1..]),
            None => (BindKind::Untracked(Role::Uniform), &options[..]),
        }
    };
    let mut given = BindingGiven::new();
    for opt in rest {
        if let Some(option) = bind_only_option(kind, opt, diag) {
            given.read(option, opt, diag);
        }
    }
    let binding = given.finish();
    if let (Some(comparison), Some(_)) = (binding.comparison, binding.non_filtering) {
        diag.error(
            comparison,
            Code::ConflictingOptions,
            "`comparison` and `non_filtering` exclude each other",
            "keep one: a comparison sampler, or a sampler that does not filter",
        );
    }
    BindOnly { ident, ty: ty.clone(), kind, kind_span, binding }
}

/// The role word that must open `#[untracked(..)]`.
fn untracked_role(options: &[Opt], span: proc_macro2::Span, diag: &mut Diagnostics) -> Option<Role> {
    let names: Vec<&str> = UNTRACKED_ROLES.iter().map(|role| role.name()).collect();
    let fix = "start with how the field binds: `#[untracked(uniform)]`, `#[untracked(storage_read)]`, \
               `#[untracked(storage_write)]` or `#[untracked(sampled)]`, then `binding = N`";
    let Some(first) = options.first() else {
        diag.error(span, Code::MissingContents, "`#[untracked]` needs the binding it is", fix);
        return None;
    };
    let text = first.name.to_string();
    match Role::from_name(&text).filter(|role| UNTRACKED_ROLES.contains(role)) {
        Some(role) if first.value.is_none() => Some(role),
        _ => {
            let hint = did_you_mean(&text, &names);
            diag.error(first.name.span(), Code::UnknownOption, format!("`{text}` is not a binding{hint}"), fix);
            None
        }
    }
}

/// The options a field of `kind` takes: where it binds, and what its layout
/// needs beyond its kind.
fn options_of(kind: BindKind) -> Vec<RoleOption> {
    match kind {
        BindKind::Sampler => {
            vec![RoleOption::Binding, RoleOption::Group, RoleOption::Comparison, RoleOption::NonFiltering]
        }
        BindKind::Untracked(role) => role.options().iter().copied().filter(|option| option.is_binding()).collect(),
    }
}

/// The option `opt` names, if a field of `kind` takes it; an error otherwise.
fn bind_only_option(kind: BindKind, opt: &Opt, diag: &mut Diagnostics) -> Option<RoleOption> {
    let name = opt.name.to_string();
    let takes = options_of(kind);
    let list: Vec<String> = takes.iter().map(|option| format!("`{}`", option.name())).collect();
    let fix = format!("`{}` takes {}", kind.attribute(), list.join(", "));
    match RoleOption::from_name(&name) {
        Some(option) if takes.contains(&option) => Some(option),
        Some(_) => {
            diag.error(
                opt.name.span(),
                Code::OptionNotApplicable,
                format!("`{name}` does not apply to `{}`: the graph does not track the field", kind.attribute()),
                fix,
            );
            None
        }
        None => {
            let hint = did_you_mean(&name, &RoleOption::names(&takes));
            diag.error(opt.name.span(), Code::UnknownOption, format!("unknown option `{name}`{hint}"), fix);
            None
        }
    }
}
