//! `#[derive(Pass)]` from input tokens to output tokens.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{DeriveInput, Ident};

use crate::bindings;
use crate::check::{
    BIND_GROUPS_FIELD, check_attachments, check_depth, check_kind, check_native, check_reserved, check_resolves,
    check_retained, check_roots, check_slots, check_slots_outside_render, misfits, reserved,
};
use crate::diag::{Code, Diagnostics};
use crate::generate::{
    ContextField, ContextGroups, Partial, context_lifetime, context_struct, fallback, frame_lifetime, pass_impl,
};
use crate::model::{BindKind, BindOnly, Field, Kind, PassSpec, Role};
use crate::naming::kebab_case;
use crate::parse::{ItemShape, Parsed, PassAttr, item_head, item_shape, parse_field, parse_pass_attr, shape_of};

/// The whole expansion: the context struct and the `Pass` impl, or every
/// error found beside a do-nothing fallback.
pub(crate) fn expand(input: TokenStream) -> TokenStream {
    match syn::parse2::<DeriveInput>(input.clone()) {
        Ok(item) => expand_item(&item),
        Err(error) => expand_unparsed(input, &error),
    }
}

/// What the fields of the item say.
#[derive(Default)]
struct ReadFields {
    /// Every named field, in order.
    parsed: Vec<Parsed>,
    /// The access fields without errors.
    fields: Vec<Field>,
    /// The fields without errors that the pass binds but the graph does not track.
    bind_only: Vec<BindOnly>,
    /// Whether a field the graph does not track has errors: the pass binds.
    broken_bind_only: bool,
    label_field: Option<Ident>,
}

impl ReadFields {
    /// Whether a field has errors of its own.
    fn has_broken(&self) -> bool {
        self.broken_bind_only || self.parsed.iter().any(|parsed| matches!(parsed, Parsed::Broken(..)))
    }
}

fn expand_item(input: &DeriveInput) -> TokenStream {
    let mut diag = Diagnostics::default();
    let pass = parse_pass_attr(input, &mut diag);
    crate::generate::with_runtime(pass.runtime.as_ref(), || expand_pass(input, &pass, diag))
}

/// Expands `input` whose `#[pass(..)]` says `pass`, adding to `diag`.
fn expand_pass(input: &DeriveInput, pass: &PassAttr, mut diag: Diagnostics) -> TokenStream {
    let shape = item_shape(input, &mut diag);
    let read = match &shape.fields {
        Some(fields) => {
            let read = read_fields(fields, &mut diag);
            check_fields(&shape, pass, &read, &mut diag);
            read
        }
        None => ReadFields::default(),
    };
    let label = pass.label.clone().unwrap_or_else(|| kebab_case(&input.ident.to_string()));
    let misfits = misfits(&read.fields);
    let native_misfits = bindings::bind_only_misfits(&read.bind_only);
    let bound = bindings::is_bound(pass.shader.is_some(), &read.fields, &read.bind_only);
    let before_plan = diag.count();
    let plan = match pass.kind {
        Some(kind) if bound => {
            bindings::plan(kind, pass, (&read.fields, &read.bind_only), read.has_broken(), &mut diag)
        }
        _ => bindings::Plan::default(),
    };
    // A field whose handle or shader binding rejects its role may be the
    // write the pass needs: "writes nothing" would only repeat that error.
    let roles_rejected = !misfits.is_empty() || diag.codes_since(before_plan).any(|code| code == Code::ShaderMismatch);
    if let Some(kind) = pass.kind
        && shape.fields.is_some()
        && !roles_rejected
    {
        check_retained_pass(input, kind, pass, &read, &mut diag);
    }
    let watch = plan.shader_path.as_deref().map(watch_shader);
    match pass.kind {
        Some(kind) if diag.is_empty() && misfits.is_empty() && native_misfits.is_empty() && !shape.lifetime_missing => {
            let spec = PassSpec {
                vis: input.vis.clone(),
                ident: input.ident.clone(),
                lifetime: shape.lifetime,
                kind,
                label,
                side_effect: pass.side_effect,
                label_field: read.label_field,
                fields: read.fields,
                bind_only: read.bind_only,
                groups: plan.groups,
                shader: plan.shader_path.clone(),
                immediate_size: plan.immediate_size,
                color_outputs: plan.color_outputs,
            };
            checked(&spec)
        }
        _ => {
            let errors = diag.to_compile_errors();
            // A misspelled option may have been `shader = ..`, unless a field
            // takes the name the bind groups would have.
            let named_like_the_groups = shape
                .fields
                .iter()
                .flatten()
                .any(|field| field.ident.as_ref().is_some_and(|ident| ident == BIND_GROUPS_FIELD));
            let may_bind = pass.unknown_option && !named_like_the_groups;
            let bound = bound || read.broken_bind_only || may_bind;
            let kind = pass.kind.or(pass.guess).unwrap_or_else(|| kind_by_fields(&read.fields));
            let mut partial = partial(input, Some(kind), label, &read, misfits, bound);
            partial.native_misfits = native_misfits;
            let fallback = fallback(&partial);
            quote! {
                #errors
                #watch
                #fallback
            }
        }
    }
}

