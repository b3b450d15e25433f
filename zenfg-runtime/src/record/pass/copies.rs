//! Copy passes: declarative copies, each declaring its source and
//! destination accesses and recording its op.

use wgpu::Extent3d;

use super::PassBuilder;
use crate::desc::{BufferRange, TextureDesc};
use crate::error::{FrameGraphError, Result};
use crate::handle::Buffer;
use crate::ops::{BufferTextureCopyLocation, TextureCopyLocation};
use crate::record::copy::{
    CopyDirection, Footprint, FootprintBlame, buffer_footprint, check_buffer_layout, check_texture_pair, is_empty_copy,
    misaligned, off_block, texture_copy_region,
};
use crate::record::{AccessRecord, CopyLayout, CopyOp, Recording, Region, TexturePoint};
use crate::token::kind;
use crate::types::{AccessRole, WriteContents};

impl<'frame> PassBuilder<'_, 'frame, kind::Copy> {
    fn invalid_copy(&self, resource: crate::ids::ResourceId, message: String) -> FrameGraphError {
        FrameGraphError::InvalidNodeOperation {
            pass: self.pass.clone(),
            resource: Some(self.frame.rec.resource_ref(resource)),
            message,
        }
    }

    /// The FG1106 of a buffer footprint, naming the side it is about.
    fn invalid_footprint(
        &self,
        texture: crate::ids::ResourceId,
        buffer: crate::ids::ResourceId,
        (blame, message): (FootprintBlame, String),
    ) -> FrameGraphError {
        match blame {
            FootprintBlame::Texture => self.invalid_copy(texture, message),
            FootprintBlame::Buffer => self.invalid_copy(buffer, message),
        }
    }

    /// The buffer bytes a buffer-texture copy touches, once its layout has
    /// passed wgpu's rules (unless the capabilities waive them) and fits the
    /// buffer.
    fn footprint(
        &self,
        texture: crate::ids::ResourceId,
        buffer: BufferTextureCopyLocation<'frame>,
        (size, whole): (Extent3d, bool),
        direction: CopyDirection,
    ) -> Result<Footprint> {
        let buffer_size = self.frame.rec.facts[buffer.buffer.id.index()].buffer_size().unwrap_or(0);
        let desc = self.frame.rec.texture_desc(texture);
        let rules = if self.frame.graph.capabilities.checks_copy_layouts() {
            check_buffer_layout((desc.format, desc.sample_count), buffer.layout, (size, whole), direction)
        } else {
            Ok(())
        };
        rules
            .and_then(|()| buffer_footprint(desc, buffer.layout, size, buffer_size))
            .map_err(|error| self.invalid_footprint(texture, buffer.buffer.id, error))
    }

    /// Pushes the accesses of one copy and its op, or nothing at all.
    fn record_copy(&mut self, accesses: [AccessRecord; 2], op: CopyOp) -> Result<&mut Self> {
        let before = self.frame.rec.accesses.len();
        for access in accesses {
            if let Err(error) = self.push(access) {
                self.roll_back(before);
                return Err(error);
            }
        }
        self.frame.rec.copies.push(op);
        Ok(self)
    }

    fn texture_point(
        &self,
        location: TextureCopyLocation<'frame>,
        size: Extent3d,
    ) -> Result<(TexturePoint, crate::record::copy::TextureCopyRegion)> {
        self.frame.check_brand_in(Some(&self.pass), location.texture.brand)?;
        let id = location.texture.id;
        let desc = self.frame.rec.texture_desc(id);
        if self.frame.graph.capabilities.checks_copy_layouts()
            && let Some(message) = off_block(desc.format, location.origin, size)
        {
            return Err(self.invalid_copy(id, message));
        }
        let region = texture_copy_region(desc, location.mip_level, location.origin, location.aspect, size)
            .map_err(|message| self.invalid_copy(id, message))?;
        let point =
            TexturePoint { texture: id, mip_level: location.mip_level, origin: location.origin, aspect: region.aspect };
        Ok((point, region))
    }

    /// Copies `size` bytes between buffers. The destination range is
    /// overwritten. A zero-size copy is still encoded but affects no contents.
    /// Both offsets and the size must be multiples of 4
    /// (`wgpu::COPY_BUFFER_ALIGNMENT`), else FG1106 names the buffer; source
    /// and destination are two buffers (FG1105 for overlapping ranges of one,
    /// FG1106 for disjoint ones, which wgpu refuses as well).
    pub fn copy_buffer_to_buffer(
        &mut self,
        src: Buffer<'frame>,
        src_offset: u64,
        dst: Buffer<'frame>,
        dst_offset: u64,
        size: u64,
    ) -> Result<&mut Self> {
        let src_region = self.frame.buffer_region(Some(&self.pass), src, BufferRange::new(src_offset, Some(size)))?;
        let dst_region = self.frame.buffer_region(Some(&self.pass), dst, BufferRange::new(dst_offset, Some(size)))?;
        for (buffer, offset, side) in [(src, src_offset, "copy's source"), (dst, dst_offset, "copy's destination")] {
            if let Some(message) = misaligned(side, offset, size) {
                return Err(self.invalid_copy(buffer.id, message));
            }
        }
        let overlapping = src_offset < dst_offset.saturating_add(size) && dst_offset < src_offset.saturating_add(size);
        if src.id == dst.id && !overlapping {
            return Err(self.invalid_copy(
                src.id,
                "a buffer copy's source and destination are two buffers: copy through a second buffer".into(),
            ));
        }
        let effect = size > 0;
        self.record_copy(
            [
                self.read(AccessRole::BufferCopySrc, src.id, None, src_region).with_graph_effect(effect),
                self.write(AccessRole::BufferCopyDst, dst.id, None, dst_region, WriteContents::Overwrite)
                    .with_graph_effect(effect),
            ],
            CopyOp::BufferToBuffer { src: src.id, src_offset, dst: dst.id, dst_offset, size },
        )
    }

    /// Copies texel rows from a buffer into a texture region. The region is
    /// overwritten when it covers whole (block-rounded) slices, else preserved.
    ///
    /// FG1106 names the buffer or the texture when the copy breaks a rule of
    /// wgpu's: an offset of whole texel blocks (4 bytes for depth),
    /// `bytes_per_row` a multiple of 256 given whenever the copy has several
    /// rows (and `rows_per_image` whenever it has several layers), whole
    /// blocks, a single-sampled texture, whole mips of a depth texture, and a
    /// format buffers can be copied into (not `Depth24Plus` or
    /// `Depth32Float`).
    pub fn copy_buffer_to_texture(
        &mut self,
        src: BufferTextureCopyLocation<'frame>,
        dst: TextureCopyLocation<'frame>,
        size: Extent3d,
    ) -> Result<&mut Self> {
        self.frame.check_brand_in(Some(&self.pass), src.buffer.brand)?;
        let (point, region) = self.texture_point(dst, size)?;
        let footprint =
            self.footprint(point.texture, src, (size, region.whole_slices), CopyDirection::BufferToTexture)?;
        let effect = !is_empty_copy(size);
        let contents = if region.whole_slices { WriteContents::Overwrite } else { WriteContents::Preserve };
        self.record_copy(
            [
                self.read(AccessRole::BufferCopySrc, src.buffer.id, None, footprint.tracked(effect))
                    .with_graph_effect(effect),
                self.write(AccessRole::TextureCopyDst, point.texture, None, Region::Texture(region.region), contents)
                    .with_graph_effect(effect),
            ],
            CopyOp::BufferToTexture { src: src.buffer.id, layout: CopyLayout(src.layout), dst: point, size },
        )
    }

    /// Copies a texture region into texel rows of a buffer. The buffer range
    /// is overwritten when tightly packed; padding between rows or images
    /// keeps its old bytes, so the range is preserved (and must be defined).
    ///
    /// ```
    /// use zenfg_runtime::wgpu::{Extent3d, TexelCopyBufferLayout, TextureFormat};
    /// use zenfg_runtime::{
    ///     BufferDesc, BufferRange, BufferTextureCopyLocation, CompileOptions, FrameGraph, ImportTextureOptions,
    ///     InitialContents, RootReason, TextureCopyLocation, TextureDesc,
    /// };
    /// let mut graph = FrameGraph::new();
    /// let size = Extent3d { width: 64, height: 4, depth_or_array_layers: 1 };
    /// for (bytes_per_row, compiles) in [(256, true), (512, false)] {
    ///     let mut frame = graph.begin_frame();
    ///     let desc = TextureDesc::new_2d("image", 64, 4, TextureFormat::Rgba8Unorm);
    ///     let image = frame.import_texture(desc, ImportTextureOptions::new(InitialContents::Defined))?;
    ///     let staging = frame.create_buffer(BufferDesc::new("staging", 2048))?;
    ///     let layout = TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(bytes_per_row), rows_per_image: None };
    ///     let mut copy = frame.copy_pass("download");
    ///     copy.copy_texture_to_buffer(
    ///         TextureCopyLocation::new(image),
    ///         BufferTextureCopyLocation::new(staging, layout),
    ///         size,
    ///     )?;
    ///     copy.finish()?;
    ///     let rows = u64::from(bytes_per_row) * 3 + 256;
    ///     frame.mark_buffer_root(staging, BufferRange::new(0, Some(rows)), RootReason::Output)?;
    ///     // Padded rows keep the staging buffer's undefined bytes between them.
    ///     let result = frame.compile(CompileOptions::default());
    ///     assert_eq!(result.is_ok(), compiles);
    ///     if let Err(error) = result {
    ///         assert_eq!(error.code(), "FG1002");
    ///     }
    /// }
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn copy_texture_to_buffer(
        &mut self,
        src: TextureCopyLocation<'frame>,
        dst: BufferTextureCopyLocation<'frame>,
        size: Extent3d,
    ) -> Result<&mut Self> {
        self.frame.check_brand_in(Some(&self.pass), dst.buffer.brand)?;
        let (point, region) = self.texture_point(src, size)?;
        let footprint =
            self.footprint(point.texture, dst, (size, region.whole_slices), CopyDirection::TextureToBuffer)?;
        let effect = !is_empty_copy(size);
        let contents = if footprint.tightly_packed { WriteContents::Overwrite } else { WriteContents::Preserve };
        self.record_copy(
            [
                self.read(AccessRole::TextureCopySrc, point.texture, None, Region::Texture(region.region))
                    .with_graph_effect(effect),
                self.write(AccessRole::BufferCopyDst, dst.buffer.id, None, footprint.tracked(effect), contents)
                    .with_graph_effect(effect),
            ],
            CopyOp::TextureToBuffer { src: point, dst: dst.buffer.id, layout: CopyLayout(dst.layout), size },
        )
    }

    /// Copies a texture region into another texture. The destination is
    /// overwritten when it covers whole slices, else preserved. The formats
    /// may differ only in being sRGB, the sample counts must be equal, and a
    /// depth or multisampled copy must cover whole mips (FG1106 otherwise).
    pub fn copy_texture_to_texture(
        &mut self,
        src: TextureCopyLocation<'frame>,
        dst: TextureCopyLocation<'frame>,
        size: Extent3d,
    ) -> Result<&mut Self> {
        let (src_point, src_region) = self.texture_point(src, size)?;
        let (dst_point, dst_region) = self.texture_point(dst, size)?;
        let (rec, shape) = (&self.frame.rec, |desc: &TextureDesc| (desc.format, desc.sample_count));
        check_texture_pair(
            shape(rec.texture_desc(src_point.texture)),
            shape(rec.texture_desc(dst_point.texture)),
            src_region.whole_slices && dst_region.whole_slices,
        )
        .map_err(|message| self.invalid_copy(dst_point.texture, message))?;
        if src_point.texture == dst_point.texture && effect_free_overlap(rec, src_point, dst_point, size) {
            return Err(FrameGraphError::ConflictingAccesses {
                pass: self.pass.clone(),
                resource: rec.resource_ref(src_point.texture),
                message: format!(
                    "the empty copy reads and writes mip {} at the same layers, which wgpu refuses however \
                     little it copies; copy between other mips or layers, or leave the copy out",
                    src_point.mip_level
                ),
            });
        }
        let effect = !is_empty_copy(size);
        let contents = if dst_region.whole_slices { WriteContents::Overwrite } else { WriteContents::Preserve };
        self.record_copy(
            [
                self.read(AccessRole::TextureCopySrc, src_point.texture, None, Region::Texture(src_region.region))
                    .with_graph_effect(effect),
                self.write(
                    AccessRole::TextureCopyDst,
                    dst_point.texture,
                    None,
                    Region::Texture(dst_region.region),
                    contents,
                )
                .with_graph_effect(effect),
            ],
            CopyOp::TextureToTexture { src: src_point, dst: dst_point, size },
        )
    }
}

/// Whether an empty copy within one texture reads and writes one mip at
/// overlapping layers (a 3D texture's copies count one layer, as wgpu counts
/// them): wgpu refuses it although it copies nothing, and its empty regions
/// overlap nothing in the conflict check, so a copy that is not empty is
/// left to that check.
fn effect_free_overlap(rec: &Recording<'_>, src: TexturePoint, dst: TexturePoint, size: Extent3d) -> bool {
    if !is_empty_copy(size) || src.mip_level != dst.mip_level {
        return false;
    }
    let layers = match rec.texture_desc(src.texture).dimension {
        wgpu::TextureDimension::D1 | wgpu::TextureDimension::D3 => 1,
        wgpu::TextureDimension::D2 => size.depth_or_array_layers,
    };
    let (a, b) = (u64::from(src.origin.z), u64::from(dst.origin.z));
    a < b + u64::from(layers) && b < a + u64::from(layers)
}
