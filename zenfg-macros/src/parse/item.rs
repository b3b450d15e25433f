//! The item: its shape, lifetime and `#[pass(..)]` attribute.

use proc_macro2::{Span, TokenStream, TokenTree};
use quote::ToTokens;
use syn::parse::{ParseStream, Parser};
use syn::spanned::Spanned;
use syn::{Attribute, Data, DeriveInput, Expr, Fields, GenericParam, Generics, Ident, Lit, LitStr, Token, Visibility};

use super::options::{Opt, expect_value, parse_options};
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
    /// `shader = "file.wgsl"`, relative to the crate's manifest directory.
    pub shader: Option<LitStr>,
    /// `entry = ".."` or `entry = ["..", ..]`: the compute entry points of the shader.
    pub entry: Vec<LitStr>,
    /// `vertex = ".."` or a list: the vertex entry points of the shader.
    pub vertex: Vec<LitStr>,
    /// `fragment = ".."` or a list: the fragment entry points of the shader.
    pub fragment: Vec<LitStr>,
    /// `crate = path`: where the runtime is, for use through a re-export.
    pub runtime: Option<syn::Path>,
    /// An option was not understood (a misspelled `shader = ..`, say): the
    /// do-nothing impl gives the context the bind group methods a bound pass
    /// would have, so that the callback is not reported too.
    pub unknown_option: bool,
}

/// An option of `#[pass(..)]` other than the kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PassOption {
    Label,
    SideEffect,
    Shader,
    Entry,
    Vertex,
    Fragment,
    Crate,
}

impl PassOption {
    const ALL: [Self; 7] =
        [Self::Label, Self::SideEffect, Self::Shader, Self::Entry, Self::Vertex, Self::Fragment, Self::Crate];

    fn name(self) -> &'static str {
        match self {
            Self::Label => "label",
            Self::SideEffect => "side_effect",
            Self::Shader => "shader",
            Self::Entry => "entry",
            Self::Vertex => "vertex",
            Self::Fragment => "fragment",
            Self::Crate => "crate",
        }
    }

    fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|option| option.name() == name)
    }
}

/// Every word `#[pass(..)]` takes, for "did you mean".
fn pass_words() -> Vec<&'static str> {
    Kind::NAMES.into_iter().chain(PassOption::ALL.iter().map(|option| option.name())).collect()
}

/// Parses `#[pass(..)]`; errors are recorded, and what parsed is returned.
pub(crate) fn parse_pass_attr(input: &DeriveInput, diag: &mut Diagnostics) -> PassAttr {
    let mut pass = PassAttr {
        kind: None,
        guess: None,
        label: None,
        side_effect: false,
        shader: None,
        entry: Vec::new(),
        vertex: Vec::new(),
        fragment: Vec::new(),
        runtime: None,
        unknown_option: false,
    };
    let mut seen = false;
    for attr in &input.attrs {
        let Some(name) = attr.path().get_ident() else { continue };
        if !is_pass_attr(name, diag) {
            continue;
        }
        if seen {
            diag.error(name.span(), Code::PassKind, "`#[pass(..)]` is given twice", "merge them into one");
            continue;
        }
        seen = true;
        let Some(options) = parse_options(attr, diag) else { continue };
        let mut unknown = false;
        for opt in &options {
            unknown |= !read_pass_option(&mut pass, opt, diag);
        }
        pass.unknown_option |= unknown;
        let kind_given = options.iter().any(|opt| Kind::from_name(&opt.name.to_string()).is_some());
        if !kind_given && !unknown {
            diag.error(attr.path().span(), Code::PassKind, "the pass kind is missing", kind_fix());
        }
        check_repeated(&options, diag);
        check_entry_points(&pass, &options, diag);
        if pass.kind == Some(Kind::Compute) && pass.entry.is_empty() {
            // Read a misplaced `vertex` or `fragment` as the `entry` it means, so
            // that a shader of several entry points is not reported too.
            pass.entry = pass.vertex.drain(..).chain(pass.fragment.drain(..)).collect();
        }
    }
    if !seen {
        diag.error(input.ident.span(), Code::PassKind, "`#[derive(Pass)]` needs `#[pass(..)]`", kind_fix());
    }
    pass
}

