//! The context struct a derived pass's callback receives.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{Ident, Lifetime, Type, Visibility};

use super::{bound_by_runtime, doc, element_view, private, wrap};
use crate::model::{Kind, Role, Shape};

/// A field of the context: its name, and its role when known.
#[derive(Clone)]
pub(crate) struct ContextField<'a> {
    pub ident: &'a Ident,
    pub role: Option<Role>,
    pub shape: Shape,
    pub handle: Type,
}

/// The context struct's name: the pass name followed by `Context`.
pub(crate) fn context_ident(pass: &Ident) -> Ident {
    quote::format_ident!("{pass}Context")
}

/// The view type of a context field.
fn field_type(kind: Kind, field: &ContextField<'_>, lifetime: Option<&Lifetime>, cx: &Lifetime) -> TokenStream {
    let private = private();
    match field.role {
        None => wrap(&field.shape, quote!(#private::BrokenView<#cx>)),
        Some(role) if bound_by_runtime(kind, role) => quote!(#private::BoundAttachment),
        Some(role) => wrap(&field.shape, element_view(role, &field.handle, lifetime, cx)),
    }
}

/// The runtime's fields of the context of `kind`: name, type and doc.
fn runtime_fields(kind: Kind, cx: &Lifetime) -> Vec<(TokenStream, TokenStream, &'static str)> {
    let private = private();
    let wgpu = quote!(#private::wgpu);
    let work = match kind {
        Kind::Render => (
            quote!(pass),
            quote!(&#cx mut #wgpu::RenderPass<'static>),
            "The render pass, begun with the attachments; the runtime ends it when the callback returns.",
        ),
        Kind::Compute => (
            quote!(pass),
            quote!(&#cx mut #wgpu::ComputePass<'static>),
            "The compute pass to dispatch into; the runtime ends it when the callback returns.",
        ),
        Kind::Command => (
            quote!(encoder),
            quote!(&#cx mut #wgpu::CommandEncoder),
            "The graph-owned encoder; do not finish or submit it.",
        ),
        Kind::External => (quote!(queue), quote!(&#cx #wgpu::Queue), "The queue to submit this pass's work on."),
    };
    vec![
        (quote!(device), quote!(&#cx #wgpu::Device), "The runtime's device."),
        (work.0, work.1, work.2),
        (quote!(frame_index), quote!(::core::primitive::u64), "The frame index given in the execution options."),
    ]
}

/// The names of the runtime's fields of the context of `kind`.
pub(crate) fn runtime_field_names(kind: Kind) -> [TokenStream; 3] {
    let work = match kind {
        Kind::Render | Kind::Compute => quote!(pass),
        Kind::Command => quote!(encoder),
        Kind::External => quote!(queue),
    };
    [quote!(device), work, quote!(frame_index)]
}

/// The bind groups a context holds.
#[derive(Clone, Copy)]
pub(crate) enum ContextGroups {
    /// The pass does not bind.
    None,
    /// The pass binds this many groups.
    Groups(usize),
    /// The pass binds, but has errors.
    Broken,
}

/// `struct NameContext<'cx> { device, pass | encoder | queue, frame_index, <one view per field>, bind_groups }`,
/// with `set_bind_groups` for a render or compute pass that binds.
pub(crate) fn context_struct(
    vis: &Visibility,
    pass: &Ident,
    kind: Kind,
    fields: &[ContextField<'_>],
    lifetime: Option<&Lifetime>,
    cx: &Lifetime,
    groups: ContextGroups,
) -> TokenStream {
    let name = context_ident(pass);
    let struct_doc =
        doc(&format!("What the callback of a [`{pass}`] pass receives: the runtime's objects and one view per field."));
    let runtime = runtime_fields(kind, cx).into_iter().map(|(name, ty, text)| {
        let doc = doc(text);
        quote!(#doc pub #name: #ty,)
    });
    let views = fields.iter().map(|field| {
        let ident = field.ident;
        let ty = field_type(kind, field, lifetime, cx);
        let text = match field.role {
            Some(role) => format!("The view of `{ident}` (`#[{}]`).", role.name()),
            None => format!("`{ident}`, whose view is not known while the pass has errors."),
        };
        let doc = doc(&text);
        quote!(#doc pub #ident: #ty,)
    });
    let private = super::private();
    let (groups_field, groups_impl) = match groups {
        ContextGroups::None => (quote!(), quote!()),
        ContextGroups::Groups(count) => {
            let ty = quote!(#private::BindGroups<#cx, #count>);
            (bind_groups_field(&ty), set_bind_groups(vis, &name, kind))
        }
        ContextGroups::Broken => {
            let ty = quote!(#private::BrokenBindGroups<#cx>);
            (bind_groups_field(&ty), set_bind_groups(vis, &name, kind))
        }
    };
    quote! {
        #struct_doc
        #vis struct #name<#cx> {
            #(#runtime)*
            #(#views)*
            #groups_field
        }
        #groups_impl
    }
}

fn bind_groups_field(ty: &TokenStream) -> TokenStream {
    let doc = doc("The pass's bind groups, built by the runtime from its fields and kept across executions.");
    quote!(#doc pub bind_groups: #ty,)
}

/// `set_bind_groups`, for the context of a render or compute pass.
fn set_bind_groups(vis: &Visibility, name: &Ident, kind: Kind) -> TokenStream {
    if !matches!(kind, Kind::Render | Kind::Compute) {
        return quote!();
    }
    let doc = doc("Sets every bind group of the pass on `pass`, at its group index.");
    quote! {
        impl #name<'_> {
            #doc
            #vis fn set_bind_groups(&mut self) {
                self.bind_groups.set(self.pass);
            }
        }
    }
}
