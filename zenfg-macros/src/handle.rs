//! What a field's handle type is, as far as its spelling tells. The role
//! traits decide in the end; the spelling lets the expansion name view types
//! directly and leave out code that could only repeat a type error.

use syn::Type;

use crate::model::Role;

/// A handle type by its spelling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Spelling {
    /// `Texture` or `TextureView`.
    Texture,
    /// `SurfaceTexture`.
    Surface,
    /// `Buffer` or `BufferSlice`.
    Buffer,
    /// A type that is never a handle: a primitive, a reference, a tuple, ...
    NotAHandle,
    /// A native wgpu object (`wgpu::TextureView`, `&wgpu::Buffer`, ...),
    /// which the graph does not track.
    Native,
    /// Any other path, such as an alias, which only the type system resolves.
    Unknown,
}

/// Names of types that are never handles.
const NOT_HANDLES: [&str; 20] = [
    "bool", "char", "str", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
    "f32", "f64", "String", "Vec", "Option",
];

/// The last path segment of a type, such as `Texture` for `zenfg_runtime::Texture<'f>`.
pub(crate) fn type_name(ty: &Type) -> Option<String> {
    match ty {
        Type::Path(path) if path.qself.is_none() => path.path.segments.last().map(|segment| segment.ident.to_string()),
        Type::Group(group) => type_name(&group.elem),
        Type::Paren(paren) => type_name(&paren.elem),
        _ => None,
    }
}

/// What `ty` is by its spelling.
pub(crate) fn spelling(ty: &Type) -> Spelling {
    if is_native(ty) {
        return Spelling::Native;
    }
    match type_name(ty).as_deref() {
        Some("Texture" | "TextureView") => Spelling::Texture,
        Some("SurfaceTexture") => Spelling::Surface,
        Some("Buffer" | "BufferSlice") => Spelling::Buffer,
        Some(name) if NOT_HANDLES.contains(&name) => Spelling::NotAHandle,
        Some(_) => Spelling::Unknown,
        None if matches!(ty, Type::Macro(_) | Type::Verbatim(_)) => Spelling::Unknown,
        None => Spelling::NotAHandle,
    }
}

/// Whether `ty` is spelled as a wgpu type, or a reference to one.
pub(crate) fn is_native(ty: &Type) -> bool {
    match ty {
        Type::Path(path) if path.qself.is_none() => path.path.segments.iter().any(|segment| segment.ident == "wgpu"),
        Type::Reference(reference) => is_native(&reference.elem),
        Type::Group(group) => is_native(&group.elem),
        Type::Paren(paren) => is_native(&paren.elem),
        _ => false,
    }
}

impl Spelling {
    /// Whether `role` takes a handle spelled so, when the spelling tells.
    pub(crate) fn fits(self, role: Role) -> Option<bool> {
        match self {
            Self::Unknown | Self::Native => None,
            Self::NotAHandle => Some(false),
            Self::Texture | Self::Surface => Some(role.takes_textures()),
            Self::Buffer => Some(role.takes_buffers()),
        }
    }
}

#[cfg(test)]
mod tests {
    use syn::parse_quote;

    use super::{Spelling, spelling};
    use crate::model::Role;

    #[test]
    fn handles_are_told_by_their_last_segment() {
        assert_eq!(spelling(&parse_quote!(zenfg_runtime::Texture<'f>)), Spelling::Texture);
        assert_eq!(spelling(&parse_quote!(SurfaceTexture<'f>)), Spelling::Surface);
        assert_eq!(spelling(&parse_quote!(BufferSlice<'f>)), Spelling::Buffer);
        assert_eq!(spelling(&parse_quote!(Scratch<'f>)), Spelling::Unknown);
        assert_eq!(spelling(&parse_quote!(u32)), Spelling::NotAHandle);
        assert_eq!(spelling(&parse_quote!(&'f Texture<'f>)), Spelling::NotAHandle);
        assert_eq!(spelling(&parse_quote!((Texture<'f>, Buffer<'f>))), Spelling::NotAHandle);
    }

    #[test]
    fn fits_follows_the_families_of_the_role() {
        assert_eq!(Spelling::Buffer.fits(Role::Sampled), Some(false));
        assert_eq!(Spelling::Texture.fits(Role::StorageRead), Some(true));
        assert_eq!(Spelling::Buffer.fits(Role::CopyDst), Some(true));
        assert_eq!(Spelling::Surface.fits(Role::Vertex), Some(false));
        assert_eq!(Spelling::NotAHandle.fits(Role::CopySrc), Some(false));
        assert_eq!(Spelling::Unknown.fits(Role::Uniform), None);
    }
}
