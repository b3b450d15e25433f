//! Binding caller-owned native objects to imported resources.

use wgpu::TextureUsages;

use super::{BoundNative, ResourceShape};
use crate::error::{FrameGraphError, Result};
use crate::handle::{Buffer, Texture};
use crate::ids::ResourceId;
use crate::physical::NativeResource;
use crate::record::frame::Frame;
use crate::types::ResourceOrigin;

impl<'frame> Frame<'frame> {
    fn mismatch(&self, resource: ResourceId, message: String) -> FrameGraphError {
        FrameGraphError::NativeDescriptorMismatch { resource: self.rec.resource_ref(resource), message }
    }

    /// Binds `native` to an imported or surface resource, replacing an earlier
    /// binding of the same resource. The graph keeps a clone of the handle,
    /// which the caller's object outlives (the public methods borrow it for
    /// `'frame`), and never destroys it. One native object backs at most one logical resource
    /// per recording.
    fn bind(&mut self, resource: ResourceId, native: NativeResource) -> Result<()> {
        if self.rec.facts[resource.index()].origin == ResourceOrigin::Transient {
            return Err(self.mismatch(resource, "transients are allocated by the graph and cannot be bound".into()));
        }
        if let Some(&other) = self.rec.bound_objects.get(&native)
            && other != resource
        {
            let message = format!(
                "this native object is already bound to `{}`; import shared storage once and pass its handle",
                self.rec.resources[other.index()].label()
            );
            return Err(self.mismatch(resource, message));
        }
        let rec = &mut self.rec;
        let bound = BoundNative { resource, native: Some(native.clone()) };
        match rec.resources[resource.index()].native {
            Some(index) => {
                let previous = std::mem::replace(&mut rec.bound[index as usize], bound);
                if let Some(previous) = previous.native {
                    rec.bound_objects.remove(&previous);
                }
            }
            None => {
                rec.resources[resource.index()].native = Some(rec.bound.len() as u32);
                rec.bound.push(bound);
            }
        }
        rec.bound_objects.insert(native, resource);
        Ok(())
    }

