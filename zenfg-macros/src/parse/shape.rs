//! The type of an access field: how many handles it holds, and whether its
//! role takes that many.

use syn::spanned::Spanned;
use syn::{GenericArgument, Ident, PathArguments, Type};

use crate::diag::{Code, Diagnostics};
use crate::model::{Access, Role, Shape};

/// The shape of a field type and the handle type inside it.
pub(crate) fn shape_of(ty: &Type) -> (Shape, Type) {
    match ty {
        Type::Array(array) => (Shape::Array(array.len.clone()), (*array.elem).clone()),
        Type::Path(path) if path.qself.is_none() => {
            let Some(last) = path.path.segments.last() else { return (Shape::One, ty.clone()) };
            let wrapper = match last.ident.to_string().as_str() {
                "Option" => Shape::Optional,
                "Vec" => Shape::Vec,
                _ => return (Shape::One, ty.clone()),
            };
            match &last.arguments {
                PathArguments::AngleBracketed(args) if args.args.len() == 1 => match args.args.first() {
                    Some(GenericArgument::Type(inner)) => (wrapper, inner.clone()),
                    _ => (Shape::One, ty.clone()),
                },
                _ => (Shape::One, ty.clone()),
            }
        }
        _ => (Shape::One, ty.clone()),
    }
}

/// Checks that the role of `access` takes a field of `shape`.
pub(crate) fn check_shape(field: &Ident, shape: &Shape, access: &Access, ty: &Type, diag: &mut Diagnostics) {
    let role = access.role;
    let single_only = matches!(role, Role::ResolveTarget);
    let at_most_one = matches!(role, Role::DepthAttachment | Role::DepthRead);
    let slotted = access.attachment.as_ref().and_then(|attachment| attachment.slot).is_some();
    let problem = match shape {
        Shape::One => None,
        Shape::Optional if single_only => Some("a resolve target is a single handle"),
        Shape::Optional if slotted => Some("`slot` places one handle; give the field a single handle"),
        Shape::Optional => None,
        _ if single_only => Some("a resolve target is a single handle"),
        _ if at_most_one => Some("a render pass has at most one depth attachment; use a handle or an `Option`"),
        _ if slotted => Some("`slot` places one handle; repeated attachments take consecutive slots in field order"),
        _ => None,
    };
    if let Some(problem) = problem {
        diag.error(
            ty.span(),
            Code::UnsupportedFieldType,
            format!("`{field}` cannot have this type under `#[{}]`: {problem}", role.name()),
            "change the field type or the attribute",
        );
    }
}
