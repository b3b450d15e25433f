//! The options of a role attribute: contents, attachment ops, slot and
//! resolve source.

use proc_macro2::Span;
use syn::{Attribute, Expr, Ident, Lit};

use super::options::{Opt, expect_value, parse_options};
use crate::diag::{Code, Diagnostics};
use crate::model::{Access, Attachment, Contents, Load, Role, RoleOption};
use crate::suggest::did_you_mean;

/// Reads the options of the role attribute `attr` into `access`; returns
/// whether they are complete and without errors.
pub(crate) fn parse_role_options(attr: &Attribute, access: &mut Access, diag: &mut Diagnostics) -> bool {
    let role = access.role;
    let Some(options) = parse_options(attr, diag) else { return false };
    let mut ok = true;
    let mut load: Option<(Load, Span)> = None;
    let mut store: Option<(bool, Span)> = None;
    let mut slot = None;
    for opt in &options {
        let name = opt.name.to_string();
        let span = opt.name.span();
        let Some(option) = RoleOption::from_name(&name) else {
            let candidates = if role.options().is_empty() { &RoleOption::ALL[..] } else { role.options() };
            let hint = did_you_mean(&name, &RoleOption::names(candidates));
            diag.error(span, Code::UnknownOption, format!("unknown option `{name}`{hint}"), options_fix(role));
            ok = false;
            continue;
        };
        if !role.options().contains(&option) {
            diag.error(
                span,
                Code::OptionNotApplicable,
                format!("`{name}` does not apply to `#[{}]`", role.name()),
                options_fix(role),
            );
            ok = false;
            continue;
        }
        ok &= match option {
            RoleOption::Overwrite | RoleOption::Preserve => {
                let contents = if option == RoleOption::Overwrite { Contents::Overwrite } else { Contents::Preserve };
                let valid = expect_value(opt, false, &format!("#[{}({name})]", role.name()), diag);
                if access.contents.is_some() {
                    conflict(diag, span, "`overwrite` and `preserve` exclude each other", "keep one of them");
                    false
                } else {
                    access.contents = Some(contents);
                    valid
                }
            }
            RoleOption::Clear | RoleOption::Load => {
                let example = if role == Role::DepthAttachment { "clear = 1.0" } else { "clear = wgpu::Color::BLACK" };
                let valid = if option == RoleOption::Clear {
                    expect_value(opt, true, example, diag)
                } else {
                    expect_value(opt, false, "load", diag)
                };
                let value = match (&opt.value, option) {
                    (Some(expr), RoleOption::Clear) => Load::Clear(expr.clone()),
                    _ => Load::Load,
                };
                if load.is_some() {
                    conflict(
                        diag,
                        span,
                        "`clear` and `load` exclude each other",
                        "keep one: how the attachment starts",
                    );
                    false
                } else {
                    load = Some((value, span));
                    valid
                }
            }
            RoleOption::Store | RoleOption::Discard => {
                let valid = expect_value(opt, false, &name, diag);
                if store.is_some() {
                    conflict(diag, span, "`store` and `discard` exclude each other", "keep one of them");
                    false
                } else {
                    store = Some((option == RoleOption::Store, span));
                    valid
                }
            }
            RoleOption::Slot => match parse_slot(opt, diag) {
                Some(value) if slot.is_none() => {
                    slot = Some((value, span));
                    true
                }
                Some(_) => {
                    conflict(diag, span, "`slot` is given twice", "keep one");
                    false
                }
                None => false,
            },
            RoleOption::Source => match opt.value.as_ref().and_then(path_ident) {
                Some(source) => {
                    access.source = Some(source);
                    true
                }
                None => {
                    diag.error(
                        span,
                        Code::ResolveSource,
                        "`source` names the color attachment field this target resolves",
                        "write `#[resolve_target(source = field_name)]`",
                    );
                    false
                }
            },
        };
    }
    match role {
        Role::StorageWrite | Role::CopyDst if access.contents.is_none() && ok => {
            let name = role.name();
            diag.error(
                access.role_span,
                Code::MissingContents,
                format!("`#[{name}]` needs `overwrite` or `preserve`"),
                format!(
                    "write `#[{name}(overwrite)]` when the pass replaces all of the selected contents, or \
                     `#[{name}(preserve)]` when what it does not write must keep its previous value"
                ),
            );
            ok = false;
        }
        Role::ColorAttachment | Role::DepthAttachment => match load {
            Some((load, _)) => {
                access.attachment = Some(Attachment { load, store: store.is_none_or(|(store, _)| store), slot });
            }
            None if ok => {
                let example = if role == Role::ColorAttachment { "clear = wgpu::Color::BLACK" } else { "clear = 1.0" };
                diag.error(
                    access.role_span,
                    Code::MissingContents,
                    format!("`#[{}]` needs `clear = ..` or `load`", role.name()),
                    format!(
                        "write `#[{}({example})]` when the pass starts from a cleared target, or `#[{}(load)]` \
                         when it draws over the previous contents",
                        role.name(),
                        role.name()
                    ),
                );
                ok = false;
            }
            None => {}
        },
        Role::ResolveTarget if access.source.is_none() && ok => {
            diag.error(
                access.role_span,
                Code::ResolveSource,
                "`#[resolve_target]` needs the color attachment it resolves",
                "write `#[resolve_target(source = field_name)]`",
            );
            ok = false;
        }
        _ => {}
    }
    ok
}

fn conflict(diag: &mut Diagnostics, span: Span, message: &str, fix: &str) {
    diag.error(span, Code::ConflictingOptions, message, fix);
}

fn options_fix(role: Role) -> String {
    let options = role.options();
    if options.is_empty() {
        format!("remove it: `#[{}]` takes no options", role.name())
    } else {
        let list: Vec<String> = options.iter().map(|option| format!("`{}`", option.name())).collect();
        format!("`#[{}]` takes {}", role.name(), list.join(", "))
    }
}

fn parse_slot(opt: &Opt, diag: &mut Diagnostics) -> Option<u32> {
    if !expect_value(opt, true, "slot = 0", diag) {
        return None;
    }
    if let Some(Expr::Lit(lit)) = &opt.value
        && let Lit::Int(int) = &lit.lit
        && let Ok(slot) = int.base10_parse::<u32>()
    {
        return Some(slot);
    }
    diag.error(opt.name.span(), Code::Syntax, "`slot` takes an integer literal", "write `slot = 0`, `slot = 1`, ...");
    None
}

fn path_ident(expr: &Expr) -> Option<Ident> {
    match expr {
        Expr::Path(path) if path.qself.is_none() => path.path.get_ident().cloned(),
        _ => None,
    }
}
