//! The do-nothing impl emitted beside macro errors, so that one mistake in a
//! pass struct is reported once, not again at every use of the pass.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{GenericParam, Generics, Ident, Lifetime, LifetimeParam, Visibility};

use super::context::{ContextField, ContextGroups, context_ident, context_struct};
use super::{bound_by_runtime, context_lifetime, named_view, private, role_item};
use crate::bindings::untracked_trait;
use crate::model::{BindOnly, Field, Kind};

/// What the fallback needs to know of an item with errors.
pub(crate) struct Partial<'a> {
    pub vis: &'a Visibility,
    pub ident: &'a Ident,
    pub generics: &'a Generics,
    pub kind: Option<Kind>,
    pub label: String,
    pub fields: Vec<ContextField<'a>>,
    /// Fields whose handle type their attribute cannot take: the impl names
    /// the role trait each one misses once, so its type error is reported once.
    pub misfits: Vec<&'a Field>,
    /// Fields the graph does not track whose type is not what their attribute
    /// binds: the impl requires the runtime trait of each once.
    pub native_misfits: Vec<&'a BindOnly>,
    /// Whether the pass binds, so that its context has bind groups.
    pub bound: bool,
}

/// The context struct and an impl whose declaration always fails. Fields
/// whose view cannot be named without the role trait get a view that has
/// every view's methods, so the callback adds no errors of its own.
pub(crate) fn fallback(partial: &Partial<'_>) -> TokenStream {
    let private = private();
    let name = partial.ident;
    let kind = partial.kind.unwrap_or(Kind::Command);
    let lifetimes: Vec<&Lifetime> = partial.generics.lifetimes().map(|param| &param.lifetime).collect();
    let cx = context_lifetime(lifetimes.iter().copied());
    let (lt, impl_generics) = match lifetimes.first() {
        Some(lifetime) => ((*lifetime).clone(), partial.generics.clone()),
        None => {
            let frame = Lifetime::new("'frame", Span::call_site());
            let mut generics = partial.generics.clone();
            generics.params.insert(0, GenericParam::Lifetime(LifetimeParam::new(frame.clone())));
            (frame, generics)
        }
    };
    let (impl_generics, _, where_clause) = impl_generics.split_for_impl();
    let (_, ty_generics, _) = partial.generics.split_for_impl();
    let fields: Vec<ContextField<'_>> = partial
        .fields
        .iter()
        .map(|field| ContextField {
            role: field.role.filter(|role| bound_by_runtime(kind, *role) || named_view(*role, &field.handle).is_some()),
            ..field.clone()
        })
        .collect();
    let context = context_ident(name);
    let groups = if partial.bound { ContextGroups::Broken } else { ContextGroups::None };
    let context_struct = context_struct(partial.vis, name, kind, &fields, None, &cx, groups);
    let checks = partial.misfits.iter().map(|field| {
        let marker = role_item(field.access.role, &field.handle, &lt, "Marker");
        let span = field.handle.span();
        let private = super::private_at(span);
        quote_spanned!(span=> let _: #marker = #private::MisleadingHandleName;)
    });
    let native_checks = partial.native_misfits.iter().map(|field| {
        let ty = &field.ty;
        let span = ty.span();
        let name = Ident::new(untracked_trait(field), span);
        let private = super::private_at(span);
        quote_spanned! {span=>
            let _: ::core::marker::PhantomData<<#ty as #private::#name<'_>>::Kept> =
                ::core::marker::PhantomData;
        }
    });
    let marker = format_ident!("{}", kind.marker());
    let node_kind = format_ident!("{}", kind.node_kind());
    let pass_name = name.to_string();
    let label = &partial.label;
    quote! {
        #context_struct

        #[automatically_derived]
        impl #impl_generics #private::Pass<#lt> for #name #ty_generics #where_clause {
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
                #(#checks)*
                #(#native_checks)*
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
