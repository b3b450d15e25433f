//! Entries laid out from the fields' attributes alone, for a pass that names
//! no shader: each field says its binding, and a storage texture its format.

use super::entry::{BindingTy, Entry, SamplerType, Visibility};
use super::{Bindable, HandleKind};
use crate::diag::{Code, Diagnostics};
use crate::model::{Kind, Role, SampleType, StorageAccess, ViewDimension};

/// The stages a pass of `kind` binds for: every stage its work can run,
/// without the vertex stage for writable storage, which needs a feature.
pub(crate) fn default_visibility(kind: Kind, writes: bool) -> Visibility {
    match kind {
        Kind::Compute => Visibility::COMPUTE,
        Kind::Render if writes => Visibility::FRAGMENT,
        Kind::Render => Visibility::VERTEX.with(Visibility::FRAGMENT),
        Kind::Command | Kind::External if writes => Visibility::FRAGMENT.with(Visibility::COMPUTE),
        Kind::Command | Kind::External => Visibility::VERTEX.with(Visibility::FRAGMENT).with(Visibility::COMPUTE),
    }
}

/// Whether a binding of `ty` is written by shaders.
pub(crate) fn writes(ty: &BindingTy) -> bool {
    matches!(
        ty,
        BindingTy::Storage { read_only: false, .. }
            | BindingTy::StorageTexture { access: StorageAccess::WriteOnly | StorageAccess::ReadWrite, .. }
    )
}

