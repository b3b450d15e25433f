//! Descriptors of logical resources, views and ranges.

use std::borrow::Cow;
use std::fmt;

use wgpu::{
    BufferUsages, Extent3d, TextureAspect, TextureDimension, TextureFormat, TextureUsages, TextureViewDimension,
};

use crate::types::{InitialContents, UsagePolicy};

/// A label: free for string literals, owned otherwise.
pub type Label = Cow<'static, str>;

/// Describes a logical texture.
#[derive(Clone, Debug)]
pub struct TextureDesc {
    /// Name shown in errors, reports and Snapshots; must not be blank.
    pub label: Label,
    /// Width, height and depth or array layers.
    pub size: Extent3d,
    /// Number of mip levels (at least 1).
    pub mip_level_count: u32,
    /// Samples per texel (at least 1).
    pub sample_count: u32,
    /// 1D, 2D or 3D.
    pub dimension: TextureDimension,
    /// Texel format. Formats with a stencil aspect are not supported.
    pub format: TextureFormat,
    /// Other formats views may use; each must be of the same category
    /// (color or depth) as `format`.
    pub view_formats: Vec<TextureFormat>,
    /// How the usage of a transient is chosen; ignored for imports, which use
    /// the exposed usage of their import options.
    pub usage: UsagePolicy<TextureUsages>,
}

/// Whether `a` and `b` are one value or equal ones: for values a recording
/// usually takes from the same constant as the one before, whose addresses
/// then settle it before the contents are read.
pub(crate) fn same_or_equal<T: PartialEq + ?Sized>(a: &T, b: &T) -> bool {
    std::ptr::eq(a, b) || a == b
}

/// Field by field, the label last: a frame recorded like the one before
/// compares each texture with its predecessor, whose label is usually the
/// same string literal, so equal addresses settle it before the bytes are read.
impl PartialEq for TextureDesc {
    fn eq(&self, other: &Self) -> bool {
        // Named in full, so that a new field cannot be left out.
        let Self { label, size, mip_level_count, sample_count, dimension, format, view_formats, usage } = self;
        *size == other.size
            && *mip_level_count == other.mip_level_count
            && *sample_count == other.sample_count
            && *dimension == other.dimension
            && *format == other.format
            && *usage == other.usage
            && *view_formats == other.view_formats
            && same_or_equal(&**label, &*other.label)
    }
}

impl Eq for TextureDesc {}

impl TextureDesc {
    /// A 2D texture with one layer, one mip, one sample and inferred usage.
    #[must_use]
    pub fn new_2d(label: impl Into<Label>, width: u32, height: u32, format: TextureFormat) -> Self {
        Self {
            label: label.into(),
            size: Extent3d { width, height, depth_or_array_layers: 1 },
            mip_level_count: 1,
            sample_count: 1,
            dimension: TextureDimension::D2,
            format,
            view_formats: Vec::new(),
            usage: UsagePolicy::Infer,
        }
    }

    /// The same descriptor with `mip_level_count` mips.
    #[must_use]
    pub fn with_mips(mut self, mip_level_count: u32) -> Self {
        self.mip_level_count = mip_level_count;
        self
    }

    /// The same descriptor with `layers` array layers (depth for 3D textures).
    #[must_use]
    pub fn with_layers(mut self, layers: u32) -> Self {
        self.size.depth_or_array_layers = layers;
        self
    }

    /// The same descriptor with `sample_count` samples.
    #[must_use]
    pub fn with_samples(mut self, sample_count: u32) -> Self {
        self.sample_count = sample_count;
        self
    }

    /// The same descriptor with a fixed usage.
    #[must_use]
    pub fn with_usage(mut self, usage: TextureUsages) -> Self {
        self.usage = UsagePolicy::Fixed(usage);
        self
    }
}

/// Describes a logical buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BufferDesc {
    /// Name shown in errors, reports and Snapshots; must not be blank.
    pub label: Label,
    /// Logical size in bytes. Zero is allowed: such a buffer has no contents.
    pub size: u64,
    /// How the usage of a transient is chosen; ignored for imports.
    pub usage: UsagePolicy<BufferUsages>,
}