/// Whether the attribute `name` is to be read as `#[pass(..)]`: it is, or it
/// is a misspelling of it (recorded); a pass option written as an attribute
/// is recorded and skipped.
fn is_pass_attr(name: &Ident, diag: &mut Diagnostics) -> bool {
    let text = name.to_string();
    if text == "pass" {
        return true;
    }
    if Kind::from_name(&text).is_some() || text == "side_effect" {
        diag.error(
            name.span(),
            Code::UnknownAttribute,
            format!("`#[{text}]` is an option of `#[pass(..)]`"),
            format!("write `#[pass({text})]`"),
        );
        return false;
    }
    if text.len() <= 2 || closest(&text, &["pass"]).is_none() {
        return false;
    }
    // Read on as `#[pass(..)]`, so that its options are checked and the pass
    // kind is known.
    diag.error(
        name.span(),
        Code::UnknownAttribute,
        format!("unknown attribute `#[{text}]`; did you mean `pass`?"),
        "describe the pass with `#[pass(render | compute | command | external, ..)]`",
    );
    true
}

/// Reads one option of `#[pass(..)]`; false for an unknown one.
fn read_pass_option(pass: &mut PassAttr, opt: &Opt, diag: &mut Diagnostics) -> bool {
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
        return true;
    }
    let Some(known) = PassOption::from_name(&option) else {
        pass.guess = pass.guess.or_else(|| closest(&option, &Kind::NAMES).and_then(Kind::from_name));
        let hint = did_you_mean(&option, &pass_words());
        diag.error(
            opt.name.span(),
            Code::UnknownOption,
            format!("unknown option `{option}`{hint}"),
            "`#[pass(..)]` takes one of `render`, `compute`, `command`, `external`, then `label = \"..\"`, \
             `side_effect`, `shader = \"file.wgsl\"` (with `entry`, `vertex` or `fragment = \"name\"`) and \
             `crate = path`",
        );
        return false;
    };
    match known {
        PassOption::SideEffect => pass.side_effect = expect_value(opt, false, "side_effect", diag),
        PassOption::Label => {
            let fix = "write `label = \"name\"`; for a label chosen at run time, add a `#[label]` field";
            pass.label = string(opt, fix, diag).map(|text| text.value());
        }
        PassOption::Shader => {
            pass.shader =
                string(opt, "write `shader = \"shaders/pass.wgsl\"`, relative to the crate's Cargo.toml", diag);
        }
        PassOption::Entry => pass.entry = strings(opt, "write `entry = \"main\"` or `entry = [\"a\", \"b\"]`", diag),
        PassOption::Vertex => {
            pass.vertex = strings(opt, "write `vertex = \"vs_main\"` or `vertex = [\"vs_a\", \"vs_b\"]`", diag);
        }
        PassOption::Fragment => {
            pass.fragment = strings(opt, "write `fragment = \"fs_main\"` or `fragment = [\"fs_a\", \"fs_b\"]`", diag);
        }
        PassOption::Crate => pass.runtime = runtime_path(opt, diag),
    }
    true
}

/// Records each option of `#[pass(..)]` other than the kind that is given
/// again (the kind has its own error): the last would silently win.
fn check_repeated(options: &[Opt], diag: &mut Diagnostics) {
    for (index, opt) in options.iter().enumerate() {
        let name = opt.name.to_string();
        let known = PassOption::from_name(&name).is_some();
        if known && options[..index].iter().any(|earlier| earlier.name == opt.name) {
            diag.error(
                opt.name.span(),
                Code::ConflictingOptions,
                format!("`{name}` is given twice"),
                format!("keep one `{name}`"),
            );
        }
    }
}

/// Records the entry point options (`entry`, `vertex`, `fragment`) that pick
/// nothing: without a shader, or of a stage the pass kind does not run.
fn check_entry_points(pass: &PassAttr, options: &[Opt], diag: &mut Diagnostics) {
    for opt in options {
        let Some(option) = PassOption::from_name(&opt.name.to_string()) else { continue };
        let name = option.name();
        let (message, fix) = match (option, pass.kind) {
            (PassOption::Entry | PassOption::Vertex | PassOption::Fragment, _) if pass.shader.is_none() => (
                format!("`{name}` picks entry points of the pass's shader, but the pass names no shader"),
                format!("name the shader with `shader = \"file.wgsl\"`, or remove `{name}`"),
            ),
            (PassOption::Entry, Some(Kind::Render)) => (
                "`entry` picks the entry points of a compute pass; a render pass picks its vertex and fragment \
                 entry points"
                    .to_owned(),
                "write `vertex = \"..\"` or `fragment = \"..\"` instead of `entry`".to_owned(),
            ),
            (PassOption::Vertex | PassOption::Fragment, Some(Kind::Compute)) => (
                format!(
                    "`{name}` picks entry points of a render pass; a compute pass picks its entry points with `entry`"
                ),
                format!("write `entry = \"..\"` instead of `{name}`"),
            ),
            (
                PassOption::Entry | PassOption::Vertex | PassOption::Fragment,
                Some(kind @ (Kind::Command | Kind::External)),
            ) => (
                format!(
                    "`{name}` picks entry points, but a {} pass's fields are checked against every entry point of \
                     its shader",
                    kind.name()
                ),
                format!("remove `{name}`"),
            ),
            _ => continue,
        };
        diag.error(opt.name.span(), Code::OptionNotApplicable, message, fix);
    }
}

