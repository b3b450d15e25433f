//! The do-nothing impl emitted beside macro errors, so that one mistake in a
//! pass struct is reported once, not again at every use of the pass.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::{Ident, Lifetime, Visibility};

use super::context::{ContextField, context_ident, context_struct};
use super::{context_lifetime, frame_lifetime, private};
use crate::model::Kind;

/// What the fallback needs to know of a struct with errors.
pub(crate) struct Partial<'a> {
    pub vis: &'a Visibility,
    pub ident: &'a Ident,
    pub lifetime: Option<&'a Lifetime>,
    pub kind: Option<Kind>,
    pub label: String,
    pub fields: Vec<ContextField<'a>>,
}

/// The context struct and an impl whose declaration always fails.
pub(crate) fn fallback(partial: &Partial<'_>) -> TokenStream {
    let private = private();
    let name = partial.ident;
    let lt = frame_lifetime(partial.lifetime);
    let cx = context_lifetime(&lt);
    let kind = partial.kind.unwrap_or(Kind::Command);
    let self_ty = match partial.lifetime {
        Some(lifetime) => quote!(#name<#lifetime>),
        None => quote!(#name),
    };
    let context = context_ident(name);
    let context_struct = context_struct(partial.vis, name, kind, &partial.fields, partial.lifetime, &cx);
    let marker = format_ident!("{}", kind.marker());
    let node_kind = format_ident!("{}", kind.node_kind());
    let pass_name = name.to_string();
    let label = &partial.label;
    quote! {
        #context_struct

        impl<#lt> #private::Pass<#lt> for #self_ty {
            type Kind = #private::kind::#marker;
            type Declared = ::core::convert::Infallible;
            type Context<#cx> = #context<#cx>;

            const ACCESSES: &'static #private::AccessTable = &#private::AccessTable {
                name: #pass_name,
                label: #label,
                label_field: ::core::option::Option::None,
                kind: #private::NodeKind::#node_kind,
                side_effect: false,
                fields: &[],
            };

            fn label(&self) -> #private::Label {
                #private::Label::Borrowed(#label)
            }

            fn declare(
                &self,
                _: &mut #private::PassBuilder<'_, #lt, Self::Kind>,
            ) -> #private::Result<Self::Declared> {
                ::core::result::Result::Err(#private::macro_error())
            }

            fn context<#cx>(
                declared: Self::Declared,
                _: <Self::Kind as #private::DerivedKind>::Raw<#cx>,
            ) -> #private::Result<#context<#cx>> {
                match declared {}
            }

            fn mark_roots(&self, _: &mut #private::Frame<#lt>) -> #private::Result<()> {
                ::core::result::Result::Ok(())
            }
        }
    }
}
