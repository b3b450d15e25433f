//! Registering resources: transients, imports, surfaces and views, and
//! reading their descriptors back.

use wgpu::TextureUsages;

use super::frame::Frame;
use super::view::normalize_view;
use super::{ResourceFacts, ResourceRecord, ResourceShape, ViewRecord, check_label, push_built};
use crate::desc::{
    BufferDesc, ImportBufferOptions, ImportTextureOptions, NormalizedTextureViewDesc, TextureDesc, TextureViewDesc,
};
use crate::error::{FrameGraphError, Result};
use crate::format::check_texture_desc;
use crate::handle::{Buffer, SurfaceTexture, Texture, TextureView};
use crate::ids::{DebugGroupId, ResourceId, ViewId, next_index};
use crate::physical::ResourcePoolScope;
use crate::types::{InitialContents, ResourceOrigin, UsagePolicy};

impl<'frame> Frame<'frame> {
    #[inline(always)]
    fn push_resource(
        &mut self,
        facts: ResourceFacts,
        scope: Option<ResourcePoolScope>,
        group: Option<DebugGroupId>,
        shape: impl FnOnce() -> ResourceShape,
    ) -> Result<ResourceId> {
        let Some(index) = next_index(self.rec.resources.len()) else { return Err(too_many_resources(&shape())) };
        self.rec.resources.push_built(|| ResourceRecord::new(shape(), scope, group));
        push_built(&mut self.rec.facts, || facts);
        Ok(ResourceId(index))
    }

    fn current_group(&self) -> Option<DebugGroupId> {
        self.rec.group_stack.last().copied()
    }

    fn register_texture(
        &mut self,
        desc: TextureDesc,
        origin: ResourceOrigin,
        initial: InitialContents,
        exposed: Option<TextureUsages>,
        scope: Option<ResourcePoolScope>,
    ) -> Result<ResourceId> {
        // The stale record of an earlier recording in the slot this one
        // takes passed every check of its descriptor, so the same descriptor
        // passes them again; a transient's device check is kept with it.
        let stale = match self.rec.resources.next_stale() {
            Some(ResourceRecord { shape: ResourceShape::Texture { desc: stale, allowed }, .. }) if **stale == desc => {
                Some(*allowed)
            }
            _ => None,
        };
        let invalid = |message: String| FrameGraphError::InvalidResourceDescriptor {
            resource: None,
            label: desc.label.clone(),
            message,
        };
        if stale.is_none() {
            check_label(&desc.label, "texture")?;
            check_texture_desc(&desc).map_err(invalid)?;
        }
        let promised = match origin {
            ResourceOrigin::Transient => match desc.usage {
                UsagePolicy::Fixed(usage) => Some(usage),
                UsagePolicy::Infer => None,
            },
            ResourceOrigin::Imported | ResourceOrigin::Surface => exposed,
        };
        if promised.is_some_and(|usage| usage.contains(TextureUsages::TRANSIENT_ATTACHMENT)) {
            return Err(invalid(
                "TRANSIENT_ATTACHMENT usage is not supported (Snapshot 1.2 cannot describe it); \
                 remove it from the fixed or exposed usage"
                    .into(),
            ));
        }
        // A transient is created by the pool, so the device must be able to
        // create it; an import's native object already exists.
        let allowed = match (origin, stale) {
            (ResourceOrigin::Transient, Some(Some(allowed))) => Some(allowed),
            (ResourceOrigin::Transient, _) => {
                let check = self
                    .graph
                    .capabilities
                    .check_texture(&desc)
                    .map_err(|refusal| refusal.into_error(None, None, desc.label.clone()))?;
                if let Some(fixed) = promised.filter(|fixed| !check.allowed.contains(*fixed)) {
                    return Err(invalid(format!(
                        "format {:?} cannot have usage {:?} on this device (it allows {:?}); \
                         remove that usage or choose a format that allows it",
                        desc.format,
                        fixed - check.allowed,
                        check.allowed
                    )));
                }
                Some(check.allowed)
            }
            _ => None,
        };
        let forbidden = allowed.map_or(TextureUsages::empty(), |allowed| !allowed);
        let group = self.current_group();
        let facts = ResourceFacts::new(None, origin, initial, promised.map(|usage| usage.bits()), scope.is_some())
            .with_texture_shape(&desc)
            .with_forbidden_usage(forbidden);
        // A stale texture record of an earlier recording lends its box, so
        // that steady-state frames allocate no descriptor.
        if let Some(index) = next_index(self.rec.resources.len())
            && let Some(stale) = self.rec.resources.next_stale()
            && let ResourceShape::Texture { desc: boxed, allowed: kept } = &mut stale.shape
        {
            **boxed = desc;
            *kept = allowed;
            stale.reset(scope, group);
            self.rec.resources.take_stale();
            push_built(&mut self.rec.facts, || facts);
            return Ok(ResourceId(index));
        }
        self.push_resource(facts, scope, group, || ResourceShape::Texture { desc: Box::new(desc), allowed })
    }

