//! The attributes of one field: its role, options, root or `#[label]`.

use syn::spanned::Spanned;
use syn::{Attribute, Ident, Meta, Type};

use super::bind_only::{BIND_ONLY, read_bind_only};
use super::role_options::parse_role_options;
use super::root::parse_root;
use super::shape::{check_shape, shape_of};
use crate::diag::{Code, Diagnostics};
use crate::model::{Access, BindOnly, BindingOptions, Field, Role};
use crate::suggest::did_you_mean;

/// What a field turned out to be.
pub(crate) enum Parsed {
    /// An access field.
    Access(Box<Field>),
    /// The `#[label]` field.
    Label(Ident),
    /// A field the pass binds without the graph tracking it.
    BindOnly(Box<BindOnly>),
    /// A field with errors; it is still named in the fallback context.
    Broken(Ident, Option<Role>, Box<Type>),
    /// A `#[sampler]` or `#[untracked(..)]` field with errors: the pass binds,
    /// and the field is not in the context.
    BrokenBindOnly,
}

/// Attributes of the language and common tools, which a field may carry.
const FOREIGN: [&str; 12] =
    ["doc", "allow", "warn", "deny", "forbid", "expect", "cfg", "cfg_attr", "deprecated", "rustfmt", "clippy", "serde"];

/// Every attribute the derive reads on fields, for "did you mean".
fn vocabulary() -> Vec<&'static str> {
    let mut words: Vec<&'static str> = Role::ALL.iter().map(|role| role.name()).collect();
    words.extend(["root", "label"]);
    words.extend(BIND_ONLY);
    words
}

/// Reads one field: its role and options, or `#[label]`, and its root.
pub(crate) fn parse_field(field: &syn::Field, diag: &mut Diagnostics) -> Option<Parsed> {
    let ident = field.ident.clone()?;
    let start = diag.count();
    let attrs = FieldAttrs::read(&ident, &field.attrs, diag);
    // A second role is reported on its own and does not count as a rejected
    // attribute: a field that starts with `#[label]` stays the label.
    let two_roles = diag.codes_since(start).any(|code| code == Code::TwoRoles);
    let rejected = diag.codes_since(start).any(|code| code != Code::TwoRoles);
    Some(match attrs.first {
        Some(Marker::Role(..)) if two_roles => broken(field, ident, None),
        Some(Marker::Role(role, attr)) => {
            let access = read_access(field, ident, role, attr, attrs.root, diag);
            if diag.count() > start {
                broken(field, access.ident, Some(role))
            } else {
                Parsed::Access(Box::new(access))
            }
        }
        Some(Marker::Label(label)) => label_field(field, ident, label, attrs.root, rejected, diag),
        Some(Marker::BindOnly(..)) if two_roles => Parsed::BrokenBindOnly,
        Some(Marker::BindOnly(name, attr)) => {
            if let Some(root) = attrs.root {
                diag.error(
                    root.path().span(),
                    Code::RootOnRead,
                    format!("`{ident}` is `#[{name}]`: the graph does not track it, so it cannot be a root"),
                    "put `#[root(..)]` on a written handle field",
                );
            }
            let bind_only = read_bind_only(ident, &field.ty, attr, diag);
            if diag.count() > start { Parsed::BrokenBindOnly } else { Parsed::BindOnly(Box::new(bind_only)) }
        }
        None => {
            if !rejected {
                missing_role(&ident, diag);
            }
            broken(field, ident, None)
        }
    })
}

/// The access field `ident`, of `role` given by `attr`, as far as its
/// attributes and type can be read.
fn read_access(
    field: &syn::Field,
    ident: Ident,
    role: Role,
    attr: &Attribute,
    root: Option<&Attribute>,
    diag: &mut Diagnostics,
) -> Field {
    let (shape, handle) = shape_of(&field.ty);
    let role_span = attr.path().span();
    let mut access = Access {
        role,
        role_span,
        contents: None,
        reads_own_writes: None,
        attachment: None,
        source: None,
        root: None,
        binding: BindingOptions::default(),
    };
    parse_role_options(attr, &mut access, diag);
    if let Some(root) = root {
        parse_root(root, &ident, &mut access, diag);
    }
    check_shape(&ident, &shape, &access, &field.ty, diag);
    Field { ident, handle, shape, access }
}