    /// Binds a caller-owned buffer to an imported buffer. It must be at least
    /// the logical size and have the exposed usage (FG4003). Binding again
    /// replaces the earlier binding; one native buffer backs at most one
    /// logical resource per recording (FG4003), and transients cannot be
    /// bound (FG4003). The graph never destroys the buffer, and it stays
    /// borrowed for `'frame`: as long as the recording, its compiled frame
    /// or its [`RepeatableFrame`](crate::RepeatableFrame) lives, it cannot be
    /// dropped or replaced.
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, FrameGraph, ImportBufferOptions, InitialContents};
    /// # let (device, _queue) = wgpu::Device::noop(&Default::default());
    /// let native = device.create_buffer(&wgpu::BufferDescriptor {
    ///     label: Some("vertices"),
    ///     size: 1024,
    ///     usage: wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::COPY_DST,
    ///     mapped_at_creation: false,
    /// });
    /// let mut graph = FrameGraph::with_device(&device);
    /// let mut frame = graph.begin_frame();
    /// let defined = ImportBufferOptions::new(InitialContents::Defined);
    /// let vertices = frame.import_buffer(BufferDesc::new("vertices", 1024), defined)?;
    /// frame.bind_imported_buffer(vertices, &native)?;
    ///
    /// let larger = frame.import_buffer(BufferDesc::new("larger", 4096), defined)?;
    /// assert_eq!(frame.bind_imported_buffer(larger, &native).unwrap_err().code(), "FG4003");
    /// let again = frame.import_buffer(BufferDesc::new("vertices-again", 1024), defined)?;
    /// assert_eq!(frame.bind_imported_buffer(again, &native).unwrap_err().code(), "FG4003");
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn bind_imported_buffer(&mut self, buffer: Buffer<'frame>, native: &'frame wgpu::Buffer) -> Result<()> {
        self.check_brand(buffer.brand)?;
        let facts = &self.rec.facts[buffer.id.index()];
        if let ResourceShape::Buffer { desc } = &self.rec.resources[buffer.id.index()].shape {
            if native.size() < desc.size {
                return Err(self.mismatch(
                    buffer.id,
                    format!("the native buffer has {} bytes but the logical buffer needs {}", native.size(), desc.size),
                ));
            }
            if let Some(exposed) = facts.exposed_buffer_usage()
                && !native.usage().contains(exposed)
            {
                return Err(self.mismatch(
                    buffer.id,
                    format!("the native usage {:?} lacks the exposed usage {exposed:?}", native.usage()),
                ));
            }
        }
        self.bind(buffer.id, NativeResource::Buffer(native.clone()))
    }

    /// Binds a caller-owned texture to an imported or surface texture. Its
    /// size, mips, samples, dimension and format must equal the logical
    /// descriptor, and it must have the exposed usage (FG4003). Binding again
    /// replaces the earlier binding; one native texture backs at most one
    /// logical resource per recording (FG4003). The graph never destroys the
    /// texture, and it stays borrowed for `'frame`, as a buffer bound with
    /// [`bind_imported_buffer`](Self::bind_imported_buffer) does.
    ///
    /// ```
    /// use zenfg_runtime::wgpu::{self, TextureFormat};
    /// use zenfg_runtime::{FrameGraph, ImportTextureOptions, InitialContents, TextureDesc};
    /// # let (device, _queue) = wgpu::Device::noop(&Default::default());
    /// let native = device.create_texture(&wgpu::TextureDescriptor {
    ///     label: Some("albedo"),
    ///     size: wgpu::Extent3d { width: 256, height: 256, depth_or_array_layers: 1 },
    ///     mip_level_count: 1,
    ///     sample_count: 1,
    ///     dimension: wgpu::TextureDimension::D2,
    ///     format: TextureFormat::Rgba8UnormSrgb,
    ///     usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
    ///     view_formats: &[],
    /// });
    /// let mut graph = FrameGraph::with_device(&device);
    /// let mut frame = graph.begin_frame();
    /// let defined = ImportTextureOptions::new(InitialContents::Defined);
    /// let albedo =
    ///     frame.import_texture(TextureDesc::new_2d("albedo", 256, 256, TextureFormat::Rgba8UnormSrgb), defined)?;
    /// frame.bind_imported_texture(albedo, &native)?;
    ///
    /// let linear = frame.import_texture(TextureDesc::new_2d("linear", 256, 256, TextureFormat::Rgba8Unorm), defined)?;
    /// assert_eq!(frame.bind_imported_texture(linear, &native).unwrap_err().code(), "FG4003");
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn bind_imported_texture(
        &mut self,
        texture: impl Into<Texture<'frame>>,
        native: &'frame wgpu::Texture,
    ) -> Result<()> {
        let texture = texture.into();
        self.check_brand(texture.brand)?;
        let facts = &self.rec.facts[texture.id.index()];
        if let ResourceShape::Texture { desc, .. } = &self.rec.resources[texture.id.index()].shape {
            if native.usage().contains(TextureUsages::TRANSIENT_ATTACHMENT) {
                return Err(self.mismatch(texture.id, "TRANSIENT_ATTACHMENT textures cannot be imported".into()));
            }
            let same = native.size() == desc.size
                && native.mip_level_count() == desc.mip_level_count
                && native.sample_count() == desc.sample_count
                && native.dimension() == desc.dimension
                && native.format() == desc.format;
            if !same {
                return Err(self.mismatch(
                    texture.id,
                    format!(
                        "the native texture is {:?} {:?} {}x{}x{} with {} mips and {} samples; the logical \
                         descriptor says {:?} {:?} {}x{}x{} with {} mips and {} samples",
                        native.dimension(),
                        native.format(),
                        native.width(),
                        native.height(),
                        native.depth_or_array_layers(),
                        native.mip_level_count(),
                        native.sample_count(),
                        desc.dimension,
                        desc.format,
                        desc.size.width,
                        desc.size.height,
                        desc.size.depth_or_array_layers,
                        desc.mip_level_count,
                        desc.sample_count,
                    ),
                ));
            }
            if let Some(exposed) = facts.exposed_texture_usage()
                && !native.usage().contains(exposed)
            {
                return Err(self.mismatch(
                    texture.id,
                    format!("the native usage {:?} lacks the exposed usage {exposed:?}", native.usage()),
                ));
            }
        }
        self.bind(texture.id, NativeResource::Texture(native.clone()))
    }
}