    #[inline(always)]
    fn register_buffer(
        &mut self,
        desc: BufferDesc,
        origin: ResourceOrigin,
        initial: InitialContents,
        exposed: Option<wgpu::BufferUsages>,
        scope: Option<ResourcePoolScope>,
    ) -> Result<ResourceId> {
        // Taken apart so that the record is built from its fields in place.
        let BufferDesc { label, size, usage } = desc;
        check_label(&label, "buffer")?;
        if origin == ResourceOrigin::Transient
            && let Err(refusal) = self.graph.capabilities.check_buffer(size)
        {
            return Err(refusal.into_error(None, None, label));
        }
        let group = self.current_group();
        let promised = match (origin, usage) {
            (ResourceOrigin::Transient, UsagePolicy::Fixed(usage)) => Some(usage),
            (ResourceOrigin::Transient, UsagePolicy::Infer) => None,
            (ResourceOrigin::Imported | ResourceOrigin::Surface, _) => exposed,
        };
        let facts =
            ResourceFacts::new(Some(size), origin, initial, promised.map(|usage| usage.bits()), scope.is_some());
        self.push_resource(facts, scope, group, || ResourceShape::Buffer { desc: BufferDesc { label, size, usage } })
    }

    fn check_scope(&self, scope: ResourcePoolScope) -> Result<()> {
        if scope.owner == self.graph.owner {
            return Ok(());
        }
        Err(FrameGraphError::ForeignResourcePoolScope { runtime: self.graph.owner, scope_owner: scope.owner })
    }

