//! Code generation: the context struct, the `Pass` impl with its access
//! table, and the do-nothing fallback emitted beside macro errors.

mod bindings;
mod context;
mod declare;
mod fallback;
mod table;

pub(crate) use context::{ContextField, ContextGroups, context_struct};
pub(crate) use declare::pass_impl;
pub(crate) use fallback::{Partial, fallback};

use std::cell::RefCell;

use proc_macro2::{Group, Ident, Span, TokenStream, TokenTree};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Lifetime, Type};

use crate::handle::{Spelling, spelling};
use crate::model::{Kind, Role, Shape};

thread_local! {
    /// The path of the runtime crate for the item being expanded: the
    /// `crate = ..` of its `#[pass(..)]`, or `None` for `::zenfg_runtime`.
    static RUNTIME: RefCell<Option<TokenStream>> = const { RefCell::new(None) };
}

/// Runs `expand` with the runtime named `path` (`None`: `::zenfg_runtime`) in
/// everything it generates.
pub(crate) fn with_runtime<R>(path: Option<&syn::Path>, expand: impl FnOnce() -> R) -> R {
    let previous = RUNTIME.with(|runtime| runtime.replace(path.map(|path| quote!(#path))));
    let expanded = expand();
    RUNTIME.with(|runtime| runtime.replace(previous));
    expanded
}

/// `::zenfg_runtime::__private`, or `<path>::__private` under `#[pass(crate = path)]`.
pub(crate) fn private() -> TokenStream {
    let runtime = RUNTIME.with(|runtime| runtime.borrow().clone()).unwrap_or_else(|| quote!(::zenfg_runtime));
    quote!(#runtime::__private)
}

/// [`private`], every token spanned on `span`.
pub(crate) fn private_at(span: Span) -> TokenStream {
    respan(private(), span)
}

/// The lifetime of the pass's handles: the struct's, or a fresh one.
pub(crate) fn frame_lifetime(lifetime: Option<&Lifetime>) -> Lifetime {
    lifetime.cloned().unwrap_or_else(|| Lifetime::new("'frame", Span::call_site()))
}

/// The lifetime of the context: `'cx`, or another name where the struct
/// takes that one.
pub(crate) fn context_lifetime<'a>(taken: impl IntoIterator<Item = &'a Lifetime>) -> Lifetime {
    let taken: Vec<String> = taken.into_iter().map(|lifetime| lifetime.ident.to_string()).collect();
    let mut name = String::from("cx");
    let mut suffix = 0;
    while taken.contains(&name) {
        name = if suffix == 0 { String::from("exec") } else { format!("exec{suffix}") };
        suffix += 1;
    }
    Lifetime::new(&format!("'{name}"), Span::call_site())
}

/// `ident` with the hygiene of the macro, so it never clashes with a field name.
pub(crate) fn local(name: &str) -> Ident {
    Ident::new(name, Span::mixed_site())
}

/// `<ty as __private::RoleTrait<lifetime>>::item`, every token spanned on
/// `ty`, so that an unmet bound points at the field type (and the errors of
/// all uses of one field collapse into one).
pub(crate) fn role_item(role: Role, ty: &Type, lifetime: &Lifetime, item: &str) -> TokenStream {
    let span = ty.span();
    let ty = respan(quote!(#ty), span);
    let name = format_ident!("{}", role.field_trait(), span = span);
    let item = format_ident!("{item}", span = span);
    let private = private_at(span);
    quote_spanned!(span=> <#ty as #private::#name<#lifetime>>::#item)
}

/// `tokens` with every span set to `span`.
fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|token| match token {
            TokenTree::Group(group) => {
                let mut respanned = Group::new(group.delimiter(), respan(group.stream(), span));
                respanned.set_span(span);
                TokenTree::Group(respanned)
            }
            mut other => {
                other.set_span(span);
                other
            }
        })
        .collect()
}

/// `ty` with every occurrence of `lifetime` replaced by `'static`, to name a
/// view type (which does not depend on the lifetime) outside the impl.
pub(crate) fn with_static(ty: &Type, lifetime: Option<&Lifetime>) -> Type {
    let Some(lifetime) = lifetime else { return ty.clone() };
    let tokens = replace_lifetime(quote!(#ty), &lifetime.ident.to_string());
    syn::parse2(tokens).unwrap_or_else(|_| ty.clone())
}

fn replace_lifetime(tokens: TokenStream, name: &str) -> TokenStream {
    let mut out = Vec::new();
    let mut iter = tokens.into_iter().peekable();
    while let Some(token) = iter.next() {
        match token {
            TokenTree::Punct(punct) if punct.as_char() == '\'' => {
                if let Some(TokenTree::Ident(ident)) = iter.peek()
                    && *ident == name
                {
                    let span = ident.span();
                    iter.next();
                    out.extend(quote_spanned!(span=> 'static));
                    continue;
                }
                out.push(TokenTree::Punct(punct));
            }
            TokenTree::Group(group) => {
                let mut replaced = Group::new(group.delimiter(), replace_lifetime(group.stream(), name));
                replaced.set_span(group.span());
                out.push(TokenTree::Group(replaced));
            }
            other => out.push(other),
        }
    }
    out.into_iter().collect()
}

/// Whether the runtime binds the field (render attachments), so the
/// callback gets no view of it.
pub(crate) fn bound_by_runtime(kind: Kind, role: Role) -> bool {
    kind == Kind::Render && role.is_attachment()
}

/// The view type of one handle under `role`. Roles that take textures and
/// buffers pick by the handle type's name; an unknown name is resolved
/// through the role trait.
pub(crate) fn element_view(role: Role, handle: &Type, lifetime: Option<&Lifetime>, cx: &Lifetime) -> TokenStream {
    let private = private();
    match named_view(role, handle) {
        Some(view) => {
            let view = format_ident!("{view}");
            quote!(#private::#view<#cx>)
        }
        None => {
            let handle = with_static(handle, lifetime);
            let static_lt = Lifetime::new("'static", Span::call_site());
            let view = role_item(role, &handle, &static_lt, "View");
            quote!(#view<#cx>)
        }
    }
}

/// The view type of one handle under `role` where it is known without the
/// role trait: by the role, or by the role and the spelling of the handle.
pub(crate) fn named_view(role: Role, handle: &Type) -> Option<&'static str> {
    role.view().or_else(|| match spelling(handle) {
        Spelling::Texture | Spelling::Surface => role.texture_view(),
        Spelling::Buffer => role.buffer_view(),
        Spelling::NotAHandle | Spelling::Native | Spelling::Unknown => None,
    })
}

/// `element` inside the field's container.
pub(crate) fn wrap(shape: &Shape, element: TokenStream) -> TokenStream {
    let private = private();
    match shape {
        Shape::One => element,
        Shape::Optional => quote!(::core::option::Option<#element>),
        Shape::Array(len) => quote!([#element; #len]),
        Shape::Vec => quote!(#private::Vec<#element>),
    }
}

/// Applies `f` (which builds a fallible expression from a handle or
/// declared value) across the field's container `source`; `item` names each
/// element inside closures and loops.
pub(crate) fn map_shape(
    shape: &Shape,
    span: Span,
    source: TokenStream,
    item: &Ident,
    f: impl Fn(TokenStream) -> TokenStream,
) -> TokenStream {
    let private = private();
    let each = f(quote!(#item));
    match shape {
        Shape::One => {
            let call = f(source);
            quote_spanned!(span=> #call?)
        }
        Shape::Optional => quote_spanned! {span=>
            match #source {
                ::core::option::Option::Some(#item) => ::core::option::Option::Some(#each?),
                ::core::option::Option::None => ::core::option::Option::None,
            }
        },
        Shape::Array(_) => quote_spanned!(span=> #private::try_map_array(#source, |#item| #each)?),
        Shape::Vec => quote_spanned! {span=>
            ::core::iter::Iterator::collect::<#private::Result<#private::Vec<_>>>(
                ::core::iter::Iterator::map(::core::iter::IntoIterator::into_iter(#source), |#item| #each),
            )?
        },
    }
}

/// Runs the statement `f` builds from a handle for every handle of the field `source`.
pub(crate) fn for_each(
    shape: &Shape,
    source: TokenStream,
    item: &Ident,
    f: impl Fn(TokenStream) -> TokenStream,
) -> TokenStream {
    let each = f(quote!(#item));
    match shape {
        Shape::One => f(source),
        Shape::Optional => quote!(if let ::core::option::Option::Some(#item) = #source { #each }),
        Shape::Array(_) => quote!(for #item in #source { #each }),
        Shape::Vec => quote!(for #item in ::core::iter::Iterator::copied(#source.iter()) { #each }),
    }
}

/// A doc attribute.
pub(crate) fn doc(text: &str) -> TokenStream {
    quote!(#[doc = #text])
}
