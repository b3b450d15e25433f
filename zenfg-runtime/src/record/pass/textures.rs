//! Texture declarations through bindings and copies: sampled, storage
//! read and write, copy source and destination.

use super::PassBuilder;
use crate::error::Result;
use crate::handle::TextureTarget;
use crate::record::selection::TextureRule;
use crate::token::kind::{AcceptsRole, PassKind};
use crate::token::{
    AccessToken, SampledTexture, StorageTextureRead, StorageTextureWrite, TextureCopyDst, TextureCopySrc,
};
use crate::types::WriteContents;

impl<'frame, K: PassKind> PassBuilder<'_, 'frame, K> {
    /// Samples `target` (every mip and slice of a whole texture, or the view's
    /// selection). Needs `TEXTURE_BINDING`.
    pub fn sampled_texture(
        &mut self,
        target: impl Into<TextureTarget<'frame>>,
    ) -> Result<AccessToken<'frame, SampledTexture>>
    where
        K: AcceptsRole<SampledTexture>,
    {
        self.texture_read(target.into(), TextureRule::Everything)
    }

    /// Reads one mip of `target` through a read-only storage binding. A whole
    /// texture must have a single mip; otherwise pass a single-mip view.
    pub fn storage_texture_read(
        &mut self,
        target: impl Into<TextureTarget<'frame>>,
    ) -> Result<AccessToken<'frame, StorageTextureRead>>
    where
        K: AcceptsRole<StorageTextureRead>,
    {
        self.texture_read(target.into(), TextureRule::SingleMip)
    }

    /// Writes one mip of `target` through a storage binding.
    pub fn storage_texture_write(
        &mut self,
        target: impl Into<TextureTarget<'frame>>,
        contents: WriteContents,
    ) -> Result<AccessToken<'frame, StorageTextureWrite>>
    where
        K: AcceptsRole<StorageTextureWrite>,
    {
        self.texture_write(target.into(), TextureRule::SingleMip, contents)
    }

    /// Reads `target` as the source of copies the callback records.
    pub fn texture_copy_src(
        &mut self,
        target: impl Into<TextureTarget<'frame>>,
    ) -> Result<AccessToken<'frame, TextureCopySrc>>
    where
        K: AcceptsRole<TextureCopySrc>,
    {
        self.texture_read(target.into(), TextureRule::Everything)
    }

    /// Writes `target` as the destination of copies the callback records.
    pub fn texture_copy_dst(
        &mut self,
        target: impl Into<TextureTarget<'frame>>,
        contents: WriteContents,
    ) -> Result<AccessToken<'frame, TextureCopyDst>>
    where
        K: AcceptsRole<TextureCopyDst>,
    {
        self.texture_write(target.into(), TextureRule::Everything, contents)
    }
}