    /// A transient texture: allocated from the pool for one execution, with
    /// undefined contents until its first (overwriting) write.
    ///
    /// Fails with FG2009 when its label is blank, and with FG1102 when the
    /// descriptor breaks a shape rule or its fixed usage holds
    /// `TRANSIENT_ATTACHMENT`. It is also checked against the device the
    /// graph plans for ([`DeviceCapabilities`](crate::DeviceCapabilities)):
    /// FG1111 when the format needs a feature the device lacks, FG1110 when
    /// an extent exceeds `max_texture_dimension_1d`, `_2d` or `_3d` or the
    /// layer count exceeds `max_texture_array_layers`, and FG1102 when the
    /// format does not support its sample count or a fixed usage on the
    /// device.
    ///
    /// ```
    /// use zenfg_runtime::{FrameGraph, TextureDesc, wgpu::TextureFormat};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let hdr = frame.create_texture(TextureDesc::new_2d("hdr", 1280, 720, TextureFormat::Rgba16Float))?;
    /// assert_eq!(frame.texture_desc(hdr)?.size.width, 1280);
    /// assert_eq!(frame.create_texture(TextureDesc::new_2d("bad", 0, 720, TextureFormat::Rgba8Unorm)).unwrap_err().code(), "FG1102");
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn create_texture(&mut self, desc: TextureDesc) -> Result<Texture<'frame>> {
        let id = self.register_texture(desc, ResourceOrigin::Transient, InitialContents::Undefined, None, None)?;
        Ok(Texture { id, brand: self.brand })
    }

    /// A transient texture in the pool partition `scope`.
    ///
    /// Fails with FG2014 when `scope` belongs to another runtime, and
    /// otherwise as [`create_texture`](Self::create_texture) does.
    ///
    /// ```
    /// use zenfg_runtime::{FrameGraph, TextureDesc, wgpu::TextureFormat};
    /// let mut graph = FrameGraph::new();
    /// let window = graph.create_resource_pool_scope();
    /// let foreign = FrameGraph::new().create_resource_pool_scope();
    /// let mut frame = graph.begin_frame();
    /// let desc = TextureDesc::new_2d("hdr", 1280, 720, TextureFormat::Rgba16Float);
    /// let hdr = frame.create_texture_in(window, desc.clone())?;
    /// assert_eq!(frame.texture_desc(hdr)?.size.width, 1280);
    /// assert_eq!(frame.create_texture_in(foreign, desc).unwrap_err().code(), "FG2014");
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn create_texture_in(&mut self, scope: ResourcePoolScope, desc: TextureDesc) -> Result<Texture<'frame>> {
        self.check_scope(scope)?;
        let id =
            self.register_texture(desc, ResourceOrigin::Transient, InitialContents::Undefined, None, Some(scope))?;
        Ok(Texture { id, brand: self.brand })
    }

    /// A transient buffer. Zero-sized buffers are allowed and have no contents.
    /// Its contents are undefined until a pass overwrites them. Fails with
    /// FG2009 when its label is blank, and with FG1110 when its size exceeds
    /// the `max_buffer_size` of the device the graph plans for
    /// ([`DeviceCapabilities`](crate::DeviceCapabilities)).
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, RootReason};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let particles = frame.create_buffer(BufferDesc::new("particles", 4096))?;
    /// assert_eq!(frame.buffer_desc(particles)?.size, 4096);
    /// // Nothing writes the buffer, so a root of it selects undefined contents.
    /// frame.mark_buffer_root(particles, BufferRange::whole(), RootReason::Output)?;
    /// assert_eq!(frame.compile(CompileOptions::default()).unwrap_err().code(), "FG1004");
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    #[inline]
    pub fn create_buffer(&mut self, desc: BufferDesc) -> Result<Buffer<'frame>> {
        let id = self.register_buffer(desc, ResourceOrigin::Transient, InitialContents::Undefined, None, None)?;
        Ok(Buffer { id, brand: self.brand })
    }

    /// A transient buffer in the pool partition `scope`. Fails with FG2014
    /// when `scope` belongs to another runtime, and otherwise as
    /// [`create_buffer`](Self::create_buffer) does.
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, RootReason};
    /// let mut graph = FrameGraph::new();
    /// let window = graph.create_resource_pool_scope();
    /// let mut frame = graph.begin_frame();
    /// let tiles = frame.create_buffer_in(window, BufferDesc::new("tiles", 4096))?;
    /// frame.clear_buffer("zero-tiles", tiles, BufferRange::whole())?;
    /// frame.mark_buffer_root(tiles, BufferRange::whole(), RootReason::Output)?;
    /// let compiled = frame.compile(CompileOptions::full_report())?;
    /// let full = compiled.report().and_then(|report| report.full.as_ref()).unwrap();
    /// assert!(full.resources[0].scoped);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn create_buffer_in(&mut self, scope: ResourcePoolScope, desc: BufferDesc) -> Result<Buffer<'frame>> {
        self.check_scope(scope)?;
        let id =
            self.register_buffer(desc, ResourceOrigin::Transient, InitialContents::Undefined, None, Some(scope))?;
        Ok(Buffer { id, brand: self.brand })
    }

    /// An imported texture: caller-owned storage, bound with
    /// [`bind_imported_texture`](Self::bind_imported_texture) before execution.
    ///
    /// ```
    /// use zenfg_runtime::{FrameGraph, ImportTextureOptions, InitialContents, TextureDesc, wgpu::TextureFormat};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let history = frame.import_texture(
    ///     TextureDesc::new_2d("taa-history", 1280, 720, TextureFormat::Rgba16Float),
    ///     ImportTextureOptions::new(InitialContents::Defined),
    /// )?;
    /// // Defined contents can be read without a write in this frame.
    /// let mut pass = frame.compute_pass("resolve-taa");
    /// let _ = pass.sampled_texture(history)?;
    /// pass.set_side_effect(true);
    /// pass.finish()?;
    /// assert_eq!(frame.compile(zenfg_runtime::CompileOptions::default())?.retained_node_count(), 1);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn import_texture(&mut self, desc: TextureDesc, options: ImportTextureOptions) -> Result<Texture<'frame>> {
        let id = self.register_texture(
            desc,
            ResourceOrigin::Imported,
            options.initial_contents,
            options.exposed_usage,
            None,
        )?;
        Ok(Texture { id, brand: self.brand })
    }

    /// A freshly acquired surface texture: undefined until written, and the
    /// only kind of texture [`mark_present`](Self::mark_present) accepts.
    ///
    /// ```
    /// use zenfg_runtime::{ColorAttachmentOps, CompileOptions, FrameGraph, TextureDesc, wgpu::{Color, TextureFormat}};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let surface = frame.import_surface_texture(TextureDesc::new_2d("swapchain", 800, 600, TextureFormat::Bgra8Unorm), None)?;
    /// let mut pass = frame.render_pass("clear");
    /// let _target = pass.color_attachment(surface, ColorAttachmentOps::clear_store(Color::BLACK))?;
    /// pass.finish()?;
    /// frame.mark_present(surface)?;
    /// assert_eq!(frame.compile(CompileOptions::default())?.retained_node_count(), 1);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn import_surface_texture(
        &mut self,
        desc: TextureDesc,
        exposed_usage: Option<TextureUsages>,
    ) -> Result<SurfaceTexture<'frame>> {
        let id =
            self.register_texture(desc, ResourceOrigin::Surface, InitialContents::Undefined, exposed_usage, None)?;
        Ok(SurfaceTexture { texture: Texture { id, brand: self.brand } })
    }

    /// An imported buffer: caller-owned storage, bound with
    /// [`bind_imported_buffer`](Self::bind_imported_buffer) before execution.
    /// `options` says whether its contents are defined when the frame starts.
    /// Fails with FG2009 when its label is blank.
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, ImportBufferOptions, InitialContents};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let defined = ImportBufferOptions::new(InitialContents::Defined);
    /// let undefined = ImportBufferOptions::new(InitialContents::Undefined);
    /// let scene = frame.import_buffer(BufferDesc::new("scene", 256), defined)?;
    /// let scratch = frame.import_buffer(BufferDesc::new("scratch", 256), undefined)?;
    /// for (label, buffer) in [("read-scene", scene), ("read-scratch", scratch)] {
    ///     let mut pass = frame.compute_pass(label);
    ///     let _ = pass.storage_buffer_read(buffer, BufferRange::whole())?;
    ///     pass.set_side_effect(true);
    ///     pass.finish()?;
    /// }
    /// // Reading the scene is fine; reading the undefined scratch buffer is not.
    /// let error = frame.compile(CompileOptions::default()).unwrap_err();
    /// assert_eq!((error.code(), error.resource()), ("FG1001", Some(scratch.id())));
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn import_buffer(&mut self, desc: BufferDesc, options: ImportBufferOptions) -> Result<Buffer<'frame>> {
        let id = self.register_buffer(
            desc,
            ResourceOrigin::Imported,
            options.initial_contents,
            options.exposed_usage,
            None,
        )?;
        Ok(Buffer { id, brand: self.brand })
    }

    /// A view of `texture`, a texture or a surface texture: a format and a
    /// subresource selection, normalized now (FG1104 when invalid).
    ///
    /// ```
    /// use zenfg_runtime::{FrameGraph, TextureDesc, TextureViewDesc, wgpu::TextureFormat};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let bloom = frame.create_texture(TextureDesc::new_2d("bloom", 640, 360, TextureFormat::Rgba16Float).with_mips(4))?;
    /// let mip2 = frame.create_texture_view(bloom, TextureViewDesc::mip(2))?;
    /// assert_eq!(frame.texture_view_desc(mip2)?.base_mip_level, 2);
    ///
    /// // A surface texture's view, in the sRGB format its surface lists as a view format.
    /// let desc = TextureDesc {
    ///     view_formats: vec![TextureFormat::Bgra8UnormSrgb],
    ///     ..TextureDesc::new_2d("swapchain", 800, 600, TextureFormat::Bgra8Unorm)
    /// };
    /// let surface = frame.import_surface_texture(desc, None)?;
    /// let srgb_desc = TextureViewDesc { format: Some(TextureFormat::Bgra8UnormSrgb), ..Default::default() };
    /// let srgb = frame.create_texture_view(surface, srgb_desc)?;
    /// assert_eq!(frame.texture_view_desc(srgb)?.format, TextureFormat::Bgra8UnormSrgb);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn create_texture_view(
        &mut self,
        texture: impl Into<Texture<'frame>>,
        desc: TextureViewDesc,
    ) -> Result<TextureView<'frame>> {
        let texture = texture.into();
        self.check_brand(texture.brand)?;
        let texture_desc = self.rec.texture_desc(texture.id);
        let (normalized, region) = normalize_view(texture_desc, &desc).map_err(|message| {
            FrameGraphError::InvalidTextureView { pass: None, resource: self.rec.resource_ref(texture.id), message }
        })?;
        let index = next_index(self.rec.views.len()).ok_or_else(|| FrameGraphError::InvalidTextureView {
            pass: None,
            resource: self.rec.resource_ref(texture.id),
            message: "too many views in one recording".into(),
        })?;
        self.rec.views.push_built(|| ViewRecord { texture: texture.id, desc, normalized, region });
        Ok(TextureView { id: ViewId(index), texture: texture.id, brand: self.brand })
    }

    /// The descriptor a texture was registered with.
    pub fn texture_desc(&self, texture: impl Into<Texture<'frame>>) -> Result<&TextureDesc> {
        let texture = texture.into();
        self.check_brand(texture.brand)?;
        Ok(self.rec.texture_desc(texture.id))
    }

    /// The descriptor a buffer was registered with.
    pub fn buffer_desc(&self, buffer: Buffer<'frame>) -> Result<&BufferDesc> {
        self.check_brand(buffer.brand)?;
        match &self.rec.resources[buffer.id.index()].shape {
            ResourceShape::Buffer { desc, .. } => Ok(desc),
            ResourceShape::Texture { .. } => Err(FrameGraphError::internal("a buffer handle names a texture")),
        }
    }

    /// The fully resolved descriptor of a view.
    pub fn texture_view_desc(&self, view: TextureView<'frame>) -> Result<NormalizedTextureViewDesc> {
        self.check_brand(view.brand)?;
        Ok(self.rec.views[view.id.index()].normalized.clone())
    }
}

#[cold]
fn too_many_resources(shape: &ResourceShape) -> FrameGraphError {
    let label = match shape {
        ResourceShape::Texture { desc, .. } => &desc.label,
        ResourceShape::Buffer { desc } => &desc.label,
    };
    FrameGraphError::InvalidResourceDescriptor {
        resource: None,
        label: label.clone(),
        message: "too many resources in one recording (the limit is u32::MAX - 1)".into(),
    }
}