/// The kind a pass that names none most likely has, by its fields: render
/// with attachments or vertex or index buffers, command with copies, compute
/// otherwise. The do-nothing impl then gives the callback the context it uses.
fn kind_by_fields(fields: &[Field]) -> Kind {
    let roles = || fields.iter().map(|field| field.access.role);
    if roles().any(|role| role.is_attachment() || matches!(role, Role::Vertex | Role::Index)) {
        Kind::Render
    } else if roles().any(|role| matches!(role, Role::CopySrc | Role::CopyDst)) {
        Kind::Command
    } else {
        Kind::Compute
    }
}

/// An item that makes cargo rebuild the crate when the shader at `path` changes.
fn watch_shader(path: &str) -> TokenStream {
    quote!(
        const _: &[::core::primitive::u8] = ::core::include_bytes!(#path);
    )
}

/// What the do-nothing impl of `input` needs: the context fields in field
/// order, without those that would clash with the runtime's.
fn partial<'a>(
    input: &'a DeriveInput,
    kind: Option<Kind>,
    label: String,
    read: &'a ReadFields,
    misfits: Vec<&'a Field>,
    bound: bool,
) -> Partial<'a> {
    let reserved = reserved(kind.unwrap_or(Kind::Command));
    let taken = |name: &str| reserved.contains(&name) || (bound && name == BIND_GROUPS_FIELD);
    let fields = read
        .parsed
        .iter()
        .filter_map(|parsed| match parsed {
            Parsed::Access(field) => Some(ContextField {
                ident: &field.ident,
                role: Some(field.access.role),
                shape: field.shape.clone(),
                handle: field.handle.clone(),
            }),
            Parsed::Label(_) | Parsed::BindOnly(_) | Parsed::BrokenBindOnly => None,
            Parsed::Broken(ident, role, ty) => {
                let (shape, handle) = shape_of(ty);
                Some(ContextField { ident, role: *role, shape, handle })
            }
        })
        .filter(|field| !taken(&field.ident.to_string()))
        .collect();
    Partial {
        vis: &input.vis,
        ident: &input.ident,
        generics: &input.generics,
        kind,
        label,
        fields,
        misfits,
        native_misfits: Vec::new(),
        bound,
    }
}

/// The parse error of an item that is not a struct, enum or union as syn
/// knows them, beside a do-nothing fallback where its name can be read.
fn expand_unparsed(input: TokenStream, error: &syn::Error) -> TokenStream {
    let errors = error.to_compile_error();
    let Some((vis, ident, generics)) = item_head(input) else { return errors };
    let fallback = fallback(&Partial {
        vis: &vis,
        ident: &ident,
        generics: &generics,
        kind: None,
        label: kebab_case(&ident.to_string()),
        fields: Vec::new(),
        misfits: Vec::new(),
        native_misfits: Vec::new(),
        bound: false,
    });
    quote! {
        #errors
        #fallback
    }
}