impl BufferDesc {
    /// A buffer of `size` bytes with inferred usage.
    #[must_use]
    pub fn new(label: impl Into<Label>, size: u64) -> Self {
        Self { label: label.into(), size, usage: UsagePolicy::Infer }
    }

    /// The same descriptor with a fixed usage.
    #[must_use]
    pub fn with_usage(mut self, usage: BufferUsages) -> Self {
        self.usage = UsagePolicy::Fixed(usage);
        self
    }
}

/// A byte range of a buffer, resolved against the logical size when used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct BufferRange {
    /// First byte.
    pub offset: u64,
    /// Number of bytes; `None` reaches to the end of the buffer.
    pub size: Option<u64>,
}

impl BufferRange {
    /// `size` bytes from `offset`; `None` reaches to the end.
    #[must_use]
    pub const fn new(offset: u64, size: Option<u64>) -> Self {
        Self { offset, size }
    }

    /// The whole buffer.
    #[must_use]
    pub const fn whole() -> Self {
        Self { offset: 0, size: None }
    }

    /// Resolves against a logical size into `offset..end`, or `None` when the
    /// range overflows or reaches beyond `buffer_size`.
    #[must_use]
    #[inline]
    pub fn resolve(self, buffer_size: u64) -> Option<(u64, u64)> {
        let end = match self.size {
            Some(size) => self.offset.checked_add(size)?,
            None => buffer_size,
        };
        (self.offset <= end && end <= buffer_size).then_some((self.offset, end))
    }
}

impl fmt::Display for BufferRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.size {
            Some(size) => write!(f, "bytes {}..+{size}", self.offset),
            None => write!(f, "bytes {}..end", self.offset),
        }
    }
}

/// Options of an imported texture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImportTextureOptions {
    /// Whether the contents are meaningful when the frame starts.
    pub initial_contents: InitialContents,
    /// The usage the bound native texture is promised to have. `None` means
    /// "whatever the retained accesses need", checked when the native is bound
    /// and again before execution.
    pub exposed_usage: Option<TextureUsages>,
}

impl ImportTextureOptions {
    /// Options with the given initial contents and no exposed usage.
    #[must_use]
    pub const fn new(initial_contents: InitialContents) -> Self {
        Self { initial_contents, exposed_usage: None }
    }

    /// The same options with an exposed usage.
    #[must_use]
    pub const fn with_exposed_usage(mut self, usage: TextureUsages) -> Self {
        self.exposed_usage = Some(usage);
        self
    }
}

/// Options of an imported buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImportBufferOptions {
    /// Whether the contents are meaningful when the frame starts.
    pub initial_contents: InitialContents,
    /// The usage the bound native buffer is promised to have.
    pub exposed_usage: Option<BufferUsages>,
}

impl ImportBufferOptions {
    /// Options with the given initial contents and no exposed usage.
    #[must_use]
    pub const fn new(initial_contents: InitialContents) -> Self {
        Self { initial_contents, exposed_usage: None }
    }

    /// The same options with an exposed usage.
    #[must_use]
    pub const fn with_exposed_usage(mut self, usage: BufferUsages) -> Self {
        self.exposed_usage = Some(usage);
        self
    }
}

/// Describes a logical texture view: a format and a subresource selection.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TextureViewDesc {
    /// Optional name of the view.
    pub label: Option<Label>,
    /// View format; `None` is the texture's format.
    pub format: Option<TextureFormat>,
    /// View dimension; `None` is inferred from the texture and layer count.
    pub dimension: Option<TextureViewDimension>,
    /// `All`, or `DepthOnly` for depth textures.
    pub aspect: TextureAspect,
    /// First mip level.
    pub base_mip_level: u32,
    /// Number of mips; `None` is every remaining mip.
    pub mip_level_count: Option<u32>,
    /// First array layer.
    pub base_array_layer: u32,
    /// Number of layers; `None` is every remaining layer. A 3D view has one
    /// array layer: `None` or `Some(1)`.
    pub array_layer_count: Option<u32>,
}

