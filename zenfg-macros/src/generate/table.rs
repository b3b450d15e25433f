//! The static access table.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::Lifetime;

use super::{private, role_item};
use crate::check::color_slots;
use crate::model::{Contents, Field, Load, PassSpec, Role, Shape};

/// The `AccessTable` literal of `spec`.
pub(crate) fn access_table(spec: &PassSpec, lt: &Lifetime) -> TokenStream {
    let private = private();
    let name = spec.ident.to_string();
    let label = &spec.label;
    let label_field = option(spec.label_field.as_ref().map(|field| {
        let field = field.to_string();
        quote!(#field)
    }));
    let kind = format_ident!("{}", spec.kind.node_kind());
    let side_effect = spec.side_effect || spec.kind.side_effect_by_default();
    let mut slots = color_slots(&spec.fields).into_iter();
    let rows = spec.fields.iter().map(|field| {
        let slot = if field.access.role == Role::ColorAttachment { slots.next() } else { None };
        row(spec, field, slot, lt)
    });
    quote! {
        #private::AccessTable {
            name: #name,
            label: #label,
            label_field: #label_field,
            kind: #private::NodeKind::#kind,
            side_effect: #side_effect,
            fields: &[#(#rows),*],
        }
    }
}

fn option(value: Option<TokenStream>) -> TokenStream {
    match value {
        Some(value) => quote!(::core::option::Option::Some(#value)),
        None => quote!(::core::option::Option::None),
    }
}

fn row(spec: &PassSpec, field: &Field, slot: Option<u32>, lt: &Lifetime) -> TokenStream {
    let private = private();
    let access = &field.access;
    let name = field.ident.to_string();
    let attribute = access.role.name();
    let role = role_item(access.role, &field.handle, lt, "ROLE");
    let mode = if access.role.writes() { quote!(Write) } else { quote!(Read) };
    let overwrite = quote!(#private::WriteContents::Overwrite);
    let preserve = quote!(#private::WriteContents::Preserve);
    let contents = match (access.role, access.contents, &access.attachment) {
        (_, Some(Contents::Overwrite), _) | (Role::ResolveTarget, None, None) => Some(overwrite),
        (_, Some(Contents::Preserve), _) => Some(preserve),
        (_, None, Some(attachment)) => Some(match attachment.load {
            Load::Clear(_) => overwrite,
            Load::Load => preserve,
        }),
        _ => None,
    };
    let contents = option(contents);
    let root = option(access.root.map(|(reason, _)| {
        let reason = format_ident!("{}", reason.variant());
        quote!(#private::RootReason::#reason)
    }));
    let repeat = match &field.shape {
        Shape::One => quote!(#private::Repeat::One),
        Shape::Optional => quote!(#private::Repeat::Optional),
        Shape::Array(len) => quote!(#private::Repeat::Array(#len)),
        Shape::Vec => quote!(#private::Repeat::Vec),
    };
    let resolve_target = spec.fields.iter().find(|other| other.access.source.as_ref() == Some(&field.ident));
    let attachment = option(access.attachment.as_ref().map(|attachment| {
        let slot = option(slot.map(|slot| quote!(#slot)));
        let load = match attachment.load {
            Load::Clear(_) => quote!(Clear),
            Load::Load => quote!(Load),
        };
        let store = if attachment.store { quote!(Store) } else { quote!(Discard) };
        let resolve = option(resolve_target.map(|target| {
            let target = target.ident.to_string();
            quote!(#target)
        }));
        quote! {
            #private::AttachmentTable {
                slot: #slot,
                load: #private::AttachmentLoad::#load,
                store: #private::AttachmentStoreOp::#store,
                resolve_target: #resolve,
            }
        }
    }));
    let resolves = option(access.source.as_ref().map(|source| {
        let source = source.to_string();
        quote!(#source)
    }));
    quote! {
        #private::FieldAccess {
            field: #name,
            attribute: #attribute,
            role: #role,
            mode: #private::AccessMode::#mode,
            contents: #contents,
            root: #root,
            repeat: #repeat,
            attachment: #attachment,
            resolves: #resolves,
        }
    }
}