/// Parses every named field, recording the errors of each.
fn read_fields(syn_fields: &[&syn::Field], diag: &mut Diagnostics) -> ReadFields {
    let mut read = ReadFields::default();
    for field in syn_fields {
        let Some(parsed) = parse_field(field, diag) else { continue };
        match &parsed {
            Parsed::Access(field) => read.fields.push((**field).clone()),
            Parsed::Label(ident) if read.label_field.is_none() => read.label_field = Some(ident.clone()),
            Parsed::Label(ident) => diag.error(
                ident.span(),
                Code::TwoLabels,
                format!("`{ident}` is a second `#[label]` field"),
                "keep one `#[label]` field",
            ),
            Parsed::BindOnly(field) => read.bind_only.push((**field).clone()),
            Parsed::BrokenBindOnly => read.broken_bind_only = true,
            Parsed::Broken(..) => {}
        }
        read.parsed.push(parsed);
    }
    read
}

/// The checks across fields, which need the fields and, for some, the kind.
fn check_fields(shape: &ItemShape<'_>, pass: &PassAttr, read: &ReadFields, diag: &mut Diagnostics) {
    let names: Vec<&Ident> = shape.fields.iter().flatten().filter_map(|field| field.ident.as_ref()).collect();
    if let Some(kind) = pass.kind {
        let bound = bindings::is_bound(pass.shader.is_some(), &read.fields, &read.bind_only);
        check_reserved(kind, bound, &names, diag);
        check_kind(kind, &read.fields, diag);
    }
    // A command or external pass begins its own render passes: slots and
    // depth attachments are counted per render pass only.
    match pass.kind {
        Some(kind @ (Kind::Command | Kind::External)) => check_slots_outside_render(kind, &read.fields, diag),
        _ => {
            check_slots(&read.fields, diag);
            check_depth(&read.fields, diag);
        }
    }
    check_native(&read.fields, diag);
    check_resolves(&read.fields, diag);
    check_roots(&read.fields, diag);
}

/// ZM0009 for a pass of `kind` that can never be retained, unless one of its
/// fields is broken without a known role: that field may be its write.
fn check_retained_pass(input: &DeriveInput, kind: Kind, pass: &PassAttr, read: &ReadFields, diag: &mut Diagnostics) {
    let broken_roles: Vec<_> = read
        .parsed
        .iter()
        .filter_map(|parsed| match parsed {
            Parsed::Broken(_, role, _) => Some(*role),
            _ => None,
        })
        .collect();
    if broken_roles.iter().all(Option::is_some) {
        let roles = read.fields.iter().map(|field| field.access.role).chain(broken_roles.into_iter().flatten());
        let untracked_write = read
            .bind_only
            .iter()
            .find(|field| matches!(field.kind, BindKind::Untracked(role) if role.writes()))
            .map(|field| &field.ident);
        let writes = roles.clone().any(Role::writes);
        if !check_attachments(input.ident.span(), kind, roles, diag) {
            check_retained(input.ident.span(), kind, pass.side_effect, writes, untracked_write, diag);
        }
    }
}

/// The context struct and the `Pass` impl of a pass without errors.
fn checked(spec: &PassSpec) -> TokenStream {
    let frame = frame_lifetime(spec.lifetime.as_ref());
    let cx = context_lifetime([&frame]);
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
    let groups = if spec.groups.is_empty() { ContextGroups::None } else { ContextGroups::Groups(spec.groups.len()) };
    let context =
        context_struct(&spec.vis, &spec.ident, spec.kind, &context_fields, spec.lifetime.as_ref(), &cx, groups);
    let pass_impl = pass_impl(spec);
    quote! {
        #context
        #pass_impl
    }
}

