//! Derived passes: plain structs whose fields say what the pass does to each
//! resource, recorded with [`Frame::add`].
//!
//! `#[derive(Pass)]` (feature `macros`) implements [`Pass`] for a struct with
//! one lifetime parameter whose fields are handles annotated with an access
//! role. [`Frame::add`] lowers the struct to the same builder calls a hand
//! written pass makes, closes the pass through the `finish_*` method of its
//! kind, marks its roots, and hands the callback a typed context whose fields
//! are role-specific views of the declared accesses.
//!
//! A failed declaration inside [`Frame::add`] drops the whole pass and poisons
//! the recording with that error, as a failed `finish_*` does: the pass the
//! caller described cannot be recorded, and compiling without it would silently
//! change the frame. Roots are marked after the pass is recorded; a failing root
//! is returned and leaves the pass recorded.

mod bindings;
mod broken;
mod capability;
mod copies;
mod fields;
mod kinds;
pub(crate) mod private;
mod roots;
mod sealed;
mod table;
mod untracked;
mod values;
mod views;

use std::marker::PhantomData;

pub use crate::binding::{ColorOutput, OutputScalar};
pub use bindings::{BindGroupTable, BindGroups, SetBindGroups};
pub use capability::{
    AsIndexSlice, AsIndirectArgs, AsSampledBinding, AsStorageReadBinding, AsStorageWriteBinding, AsUniformBinding,
    AsVertexSlice, ComputePassExt, RenderPassExt,
};
pub use copies::{AsBufferCopyDst, AsBufferCopySrc, AsTextureCopyDst, AsTextureCopySrc, CommandEncoderExt, CopyOrigin};
pub use fields::{
    ColorAttachmentField, CopyDstField, CopySrcField, DepthAttachmentField, DepthReadField, IndexField, IndirectField,
    ResolveTargetField, SampledField, StorageReadField, StorageWriteField, UniformField, VertexField,
};
pub use kinds::{DerivedKind, Job, RepeatJob};
pub use roots::{Presentable, RootTarget};
pub use table::{AccessTable, AttachmentLoad, AttachmentTable, FieldAccess, Repeat};
pub use untracked::{SamplerField, UntrackedBufferField, UntrackedTextureField};
pub use values::{ClearColor, PassLabel};
pub use views::{
    BoundAttachment, BufferCopyDstView, BufferCopySrcView, ColorAttachmentView, DepthAttachmentView, DepthReadView,
    IndexBufferView, IndirectBufferView, SampledTextureView, StorageBufferReadView, StorageBufferWriteView,
    StorageTextureReadView, StorageTextureWriteView, TextureCopyDstView, TextureCopySrcView, UniformBufferView,
    VertexBufferView,
};

use crate::capabilities::DeviceCapabilities;
use crate::desc::Label;
use crate::error::{FrameGraphError, Result};
use crate::ids::PassId;
use crate::record::ColorOutputCheck;
use crate::record::frame::Frame;
use crate::record::pass::PassBuilder;
use crate::record::pass::layout::check_layouts;
use crate::scoped::{created, one_line};

