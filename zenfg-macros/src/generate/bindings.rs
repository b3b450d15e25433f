//! The bindings of a pass that binds: the static bind group tables, what
//! declaring keeps for them, and the bind groups its context receives.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Ident, Lifetime};

use super::private;
use crate::bindings::{BindingTy, Entry, EntrySource, GroupLayout, SamplerType, untracked_trait};
use crate::model::{BindOnly, PassSpec};

/// `const BIND_GROUPS: &'static [BindGroupTable] = &[..];` of a pass that binds.
pub(crate) fn bind_groups_const(spec: &PassSpec) -> TokenStream {
    if spec.groups.is_empty() {
        return quote!();
    }
    let private = private();
    let tables = spec.groups.iter().map(|group| {
        let index = group.group;
        let entries = group.entries.iter().map(layout_entry);
        let fields = group.entries.iter().map(|entry| entry.field.to_string());
        quote! {
            #private::BindGroupTable {
                group: #index,
                entries: &[#(#entries),*],
                fields: &[#(#fields),*],
            }
        }
    });
    quote! {
        const BIND_GROUPS: &'static [#private::BindGroupTable] = &[#(#tables),*];
    }
}

fn layout_entry(entry: &Entry) -> TokenStream {
    let private = private();
    let wgpu = quote!(#private::wgpu);
    let binding = entry.binding;
    let visibility = visibility(entry.visibility.0);
    let ty = binding_type(&entry.ty);
    quote! {
        #wgpu::BindGroupLayoutEntry {
            binding: #binding,
            visibility: #visibility,
            ty: #ty,
            count: ::core::option::Option::None,
        }
    }
}

/// `ShaderStages` of `bits`, by the names of its stages where it has only
/// vertex, fragment and compute.
fn visibility(bits: u32) -> TokenStream {
    let private = private();
    let stages = quote!(#private::wgpu::ShaderStages);
    let names: Vec<TokenStream> = [(1, quote!(VERTEX)), (2, quote!(FRAGMENT)), (4, quote!(COMPUTE))]
        .into_iter()
        .filter(|(bit, _)| bits & bit != 0)
        .map(|(_, name)| quote!(#stages::#name))
        .collect();
    match names.split_first() {
        Some((first, rest)) if bits & !7 == 0 => quote!(#first #(.union(#rest))*),
        _ => quote!(#stages::from_bits_truncate(#bits)),
    }
}

fn min_size(size: Option<u64>) -> TokenStream {
    match size.filter(|size| *size > 0) {
        Some(size) => quote!(::core::num::NonZeroU64::new(#size)),
        None => quote!(::core::option::Option::None),
    }
}

fn binding_type(ty: &BindingTy) -> TokenStream {
    let private = private();
    let wgpu = quote!(#private::wgpu);
    match ty {
        BindingTy::Uniform { min_size: size } => {
            let size = min_size(*size);
            quote! {
                #wgpu::BindingType::Buffer {
                    ty: #wgpu::BufferBindingType::Uniform,
                    has_dynamic_offset: false,
                    min_binding_size: #size,
                }
            }
        }
        BindingTy::Storage { read_only, min_size: size } => {
            let size = min_size(*size);
            quote! {
                #wgpu::BindingType::Buffer {
                    ty: #wgpu::BufferBindingType::Storage { read_only: #read_only },
                    has_dynamic_offset: false,
                    min_binding_size: #size,
                }
            }
        }
        BindingTy::Texture { sample_type, dimension, multisampled } => {
            let sample_type: TokenStream = sample_type.wgpu_expr().parse().unwrap_or_default();
            let sample_type = quote!(#wgpu::TextureSampleType::#sample_type);
            let dimension = format_ident!("{}", dimension.name());
            quote! {
                #wgpu::BindingType::Texture {
                    sample_type: #sample_type,
                    view_dimension: #wgpu::TextureViewDimension::#dimension,
                    multisampled: #multisampled,
                }
            }
        }
        BindingTy::StorageTexture { access, format, dimension } => {
            let access = format_ident!("{}", access.wgpu_name());
            let format = format_ident!("{format}");
            let dimension = format_ident!("{}", dimension.name());
            quote! {
                #wgpu::BindingType::StorageTexture {
                    access: #wgpu::StorageTextureAccess::#access,
                    format: #wgpu::TextureFormat::#format,
                    view_dimension: #wgpu::TextureViewDimension::#dimension,
                }
            }
        }
        BindingTy::Sampler(kind) => {
            let kind = match kind {
                SamplerType::Filtering => quote!(Filtering),
                SamplerType::NonFiltering => quote!(NonFiltering),
                SamplerType::Comparison => quote!(Comparison),
            };
            quote!(#wgpu::BindingType::Sampler(#wgpu::SamplerBindingType::#kind))
        }
    }
}

/// Where the entry of graph field `index` is: its group's and its own index.
fn entry_of(groups: &[GroupLayout], source: EntrySource) -> Option<(usize, usize)> {
    groups.iter().enumerate().find_map(|(group_index, group)| {
        group.entries.iter().position(|entry| entry.source == source).map(|entry_index| (group_index, entry_index))
    })
}

/// The statement recording what the bound graph field `index`, declared into
/// the local `token`, expects of its access; nothing for a field that does
/// not bind.
pub(crate) fn expect_binding(spec: &PassSpec, index: usize, token: &Ident, builder: &Ident) -> TokenStream {
    let Some((group, entry)) = entry_of(&spec.groups, EntrySource::Graph(index)) else { return quote!() };
    let private = private();
    let field = spec.fields[index].ident.to_string();
    let from_shader = spec.shader.is_some();
    quote! {
        #private::expect_binding(#builder, &#token, #field, &Self::BIND_GROUPS[#group].entries[#entry], #from_shader);
    }
}

/// `<ty as __private::Untracked..Field<'f>>::item` of a field the graph does
/// not track, spanned on the field's type, so that a type without the trait
/// is reported there once, however often the expansion names the item.
pub(crate) fn bind_only_item(field: &BindOnly, lt: &Lifetime, item: &str) -> TokenStream {
    let ty = &field.ty;
    let span = ty.span();
    let name = Ident::new(untracked_trait(field), span);
    let item = Ident::new(item, span);
    let private = super::private_at(span);
    quote_spanned!(span=> <#ty as #private::#name<#lt>>::#item)
}

/// The statements of `context` that look the bind groups up, into the local
/// `bind_groups`, from the views (locals named after the fields) and the kept
/// objects of the fields the graph does not track.
pub(crate) fn bind_groups_lookup(
    spec: &PassSpec,
    lt: &Lifetime,
    resources: &Ident,
    bind_groups: &Ident,
) -> TokenStream {
    if spec.groups.is_empty() {
        return quote!();
    }
    let private = private();
    let groups = spec.groups.iter().enumerate().map(|(index, group)| {
        let group_index = group.group;
        let sources = group.entries.iter().map(|entry| match entry.source {
            EntrySource::Graph(_) => {
                let ident = &entry.field;
                quote!(#private::Bindable::binding_source(&#ident))
            }
            EntrySource::BindOnly(field) => {
                let field = &spec.bind_only[field];
                let ident = &field.ident;
                let source = bind_only_item(field, lt, "source");
                quote!(#source(&#ident))
            }
        });
        quote! {
            (#group_index, #private::bind_group(&#resources, &Self::BIND_GROUPS[#index], &[#(#sources),*])?)
        }
    });
    quote! {
        let #bind_groups = #private::bind_groups([#(#groups),*]);
    }
}
