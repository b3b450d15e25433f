//! The attributes of one field: its role, options, root or `#[label]`.

use syn::spanned::Spanned;
use syn::{Attribute, Ident, Type};

use super::role_options::parse_role_options;
use super::root::parse_root;
use super::shape::{check_shape, shape_of};
use crate::diag::{Code, Diagnostics};
use crate::model::{Access, Field, Role};
use crate::suggest::did_you_mean;

/// What a field turned out to be.
pub(crate) enum Parsed {
    /// An access field.
    Access(Box<Field>),
    /// The `#[label]` field.
    Label(Ident),
    /// A field with errors; it is still named in the fallback context.
    Broken(Ident, Option<Role>, Box<Type>),
}

/// Attributes of the language and common tools, which a field may carry.
const FOREIGN: [&str; 12] =
    ["doc", "allow", "warn", "deny", "forbid", "expect", "cfg", "cfg_attr", "deprecated", "rustfmt", "clippy", "serde"];

/// Every attribute the derive reads on fields, for "did you mean".
fn vocabulary() -> Vec<&'static str> {
    let mut words: Vec<&'static str> = Role::ALL.iter().map(|role| role.name()).collect();
    words.extend(["root", "label"]);
    words
}

pub(crate) fn parse_field(field: &syn::Field, diag: &mut Diagnostics) -> Option<Parsed> {
    let ident = field.ident.clone()?;
    let mut role: Option<(Role, &Attribute)> = None;
    let mut root: Option<&Attribute> = None;
    let mut label: Option<&Attribute> = None;
    let mut broken = false;
    let mut two = false;
    for attr in &field.attrs {
        let Some(name) = attr.path().get_ident() else { continue };
        let text = name.to_string();
        if let Some(found) = Role::from_name(&text) {
            if let Some((first, _)) = role {
                two_roles(diag, name, &ident, first.name());
                two = true;
            } else if label.is_some() {
                two_roles(diag, name, &ident, "label");
                two = true;
            } else {
                role = Some((found, attr));
            }
        } else if text == "root" {
            if root.is_some() {
                diag.error(
                    name.span(),
                    Code::ConflictingOptions,
                    format!("`{ident}` has two `#[root(..)]` attributes"),
                    "keep one: a field is rooted for one reason",
                );
                broken = true;
            }
            root = Some(attr);
        } else if text == "label" {
            if let Some((first, _)) = role {
                two_roles(diag, name, &ident, first.name());
                two = true;
            }
            label = Some(attr);
        } else if text == "pass" {
            diag.error(
                name.span(),
                Code::UnknownAttribute,
                "`#[pass(..)]` describes the struct, not a field",
                "move it above the struct",
            );
            broken = true;
        } else if !FOREIGN.contains(&text.as_str()) {
            let hint = did_you_mean(&text, &vocabulary());
            if !hint.is_empty() {
                diag.error(
                    name.span(),
                    Code::UnknownAttribute,
                    format!("unknown attribute `#[{text}]`{hint}"),
                    "use one of the attributes in the table of the crate docs",
                );
                broken = true;
            }
        }
    }
    if let Some(attr) = label {
        if role.is_none() && root.is_none() {
            if !matches!(attr.meta, syn::Meta::Path(_)) {
                diag.error(
                    attr.path().span(),
                    Code::OptionNotApplicable,
                    "`#[label]` takes no options",
                    "write `#[label]`",
                );
                return Some(Parsed::Broken(ident, None, Box::new(field.ty.clone())));
            }
            return Some(if broken {
                Parsed::Broken(ident, None, Box::new(field.ty.clone()))
            } else {
                Parsed::Label(ident)
            });
        }
        if let Some(root) = root.filter(|_| role.is_none()) {
            diag.error(
                root.path().span(),
                Code::RootOnRead,
                format!("`{ident}` is the label, which cannot be a root"),
                "put `#[root(..)]` on a written handle field",
            );
        }
    }
    let Some((role, attr)) = role else {
        if !broken {
            diag.error(
                ident.span(),
                Code::MissingRole,
                format!("field `{ident}` has no access attribute"),
                "annotate it with the role the pass uses it in (`#[sampled]`, `#[storage_write(overwrite)]`, \
                 `#[uniform]`, ...), or `#[label]`; other data belongs in the callback's captures",
            );
        }
        return Some(Parsed::Broken(ident, None, Box::new(field.ty.clone())));
    };
    if two {
        return Some(Parsed::Broken(ident, None, Box::new(field.ty.clone())));
    }
    let role_span = attr.path().span();
    let (shape, handle) = shape_of(&field.ty);
    let mut access = Access { role, role_span, contents: None, attachment: None, source: None, root: None };
    let mut ok = !broken;
    ok &= parse_role_options(attr, &mut access, diag);
    if let Some(root) = root {
        ok &= parse_root(root, &ident, &mut access, diag);
    }
    ok &= check_shape(&ident, &shape, &access, &field.ty, diag);
    if !ok {
        return Some(Parsed::Broken(ident, Some(role), Box::new(field.ty.clone())));
    }
    Some(Parsed::Access(Box::new(Field { ident, handle, shape, access })))
}

fn two_roles(diag: &mut Diagnostics, name: &Ident, field: &Ident, first: &str) {
    diag.error(
        name.span(),
        Code::TwoRoles,
        format!("`{field}` already has `#[{first}]`; a field has exactly one role"),
        "split the field in two, one per role, each holding the handle (handles are `Copy`)",
    );
}
