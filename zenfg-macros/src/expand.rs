//! `#[derive(Pass)]` from input tokens to output tokens.

use proc_macro2::TokenStream;
use quote::quote;
use syn::DeriveInput;

use crate::check::{check_depth, check_kind, check_reserved, check_resolves, check_retained, check_slots, reserved};
use crate::diag::{Code, Diagnostics};
use crate::generate::{ContextField, Partial, context_lifetime, context_struct, fallback, frame_lifetime, pass_impl};
use crate::model::{Field, Kind, PassSpec};
use crate::naming::kebab_case;
use crate::parse::{Parsed, parse_field, parse_pass_attr, shape_of, struct_shape};

/// The whole expansion: the context struct and the `Pass` impl, or every
/// error found beside a do-nothing fallback.
pub(crate) fn expand(input: TokenStream) -> TokenStream {
    let input: DeriveInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(error) => return error.to_compile_error(),
    };
    let mut diag = Diagnostics::default();
    let pass = parse_pass_attr(&input, &mut diag);
    let Some((syn_fields, lifetime)) = struct_shape(&input, &mut diag) else {
        return diag.to_compile_errors();
    };
    let parsed: Vec<Parsed> = syn_fields.iter().filter_map(|field| parse_field(field, &mut diag)).collect();

    let mut fields: Vec<Field> = Vec::new();
    let mut label_field = None;
    let mut broken = Vec::new();
    for parsed in &parsed {
        match parsed {
            Parsed::Access(field) => fields.push((**field).clone()),
            Parsed::Label(ident) if label_field.is_none() => label_field = Some(ident.clone()),
            Parsed::Label(ident) => diag.error(
                ident.span(),
                Code::TwoLabels,
                format!("`{ident}` is a second `#[label]` field"),
                "keep one `#[label]` field",
            ),
            Parsed::Broken(ident, role, ty) => broken.push((ident, *role, ty)),
        }
    }
    let names: Vec<&syn::Ident> = syn_fields.iter().filter_map(|field| field.ident.as_ref()).collect();
    if let Some(kind) = pass.kind {
        check_reserved(kind, &names, &mut diag);
        check_kind(kind, &fields, &mut diag);
        if broken.iter().all(|(_, role, _)| role.is_some()) {
            let writes =
                fields.iter().map(|field| field.access.role).chain(broken.iter().filter_map(|(_, role, _)| *role));
            check_retained(
                input.ident.span(),
                kind,
                pass.side_effect,
                writes.into_iter().any(|role| role.writes()),
                &mut diag,
            );
        }
    }
    check_slots(&fields, &mut diag);
    check_depth(&fields, &mut diag);
    check_resolves(&fields, &mut diag);

    let label = pass.label.clone().unwrap_or_else(|| kebab_case(&input.ident.to_string()));
    let frame = frame_lifetime(lifetime.as_ref());
    let cx = context_lifetime(&frame);
    match pass.kind {
        Some(kind) if diag.is_empty() => {
            let spec = PassSpec {
                vis: input.vis.clone(),
                ident: input.ident.clone(),
                lifetime,
                kind,
                label,
                side_effect: pass.side_effect,
                label_field,
                fields,
            };
            let context_fields: Vec<ContextField<'_>> = spec
                .fields
                .iter()
                .map(|field| ContextField {
                    ident: &field.ident,
                    role: Some(field.access.role),
                    shape: field.shape.clone(),
                    handle: field.handle.clone(),
                })
                .collect();
            let context = context_struct(&spec.vis, &spec.ident, kind, &context_fields, spec.lifetime.as_ref(), &cx);
            let pass_impl = pass_impl(&spec);
            quote! {
                #context
                #pass_impl
            }
        }
        _ => {
            let mut context_fields: Vec<ContextField<'_>> = fields
                .iter()
                .map(|field| ContextField {
                    ident: &field.ident,
                    role: Some(field.access.role),
                    shape: field.shape.clone(),
                    handle: field.handle.clone(),
                })
                .collect();
            context_fields.extend(broken.iter().map(|(ident, role, ty)| {
                let (shape, handle) = shape_of(ty);
                ContextField { ident, role: *role, shape, handle }
            }));
            let reserved = reserved(pass.kind.unwrap_or(Kind::Command));
            context_fields.retain(|field| !reserved.contains(&field.ident.to_string().as_str()));
            let errors = diag.to_compile_errors();
            let fallback = fallback(&Partial {
                vis: &input.vis,
                ident: &input.ident,
                lifetime: lifetime.as_ref(),
                kind: pass.kind,
                label,
                fields: context_fields,
            });
            quote! {
                #errors
                #fallback
            }
        }
    }
}
