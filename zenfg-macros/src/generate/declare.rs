//! The `Pass` impl: kind, declared tokens, table, label, lowering to builder
//! calls, context construction and roots.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::bindings::{bind_groups_const, bind_groups_lookup, bind_only_item, expect_binding};
use super::context::{context_ident, runtime_field_names};
use super::table::access_table;
use super::{bound_by_runtime, context_lifetime, for_each, frame_lifetime, local, map_shape, private, role_item, wrap};
use crate::check::{BIND_GROUPS_FIELD, color_slots};
use crate::model::{BindOnly, Contents, Field, Kind, Load, PassSpec, Role, RootReason, Shape};

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
    let declared = declared_type(&kept, &spec.bind_only, &lt);
    let table = access_table(spec, &lt);
    let bind_groups = bind_groups_const(spec);
    let shader = spec.shader.as_deref().map(|path| {
        quote! {
            const SHADER: ::core::option::Option<&'static ::core::primitive::str> =
                ::core::option::Option::Some(::core::include_str!(#path));
        }
    });
    let immediates = (spec.immediate_size > 0).then(|| {
        let size = spec.immediate_size;
        quote!(const IMMEDIATE_SIZE: ::core::primitive::u32 = #size;)
    });
    let color_outputs = color_outputs_const(spec);
    let label = label_fn(spec);
    let declare = declare_fn(spec, &kept, &lt);
    let context_fn = context_fn(spec, &kept, &lt, &cx);
    let roots = roots_fn(spec, &lt);
    quote! {
        #[automatically_derived]
        impl<#lt> #private::Pass<#lt> for #self_ty {
            type Kind = #private::kind::#kind;
            type Declared = #declared;
            type Context<#cx> = #context<#cx>;

            const ACCESSES: &'static #private::AccessTable = &#table;
            #bind_groups
            #shader
            #immediates
            #color_outputs

            #label
            #declare
            #context_fn
            #roots
        }
    }
}

/// The tuple of what each kept field's declaration returns, then what the
/// pass keeps of each field the graph does not track.
fn declared_type(kept: &[&Field], bind_only: &[BindOnly], lt: &syn::Lifetime) -> TokenStream {
    let types =
        kept.iter().map(|field| wrap(&field.shape, role_item(field.access.role, &field.handle, lt, "Declared")));
    let natives = bind_only.iter().map(|field| bind_only_item(field, lt, "Kept"));
    quote!((#(#types,)* #(#natives,)*))
}

/// Whether the callback needs the field's declaration (render attachments
/// and resolve targets are bound by the runtime).
fn keeps_declared(kind: Kind, field: &Field) -> bool {
    !bound_by_runtime(kind, field.access.role)
}

fn label_fn(spec: &PassSpec) -> TokenStream {
    let private = private();
    let body = match &spec.label_field {
        Some(field) => {
            let private = super::private_at(field.span());
            quote_spanned!(field.span()=> #private::PassLabel::pass_label(&self.#field))
        }
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
                        #private::ColorAttachmentLoadOp::Clear(#private::ClearColor::clear_color(#value))
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
fn declare_field(spec: &PassSpec, index: usize, lt: &syn::Lifetime) -> Option<TokenStream> {
    let field = &spec.fields[index];
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
    let value = match field.shape {
        // An absent attachment leaves its slot empty, so later slots keep their numbers.
        Shape::Optional if role == Role::ColorAttachment => {
            let each = call(quote!(#handle));
            quote_spanned! {field.handle.span()=>
                match #source {
                    ::core::option::Option::Some(#handle) => ::core::option::Option::Some(#each?),
                    ::core::option::Option::None => {
                        #builder.skip_color_attachment();
                        ::core::option::Option::None
                    }
                }
            }
        }
        _ => map_shape(&field.shape, field.handle.span(), source, &handle, call),
    };
    let expect = expect_binding(spec, index, ident, &builder);
    Some(if keeps_declared(spec.kind, field) {
        quote! {
            let #ident = #value;
            #expect
        }
    } else {
        quote!(let _ = #value;)
    })
}

fn declare_fn(spec: &PassSpec, kept: &[&Field], lt: &syn::Lifetime) -> TokenStream {
    let private = private();
    let builder = local("builder");
    let colors = color_order(&spec.fields);
    let mut statements = Vec::new();
    let mut colors_done = false;
    for (index, field) in spec.fields.iter().enumerate() {
        if field.access.role == Role::ColorAttachment {
            if !colors_done {
                statements.extend(colors.iter().filter_map(|&color| declare_field(spec, color, lt)));
                colors_done = true;
            }
            continue;
        }
        statements.extend(declare_field(spec, index, lt));
    }
    for field in &spec.bind_only {
        let ident = &field.ident;
        let keep = bind_only_item(field, lt, "keep");
        statements.push(quote!(let #ident = #keep(&self.#ident);));
    }
    let names = kept.iter().map(|field| &field.ident).chain(spec.bind_only.iter().map(|field| &field.ident));
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

/// The indices of the color attachment fields, in slot order.
fn color_order(fields: &[Field]) -> Vec<usize> {
    let colors = fields.iter().enumerate().filter(|(_, field)| field.access.role == Role::ColorAttachment);
    let mut colors: Vec<(u32, usize)> = color_slots(fields).into_iter().zip(colors.map(|(index, _)| index)).collect();
    colors.sort_by_key(|(slot, _)| *slot);
    colors.into_iter().map(|(_, index)| index).collect()
}

fn context_fn(spec: &PassSpec, kept: &[&Field], lt: &syn::Lifetime, cx: &syn::Lifetime) -> TokenStream {
    let private = private();
    let declared = local("declared");
    let raw = local("raw");
    let resources = local("resources");
    let item = local("item");
    let bind_groups = format_ident!("{BIND_GROUPS_FIELD}");
    let context = context_ident(&spec.ident);
    let names: Vec<_> =
        kept.iter().map(|field| &field.ident).chain(spec.bind_only.iter().map(|field| &field.ident)).collect();
    let views = spec.fields.iter().filter(|field| keeps_declared(spec.kind, field)).map(|field| {
        let ident = respanned(&field.ident, field.handle.span());
        let view_fn = role_item(field.access.role, &field.handle, lt, "view");
        let view = map_shape(
            &field.shape,
            field.handle.span(),
            quote!(#ident),
            &item,
            |value| quote!(#view_fn(&#resources, #value)),
        );
        quote!(let #ident = #view;)
    });
    let fields = spec.fields.iter().map(|field| {
        let ident = respanned(&field.ident, field.handle.span());
        if keeps_declared(spec.kind, field) { quote!(#ident,) } else { quote!(#ident: #private::BoundAttachment,) }
    });
    let lookup = bind_groups_lookup(spec, lt, &resources, &bind_groups);
    let bind_groups_field = if spec.groups.is_empty() { quote!() } else { quote!(#bind_groups,) };
    let runtime = runtime_field_names(spec.kind).into_iter().map(|name| quote!(#name: #raw.#name,));
    let take_resources =
        if kept.is_empty() && spec.groups.is_empty() { quote!() } else { quote!(let #resources = #raw.resources;) };
    quote! {
        fn context<#cx>(
            #declared: Self::Declared,
            #raw: <Self::Kind as #private::DerivedKind>::Raw<#cx>,
        ) -> #private::Result<#context<#cx>> {
            let (#(#names,)*) = #declared;
            #take_resources
            #(#views)*
            #lookup
            ::core::result::Result::Ok(#context {
                #(#fields)*
                #bind_groups_field
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
    // Cloned, not rebuilt from its text: a raw identifier (`r#in`) has none
    // `Ident::new` takes.
    let mut respanned = ident.clone();
    respanned.set_span(span);
    respanned
}

/// `const COLOR_OUTPUTS: &'static [ColorOutput] = &[..];` of a render pass
/// whose shader's fragment entry points write its color attachments.
fn color_outputs_const(spec: &PassSpec) -> Option<TokenStream> {
    if spec.color_outputs.is_empty() {
        return None;
    }
    let private = private();
    let outputs = spec.color_outputs.iter().map(|spec| {
        let (entry_point, field) = (&spec.entry_point, &spec.field);
        let (slot, components) = (spec.output.location, spec.output.components);
        let scalar = format_ident!("{}", spec.output.scalar.variant());
        quote! {
            #private::ColorOutput {
                entry_point: #entry_point,
                field: #field,
                slot: #slot,
                scalar: #private::OutputScalar::#scalar,
                components: #components,
            }
        }
    });
    Some(quote!(const COLOR_OUTPUTS: &'static [#private::ColorOutput] = &[#(#outputs),*];))
}
