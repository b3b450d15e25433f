//! The `Pass` impl: kind, declared tokens, table, label, lowering to builder
//! calls, context construction and roots.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::context::{context_ident, runtime_field_names};
use super::table::access_table;
use super::{bound_by_runtime, context_lifetime, for_each, frame_lifetime, local, map_shape, private, role_item, wrap};
use crate::check::color_slots;
use crate::model::{Contents, Field, Kind, Load, PassSpec, Role, RootReason, Shape};

/// The `impl Pass` of a checked pass.
pub(crate) fn pass_impl(spec: &PassSpec) -> TokenStream {
    let private = private();
    let name = &spec.ident;
    let lt = frame_lifetime(spec.lifetime.as_ref());
    let cx = context_lifetime([&lt]);
    let self_ty = match &spec.lifetime {
        Some(lifetime) => quote!(#name<#lifetime>),
        None => quote!(#name),
    };
    let kind = format_ident!("{}", spec.kind.marker());
    let context = context_ident(name);
    let kept: Vec<&Field> = spec.fields.iter().filter(|field| keeps_declared(spec.kind, field)).collect();
    let declared = declared_type(&kept, &lt);
    let table = access_table(spec, &lt);
    let label = label_fn(spec);
    let declare = declare_fn(spec, &kept, &lt);
    let context_fn = context_fn(spec, &kept, &lt, &cx);
    let roots = roots_fn(spec, &lt);
    quote! {
        impl<#lt> #private::Pass<#lt> for #self_ty {
            type Kind = #private::kind::#kind;
            type Declared = #declared;
            type Context<#cx> = #context<#cx>;

            const ACCESSES: &'static #private::AccessTable = &#table;

            #label
            #declare
            #context_fn
            #roots
        }
    }
}

/// The tuple of what each kept field's declaration returns.
fn declared_type(kept: &[&Field], lt: &syn::Lifetime) -> TokenStream {
    let types =
        kept.iter().map(|field| wrap(&field.shape, role_item(field.access.role, &field.handle, lt, "Declared")));
    quote!((#(#types,)*))
}

/// Whether the callback needs the field's declaration (render attachments
/// and resolve targets are bound by the runtime).
fn keeps_declared(kind: Kind, field: &Field) -> bool {
    !bound_by_runtime(kind, field.access.role)
}

fn label_fn(spec: &PassSpec) -> TokenStream {
    let private = private();
    let body = match &spec.label_field {
        Some(field) => quote! {
            ::core::convert::Into::<#private::Label>::into(::core::clone::Clone::clone(&self.#field))
        },
        None => {
            let label = &spec.label;
            quote!(#private::Label::Borrowed(#label))
        }
    };
    quote! {
        fn label(&self) -> #private::Label {
            #body
        }
    }
}

/// The builder arguments after the handle: contents or attachment ops.
fn declare_args(field: &Field) -> TokenStream {
    let private = private();
    let access = &field.access;
    match (&access.contents, &access.attachment) {
        (Some(Contents::Overwrite), _) => quote!(, #private::WriteContents::Overwrite),
        (Some(Contents::Preserve), _) => quote!(, #private::WriteContents::Preserve),
        (None, Some(attachment)) => {
            let store = if attachment.store { quote!(Store) } else { quote!(Discard) };
            if access.role == Role::DepthAttachment {
                let load = match &attachment.load {
                    Load::Clear(value) => quote!(#private::DepthAttachmentLoadOp::Clear(#value)),
                    Load::Load => quote!(#private::DepthAttachmentLoadOp::Load),
                };
                quote!(, #private::DepthAttachmentOps { load: #load, store: #private::AttachmentStoreOp::#store })
            } else {
                let load = match &attachment.load {
                    Load::Clear(value) => quote! {
                        #private::ColorAttachmentLoadOp::Clear(#private::IntoClearColor::into_clear_color(#value))
                    },
                    Load::Load => quote!(#private::ColorAttachmentLoadOp::Load),
                };
                quote! {
                    , #private::ColorAttachmentOps {
                        load: #load,
                        store: #private::AttachmentStoreOp::#store,
                        depth_slice: ::core::option::Option::None,
                    }
                }
            }
        }
        (None, None) => quote!(),
    }
}

/// The statement declaring one field, binding its declaration to a local of
/// the field's name.
fn declare_field(spec: &PassSpec, field: &Field, lt: &syn::Lifetime) -> Option<TokenStream> {
    let private = private();
    let ident = &field.ident;
    let builder = local("builder");
    let handle = local("handle");
    let role = field.access.role;
    if role == Role::ResolveTarget {
        return None;
    }
    let args = declare_args(field);
    let resolve = spec.fields.iter().find(|other| other.access.source.as_ref() == Some(ident));
    let call = |handle: TokenStream| match resolve {
        Some(target) => {
            let target_ident = &target.ident;
            let target_fn = role_item(Role::ResolveTarget, &target.handle, lt, "target");
            let span = field.handle.span();
            quote_spanned! {span=>
                #private::declare_resolved(#handle, #target_fn(self.#target_ident), #builder #args)
            }
        }
        None => {
            let declare = role_item(role, &field.handle, lt, "declare");
            quote!(#declare(#handle, #builder #args))
        }
    };
    let source = match field.shape {
        Shape::Vec => quote!(::core::iter::Iterator::copied(self.#ident.iter())),
        _ => quote!(self.#ident),
    };
    let value = map_shape(&field.shape, field.handle.span(), source, &handle, call);
    Some(if keeps_declared(spec.kind, field) { quote!(let #ident = #value;) } else { quote!(let _ = #value;) })
}

fn declare_fn(spec: &PassSpec, kept: &[&Field], lt: &syn::Lifetime) -> TokenStream {
    let private = private();
    let builder = local("builder");
    let colors = color_order(&spec.fields);
    let mut statements = Vec::new();
    let mut colors_done = false;
    for field in &spec.fields {
        if field.access.role == Role::ColorAttachment {
            if !colors_done {
                statements.extend(colors.iter().filter_map(|color| declare_field(spec, color, lt)));
                colors_done = true;
            }
            continue;
        }
        statements.extend(declare_field(spec, field, lt));
    }
    let names = kept.iter().map(|field| &field.ident);
    let unused = if spec.fields.is_empty() { quote!(let _ = #builder;) } else { quote!() };
    quote! {
        fn declare(
            &self,
            #builder: &mut #private::PassBuilder<'_, #lt, Self::Kind>,
        ) -> #private::Result<Self::Declared> {
            #unused
            #(#statements)*
            ::core::result::Result::Ok((#(#names,)*))
        }
    }
}

/// Color attachment fields in slot order.
fn color_order(fields: &[Field]) -> Vec<&Field> {
    let colors = fields.iter().filter(|field| field.access.role == Role::ColorAttachment);
    let mut colors: Vec<(u32, &Field)> = color_slots(fields).into_iter().zip(colors).collect();
    colors.sort_by_key(|(slot, _)| *slot);
    colors.into_iter().map(|(_, field)| field).collect()
}

fn context_fn(spec: &PassSpec, kept: &[&Field], lt: &syn::Lifetime, cx: &syn::Lifetime) -> TokenStream {
    let private = private();
    let declared = local("declared");
    let raw = local("raw");
    let resources = local("resources");
    let item = local("item");
    let context = context_ident(&spec.ident);
    let names: Vec<_> = kept.iter().map(|field| &field.ident).collect();
    let views = spec.fields.iter().map(|field| {
        let ident = respanned(&field.ident, field.handle.span());
        if !keeps_declared(spec.kind, field) {
            return quote!(#ident: #private::BoundAttachment,);
        }
        let view_fn = role_item(field.access.role, &field.handle, lt, "view");
        let view = map_shape(
            &field.shape,
            field.handle.span(),
            quote!(#ident),
            &item,
            |value| quote!(#view_fn(&#resources, #value)),
        );
        quote!(#ident: #view,)
    });
    let runtime = runtime_field_names(spec.kind).into_iter().map(|name| quote!(#name: #raw.#name,));
    let take_resources = if kept.is_empty() { quote!() } else { quote!(let #resources = #raw.resources;) };
    quote! {
        fn context<#cx>(
            #declared: Self::Declared,
            #raw: <Self::Kind as #private::DerivedKind>::Raw<#cx>,
        ) -> #private::Result<#context<#cx>> {
            let (#(#names,)*) = #declared;
            #take_resources
            ::core::result::Result::Ok(#context {
                #(#views)*
                #(#runtime)*
            })
        }
    }
}

fn roots_fn(spec: &PassSpec, lt: &syn::Lifetime) -> TokenStream {
    let private = private();
    let frame = local("frame");
    let handle = local("handle");
    let marks: Vec<TokenStream> = spec
        .fields
        .iter()
        .filter_map(|field| {
            let (reason, _) = field.access.root?;
            let ident = &field.ident;
            let ty = &field.handle;
            let span = ty.span();
            let mark = |handle: TokenStream| {
                if reason == RootReason::Present {
                    quote_spanned!(span=> <#ty as #private::Presentable<#lt>>::mark_present(#handle, #frame)?;)
                } else {
                    let reason = format_ident!("{}", reason.variant());
                    quote_spanned! {span=>
                        <#ty as #private::RootTarget<#lt>>::mark_root(#handle, #frame, #private::RootReason::#reason)?;
                    }
                }
            };
            Some(for_each(&field.shape, quote!(self.#ident), &handle, mark))
        })
        .collect();
    let frame_param = if marks.is_empty() { quote!(_) } else { quote!(#frame) };
    quote! {
        fn mark_roots(&self, #frame_param: &mut #private::Frame<#lt>) -> #private::Result<()> {
            #(#marks)*
            ::core::result::Result::Ok(())
        }
    }
}

/// `ident` spanned on `span`: a field name in a struct literal, placed on the
/// field type so that errors about the value land there.
fn respanned(ident: &syn::Ident, span: proc_macro2::Span) -> syn::Ident {
    syn::Ident::new(&ident.to_string(), span)
}
