//! Roots: the final values that matter, and so retain the work producing them.
//!
//! A root's reason must fit its resource (FG1107): `Present` selects a whole
//! surface texture, `Readback` an imported buffer whose exposed usage is
//! exactly `MAP_READ | COPY_DST`, `PersistentState` an imported resource;
//! `Output` and `DebugCapture` fit anything. Roots are resolved at compile:
//! identical declarations count once, and undefined rooted contents fail with
//! FG1004.

use wgpu::BufferUsages;

use super::access::TextureRule;
use super::{Region, ResourceShape, RootRecord};
use crate::desc::BufferRange;
use crate::error::{FrameGraphError, Result};
use crate::handle::{Buffer, SurfaceTexture, TextureTarget};
use crate::ids::ResourceId;
use crate::record::frame::Frame;
use crate::types::{ResourceOrigin, RootReason};

impl<'frame> Frame<'frame> {
    fn invalid_root(&self, resource: ResourceId, reason: RootReason, message: &str) -> FrameGraphError {
        FrameGraphError::InvalidRoot { resource: self.rec.resource_ref(resource), reason, message: message.into() }
    }

    fn check_reason(&self, resource: ResourceId, reason: RootReason, whole: bool) -> Result<()> {
        let record = &self.rec.resources[resource.index()];
        let facts = &self.rec.facts[resource.index()];
        let origin = facts.origin;
        match reason {
            RootReason::Present => {
                if origin != ResourceOrigin::Surface {
                    return Err(self.invalid_root(
                        resource,
                        reason,
                        "only surface textures are presented; import it with import_surface_texture",
                    ));
                }
                if !whole {
                    return Err(self.invalid_root(
                        resource,
                        reason,
                        "a surface is presented whole; root the texture, not a view",
                    ));
                }
            }
            RootReason::Readback => match &record.shape {
                ResourceShape::Buffer { .. } => {
                    if origin != ResourceOrigin::Imported
                        || facts.exposed_buffer_usage() != Some(BufferUsages::MAP_READ | BufferUsages::COPY_DST)
                    {
                        return Err(self.invalid_root(
                            resource,
                            reason,
                            "readback needs an imported buffer whose exposed usage is exactly MAP_READ | COPY_DST",
                        ));
                    }
                }
                ResourceShape::Texture { .. } => {
                    return Err(self.invalid_root(
                        resource,
                        reason,
                        "textures are read back by copying into a readback buffer",
                    ));
                }
            },
            RootReason::PersistentState if origin != ResourceOrigin::Imported => {
                return Err(self.invalid_root(
                    resource,
                    reason,
                    "persistent state lives in caller-owned storage; import the resource",
                ));
            }
            _ => {}
        }
        Ok(())
    }

    fn add_root(&mut self, root: RootRecord) {
        self.rec.roots.push(root);
    }

    /// Roots `range` of `buffer` for `reason`. An empty or out-of-bounds range
    /// fails with FG1103.
    pub fn mark_buffer_root(&mut self, buffer: Buffer<'frame>, range: BufferRange, reason: RootReason) -> Result<()> {
        let region = self.buffer_region(None, buffer, range)?;
        if let Region::Buffer { offset, end } = region
            && offset == end
        {
            let size = self.rec.facts[buffer.id.index()].buffer_size().unwrap_or(0);
            return Err(FrameGraphError::InvalidBufferRange {
                pass: None,
                resource: self.rec.resource_ref(buffer.id),
                range,
                resource_size: size,
            });
        }
        self.check_reason(buffer.id, reason, true)?;
        self.add_root(RootRecord { resource: buffer.id, reason, region });
        Ok(())
    }

    /// Roots a whole texture (every mip and slice) or a view's selection.
    ///
    /// ```
    /// use zenfg_runtime::{ColorAttachmentOps, CompileOptions, FrameGraph, RootReason, TextureDesc, wgpu::{Color, TextureFormat}};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let image = frame.create_texture(TextureDesc::new_2d("image", 64, 64, TextureFormat::Rgba8Unorm))?;
    /// let mut pass = frame.render_pass("draw");
    /// let _ = pass.color_attachment(image, ColorAttachmentOps::clear_store(Color::WHITE))?;
    /// pass.finish()?;
    /// frame.mark_texture_root(image, RootReason::DebugCapture)?;
    /// assert_eq!(frame.compile(CompileOptions::default())?.retained_node_count(), 1);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn mark_texture_root(&mut self, target: impl Into<TextureTarget<'frame>>, reason: RootReason) -> Result<()> {
        let target = target.into();
        let selection = self.texture_selection(None, target, TextureRule::Everything)?;
        self.check_reason(selection.resource, reason, matches!(target, TextureTarget::Texture(_)))?;
        self.add_root(RootRecord { resource: selection.resource, reason, region: Region::Texture(selection.region) });
        Ok(())
    }

    /// Roots the whole surface texture for presentation.
    pub fn mark_present(&mut self, surface: SurfaceTexture<'frame>) -> Result<()> {
        self.mark_texture_root(surface, RootReason::Present)
    }

    /// Roots `range` of a readback buffer (see [`RootReason::Readback`]).
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, BufferRange, FrameGraph, ImportBufferOptions, InitialContents, wgpu::BufferUsages};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let readback = frame.import_buffer(
    ///     BufferDesc::new("readback", 256),
    ///     ImportBufferOptions::new(InitialContents::Undefined).with_exposed_usage(BufferUsages::MAP_READ | BufferUsages::COPY_DST),
    /// )?;
    /// frame.mark_readback(readback, BufferRange::new(0, Some(64)))?;
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn mark_readback(&mut self, buffer: Buffer<'frame>, range: BufferRange) -> Result<()> {
        self.mark_buffer_root(buffer, range, RootReason::Readback)
    }
}
