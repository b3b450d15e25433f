//! `#[root(..)]`: why a written field is a root.

use syn::spanned::Spanned;
use syn::{Attribute, Ident};

use super::options::{expect_value, parse_options};
use crate::diag::{Code, Diagnostics};
use crate::model::{Access, RootReason};
use crate::suggest::did_you_mean;

/// Reads `#[root(..)]` into `access`, recording what is wrong with it.
pub(crate) fn parse_root(attr: &Attribute, field: &Ident, access: &mut Access, diag: &mut Diagnostics) {
    let span = attr.path().span();
    if let Ok(path) = attr.parse_args::<syn::Path>()
        && path.segments.len() > 1
    {
        enum_path(&path, diag);
        return;
    }
    let Some(options) = parse_options(attr, diag) else { return };
    let fix = reasons_fix();
    let [opt] = options.as_slice() else {
        diag.error(span, Code::ConflictingOptions, "`#[root(..)]` takes exactly one reason", fix);
        return;
    };
    let name = opt.name.to_string();
    let Some(reason) = RootReason::from_name(&name) else {
        let hint = did_you_mean(&name, &RootReason::ALL.map(RootReason::name));
        diag.error(opt.name.span(), Code::UnknownOption, format!("unknown root reason `{name}`{hint}"), fix);
        return;
    };
    if !expect_value(opt, false, &format!("#[root({name})]"), diag) {
        return;
    }
    if !access.role.writes() {
        diag.error(
            span,
            Code::RootOnRead,
            format!("`{field}` is only read (`#[{}]`), so it cannot be a root", access.role.name()),
            "put `#[root(..)]` on the field of the pass that writes the result",
        );
        return;
    }
    access.root = Some((reason, span));
}

/// A reason written as a path, such as `RootReason::Output`: the attribute
/// takes the reason's word.
fn enum_path(path: &syn::Path, diag: &mut Diagnostics) {
    let last = path.segments.last().map(|segment| segment.ident.to_string()).unwrap_or_default();
    let squashed = |text: &str| text.replace('_', "").to_lowercase();
    let fix = match RootReason::ALL.into_iter().find(|reason| squashed(reason.name()) == squashed(&last)) {
        Some(reason) => format!("write the reason as a word: `#[root({})]`", reason.name()),
        None => reasons_fix(),
    };
    diag.error(path.span(), Code::UnknownOption, "`#[root(..)]` takes the reason as a word, not a path", fix);
}

/// "write one reason: `#[root(present)]`, .. or `#[root(persistent_state)]`".
fn reasons_fix() -> String {
    let mut reasons: Vec<String> =
        RootReason::ALL.iter().map(|reason| format!("`#[root({})]`", reason.name())).collect();
    let last = reasons.pop().unwrap_or_default();
    format!("write one reason: {} or {last}", reasons.join(", "))
}