/// One entry per bound field, from its attributes.
pub(crate) fn entries(kind: Kind, bindables: &[Bindable<'_>], diag: &mut Diagnostics) -> Vec<Entry> {
    let why = why_bound(bindables);
    let mut entries = Vec::new();
    for field in bindables.iter().filter(|field| !field.misfit) {
        check_texture_options(field, diag);
        if !check_shape(field, diag) {
            continue;
        }
        let Some((binding, span)) = field.options.binding else {
            missing_binding(field, &why, diag);
            continue;
        };
        let Some(ty) = binding_type(field, diag) else { continue };
        if !check_combination(field, &ty, diag) {
            continue;
        }
        let group = field.options.group.map_or(0, |(group, _)| group);
        let visibility = default_visibility(kind, writes(&ty));
        entries.push(Entry { group, binding, span, field: field.ident.clone(), source: field.source, visibility, ty });
    }
    entries
}

/// Records the texture options of a field that binds a buffer.
pub(crate) fn check_texture_options(field: &Bindable<'_>, diag: &mut Diagnostics) {
    if field.handle != HandleKind::Buffer {
        return;
    }
    let options = field.options;
    let given = [
        options.format.as_ref().map(|format| ("format", format.span())),
        options.sample_type.map(|(_, span)| ("sample_type", span)),
        options.dimension.map(|(_, span)| ("dimension", span)),
        options.multisampled.map(|span| ("multisampled", span)),
        options.read_write.map(|span| ("read_write", span)),
    ];
    for (name, span) in given.into_iter().flatten() {
        diag.error(
            span,
            Code::OptionNotApplicable,
            format!("`{name}` describes a texture binding, but `{}` binds a buffer", field.ident),
            "remove it: a buffer binding takes `binding` and `group`",
        );
    }
}

/// Records the options of `field` that make a layout entry of `ty` no
/// device accepts; true when there is none.
pub(crate) fn check_combination(field: &Bindable<'_>, ty: &BindingTy, diag: &mut Diagnostics) -> bool {
    let options = field.options;
    let name = &field.ident;
    let mut fits = true;
    match ty {
        BindingTy::Texture { sample_type: SampleType::Float, multisampled: true, .. } => {
            if let Some((_, span)) = options.sample_type {
                diag.error(
                    span,
                    Code::ConflictingOptions,
                    format!("`{name}` is multisampled and says `sample_type = float`, but a multisampled texture is never filtered"),
                    "write `sample_type = unfilterable_float`, or remove `sample_type`: a multisampled float texture \
                     is unfilterable",
                );
                fits = false;
            }
        }
        BindingTy::Texture { dimension, multisampled: true, .. } if *dimension != ViewDimension::D2 => {
            let span = options.dimension.map_or(field.role_span, |(_, span)| span);
            diag.error(
                span,
                Code::ConflictingOptions,
                format!(
                    "`{name}` is multisampled and of dimension `{}`, but multisampled textures bind only as D2 views",
                    dimension.name()
                ),
                "remove `dimension` (or write `dimension = D2`), or remove `multisampled`",
            );
            fits = false;
        }
        BindingTy::StorageTexture {
            dimension: dimension @ (ViewDimension::Cube | ViewDimension::CubeArray), ..
        } => {
            let span = options.dimension.map_or(field.role_span, |(_, span)| span);
            diag.error(
                span,
                Code::UnsupportedBinding,
                format!(
                    "`{name}` is a storage texture of dimension `{}`, but storage textures cannot bind cube views",
                    dimension.name()
                ),
                "bind the faces as a `D2Array` view (`dimension = D2Array`, `texture_storage_2d_array` in the shader)",
            );
            fits = false;
        }
        _ => {}
    }
    fits
}

/// Records a bound field that does not hold exactly one handle (binding
/// arrays and optional bindings are not laid out); true for a field of one
/// handle.
pub(crate) fn check_shape(field: &Bindable<'_>, diag: &mut Diagnostics) -> bool {
    let Some(several) = field.several else { return true };
    diag.error(
        field.role_span,
        Code::UnsupportedBinding,
        format!("`{}` holds {several}, but a bind group entry binds exactly one handle", field.ident),
        "bind one handle per field, each at its own binding (binding arrays and optional bindings are not \
         supported)",
    );
    false
}

/// Why a pass without a shader binds, in words, for a field without a binding.
fn why_bound(bindables: &[Bindable<'_>]) -> String {
    if let Some(field) = bindables.iter().find(|field| field.options.binding.is_some()) {
        let binding = field.options.binding.map_or(0, |(binding, _)| binding);
        let group = field.options.group.map_or(0, |(group, _)| group);
        return format!("the pass binds `{}` at @group({group}) @binding({binding})", field.ident);
    }
    match bindables.iter().find(|field| field.source_is_untracked() || field.options.any()) {
        Some(field) if field.source_is_untracked() => {
            format!("the pass binds `{}` (`{}`)", field.ident, field.attribute)
        }
        Some(field) => format!("`{}` gives binding options, so the pass binds", field.ident),
        None => "the pass binds".to_owned(),
    }
}

/// Records that `field` has no binding; `why` says why the pass binds.
fn missing_binding(field: &Bindable<'_>, why: &str, diag: &mut Diagnostics) {
    let name = &field.ident;
    let attribute = &field.attribute;
    let shader = "or name the pass's shader with `#[pass(.., shader = \"file.wgsl\")]` to bind the fields by name";
    let (message, fix) = if field.options.any() {
        (
            format!("`{name}` (`{attribute}`) says how it binds, but not where: it has no `binding = N`"),
            format!("add `binding = N` (and `group = G` outside group 0), {shader}"),
        )
    } else if field.source_is_untracked() {
        (
            format!("`{name}` (`{attribute}`) has no binding"),
            format!(
                "a field the graph does not track exists to be bound: give it `binding = N` (and `group = G` outside \
                 group 0), {shader}"
            ),
        )
    } else {
        (
            format!("`{name}` (`{attribute}`) has no binding, but {why}"),
            format!(
                "give it `binding = N` (and `group = G` outside group 0), {shader}; a pass binds all of its \
                 `sampled`, `storage_read`, `storage_write` and `uniform` fields or none"
            ),
        )
    };
    diag.error(field.role_span, Code::MissingBinding, message, fix);
}

/// The layout entry's type of `field`, from its role, handle and options.
fn binding_type(field: &Bindable<'_>, diag: &mut Diagnostics) -> Option<BindingTy> {
    let options = field.options;
    let dimension = options.dimension.map_or(ViewDimension::D2, |(dimension, _)| dimension);
    match (field.role, field.handle) {
        (None, _) => Some(BindingTy::Sampler(if options.comparison.is_some() {
            SamplerType::Comparison
        } else if options.non_filtering.is_some() {
            SamplerType::NonFiltering
        } else {
            SamplerType::Filtering
        })),
        (Some(Role::Uniform), _) => Some(BindingTy::Uniform { min_size: None }),
        (Some(Role::Sampled), _) => Some(BindingTy::Texture {
            // A multisampled texture is read texel by texel, never filtered.
            sample_type: options.sample_type.map_or(
                if options.multisampled.is_some() { SampleType::UnfilterableFloat } else { SampleType::Float },
                |(sample_type, _)| sample_type,
            ),
            dimension,
            multisampled: options.multisampled.is_some(),
        }),
        (Some(role @ (Role::StorageRead | Role::StorageWrite)), HandleKind::Buffer) => {
            Some(BindingTy::Storage { read_only: role == Role::StorageRead, min_size: None })
        }
        (Some(role @ (Role::StorageRead | Role::StorageWrite)), HandleKind::Texture) => {
            let Some(format) = &options.format else {
                diag.error(
                    field.role_span,
                    Code::UnsupportedBinding,
                    format!("the storage texture `{}` does not say its format", field.ident),
                    format!(
                        "add `format = Rgba8Unorm` (the `wgpu::TextureFormat` the shader declares) to `{}`, or \
                         name the pass's shader to take it from there",
                        field.attribute
                    ),
                );
                return None;
            };
            let access = match (role, options.read_write) {
                (Role::StorageRead, _) => StorageAccess::ReadOnly,
                (_, Some(_)) => StorageAccess::ReadWrite,
                _ => StorageAccess::WriteOnly,
            };
            Some(BindingTy::StorageTexture { access, format: format.to_string(), dimension })
        }
        (Some(_), _) => {
            diag.error(
                field.role_span,
                Code::UnsupportedBinding,
                format!("the type of `{}` does not tell whether it binds a texture or a buffer", field.ident),
                "spell the handle type `Texture`, `TextureView`, `Buffer` or `BufferSlice` (`&wgpu::Buffer` or \
                 `&wgpu::TextureView` outside the graph), or name the pass's shader",
            );
            None
        }
    }
}