/// A pass described by a struct: its accesses, how to declare them, the typed
/// context its callback receives, and its roots.
///
/// Implement it with `#[derive(Pass)]`; the items are what the derive
/// generates and what [`Frame::add`] calls.
///
/// A pass that names its WGSL shader takes its bindings from it, each field
/// binding the shader variable of its name; its pipelines are built from
/// [`Pass::shader_module`] with [`Pass::pipeline_layout`], and its callback
/// sets the bind groups the runtime made from its fields.
///
/// ```
/// use zenfg_runtime::prelude::*;
/// use zenfg_runtime::wgpu::{self, TextureFormat, TextureUsages};
/// use zenfg_runtime::{ImportBufferOptions, ImportTextureOptions, InitialContents};
///
/// #[derive(Pass)]
/// #[pass(compute, shader = "shaders/blur.wgsl")]
/// struct Blur<'f> {
///     #[sampled]
///     src: TextureView<'f>,
///     #[storage_write(overwrite)]
///     #[root(output)]
///     dst: Texture<'f>,
///     #[uniform]
///     params: BufferSlice<'f>,
/// }
///
/// let (device, queue) = wgpu::Device::noop(&wgpu::DeviceDescriptor::default());
/// # let image = device.create_texture(&wgpu::TextureDescriptor {
/// #     label: Some("input"),
/// #     size: wgpu::Extent3d { width: 64, height: 64, depth_or_array_layers: 1 },
/// #     mip_level_count: 1,
/// #     sample_count: 1,
/// #     dimension: wgpu::TextureDimension::D2,
/// #     format: TextureFormat::Rgba8Unorm,
/// #     usage: TextureUsages::TEXTURE_BINDING,
/// #     view_formats: &[],
/// # });
/// # let uniforms = device.create_buffer(&wgpu::BufferDescriptor {
/// #     label: Some("params"),
/// #     size: 64,
/// #     usage: wgpu::BufferUsages::UNIFORM,
/// #     mapped_at_creation: false,
/// # });
/// // `image` and `uniforms` are the caller's.
/// let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
///     label: Some("blur"),
///     layout: Some(&Blur::pipeline_layout(&device)),
///     module: &Blur::shader_module(&device).expect("Blur names its shader"),
///     entry_point: None,
///     compilation_options: Default::default(),
///     cache: None,
/// });
///
/// let mut graph = FrameGraph::with_device(&device);
/// let mut frame = graph.begin_frame();
/// let desc = |label| TextureDesc::new_2d(label, 64, 64, TextureFormat::Rgba8Unorm);
/// let input = frame.import_texture(desc("input"), ImportTextureOptions::new(InitialContents::Defined))?;
/// frame.bind_imported_texture(input, &image)?;
/// let src = frame.create_texture_view(input, TextureViewDesc::default())?;
/// let dst = frame.create_texture(desc("blurred"))?;
/// let params = frame.import_buffer(BufferDesc::new("params", 64), ImportBufferOptions::new(InitialContents::Defined))?;
/// frame.bind_imported_buffer(params, &uniforms)?;
///
/// frame.add(Blur { src, dst, params: params.into() }, move |mut cx: BlurContext<'_>| {
///     cx.pass.set_pipeline(&pipeline);
///     cx.set_bind_groups();
///     cx.pass.dispatch_workgroups(8, 8, 1);
///     Ok(())
/// })?;
///
/// let table = <Blur<'static> as Pass<'static>>::ACCESSES;
/// assert_eq!(table.label, "blur");
/// assert_eq!(table.fields.len(), 3);
/// let groups = <Blur<'static> as Pass<'static>>::BIND_GROUPS;
/// assert_eq!(groups[0].fields, ["src", "dst", "params"]);
/// let compiled = frame.compile(CompileOptions::default())?;
/// assert_eq!(compiled.retained_node_count(), 1);
/// compiled.execute(&queue)?;
/// assert_eq!(graph.bind_group_cache_stats().created, 1);
/// # Ok::<(), FrameGraphError>(())
/// ```
pub trait Pass<'frame> {
    /// The pass kind: `kind::Render`, `kind::Compute`, `kind::Command` or `kind::External`.
    type Kind: DerivedKind;
    /// What declaring the accesses returned (their tokens), kept for the callback.
    type Declared: 'frame;
    /// The context the callback receives.
    type Context<'cx>;

    /// Every field's access, readable without running any user code.
    const ACCESSES: &'static AccessTable;

    /// The bind groups the pass's bound fields make up, in group order:
    /// each group's layout entries and the field of each entry. Empty for a
    /// pass whose fields say nothing of bindings. [`Frame::add`] checks them
    /// against the device's limits, features and format features.
    const BIND_GROUPS: &'static [BindGroupTable] = &[];

    /// The WGSL source of the shader named in `#[pass(.., shader = "..")]`:
    /// the text the derive checked the struct against when the crate was
    /// built. `None` for a pass that names no shader.
    const SHADER: Option<&'static str> = None;

    /// The bytes of immediates (`var<immediate>`) the entry points of the
    /// pass's shader use, rounded up to whole 4-byte words: the
    /// `immediate_size` of [`pipeline_layout`](Self::pipeline_layout), whose
    /// device then needs [`wgpu::Features::IMMEDIATES`]. 0 for a pass whose
    /// shader uses none or that names no shader.
    const IMMEDIATE_SIZE: u32 = 0;

    /// What the fragment entry points of a render pass's shader write into
    /// its color attachments, one entry per `@location` a color attachment
    /// field takes. `compile` checks each attachment's format against the
    /// output at its slot (FG1109). Empty for a pass that names no
    /// shader, and for other kinds.
    const COLOR_OUTPUTS: &'static [ColorOutput] = &[];

    /// The label of the node this pass records.
    fn label(&self) -> Label;

    /// Declares every access on `builder`, in field order (color attachments
    /// in slot order).
    ///
    /// # Errors
    ///
    /// The first failing declaration.
    fn declare(&self, builder: &mut PassBuilder<'_, 'frame, Self::Kind>) -> Result<Self::Declared>;

    /// Builds the typed context from the raw one when the node executes.
    ///
    /// # Errors
    ///
    /// The first declared access that fails to resolve.
    fn context<'cx>(declared: Self::Declared, raw: <Self::Kind as DerivedKind>::Raw<'cx>)
    -> Result<Self::Context<'cx>>;

    /// Marks the roots declared with `#[root(..)]`.
    ///
    /// # Errors
    ///
    /// The first root the recording rejects.
    fn mark_roots(&self, frame: &mut Frame<'frame>) -> Result<()>;

    /// The layout of bind group `group` of the pass, labelled after the
    /// pass; `None` when the pass binds nothing in that group.
    fn bind_group_layout(device: &wgpu::Device, group: u32) -> Option<wgpu::BindGroupLayout>
    where
        Self: Sized,
    {
        let table = Self::BIND_GROUPS.iter().find(|table| table.group == group)?;
        Some(device.create_bind_group_layout(&table.layout_descriptor(Some(Self::ACCESSES.label))))
    }

    /// The pass's shader module, from [`SHADER`](Self::SHADER), labelled
    /// after the pass; `None` for a pass that names no shader.
    fn shader_module(device: &wgpu::Device) -> Option<wgpu::ShaderModule>
    where
        Self: Sized,
    {
        Self::SHADER.map(|source| {
            device.create_shader_module(wgpu::ShaderModuleDescriptor {
                label: Some(Self::ACCESSES.label),
                source: wgpu::ShaderSource::Wgsl(source.into()),
            })
        })
    }

    /// A pipeline layout of every bind group of the pass, for the pipelines
    /// its callback sets: group `N` of the layout is the pass's group `N`,
    /// groups the pass skips are left empty, and it has the
    /// [`IMMEDIATE_SIZE`](Self::IMMEDIATE_SIZE) bytes of immediates the
    /// shader uses. The bind groups the context hands out fit pipelines of
    /// this layout; a pipeline created with `layout: None` derives layouts
    /// of its own, which they do not fit.
    ///
    /// # Panics
    ///
    /// With the error of [`try_pipeline_layout`](Self::try_pipeline_layout)
    /// when `device` cannot hold the layouts.
    fn pipeline_layout(device: &wgpu::Device) -> wgpu::PipelineLayout
    where
        Self: Sized,
    {
        Self::try_pipeline_layout(device).unwrap_or_else(|error| panic!("{error}"))
    }

    /// The [`pipeline_layout`](Self::pipeline_layout) of the pass, or why
    /// `device` cannot hold it, checked as [`Frame::add`] checks the pass's
    /// layouts against a graph of `device`, before wgpu is asked.
    ///
    /// # Errors
    ///
    /// FG1110 for more bind groups, a higher binding index or more bindings
    /// of a kind in one stage than the device's limits allow, or more bytes
    /// of immediates than `max_immediate_size`; FG1111 for an entry that
    /// needs a feature or a format capability the device lacks (writable
    /// storage visible to the vertex stage, a storage texture format that
    /// does not allow the entry's access), naming the field, and for
    /// immediates on a device without `IMMEDIATES`.
    /// Neither names a node or a resource: no frame records the pass. A
    /// refusal of wgpu's that these checks do not foresee (a format
    /// capability of the adapter's, on a device with
    /// `TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES`) is FG1111 naming no
    /// feature, with wgpu's words.
    fn try_pipeline_layout(device: &wgpu::Device) -> Result<wgpu::PipelineLayout>
    where
        Self: Sized,
    {
        let label = Self::ACCESSES.label;
        check_layouts(&mut DeviceCapabilities::of_device(device), Self::BIND_GROUPS)
            .map_err(|refusal| refusal.unrecorded(Label::from(label)))?;
        check_immediates(device, label, Self::IMMEDIATE_SIZE)?;
        created(device, || {
            let groups = Self::BIND_GROUPS.iter().map(|table| table.group + 1).max().unwrap_or(0);
            let layouts: Vec<Option<wgpu::BindGroupLayout>> =
                (0..groups).map(|group| Self::bind_group_layout(device, group)).collect();
            let refs: Vec<Option<&wgpu::BindGroupLayout>> = layouts.iter().map(Option::as_ref).collect();
            device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
                label: Some(label),
                bind_group_layouts: &refs,
                immediate_size: Self::IMMEDIATE_SIZE,
            })
        })
        .map_err(|error| FrameGraphError::MissingDeviceFeature {
            pass: None,
            resource: None,
            label: Label::from(label),
            feature: wgpu::Features::empty(),
            message: format!("wgpu refuses the layouts of pass `{label}`: {}", one_line(&error)),
        })
    }
}