/// The `#[label]` field `ident`, or a broken field if `label` has options,
/// the field has a root or an attribute was `rejected`.
fn label_field(
    field: &syn::Field,
    ident: Ident,
    label: &Attribute,
    root: Option<&Attribute>,
    rejected: bool,
    diag: &mut Diagnostics,
) -> Parsed {
    if let Some(root) = root {
        diag.error(
            root.path().span(),
            Code::RootOnRead,
            format!("`{ident}` is the label, which cannot be a root"),
            "put `#[root(..)]` on a written handle field",
        );
        if !rejected {
            missing_role(&ident, diag);
        }
    } else if !matches!(label.meta, Meta::Path(_)) {
        diag.error(label.path().span(), Code::OptionNotApplicable, "`#[label]` takes no options", "write `#[label]`");
    } else if !rejected {
        return Parsed::Label(ident);
    }
    broken(field, ident, None)
}

/// A field with errors, of `role` where its options are known.
fn broken(field: &syn::Field, ident: Ident, role: Option<Role>) -> Parsed {
    Parsed::Broken(ident, role, Box::new(field.ty.clone()))
}

/// Records that `field` has no access attribute.
fn missing_role(field: &Ident, diag: &mut Diagnostics) {
    diag.error(
        field.span(),
        Code::MissingRole,
        format!("field `{field}` has no access attribute"),
        "annotate it with the role the pass uses it in (`#[sampled]`, `#[storage_write(overwrite)]`, \
         `#[uniform]`, ...), or `#[label]`; other data belongs in the callback's captures",
    );
}

/// What the first role attribute or `#[label]` of a field makes it.
#[derive(Clone, Copy)]
enum Marker<'a> {
    Role(Role, &'a Attribute),
    Label(&'a Attribute),
    BindOnly(&'static str, &'a Attribute),
}

impl Marker<'_> {
    /// The attribute, as a second role names the first.
    fn name(self) -> &'static str {
        match self {
            Self::Role(role, _) => role.name(),
            Self::Label(_) => "label",
            Self::BindOnly(name, _) => name,
        }
    }
}

/// The attributes of a field that the derive reads.
#[derive(Default)]
struct FieldAttrs<'a> {
    /// The first role or `#[label]`; a later `#[label]` replaces a `#[label]`.
    first: Option<Marker<'a>>,
    /// The last `#[root(..)]`.
    root: Option<&'a Attribute>,
}

impl<'a> FieldAttrs<'a> {
    /// Walks the attributes of the field `ident`, recording those that are
    /// misplaced, misspelled, repeated or a second role.
    fn read(ident: &Ident, attrs: &'a [Attribute], diag: &mut Diagnostics) -> Self {
        let mut read = Self::default();
        for attr in attrs {
            let Some(name) = attr.path().get_ident() else { continue };
            let text = name.to_string();
            if let Some(role) = Role::from_name(&text) {
                read.mark(Marker::Role(role, attr), name, ident, diag);
            } else if text == "label" {
                read.mark(Marker::Label(attr), name, ident, diag);
            } else if let Some(bind_only) = BIND_ONLY.iter().find(|word| **word == text) {
                read.mark(Marker::BindOnly(bind_only, attr), name, ident, diag);
            } else if text == "root" {
                if read.root.is_some() {
                    diag.error(
                        name.span(),
                        Code::ConflictingOptions,
                        format!("`{ident}` has two `#[root(..)]` attributes"),
                        "keep one: a field is rooted for one reason",
                    );
                }
                read.root = Some(attr);
            } else if text == "pass" {
                diag.error(
                    name.span(),
                    Code::UnknownAttribute,
                    "`#[pass(..)]` describes the struct, not a field",
                    "move it above the struct",
                );
            } else if !FOREIGN.contains(&text.as_str()) {
                unknown_attribute(name, &text, diag);
            }
        }
        read
    }

    /// Gives the field the role or label of `marker`, written as `name`,
    /// unless it has one.
    fn mark(&mut self, marker: Marker<'a>, name: &Ident, field: &Ident, diag: &mut Diagnostics) {
        match (self.first, marker) {
            (None, _) | (Some(Marker::Label(_)), Marker::Label(_)) => self.first = Some(marker),
            (Some(first), _) => diag.error(
                name.span(),
                Code::TwoRoles,
                format!("`{field}` already has `#[{}]`; a field has exactly one role", first.name()),
                "split the field in two, one per role, each holding the handle (handles are `Copy`)",
            ),
        }
    }
}

/// Records an attribute the derive does not read, where it looks like a
/// misspelling of one it does; others are left to the compiler.
fn unknown_attribute(name: &Ident, text: &str, diag: &mut Diagnostics) {
    let hint = did_you_mean(text, &vocabulary());
    if !hint.is_empty() {
        diag.error(
            name.span(),
            Code::UnknownAttribute,
            format!("unknown attribute `#[{text}]`{hint}"),
            "use one of the attributes listed in the docs of `#[derive(Pass)]` (`zenfg_runtime::Pass`)",
        );
    }
}
