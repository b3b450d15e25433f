//! The item: its shape, lifetime and `#[pass(..)]` attribute.

use proc_macro2::{Span, TokenStream};
use syn::parse::{ParseStream, Parser};
use syn::spanned::Spanned;
use syn::{Attribute, Data, DeriveInput, Expr, Fields, GenericParam, Generics, Ident, Lit, Token, Visibility};

use super::options::{expect_value, parse_options};
use crate::diag::{Code, Diagnostics};
use crate::model::Kind;
use crate::suggest::{closest, did_you_mean};

/// What `#[pass(..)]` says.
pub(crate) struct PassAttr {
    pub kind: Option<Kind>,
    /// The kind a misspelled kind most likely means, for the do-nothing impl.
    pub guess: Option<Kind>,
    pub label: Option<String>,
    pub side_effect: bool,
}

const PASS_OPTIONS: [&str; 6] = ["render", "compute", "command", "external", "label", "side_effect"];

/// Parses `#[pass(..)]`; errors are recorded, and what parsed is returned.
pub(crate) fn parse_pass_attr(input: &DeriveInput, diag: &mut Diagnostics) -> PassAttr {
    let mut pass = PassAttr { kind: None, guess: None, label: None, side_effect: false };
    let mut seen = false;
    for attr in &input.attrs {
        let Some(name) = attr.path().get_ident() else { continue };
        let text = name.to_string();
        if text != "pass" {
            if Kind::from_name(&text).is_some() || text == "side_effect" {
                diag.error(
                    name.span(),
                    Code::UnknownAttribute,
                    format!("`#[{text}]` is an option of `#[pass(..)]`"),
                    format!("write `#[pass({text})]`"),
                );
                continue;
            }
            if text.len() <= 2 || closest(&text, &["pass"]).is_none() {
                continue;
            }
            // Read on as `#[pass(..)]`, so that its options are checked and
            // the pass kind is known.
            diag.error(
                name.span(),
                Code::UnknownAttribute,
                format!("unknown attribute `#[{text}]`; did you mean `pass`?"),
                "describe the pass with `#[pass(render | compute | command | external, ..)]`",
            );
        }
        if seen {
            diag.error(name.span(), Code::PassKind, "`#[pass(..)]` is given twice", "merge them into one");
            continue;
        }
        seen = true;
        let Some(options) = parse_options(attr, diag) else { continue };
        let mut unknown = false;
        for opt in &options {
            let option = opt.name.to_string();
            if let Some(kind) = Kind::from_name(&option) {
                if pass.kind.is_some() {
                    diag.error(
                        opt.name.span(),
                        Code::PassKind,
                        "a pass has one kind",
                        "keep one of `render`, `compute`, `command`, `external`",
                    );
                } else if expect_value(opt, false, &option, diag) {
                    pass.kind = Some(kind);
                }
            } else if option == "side_effect" {
                pass.side_effect = expect_value(opt, false, "side_effect", diag);
            } else if option == "label" {
                match &opt.value {
                    Some(Expr::Lit(lit)) if matches!(lit.lit, Lit::Str(_)) => {
                        if let Lit::Str(text) = &lit.lit {
                            pass.label = Some(text.value());
                        }
                    }
                    _ => diag.error(
                        opt.name.span(),
                        Code::Syntax,
                        "`label` takes a string literal",
                        "write `label = \"name\"`; for a label chosen at run time, add a `#[label]` field",
                    ),
                }
            } else {
                unknown = true;
                pass.guess = pass.guess.or_else(|| closest(&option, &Kind::NAMES).and_then(Kind::from_name));
                let hint = did_you_mean(&option, &PASS_OPTIONS);
                diag.error(
                    opt.name.span(),
                    Code::UnknownOption,
                    format!("unknown option `{option}`{hint}"),
                    "`#[pass(..)]` takes one of `render`, `compute`, `command`, `external`, then \
                     `label = \"..\"` and `side_effect`",
                );
            }
        }
        let kind_given = options.iter().any(|opt| Kind::from_name(&opt.name.to_string()).is_some());
        if !kind_given && !unknown {
            diag.error(attr.path().span(), Code::PassKind, "the pass kind is missing", kind_fix());
        }
    }
    if !seen {
        diag.error(input.ident.span(), Code::PassKind, "`#[derive(Pass)]` needs `#[pass(..)]`", kind_fix());
    }
    pass
}

fn kind_fix() -> String {
    let kinds: Vec<String> = Kind::NAMES.iter().map(|kind| format!("`#[pass({kind})]`")).collect();
    format!("say what the pass records: {}", kinds.join(", "))
}

/// The parts of the item the derive reads, whether it supports the item or not.
pub(crate) struct ItemShape<'a> {
    /// The named fields, or `None` where the item has none to read (tuple
    /// structs, enums).
    pub fields: Option<Vec<&'a syn::Field>>,
    /// The first lifetime parameter.
    pub lifetime: Option<syn::Lifetime>,
}

/// The fields and lifetime of the item; what the derive does not support is
/// recorded as errors.
pub(crate) fn item_shape<'a>(input: &'a DeriveInput, diag: &mut Diagnostics) -> ItemShape<'a> {
    let unsupported = |diag: &mut Diagnostics, span: Span, what: &str| {
        diag.error(
            span,
            Code::UnsupportedItem,
            format!("`#[derive(Pass)]` does not support {what}"),
            "derive it on a struct with named fields and at most one lifetime parameter, \
             as in `struct Blur<'f> { #[sampled] src: TextureView<'f>, .. }`",
        );
    };
    let fields = match &input.data {
        Data::Struct(data) => match &data.fields {
            Fields::Named(named) => Some(named.named.iter().collect()),
            Fields::Unit => Some(Vec::new()),
            Fields::Unnamed(unnamed) => {
                unsupported(diag, unnamed.span(), "tuple structs");
                None
            }
        },
        Data::Enum(data) => {
            unsupported(diag, data.enum_token.span, "enums");
            None
        }
        Data::Union(data) => {
            unsupported(diag, data.union_token.span, "unions");
            Some(data.fields.named.iter().collect())
        }
    };
    let mut lifetime = None;
    for param in &input.generics.params {
        match param {
            GenericParam::Lifetime(param) if lifetime.is_none() => lifetime = Some(param.lifetime.clone()),
            GenericParam::Lifetime(param) => unsupported(diag, param.span(), "more than one lifetime parameter"),
            GenericParam::Type(param) => unsupported(diag, param.ident.span(), "type parameters"),
            GenericParam::Const(param) => unsupported(diag, param.ident.span(), "const parameters"),
        }
    }
    if let Some(clause) = &input.generics.where_clause {
        unsupported(diag, clause.where_token.span, "where clauses");
    }
    ItemShape { fields, lifetime }
}

/// The visibility, name and generics of an item that does not parse as a
/// whole, so that the do-nothing impl can still be emitted for it.
pub(crate) fn item_head(tokens: TokenStream) -> Option<(Visibility, Ident, Generics)> {
    let head = |input: ParseStream<'_>| {
        input.call(Attribute::parse_outer)?;
        let vis: Visibility = input.parse()?;
        if input.peek(Token![struct]) {
            input.parse::<Token![struct]>()?;
        } else if input.peek(Token![enum]) {
            input.parse::<Token![enum]>()?;
        } else {
            input.parse::<Token![union]>()?;
        }
        let ident: Ident = input.parse()?;
        let generics: Generics = input.parse()?;
        input.parse::<TokenStream>()?;
        Ok((vis, ident, generics))
    };
    head.parse2(tokens).ok()
}