/// Refuses `size` bytes of immediates on a device without the feature or
/// with a smaller `max_immediate_size`, before wgpu is asked.
fn check_immediates(device: &wgpu::Device, label: &'static str, size: u32) -> Result<()> {
    if size == 0 {
        return Ok(());
    }
    if !device.features().contains(wgpu::Features::IMMEDIATES) {
        return Err(FrameGraphError::MissingDeviceFeature {
            pass: None,
            resource: None,
            label: Label::from(label),
            feature: wgpu::Features::IMMEDIATES,
            message: format!(
                "the shader of pass `{label}` declares {size} bytes of `var<immediate>` data; request \
                 `wgpu::Features::IMMEDIATES` and a `max_immediate_size` of at least {size} when creating the device"
            ),
        });
    }
    let bound = device.limits().max_immediate_size;
    if size > bound {
        return Err(FrameGraphError::DeviceLimitExceeded {
            pass: None,
            resource: None,
            label: Label::from(label),
            limit: "max_immediate_size",
            value: u64::from(size),
            bound: u64::from(bound),
            message: format!(
                "the shader of pass `{label}` declares {size} bytes of `var<immediate>` data; request a \
                 `max_immediate_size` of at least {size} when creating the device, or make the immediate data smaller"
            ),
        });
    }
    Ok(())
}