impl TextureViewDesc {
    /// A view of the single mip `mip`, every layer.
    #[must_use]
    pub fn mip(mip: u32) -> Self {
        Self { base_mip_level: mip, mip_level_count: Some(1), ..Self::default() }
    }

    /// A 2D view of the single layer `layer`, every mip.
    #[must_use]
    pub fn layer(layer: u32) -> Self {
        Self {
            dimension: Some(TextureViewDimension::D2),
            base_array_layer: layer,
            array_layer_count: Some(1),
            ..Self::default()
        }
    }

    /// The same descriptor with a label.
    #[must_use]
    pub fn with_label(mut self, label: impl Into<Label>) -> Self {
        self.label = Some(label.into());
        self
    }
}

/// A view descriptor with every default resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NormalizedTextureViewDesc {
    /// The view's label, if any.
    pub label: Option<Label>,
    /// Resolved format.
    pub format: TextureFormat,
    /// Resolved dimension.
    pub dimension: TextureViewDimension,
    /// `All` for color formats, `DepthOnly` for depth formats.
    pub aspect: TextureAspect,
    /// First mip.
    pub base_mip_level: u32,
    /// Number of mips (at least 1).
    pub mip_level_count: u32,
    /// First array layer (0 for 3D views).
    pub base_array_layer: u32,
    /// Number of layers; `None` for 3D views, which select every depth slice.
    pub array_layer_count: Option<u32>,
}

/// One normalized subresource region: one mip, one aspect, a run of slices.
///
/// Slices are array layers, or depth slices for 3D textures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TextureSubresourceRange {
    /// The mip level.
    pub base_mip_level: u32,
    /// Always 1: ranges are normalized per mip.
    pub mip_level_count: u32,
    /// First slice.
    pub base_slice: u32,
    /// Number of slices.
    pub slice_count: u32,
    /// `All` for color formats, `DepthOnly` for depth formats.
    pub aspect: TextureAspect,
}

impl fmt::Display for TextureSubresourceRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let end = u64::from(self.base_slice) + u64::from(self.slice_count);
        write!(f, "mip {} slices {}..{end}", self.base_mip_level, self.base_slice)
    }
}

/// A resolved range of a resource, as reported.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ResourceRange {
    /// Bytes `offset..offset + size` of a buffer (`size` always resolved).
    Buffer(BufferRange),
    /// Per-mip subresource regions of a texture.
    Texture(Vec<TextureSubresourceRange>),
}

impl fmt::Display for ResourceRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Buffer(range) => range.fmt(f),
            Self::Texture(regions) => {
                for (index, region) in regions.iter().enumerate() {
                    if index > 0 {
                        f.write_str(", ")?;
                    }
                    region.fmt(f)?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use wgpu::{TextureDimension, TextureFormat, TextureUsages};

    use super::TextureDesc;
    use crate::types::UsagePolicy;

    #[test]
    fn texture_descriptors_are_equal_exactly_when_every_field_is() {
        let base = TextureDesc::new_2d("albedo", 64, 32, TextureFormat::Rgba8Unorm);
        let owned = TextureDesc { label: Cow::Owned("albedo".to_owned()), ..base.clone() };
        assert_eq!(base, owned, "labels compare by their text, wherever it lives");
        let changes: [fn(&mut TextureDesc); 8] = [
            |desc| desc.label = Cow::Borrowed("albedo2"),
            |desc| desc.size.width = 65,
            |desc| desc.mip_level_count = 2,
            |desc| desc.sample_count = 4,
            |desc| desc.dimension = TextureDimension::D3,
            |desc| desc.format = TextureFormat::Rgba16Float,
            |desc| desc.view_formats.push(TextureFormat::Rgba8UnormSrgb),
            |desc| desc.usage = UsagePolicy::Fixed(TextureUsages::COPY_DST),
        ];
        for change in changes {
            let mut changed = base.clone();
            change(&mut changed);
            assert_ne!(base, changed, "{changed:?}");
        }
    }
}