/// The path of `crate = path` or `crate = "path"`, or an error.
fn runtime_path(opt: &Opt, diag: &mut Diagnostics) -> Option<syn::Path> {
    let path = match &opt.value {
        Some(Expr::Path(path)) if path.qself.is_none() => Some(path.path.clone()),
        Some(Expr::Lit(syn::ExprLit { lit: Lit::Str(text), .. })) => text.parse::<syn::Path>().ok(),
        _ => None,
    };
    if path.is_none() {
        let span = opt.value.as_ref().map_or_else(|| opt.name.span(), Spanned::span);
        diag.error(
            span,
            Code::ConflictingOptions,
            "`crate` needs the path of the runtime crate",
            "write `crate = my_engine::zenfg`: the path under which the crate that uses the derive reaches \
             `zenfg_runtime`",
        );
    }
    path
}

/// The string literals of `name = ".."` or `name = ["..", ..]`, or an
/// error with `fix`.
fn strings(opt: &Opt, fix: &str, diag: &mut Diagnostics) -> Vec<LitStr> {
    let literal = |expr: &Expr| match expr {
        Expr::Lit(lit) => match &lit.lit {
            Lit::Str(text) => Some(text.clone()),
            _ => None,
        },
        _ => None,
    };
    let found = match &opt.value {
        Some(Expr::Array(array)) if !array.elems.is_empty() => array.elems.iter().map(literal).collect(),
        Some(expr) => literal(expr).map(|text| vec![text]),
        None => None,
    };
    found.unwrap_or_else(|| {
        diag.error(
            opt.name.span(),
            Code::Syntax,
            format!("`{}` takes a string literal or a list of them", opt.name),
            fix,
        );
        Vec::new()
    })
}

/// The string literal of `name = ".."`, or an error with `fix`.
fn string(opt: &Opt, fix: &str, diag: &mut Diagnostics) -> Option<LitStr> {
    if let Some(Expr::Lit(lit)) = &opt.value
        && let Lit::Str(text) = &lit.lit
    {
        return Some(text.clone());
    }
    diag.error(opt.name.span(), Code::Syntax, format!("`{}` takes a string literal", opt.name), fix);
    None
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
    /// Whether a field names a lifetime, or a handle without one, while the
    /// struct declares none: rustc reports that on the field, with the fix, so
    /// the expansion adds nothing but the do-nothing impl.
    pub lifetime_missing: bool,
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
    let lifetime_missing =
        lifetime.is_none() && fields.iter().flatten().any(|field| needs_lifetime(field.ty.to_token_stream()));
    ItemShape { fields, lifetime, lifetime_missing }
}

/// Whether `tokens` (a field type) name a lifetime other than `'static`, or a
/// handle type without its lifetime argument.
fn needs_lifetime(tokens: TokenStream) -> bool {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    tokens.iter().enumerate().any(|(index, token)| {
        let next = tokens.get(index + 1);
        match token {
            TokenTree::Punct(punct) if punct.as_char() == '\'' => {
                !matches!(next, Some(TokenTree::Ident(ident)) if ident == "static")
            }
            TokenTree::Ident(ident) if HANDLES.iter().any(|name| ident == name) => {
                !matches!(next, Some(TokenTree::Punct(punct)) if punct.as_char() == '<')
            }
            TokenTree::Group(group) => needs_lifetime(group.stream()),
            _ => false,
        }
    })
}

/// The handle types, which take the frame's lifetime.
const HANDLES: [&str; 5] = ["Texture", "TextureView", "SurfaceTexture", "Buffer", "BufferSlice"];

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