/// The callback of a derived pass, with the tokens it resolves.
struct DerivedJob<P, D, F> {
    declared: D,
    callback: F,
    _pass: PhantomData<fn() -> P>,
}

impl<'frame, P, F> Job<'frame, P::Kind> for DerivedJob<P, P::Declared, F>
where
    P: Pass<'frame> + 'frame,
    F: for<'cx> FnOnce(P::Context<'cx>) -> Result<()> + 'frame,
{
    fn run(self, raw: <P::Kind as DerivedKind>::Raw<'_>) -> Result<()> {
        (self.callback)(P::context(self.declared, raw)?)
    }
}

impl<'frame, P, F> RepeatJob<'frame, P::Kind> for DerivedJob<P, P::Declared, F>
where
    P: Pass<'frame> + 'frame,
    P::Declared: Clone,
    F: for<'cx> FnMut(P::Context<'cx>) -> Result<()> + 'frame,
{
    fn run(&mut self, raw: <P::Kind as DerivedKind>::Raw<'_>) -> Result<()> {
        (self.callback)(P::context(self.declared.clone(), raw)?)
    }
}

impl<'frame> Frame<'frame> {
    /// Records a derived pass: declares its accesses in field order (color
    /// attachments in slot order), closes it through the `finish_*` method of
    /// its kind with `callback`, then marks the roots of its `#[root(..)]`
    /// fields in field order. Returns the node's id. The callback receives
    /// the typed context when the node executes, and never runs if the node
    /// is culled.
    ///
    /// # Errors
    ///
    /// * The first declaration the recording rejects (for example FG1105 for
    ///   two fields that overlap on one resource where one writes, or for a
    ///   buffer a render or compute pass writes as read-write storage and
    ///   uses in another role too, on any range, FG1103 for a
    ///   slice out of range, FG1104 for a view that does not fit the role,
    ///   FG1108 for an attachment of the wrong format category), or the
    ///   `finish_*` check of the kind (FG2009 for a blank label, FG1106 for a
    ///   render pass without attachments, FG1110 for more color slots or color
    ///   bytes per sample than the device allows), or what the device cannot
    ///   do with the pass's bind group layouts, checked after its fields are
    ///   declared: FG1110 for more bind groups than `max_bind_groups`, a
    ///   binding index from `max_bindings_per_bind_group` on, or more
    ///   bindings of a kind in one shader stage than its
    ///   `max_*_per_shader_stage` (an entry counts in every stage of its
    ///   visibility, over every group of the pass, as wgpu counts the
    ///   pipeline layout); FG1111 for a storage texture entry whose format
    ///   does not allow its access on the device (read-write `Rgba8Unorm`
    ///   without the adapter's format features), or writable storage
    ///   visible to the vertex stage without `VERTEX_WRITABLE_STORAGE`.
    ///   The pass is dropped with
    ///   every access it had declared and with `callback`, and the recording
    ///   is **poisoned**: [`compile`](Self::compile) returns the same error.
    ///   A derived pass is declared as a whole, so unlike a declaration on a
    ///   hand-written [`PassBuilder`] there is no open builder left to fix:
    ///   the pass as described cannot be recorded, and compiling without it
    ///   would silently change the frame.
    /// * The first root the recording rejects (FG1103, FG1107). The pass is
    ///   already recorded and stays recorded, the roots of later fields are
    ///   not marked, and the recording is not poisoned.
    pub fn add<P, F>(&mut self, pass: P, callback: F) -> Result<PassId>
    where
        P: Pass<'frame> + 'frame,
        F: for<'cx> FnOnce(P::Context<'cx>) -> Result<()> + 'frame,
    {
        self.record_derived(pass, |builder, declared| {
            P::Kind::finish(builder, DerivedJob::<P, _, F> { declared, callback, _pass: PhantomData })
        })
    }

    /// Records a derived pass like [`add`](Self::add), with a callback that
    /// can run any number of times: the pass can be part of a
    /// [`RepeatableFrame`](crate::RepeatableFrame), whose every execution
    /// builds a fresh typed context and calls `callback` with it. A one-shot
    /// frame calls it once.
    ///
    /// # Errors
    ///
    /// Those of [`add`](Self::add), with the same poisoning.
    pub fn add_repeatable<P, F>(&mut self, pass: P, callback: F) -> Result<PassId>
    where
        P: Pass<'frame> + 'frame,
        P::Declared: Clone,
        F: for<'cx> FnMut(P::Context<'cx>) -> Result<()> + 'frame,
    {
        self.record_derived(pass, |builder, declared| {
            P::Kind::finish_repeatable(builder, DerivedJob::<P, _, F> { declared, callback, _pass: PhantomData })
        })
    }

    /// Declares the accesses of `pass`, checks its bind group layouts
    /// against the device, closes it with `finish`, then marks its roots.
    #[inline]
    fn record_derived<P: Pass<'frame> + 'frame>(
        &mut self,
        pass: P,
        finish: impl FnOnce(PassBuilder<'_, 'frame, P::Kind>, P::Declared) -> Result<PassId>,
    ) -> Result<PassId> {
        let mut builder = P::Kind::begin(self, pass.label());
        builder.describe_fields(|role| P::ACCESSES.fields_with(role));
        if P::ACCESSES.side_effect {
            builder.set_side_effect(true);
        }
        let declared = match pass.declare(&mut builder) {
            Ok(declared) => declared,
            Err(error) => return Err(builder.abort(error)),
        };
        if !P::BIND_GROUPS.is_empty()
            && let Err(error) = builder.check_layouts(P::BIND_GROUPS)
        {
            return Err(builder.abort(error));
        }
        if const { P::ACCESSES.may_share_a_storage_buffer() }
            && let Err(error) = builder.check_exclusive_buffer_uses()
        {
            return Err(builder.abort(error));
        }
        let id = finish(builder, declared)?;
        if !P::COLOR_OUTPUTS.is_empty() {
            self.rec.color_output_checks.push(ColorOutputCheck { pass: id, outputs: P::COLOR_OUTPUTS });
        }
        pass.mark_roots(self)?;
        Ok(id)
    }
}
