//! Regions: the bytes of a buffer or the subresources of a texture that an
//! access or root selects.

use std::ops::Range;

use super::ResourceRecord;
use crate::desc::TextureDesc;
use crate::format::Layers;

/// Which slices of each selected mip a texture region covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Slices {
    /// `base..base + count` at every selected mip.
    Range { base: u32, count: u32 },
    /// Every depth slice of each selected mip of a 3D texture.
    AllDepth,
}

/// A selection of texture subresources: a run of mips, and slices per mip.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct TextureRegion {
    pub base_mip: u32,
    pub mip_count: u32,
    pub slices: Slices,
}

impl TextureRegion {
    /// Every subresource of the texture.
    pub fn whole(desc: &TextureDesc) -> Self {
        Self {
            base_mip: 0,
            mip_count: desc.mip_level_count,
            slices: match desc.dimension {
                wgpu::TextureDimension::D3 => Slices::AllDepth,
                _ => Slices::Range { base: 0, count: desc.size.depth_or_array_layers },
            },
        }
    }

    /// The slices covered at `mip` of a texture of `layers`.
    #[inline]
    pub fn slice_range(&self, layers: Layers, mip: u32) -> Range<u32> {
        match self.slices {
            Slices::Range { base, count } => base..base + count,
            Slices::AllDepth => 0..layers.at_mip(mip),
        }
    }

    pub fn mips(&self) -> Range<u32> {
        self.base_mip..self.base_mip + self.mip_count
    }
}

/// The subresources or bytes an access or root selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Region {
    Buffer { offset: u64, end: u64 },
    Texture(TextureRegion),
}

impl Region {
    /// The region as a public range, with texture regions expanded per mip.
    pub fn range_of(self, resource: &ResourceRecord) -> crate::desc::ResourceRange {
        use crate::desc::{BufferRange, ResourceRange, TextureSubresourceRange};
        // Buffer ranges do not read the resource record, which reports
        // building over large frames would otherwise fetch for every row.
        let region = match self {
            Self::Buffer { offset, end } => return ResourceRange::Buffer(BufferRange::new(offset, Some(end - offset))),
            Self::Texture(region) => region,
        };
        let Some(desc) = resource.texture_desc() else { return ResourceRange::Texture(Vec::new()) };
        let aspect = crate::format::normalized_aspect(desc.format);
        ResourceRange::Texture(
            region
                .mips()
                .map(|mip| {
                    let slices = region.slice_range(Layers::of(desc), mip);
                    TextureSubresourceRange {
                        base_mip_level: mip,
                        mip_level_count: 1,
                        base_slice: slices.start,
                        slice_count: slices.end - slices.start,
                        aspect,
                    }
                })
                .collect(),
        )
    }
}
