//! What the fragment entry points of a derived render pass write into its
//! color attachments: the table the derive writes, checked against the
//! attachments' formats when the pass is added.

use wgpu::{TextureFormat, TextureSampleType};

/// The scalar type of a fragment output, which the format of its color
/// attachment must share: `f32` for float, normalized and sRGB formats,
/// `i32` and `u32` for the integer ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OutputScalar {
    /// `f32`.
    Float,
    /// `i32`.
    Sint,
    /// `u32`.
    Uint,
}

impl OutputScalar {
    /// The WGSL type of a value of `components` components.
    pub(crate) fn wgsl(self, components: u8) -> String {
        let scalar = match self {
            Self::Float => "f32",
            Self::Sint => "i32",
            Self::Uint => "u32",
        };
        if components == 1 { scalar.to_owned() } else { format!("vec{components}<{scalar}>") }
    }

    /// The scalar type a color attachment of `format` is written with, and
    /// its components; `None` for a format that is no color target.
    pub(crate) fn of_format(format: TextureFormat) -> Option<(Self, u8)> {
        let scalar = match format.sample_type(None, None)? {
            TextureSampleType::Float { .. } => Self::Float,
            TextureSampleType::Sint => Self::Sint,
            TextureSampleType::Uint => Self::Uint,
            TextureSampleType::Depth => return None,
        };
        Some((scalar, format.components()))
    }
}

/// One `@location` output of a fragment entry point of a derived render
/// pass, and the color attachment field whose slot it writes.
/// `#[derive(Pass)]` writes one per output in
/// [`Pass::COLOR_OUTPUTS`](crate::Pass::COLOR_OUTPUTS).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ColorOutput {
    /// The fragment entry point.
    pub entry_point: &'static str,
    /// The color attachment field whose slots hold `slot`.
    pub field: &'static str,
    /// The `@location`, which is the color attachment slot it writes.
    pub slot: u32,
    /// The scalar type of the output.
    pub scalar: OutputScalar,
    /// Its components: 1 for a scalar, 2 to 4 for a vector.
    pub components: u8,
}
