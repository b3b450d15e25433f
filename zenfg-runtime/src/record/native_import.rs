//! Importing a caller-owned native buffer or texture and binding it in one
//! call, its logical descriptor taken from the native object.

use super::frame::Frame;
use crate::desc::{BufferDesc, ImportBufferOptions, ImportTextureOptions, Label, TextureDesc};
use crate::error::{FrameGraphError, Result};
use crate::handle::{Buffer, Texture};
use crate::physical::NativeResource;
use crate::types::{InitialContents, UsagePolicy};

impl<'frame> Frame<'frame> {
    /// Fails with FG4003, before anything is recorded, when `native`
    /// already backs a resource of this recording; the error names that
    /// resource, as binding the object again would.
    fn check_unbound(&self, label: &Label, native: NativeResource) -> Result<()> {
        let Some(&other) = self.rec.bound_objects.get(&native) else { return Ok(()) };
        Err(FrameGraphError::NativeDescriptorMismatch {
            resource: self.rec.resource_ref(other),
            message: format!(
                "this native object already backs `{}`, so `{label}` was not imported; import shared \
                 storage once and pass its handle",
                self.rec.resources[other.index()].label()
            ),
        })
    }

    /// Imports `native` as a buffer of its size and binds it: the same as
    /// [`import_buffer`](Self::import_buffer) with the native's size and, as
    /// exposed usage, the native's usage, followed by
    /// [`bind_imported_buffer`](Self::bind_imported_buffer). A failed call
    /// records nothing: FG2009 for a blank label, FG4003 when `native`
    /// already backs a resource of this recording (as
    /// `bind_imported_buffer` of that object would be).
    ///
    /// ```
    /// use zenfg_runtime::{BufferRange, CompileOptions, FrameGraph, InitialContents, RootReason};
    /// # let (device, _queue) = wgpu::Device::noop(&Default::default());
    /// let native = device.create_buffer(&wgpu::BufferDescriptor {
    ///     label: Some("particles"),
    ///     size: 4096,
    ///     usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
    ///     mapped_at_creation: false,
    /// });
    /// let mut graph = FrameGraph::with_device(&device);
    /// let mut frame = graph.begin_frame();
    /// let particles = frame.import_native_buffer("particles", &native, InitialContents::Defined)?;
    /// assert_eq!(frame.buffer_desc(particles)?.size, 4096);
    /// frame.mark_buffer_root(particles, BufferRange::whole(), RootReason::PersistentState)?;
    ///
    /// // One native buffer backs one resource of a recording.
    /// let again = frame.import_native_buffer("particles-again", &native, InitialContents::Defined);
    /// let error = again.unwrap_err();
    /// assert_eq!((error.code(), error.resource()), ("FG4003", Some(particles.id())));
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn import_native_buffer(
        &mut self,
        label: impl Into<Label>,
        native: &'frame wgpu::Buffer,
        initial_contents: InitialContents,
    ) -> Result<Buffer<'frame>> {
        let desc = BufferDesc { label: label.into(), size: native.size(), usage: UsagePolicy::Infer };
        self.check_unbound(&desc.label, NativeResource::Buffer(native.clone()))?;
        let options = ImportBufferOptions::new(initial_contents).with_exposed_usage(native.usage());
        let buffer = self.import_buffer(desc, options)?;
        self.bind_imported_buffer(buffer, native)?;
        Ok(buffer)
    }

    /// Imports `native` as a texture of its size, mip count, sample count,
    /// dimension and format and binds it: the same as
    /// [`import_texture`](Self::import_texture) with that descriptor and, as
    /// exposed usage, the native's usage, followed by
    /// [`bind_imported_texture`](Self::bind_imported_texture). The logical
    /// texture has no other view formats (import it with `import_texture` for
    /// those). A failed call records nothing: FG2009 for a blank label, FG1102
    /// for a descriptor the runtime does not take (a stencil format,
    /// `TRANSIENT_ATTACHMENT` usage), FG4003 when `native` already backs a
    /// resource of this recording.
    ///
    /// ```
    /// use zenfg_runtime::{CompileOptions, FrameGraph, InitialContents, wgpu::{self, TextureFormat}};
    /// # let (device, _queue) = wgpu::Device::noop(&Default::default());
    /// let native = device.create_texture(&wgpu::TextureDescriptor {
    ///     label: Some("history"),
    ///     size: wgpu::Extent3d { width: 640, height: 360, depth_or_array_layers: 1 },
    ///     mip_level_count: 1,
    ///     sample_count: 1,
    ///     dimension: wgpu::TextureDimension::D2,
    ///     format: TextureFormat::Rgba16Float,
    ///     usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::RENDER_ATTACHMENT,
    ///     view_formats: &[],
    /// });
    /// let mut graph = FrameGraph::with_device(&device);
    /// let mut frame = graph.begin_frame();
    /// let history = frame.import_native_texture("history", &native, InitialContents::Defined)?;
    /// assert_eq!(frame.texture_desc(history)?.format, TextureFormat::Rgba16Float);
    /// let mut pass = frame.compute_pass("read-history");
    /// let _ = pass.sampled_texture(history)?;
    /// pass.set_side_effect(true);
    /// pass.finish()?;
    /// assert_eq!(frame.compile(CompileOptions::default())?.retained_node_count(), 1);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn import_native_texture(
        &mut self,
        label: impl Into<Label>,
        native: &'frame wgpu::Texture,
        initial_contents: InitialContents,
    ) -> Result<Texture<'frame>> {
        let desc = TextureDesc {
            label: label.into(),
            size: native.size(),
            mip_level_count: native.mip_level_count(),
            sample_count: native.sample_count(),
            dimension: native.dimension(),
            format: native.format(),
            view_formats: Vec::new(),
            usage: UsagePolicy::Infer,
        };
        self.check_unbound(&desc.label, NativeResource::Texture(native.clone()))?;
        let options = ImportTextureOptions::new(initial_contents).with_exposed_usage(native.usage());
        let texture = self.import_texture(desc, options)?;
        self.bind_imported_texture(texture, native)?;
        Ok(texture)
    }
}
