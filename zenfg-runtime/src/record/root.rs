//! Roots: the final values that matter, and so retain the work producing them.
//!
//! A root's reason must fit its resource (FG1107): `Present` selects a whole
//! surface texture, `Readback` an imported buffer whose exposed usage is
//! exactly `MAP_READ | COPY_DST`, `PersistentState` an imported resource;
//! `Output` and `DebugCapture` fit anything. Roots are resolved at compile:
//! identical declarations count once, and undefined rooted contents fail with
//! FG1004.

use wgpu::BufferUsages;

use super::selection::TextureRule;
use super::{Region, ResourceShape};
use crate::desc::BufferRange;
use crate::error::{FrameGraphError, Result};
use crate::handle::{Buffer, SurfaceTexture, TextureTarget};
use crate::ids::ResourceId;
use crate::record::frame::Frame;
use crate::types::{ResourceOrigin, RootReason};

/// One declared root, with its region resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct RootRecord {
    pub resource: ResourceId,
    pub reason: RootReason,
    pub region: Region,
}

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
                            "readback needs an imported buffer whose exposed usage is exactly MAP_READ | COPY_DST; \
                             import it with `ImportBufferOptions::new(..).with_exposed_usage(BufferUsages::MAP_READ \
                             | BufferUsages::COPY_DST)`, or with `import_native_buffer` of a buffer created with \
                             that usage",
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
    /// fails with FG1103, a reason that does not fit the buffer with FG1107;
    /// neither poisons the recording. The rooted contents must be defined when
    /// the frame ends (FG1004 at compile), and the nodes producing them are
    /// retained.
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, RootReason, WriteContents};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let results = frame.create_buffer(BufferDesc::new("results", 256))?;
    /// let mut pass = frame.compute_pass("reduce");
    /// let _ = pass.storage_buffer_write(results, BufferRange::new(0, Some(64)), WriteContents::Overwrite)?;
    /// let reduce = pass.finish()?;
    ///
    /// let empty = frame.mark_buffer_root(results, BufferRange::new(0, Some(0)), RootReason::Output);
    /// assert_eq!(empty.unwrap_err().code(), "FG1103");
    /// frame.mark_buffer_root(results, BufferRange::new(0, Some(64)), RootReason::Output)?;
    /// let compiled = frame.compile(CompileOptions::full_report())?;
    /// let root = &compiled.report().and_then(|report| report.full.as_ref()).unwrap().roots[0];
    /// assert_eq!(root.resolution.producer_node_ids, [reduce]);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
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

    /// Roots the whole surface texture for presentation. A surface is
    /// undefined at the start of every frame, so something must write it
    /// (FG1004 at compile otherwise).
    ///
    /// ```
    /// use zenfg_runtime::wgpu::{Color, TextureFormat};
    /// use zenfg_runtime::{ColorAttachmentOps, CompileOptions, FrameGraph, RootReason, TextureDesc};
    /// let mut graph = FrameGraph::new();
    /// let desc = TextureDesc::new_2d("swapchain", 1280, 720, TextureFormat::Bgra8Unorm);
    ///
    /// let mut frame = graph.begin_frame();
    /// let surface = frame.import_surface_texture(desc.clone(), None)?;
    /// frame.mark_present(surface)?;
    /// assert_eq!(frame.compile(CompileOptions::default()).unwrap_err().code(), "FG1004");
    ///
    /// let mut frame = graph.begin_frame();
    /// let surface = frame.import_surface_texture(desc, None)?;
    /// let mut pass = frame.render_pass("ui");
    /// let _ = pass.color_attachment(surface, ColorAttachmentOps::clear_store(Color::BLACK))?;
    /// pass.finish()?;
    /// frame.mark_present(surface)?;
    /// let compiled = frame.compile(CompileOptions::full_report())?;
    /// let full = compiled.report().and_then(|report| report.full.as_ref()).unwrap();
    /// assert_eq!((full.roots[0].resource, full.roots[0].reason), (surface.id(), RootReason::Present));
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn mark_present(&mut self, surface: SurfaceTexture<'frame>) -> Result<()> {
        self.mark_texture_root(surface, RootReason::Present)
    }

    /// Roots `range` of a readback buffer (see [`RootReason::Readback`]).
    ///
    /// The buffer must be imported with an exposed usage of exactly
    /// `MAP_READ | COPY_DST` (FG1107 otherwise), and the rooted range is
    /// usually filled by a copy:
    ///
    /// ```
    /// use zenfg_runtime::wgpu::BufferUsages;
    /// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, ImportBufferOptions, InitialContents};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let readback = frame.import_buffer(
    ///     BufferDesc::new("readback", 256),
    ///     ImportBufferOptions::new(InitialContents::Undefined).with_exposed_usage(BufferUsages::MAP_READ | BufferUsages::COPY_DST),
    /// )?;
    /// let counters = frame.create_buffer(BufferDesc::new("counters", 64))?;
    /// assert_eq!(frame.mark_readback(counters, BufferRange::whole()).unwrap_err().code(), "FG1107");
    ///
    /// frame.clear_buffer("reset-counters", counters, BufferRange::whole())?;
    /// let mut copy = frame.copy_pass("download");
    /// copy.copy_buffer_to_buffer(counters, 0, readback, 0, 64)?;
    /// copy.finish()?;
    /// frame.mark_readback(readback, BufferRange::new(0, Some(64)))?;
    /// assert_eq!(frame.compile(CompileOptions::default())?.retained_node_count(), 2);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn mark_readback(&mut self, buffer: Buffer<'frame>, range: BufferRange) -> Result<()> {
        self.mark_buffer_root(buffer, range, RootReason::Readback)
    }
}
