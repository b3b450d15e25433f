//! What a binding of the shader is, in the terms of wgpu's bind group layout
//! entries.

/// The binding type a global needs, as wgpu's `BindingType` would say it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum GlobalKind {
    /// `texture_2d<f32>`, `texture_cube<i32>`, `texture_multisampled_2d<f32>`,
    /// `texture_depth_2d`, ...
    SampledTexture { sample_type: SampleType, dimension: ViewDimension, multisampled: bool },
    /// `texture_storage_2d<rgba16float, write>`, ...
    StorageTexture {
        /// The `wgpu::TextureFormat` variant name, e.g. `Rgba16Float`.
        format: String,
        access: StorageAccess,
        dimension: ViewDimension,
    },
    /// `sampler` or `sampler_comparison`.
    Sampler { comparison: bool },
    /// `var<uniform>`; `min_size` is the size of its type in bytes.
    UniformBuffer { min_size: u64 },
    /// `var<storage, ..>`; `min_size` is the size of its type in bytes, with a
    /// runtime-sized array counting one element, as wgpu checks it.
    StorageBuffer { read_only: bool, min_size: u64 },
    /// A binding the derive does not bind; `what` names it with its article,
    /// e.g. "a binding array".
    Unsupported { what: &'static str },
}

/// The sample type of a sampled texture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SampleType {
    /// `f32`, sampled with a filtering sampler by one of the pass's entry
    /// points.
    Float,
    /// `f32`, never sampled with a sampler by the pass's entry points (only
    /// loaded, queried, or unused). This is what wgpu derives for it, and a
    /// layout entry that accepts every float format.
    UnfilterableFloat,
    /// A depth texture (`texture_depth_*`).
    Depth,
    /// `i32`.
    Sint,
    /// `u32`.
    Uint,
}

impl SampleType {
    pub(crate) const ALL: [Self; 5] = [Self::Float, Self::UnfilterableFloat, Self::Depth, Self::Sint, Self::Uint];

    /// The word of the `sample_type = ..` option.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Self::Float => "float",
            Self::UnfilterableFloat => "unfilterable_float",
            Self::Depth => "depth",
            Self::Sint => "sint",
            Self::Uint => "uint",
        }
    }

    pub(crate) fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|value| value.name() == name)
    }

    /// The `wgpu::TextureSampleType` value as Rust source, e.g.
    /// `Float { filterable: true }`.
    pub(crate) const fn wgpu_expr(self) -> &'static str {
        match self {
            Self::Float => "Float { filterable: true }",
            Self::UnfilterableFloat => "Float { filterable: false }",
            Self::Depth => "Depth",
            Self::Sint => "Sint",
            Self::Uint => "Uint",
        }
    }
}

/// The view dimension a texture binding takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ViewDimension {
    D1,
    D2,
    D2Array,
    Cube,
    CubeArray,
    D3,
}

impl ViewDimension {
    pub(crate) const ALL: [Self; 6] = [Self::D1, Self::D2, Self::D2Array, Self::Cube, Self::CubeArray, Self::D3];

    /// The word of the `dimension = ..` option: the `wgpu::TextureViewDimension` variant.
    pub(crate) const fn name(self) -> &'static str {
        self.wgpu_name()
    }

    pub(crate) fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|value| value.name() == name)
    }

    /// The dimension of a naga image type.
    pub(super) const fn of(dim: naga::ImageDimension, arrayed: bool) -> Self {
        // WGSL has no arrayed 1D or 3D textures.
        match (dim, arrayed) {
            (naga::ImageDimension::D1, _) => Self::D1,
            (naga::ImageDimension::D2, false) => Self::D2,
            (naga::ImageDimension::D2, true) => Self::D2Array,
            (naga::ImageDimension::Cube, false) => Self::Cube,
            (naga::ImageDimension::Cube, true) => Self::CubeArray,
            (naga::ImageDimension::D3, _) => Self::D3,
        }
    }

    /// The `wgpu::TextureViewDimension` variant name, e.g. `D2Array`.
    pub(crate) const fn wgpu_name(self) -> &'static str {
        match self {
            Self::D1 => "D1",
            Self::D2 => "D2",
            Self::D2Array => "D2Array",
            Self::Cube => "Cube",
            Self::CubeArray => "CubeArray",
            Self::D3 => "D3",
        }
    }
}

/// How the shader accesses a storage texture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StorageAccess {
    /// `read`.
    ReadOnly,
    /// `write`.
    WriteOnly,
    /// `read_write`.
    ReadWrite,
    /// `atomic`.
    Atomic,
}

impl StorageAccess {
    /// The access of a naga storage image.
    pub(super) const fn of(access: naga::StorageAccess) -> Self {
        if access.contains(naga::StorageAccess::ATOMIC) {
            Self::Atomic
        } else if access.contains(naga::StorageAccess::LOAD.union(naga::StorageAccess::STORE)) {
            Self::ReadWrite
        } else if access.contains(naga::StorageAccess::STORE) {
            Self::WriteOnly
        } else {
            Self::ReadOnly
        }
    }

    /// The `wgpu::StorageTextureAccess` variant name, e.g. `WriteOnly`.
    pub(crate) const fn wgpu_name(self) -> &'static str {
        match self {
            Self::ReadOnly => "ReadOnly",
            Self::WriteOnly => "WriteOnly",
            Self::ReadWrite => "ReadWrite",
            Self::Atomic => "Atomic",
        }
    }
}
