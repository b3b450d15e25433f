//! The bind group layouts of a derived pass against the device: what wgpu
//! checks when the runtime creates them, and when the caller creates the
//! pass's pipeline layout from them (`Pass::pipeline_layout`). The layouts
//! are the pass's static tables, so they are checked when the pass is added,
//! before any of its bind groups exists.

use wgpu::{
    BindGroupLayoutEntry, BindingType, BufferBindingType, Features, Limits, ShaderStages, StorageTextureAccess,
};

use super::PassBuilder;
use crate::binding::BindGroupTable;
use crate::capabilities::{DeviceCapabilities, storage_access_name};
use crate::desc::Label;
use crate::error::{FrameGraphError, Result};
use crate::ids::ResourceId;
use crate::token::kind::PassKind;

/// Why the device cannot hold a pass's bind group layouts.
pub(crate) enum LayoutRefusal {
    /// A limit of `wgpu::Limits`, with the value the layouts need.
    Limit { limit: &'static str, value: u64, bound: u64, message: String },
    /// A feature or format capability an entry of `field` needs.
    Feature { field: &'static str, feature: Features, message: String },
}

impl LayoutRefusal {
    /// The refusal as the error of a pass labelled `label` that no frame
    /// records: it names no node and no resource.
    pub(crate) fn unrecorded(self, label: Label) -> FrameGraphError {
        match self {
            Self::Limit { limit, value, bound, message } => {
                FrameGraphError::DeviceLimitExceeded { pass: None, resource: None, label, limit, value, bound, message }
            }
            Self::Feature { feature, message, .. } => {
                FrameGraphError::MissingDeviceFeature { pass: None, resource: None, label, feature, message }
            }
        }
    }
}

/// FG1110 for bind groups the device cannot hold: more groups than
/// `max_bind_groups`, a binding index from `max_bindings_per_bind_group` on,
/// more bindings of a kind in one shader stage than its
/// `max_*_per_shader_stage` (an entry counts in every stage of its
/// visibility, over all the groups of the pass), or more dynamic offsets
/// than the device allows. FG1111 for an entry that needs a feature or
/// format capability the device lacks: writable storage visible to the
/// vertex stage, or a storage texture whose format does not allow its
/// access.
pub(crate) fn check_layouts(
    capabilities: &mut DeviceCapabilities,
    groups: &'static [BindGroupTable],
) -> Result<(), LayoutRefusal> {
    check_layout_limits(capabilities.limits(), groups)?;
    for table in groups {
        for (entry, field) in named_entries(table) {
            check_entry_features(capabilities, entry, field)?;
        }
    }
    Ok(())
}

fn check_layout_limits(limits: &Limits, groups: &'static [BindGroupTable]) -> Result<(), LayoutRefusal> {
    let exceeded =
        |limit, value, bound: u32, message| LayoutRefusal::Limit { limit, value, bound: u64::from(bound), message };
    let group_count = groups.iter().map(|table| u64::from(table.group) + 1).max().unwrap_or(0);
    if group_count > u64::from(limits.max_bind_groups) {
        let bound = limits.max_bind_groups;
        return Err(exceeded(
            "max_bind_groups",
            group_count,
            bound,
            format!(
                "its bindings use bind groups up to @group({}), and a pipeline layout holds groups 0 to {}; \
                 declare `group = ..` below {bound} on its fields (and in its shader), or request a higher \
                 `max_bind_groups` when creating the device",
                group_count - 1,
                bound.saturating_sub(1)
            ),
        ));
    }
    let mut counts = BindingCounts::default();
    for table in groups {
        for (entry, field) in named_entries(table) {
            let bound = limits.max_bindings_per_bind_group;
            if entry.binding >= bound {
                return Err(exceeded(
                    "max_bindings_per_bind_group",
                    u64::from(entry.binding) + 1,
                    bound,
                    format!(
                        "field `{field}` binds at @binding({}), and binding indices must be below {bound}; \
                         declare a smaller `binding = ..` on it (and in its shader), or request a higher \
                         `max_bindings_per_bind_group` when creating the device",
                        entry.binding
                    ),
                ));
            }
            counts.add(entry);
        }
    }
    let Some(excess) = counts.excess(limits) else { return Ok(()) };
    let (what, fix) = (excess.what, excess.fix);
    let message = match excess.stage {
        Some(stage) => format!(
            "its bind groups bind {} {what} visible to the {stage} stage, more than the {} one stage may \
             use (an entry counts in every stage of its visibility); {fix}, or request a higher `{}` when \
             creating the device (up to the adapter's) and give the graph that device",
            excess.count, excess.bound, excess.limit
        ),
        None => format!(
            "its bind groups bind {} {what}, more than the {} a pipeline layout may have; {fix}, or request a \
             higher `{}` when creating the device",
            excess.count, excess.bound, excess.limit
        ),
    };
    Err(exceeded(excess.limit, u64::from(excess.count), excess.bound, message))
}

/// FG1111 for an entry that needs a feature, or a format capability, the
/// device lacks.
fn check_entry_features(
    capabilities: &mut DeviceCapabilities,
    entry: &'static BindGroupLayoutEntry,
    field: &'static str,
) -> Result<(), LayoutRefusal> {
    let features = capabilities.features();
    let writable = match entry.ty {
        BindingType::Buffer { ty: BufferBindingType::Storage { read_only }, .. } => !read_only,
        BindingType::StorageTexture { access, .. } => access != StorageTextureAccess::ReadOnly,
        _ => false,
    };
    if writable
        && entry.visibility.contains(ShaderStages::VERTEX)
        && !features.contains(Features::VERTEX_WRITABLE_STORAGE)
    {
        return Err(LayoutRefusal::Feature {
            field,
            feature: Features::VERTEX_WRITABLE_STORAGE,
            message: format!(
                "field `{field}` is writable storage visible to the vertex stage; write it from the fragment or \
                 compute stage only, or request the feature when creating the device (if the adapter has it)"
            ),
        });
    }
    let BindingType::StorageTexture { access, format, .. } = entry.ty else { return Ok(()) };
    let Err(refusal) = capabilities.check_storage_access(format, access) else { return Ok(()) };
    let message = format!(
        "field `{field}` binds a {} storage texture of format {format:?}; {}",
        storage_access_name(access),
        refusal.explain(format, access)
    );
    Err(LayoutRefusal::Feature { field, feature: refusal.feature(), message })
}

impl<K: PassKind> PassBuilder<'_, '_, K> {
    /// The [`check_layouts`] of `groups` against the graph's device, as the
    /// error of this pass (an entry's FG1111 names the resource its field
    /// binds, when the graph tracks it). Layouts that passed are remembered
    /// by address, so a pass added every frame is checked once per runtime.
    pub(crate) fn check_layouts(&mut self, groups: &'static [BindGroupTable]) -> Result<()> {
        let address = groups.as_ptr() as usize;
        if groups.is_empty() || self.frame.graph.fitting_layouts.contains(&address) {
            return Ok(());
        }
        match check_layouts(&mut self.frame.graph.capabilities, groups) {
            Ok(()) => {}
            Err(LayoutRefusal::Limit { limit, value, bound, message }) => {
                return Err(self.limit_exceeded(limit, value, bound, message));
            }
            Err(LayoutRefusal::Feature { field, feature, message }) => {
                return Err(self.entry_needs(field, feature, message));
            }
        }
        self.frame.graph.fitting_layouts.insert(address);
        Ok(())
    }

    /// The FG1111 of the entry of `field`, naming the resource the field
    /// binds when the graph tracks it, or else the pass.
    #[cold]
    fn entry_needs(&self, field: &str, feature: Features, message: String) -> FrameGraphError {
        let resource = self.bound_resource(field);
        let label = match resource {
            Some(id) => self.frame.rec.resources[id.index()].label().clone(),
            None => self.pass.label.clone(),
        };
        FrameGraphError::MissingDeviceFeature { pass: Some(self.pass.clone()), resource, label, feature, message }
    }

    /// The resource bound field `field` declared, if the graph tracks it.
    fn bound_resource(&self, field: &str) -> Option<ResourceId> {
        let rec = &self.frame.rec;
        rec.binding_checks[self.binding_checks_start as usize..]
            .iter()
            .find(|check| check.field == field)
            .map(|check| rec.accesses[check.access.index()].resource)
    }
}

/// Every entry of `table` with the field it binds.
fn named_entries(
    table: &'static BindGroupTable,
) -> impl Iterator<Item = (&'static BindGroupLayoutEntry, &'static str)> {
    let fields = table.fields.iter().copied().chain(std::iter::repeat("(unnamed)"));
    table.entries.iter().zip(fields)
}

/// The stages wgpu counts bindings in, with their names.
const STAGES: [(ShaderStages, &str); 3] =
    [(ShaderStages::VERTEX, "vertex"), (ShaderStages::FRAGMENT, "fragment"), (ShaderStages::COMPUTE, "compute")];

/// Bindings of one kind in each stage of [`STAGES`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct PerStage([u32; 3]);

impl PerStage {
    /// Counts `count` bindings in every stage of `visibility`.
    fn add(&mut self, visibility: ShaderStages, count: u32) {
        for (slot, (stage, _)) in self.0.iter_mut().zip(STAGES) {
            if visibility.contains(stage) {
                *slot = slot.saturating_add(count);
            }
        }
    }

    /// The stage with the most bindings (the first such), and their count.
    fn most(self) -> (&'static str, u32) {
        let mut most = (STAGES[0].1, self.0[0]);
        for (&count, (_, name)) in self.0.iter().zip(STAGES).skip(1) {
            if count > most.1 {
                most = (name, count);
            }
        }
        most
    }

    fn plus(self, other: Self) -> Self {
        let mut sum = self;
        for (slot, count) in sum.0.iter_mut().zip(other.0) {
            *slot = slot.saturating_add(count);
        }
        sum
    }
}

/// What the bind group layouts of a pass bind, counted as wgpu counts them
/// for a pipeline layout.
#[derive(Debug, Default)]
struct BindingCounts {
    dynamic_uniform_buffers: u32,
    dynamic_storage_buffers: u32,
    sampled_textures: PerStage,
    samplers: PerStage,
    storage_buffers: PerStage,
    storage_textures: PerStage,
    uniform_buffers: PerStage,
    acceleration_structures: PerStage,
    array_elements: PerStage,
    array_sampler_elements: PerStage,
    array_acceleration_structure_elements: PerStage,
}

/// A limit the counts break.
#[derive(Debug, PartialEq, Eq)]
struct Excess {
    /// The field of `wgpu::Limits`.
    limit: &'static str,
    /// What is counted, in words.
    what: &'static str,
    /// How to bind fewer, in words.
    fix: &'static str,
    /// The stage with the most, for a per-stage limit.
    stage: Option<&'static str>,
    count: u32,
    bound: u32,
}

/// How to bind fewer bindings per stage, in words.
const SPLIT: &str = "bind fewer in one pass (split its work, or pack several into one binding)";

impl BindingCounts {
    fn add(&mut self, entry: &BindGroupLayoutEntry) {
        let stages = entry.visibility;
        if let Some(count) = entry.count {
            let count = count.get();
            self.array_elements.add(stages, count);
            match entry.ty {
                BindingType::Sampler(_) => self.array_sampler_elements.add(stages, count),
                BindingType::AccelerationStructure { .. } => {
                    self.array_acceleration_structure_elements.add(stages, count);
                }
                _ => {}
            }
            return;
        }
        match entry.ty {
            BindingType::Buffer { ty: BufferBindingType::Uniform, has_dynamic_offset, .. } => {
                self.uniform_buffers.add(stages, 1);
                self.dynamic_uniform_buffers += u32::from(has_dynamic_offset);
            }
            BindingType::Buffer { ty: BufferBindingType::Storage { .. }, has_dynamic_offset, .. } => {
                self.storage_buffers.add(stages, 1);
                self.dynamic_storage_buffers += u32::from(has_dynamic_offset);
            }
            BindingType::Sampler(_) => self.samplers.add(stages, 1),
            BindingType::Texture { .. } => self.sampled_textures.add(stages, 1),
            BindingType::StorageTexture { .. } => self.storage_textures.add(stages, 1),
            BindingType::AccelerationStructure { .. } => self.acceleration_structures.add(stages, 1),
            // wgpu counts an external texture as its planes, a lookup table,
            // its sampler and its parameters.
            BindingType::ExternalTexture => {
                self.sampled_textures.add(stages, 4);
                self.samplers.add(stages, 1);
                self.uniform_buffers.add(stages, 1);
            }
        }
    }

    /// The first limit the counts break, in wgpu's order.
    fn excess(&self, limits: &Limits) -> Option<Excess> {
        let layout = [
            (
                self.dynamic_uniform_buffers,
                limits.max_dynamic_uniform_buffers_per_pipeline_layout,
                "max_dynamic_uniform_buffers_per_pipeline_layout",
                "uniform buffers with dynamic offsets",
            ),
            (
                self.dynamic_storage_buffers,
                limits.max_dynamic_storage_buffers_per_pipeline_layout,
                "max_dynamic_storage_buffers_per_pipeline_layout",
                "storage buffers with dynamic offsets",
            ),
        ];
        if let Some(&(count, bound, limit, what)) = layout.iter().find(|(count, bound, ..)| count > bound) {
            let fix = "give fewer of them dynamic offsets";
            return Some(Excess { limit, what, fix, stage: None, count, bound });
        }
        let stages = [
            (
                self.sampled_textures,
                limits.max_sampled_textures_per_shader_stage,
                "max_sampled_textures_per_shader_stage",
                "sampled textures",
            ),
            (self.samplers, limits.max_samplers_per_shader_stage, "max_samplers_per_shader_stage", "samplers"),
            (
                self.storage_buffers,
                limits.max_storage_buffers_per_shader_stage,
                "max_storage_buffers_per_shader_stage",
                "storage buffers",
            ),
            (
                self.storage_textures,
                limits.max_storage_textures_per_shader_stage,
                "max_storage_textures_per_shader_stage",
                "storage textures",
            ),
            (
                self.uniform_buffers,
                limits.max_uniform_buffers_per_shader_stage,
                "max_uniform_buffers_per_shader_stage",
                "uniform buffers",
            ),
            (
                self.array_elements,
                limits.max_binding_array_elements_per_shader_stage,
                "max_binding_array_elements_per_shader_stage",
                "binding array elements",
            ),
            (
                self.array_sampler_elements,
                limits.max_binding_array_sampler_elements_per_shader_stage,
                "max_binding_array_sampler_elements_per_shader_stage",
                "sampler binding array elements",
            ),
            (
                self.array_acceleration_structure_elements,
                limits.max_binding_array_acceleration_structure_elements_per_shader_stage,
                "max_binding_array_acceleration_structure_elements_per_shader_stage",
                "acceleration structure binding array elements",
            ),
            (
                self.acceleration_structures,
                limits.max_acceleration_structures_per_shader_stage,
                "max_acceleration_structures_per_shader_stage",
                "acceleration structures",
            ),
            (
                self.uniform_buffers.plus(self.storage_buffers).plus(self.acceleration_structures),
                limits.max_buffers_and_acceleration_structures_per_shader_stage,
                "max_buffers_and_acceleration_structures_per_shader_stage",
                "buffers and acceleration structures",
            ),
        ];
        stages.into_iter().find_map(|(counts, bound, limit, what)| {
            let (stage, count) = counts.most();
            (count > bound).then_some(Excess { limit, what, fix: SPLIT, stage: Some(stage), count, bound })
        })
    }
}

#[cfg(test)]
mod tests {
    use std::num::NonZeroU32;

    use wgpu::{
        BindGroupLayoutEntry, BindingType, BufferBindingType, Limits, SamplerBindingType, ShaderStages,
        TextureSampleType, TextureViewDimension,
    };

    use super::{BindingCounts, Excess, PerStage, SPLIT};
    use crate::binding::BindGroupTable;
    use crate::{DeviceCapabilities, FrameGraph, FrameGraphError};

    static VERTEX_WRITES: [BindGroupTable; 1] = [BindGroupTable {
        group: 0,
        entries: &[BindGroupLayoutEntry {
            binding: 0,
            visibility: ShaderStages::VERTEX_FRAGMENT,
            ty: BindingType::Buffer {
                ty: BufferBindingType::Storage { read_only: false },
                has_dynamic_offset: false,
                min_binding_size: None,
            },
            count: None,
        }],
        fields: &["particles"],
    }];

    #[test]
    fn writable_storage_visible_to_the_vertex_stage_needs_vertex_writable_storage() {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let mut pass = frame.render_pass("scatter");
        let error = pass.check_layouts(&VERTEX_WRITES).unwrap_err();
        let FrameGraphError::MissingDeviceFeature { feature, resource, label, .. } = &error else { panic!("{error}") };
        assert_eq!((*feature, *resource, label.as_ref()), (wgpu::Features::VERTEX_WRITABLE_STORAGE, None, "scatter"));
        let message = error.to_string();
        assert!(
            message.starts_with("FG1111: `scatter` in pass `scatter` needs the device feature VERTEX_WRITABLE_STORAGE")
        );
        assert!(message.contains("field `particles` is writable storage visible to the vertex stage"), "{message}");
        drop(pass);

        let capabilities = DeviceCapabilities::new(Limits::default(), wgpu::Features::VERTEX_WRITABLE_STORAGE);
        let mut graph = FrameGraph::with_capabilities(capabilities);
        let mut frame = graph.begin_frame();
        let mut pass = frame.render_pass("scatter");
        assert_eq!(pass.check_layouts(&VERTEX_WRITES), Ok(()));
        assert_eq!(pass.check_layouts(&[]), Ok(()));
        drop(pass);
    }

    fn entry(visibility: ShaderStages, ty: BindingType) -> BindGroupLayoutEntry {
        BindGroupLayoutEntry { binding: 0, visibility, ty, count: None }
    }

    fn sampled(visibility: ShaderStages) -> BindGroupLayoutEntry {
        let ty = BindingType::Texture {
            sample_type: TextureSampleType::Float { filterable: true },
            view_dimension: TextureViewDimension::D2,
            multisampled: false,
        };
        entry(visibility, ty)
    }

    fn buffer(ty: BufferBindingType, has_dynamic_offset: bool) -> BindGroupLayoutEntry {
        entry(ShaderStages::COMPUTE, BindingType::Buffer { ty, has_dynamic_offset, min_binding_size: None })
    }

    fn counted(entries: &[BindGroupLayoutEntry]) -> BindingCounts {
        let mut counts = BindingCounts::default();
        entries.iter().for_each(|entry| counts.add(entry));
        counts
    }

    #[test]
    fn an_entry_counts_in_every_stage_of_its_visibility() {
        let counts = counted(&[sampled(ShaderStages::VERTEX_FRAGMENT), sampled(ShaderStages::FRAGMENT)]);
        assert_eq!(counts.sampled_textures, PerStage([1, 2, 0]));
        assert_eq!(counts.sampled_textures.most(), ("fragment", 2));
        let limits = Limits { max_sampled_textures_per_shader_stage: 2, ..Limits::default() };
        assert_eq!(counts.excess(&limits), None, "two in the fragment stage fit");
        let limits = Limits { max_sampled_textures_per_shader_stage: 1, ..Limits::default() };
        let excess = Excess {
            limit: "max_sampled_textures_per_shader_stage",
            what: "sampled textures",
            fix: SPLIT,
            stage: Some("fragment"),
            count: 2,
            bound: 1,
        };
        assert_eq!(counts.excess(&limits), Some(excess));
        let apart = counted(&[sampled(ShaderStages::VERTEX), sampled(ShaderStages::FRAGMENT)]);
        assert_eq!(apart.excess(&limits), None, "one per stage fits a limit of one");
    }

    #[test]
    fn dynamic_offsets_count_per_pipeline_layout() {
        let counts = counted(&[
            buffer(BufferBindingType::Uniform, true),
            buffer(BufferBindingType::Uniform, false),
            buffer(BufferBindingType::Storage { read_only: true }, true),
        ]);
        assert_eq!((counts.dynamic_uniform_buffers, counts.dynamic_storage_buffers), (1, 1));
        assert_eq!(counts.uniform_buffers.most(), ("compute", 2));
        let limits = Limits { max_dynamic_storage_buffers_per_pipeline_layout: 0, ..Limits::default() };
        let excess = counts.excess(&limits).unwrap();
        assert_eq!(
            (excess.limit, excess.stage, excess.count, excess.bound),
            ("max_dynamic_storage_buffers_per_pipeline_layout", None, 1, 0)
        );
    }

    #[test]
    fn arrays_external_textures_and_buffers_together_count_as_wgpu_counts_them() {
        let mut array = entry(ShaderStages::COMPUTE, BindingType::Sampler(SamplerBindingType::Filtering));
        array.count = NonZeroU32::new(3);
        let counts = counted(&[array, entry(ShaderStages::FRAGMENT, BindingType::ExternalTexture)]);
        assert_eq!(counts.samplers, PerStage([0, 1, 0]), "an array counts as array elements only");
        assert_eq!((counts.array_elements, counts.array_sampler_elements), (PerStage([0, 0, 3]), PerStage([0, 0, 3])));
        assert_eq!((counts.sampled_textures, counts.uniform_buffers), (PerStage([0, 4, 0]), PerStage([0, 1, 0])));
        let buffers = counted(&[
            buffer(BufferBindingType::Uniform, false),
            buffer(BufferBindingType::Storage { read_only: false }, false),
        ]);
        let limits = Limits { max_buffers_and_acceleration_structures_per_shader_stage: 1, ..Limits::default() };
        let excess = buffers.excess(&limits).unwrap();
        assert_eq!((excess.limit, excess.count), ("max_buffers_and_acceleration_structures_per_shader_stage", 2));
    }
}