#[cfg(test)]
mod tests {
    use proc_macro2::TokenStream;
    use quote::quote;

    use super::expand;

    /// The expansion of `input` without whitespace.
    fn expanded(input: TokenStream) -> String {
        expand(input).to_string().split_whitespace().collect()
    }

    #[test]
    fn unsupported_items_get_the_fallback_beside_every_error() {
        let out = expanded(quote! {
            #[pass(compute)]
            struct Blur<'f, T> where T: Copy {
                #[storage_write]
                dst: Texture<'f>,
                #[label]
                name: T,
            }
        });
        assert_eq!(out.matches("ZM0012").count(), 2, "type parameter and where clause: {out}");
        assert!(out.contains("ZM0005"), "the field error is reported too: {out}");
        assert!(out.contains("impl<'f,T>::zenfg_runtime::__private::Pass<'f>forBlur<'f,T>whereT:Copy"), "{out}");
        assert!(out.contains("structBlurContext<'cx>"), "{out}");
    }

    #[test]
    fn items_without_named_fields_get_the_fallback() {
        for input in [
            quote!(
                #[pass(compute)]
                struct Blur<'f>(Texture<'f>);
            ),
            quote!(
                #[pass(compute)]
                enum Blur {
                    A,
                }
            ),
            quote!(
                #[pass(compute)]
                struct Blur<'a, 'b> {
                    #[sampled]
                    a: Texture<'a>,
                    #[sampled]
                    b: Texture<'b>,
                }
            ),
        ] {
            let out = expanded(input);
            assert!(out.contains("ZM0012"), "{out}");
            assert!(out.contains("::zenfg_runtime::__private::Pass<"), "{out}");
            assert!(out.contains("forBlur"), "{out}");
        }
    }

    #[test]
    fn items_that_do_not_parse_get_the_fallback() {
        let out = expanded(quote! {
            #[pass(compute)]
            pub struct Blur<'f> { dst: }
        });
        assert!(out.contains("compile_error!"), "{out}");
        assert!(out.contains("pubstructBlurContext<'cx>"), "{out}");
        assert!(out.contains("impl<'f>::zenfg_runtime::__private::Pass<'f>forBlur<'f>"), "{out}");
    }

    #[test]
    fn a_crate_path_replaces_the_runtime_in_every_generated_path() {
        for runtime in [quote!(engine::fg), quote!("engine::fg")] {
            for kind in [quote!(compute), quote!(comptue)] {
                let out = expanded(quote! {
                    #[pass(#kind, crate = #runtime)]
                    struct Blur<'f> {
                        #[sampled(binding = 0)]
                        src: Texture<'f>,
                        #[storage_write(overwrite, binding = 1)]
                        #[root(output)]
                        dst: Buffer<'f>,
                        #[sampler(binding = 2)]
                        linear: &'f wgpu::Sampler,
                    }
                });
                assert!(!out.contains("zenfg_runtime"), "{out}");
                assert!(out.contains("engine::fg::__private::Pass<'f>forBlur<'f>"), "{out}");
            }
        }
        let out = expanded(quote! {
            #[pass(compute)]
            struct Blur<'f> { #[storage_write(overwrite)] #[root(output)] dst: Buffer<'f> }
        });
        assert!(out.contains("#[automatically_derived]impl<'f>::zenfg_runtime::__private::Pass<'f>"), "{out}");
    }

    #[test]
    fn a_context_lifetime_clash_picks_another_name() {
        let out = expanded(quote! {
            #[pass(compute)]
            struct Blur<'cx> { #[storage_write(overwrite)] dst: Texture<'cx> }
        });
        assert!(out.contains("structBlurContext<'exec>"), "{out}");
        assert!(out.contains("typeContext<'exec>=BlurContext<'exec>"), "{out}");
    }
}
