//! The bindings of a shader as the entry points of a pass use them.

use naga::valid::FunctionInfo;

use super::source::Shader;
use super::spelling;
use super::{
    EntryPoint, Global, GlobalKind, Output, OutputScalar, SampleType, ShaderInterface, Stages, StorageAccess,
    ViewDimension,
};

/// The interface of `shader` as the entry points at the indices `chosen` use
/// it.
pub(super) fn reflect(shader: Shader, chosen: &[usize]) -> ShaderInterface {
    let Shader { file, absolute_path, module, info } = shader;
    let functions: Vec<(Stages, &FunctionInfo)> = chosen
        .iter()
        .map(|&index| (Stages::of(module.entry_points[index].stage), info.get_entry_point(index)))
        .collect();
    let mut globals: Vec<Global> = module
        .global_variables
        .iter()
        .filter_map(|(handle, var)| {
            let binding = var.binding.as_ref()?;
            let users = functions.iter().filter(|(_, function)| !function[handle].is_empty());
            let stages = users.fold(Stages::NONE, |stages, (stage, _)| stages | *stage);
            let read = functions.iter().any(|(_, function)| function[handle].contains(naga::valid::GlobalUse::READ));
            // wgpu derives `filterable` from the same pairs, and a sampled
            // `f32` texture cannot be paired with a comparison sampler.
            let sampled =
                functions.iter().any(|(_, function)| function.sampling_set.iter().any(|key| key.image == handle));
            Some(Global {
                name: var.name.clone().unwrap_or_default(),
                group: binding.group,
                binding: binding.binding,
                stages,
                read,
                kind: kind(&module, var, sampled),
                wgsl: spelling::declaration(&module, var),
            })
        })
        .collect();
    globals.sort_by_key(|global| (global.group, global.binding));
    let at = |handle: naga::Handle<naga::GlobalVariable>| {
        let binding = module.global_variables[handle].binding.as_ref()?;
        globals.iter().position(|global| global.group == binding.group && global.binding == binding.binding)
    };
    let mut sampling_pairs: Vec<(usize, usize)> = functions
        .iter()
        .flat_map(|(_, function)| &function.sampling_set)
        .filter_map(|key| Some((at(key.image)?, at(key.sampler)?)))
        .collect();
    sampling_pairs.sort_unstable();
    sampling_pairs.dedup();
    let immediate_size = module
        .global_variables
        .iter()
        .filter(|(handle, var)| {
            var.space == naga::AddressSpace::Immediate
                && functions.iter().any(|(_, function)| !function[*handle].is_empty())
        })
        .map(|(_, var)| module.types[var.ty].inner.size(module.to_ctx()).next_multiple_of(4))
        .max()
        .unwrap_or(0);
    let entry_points = chosen
        .iter()
        .map(|&index| {
            let entry = &module.entry_points[index];
            EntryPoint {
                name: entry.name.clone(),
                stage: Stages::of(entry.stage),
                outputs: outputs(&module, entry),
                vertex_inputs: vertex_inputs(&module, entry),
            }
        })
        .collect();
    ShaderInterface { file, absolute_path, entry_points, globals, sampling_pairs, immediate_size }
}

/// The `@location` outputs of a fragment entry point's result, as a value
/// or as members of a struct, by location; one per location (the second
/// source of dual-source blending shares the first's).
fn outputs(module: &naga::Module, entry: &naga::EntryPoint) -> Vec<Output> {
    let output = |binding: &Option<naga::Binding>, ty: naga::Handle<naga::Type>| {
        let Some(naga::Binding::Location { location, .. }) = binding else { return None };
        let (scalar, components) = match module.types[ty].inner {
            naga::TypeInner::Scalar(scalar) => (scalar, 1),
            naga::TypeInner::Vector { size, scalar } => (scalar, size as u8),
            _ => return None,
        };
        let scalar = match scalar.kind {
            naga::ScalarKind::Float => OutputScalar::Float,
            naga::ScalarKind::Sint => OutputScalar::Sint,
            naga::ScalarKind::Uint => OutputScalar::Uint,
            _ => return None,
        };
        Some(Output { location: *location, scalar, components })
    };
    let Some(result) = entry.function.result.as_ref().filter(|_| entry.stage == naga::ShaderStage::Fragment) else {
        return Vec::new();
    };
    let mut outputs: Vec<Output> = match &module.types[result.ty].inner {
        naga::TypeInner::Struct { members, .. } if result.binding.is_none() => {
            members.iter().filter_map(|member| output(&member.binding, member.ty)).collect()
        }
        _ => output(&result.binding, result.ty).into_iter().collect(),
    };
    outputs.sort_by_key(|output| output.location);
    outputs.dedup_by_key(|output| output.location);
    outputs
}

/// The `@location`s of a vertex entry point's arguments, as values or as
/// members of structs: what it reads from vertex buffers.
fn vertex_inputs(module: &naga::Module, entry: &naga::EntryPoint) -> Vec<u32> {
    if entry.stage != naga::ShaderStage::Vertex {
        return Vec::new();
    }
    let location = |binding: &Option<naga::Binding>| match binding {
        Some(naga::Binding::Location { location, .. }) => Some(*location),
        _ => None,
    };
    let mut locations: Vec<u32> = entry
        .function
        .arguments
        .iter()
        .flat_map(|argument| match (&argument.binding, &module.types[argument.ty].inner) {
            (None, naga::TypeInner::Struct { members, .. }) => {
                members.iter().filter_map(|member| location(&member.binding)).collect()
            }
            (binding, _) => location(binding).into_iter().collect::<Vec<u32>>(),
        })
        .collect();
    locations.sort_unstable();
    locations
}

/// The binding type of `var`; `sampled` says whether an entry point of the
/// pass samples it with a sampler.
fn kind(module: &naga::Module, var: &naga::GlobalVariable, sampled: bool) -> GlobalKind {
    let inner = &module.types[var.ty].inner;
    match (var.space, inner) {
        (naga::AddressSpace::Uniform, _) => GlobalKind::UniformBuffer { min_size: size(module, inner) },
        (naga::AddressSpace::Storage { access }, _) => GlobalKind::StorageBuffer {
            read_only: !access.contains(naga::StorageAccess::STORE),
            min_size: size(module, inner),
        },
        (_, naga::TypeInner::Sampler { comparison }) => GlobalKind::Sampler { comparison: *comparison },
        (_, &naga::TypeInner::Image { dim, arrayed, class }) => {
            texture(ViewDimension::of(dim, arrayed), class, sampled)
        }
        (_, naga::TypeInner::BindingArray { .. }) => GlobalKind::Unsupported { what: "a binding array" },
        (_, naga::TypeInner::AccelerationStructure { .. }) => {
            GlobalKind::Unsupported { what: "an acceleration structure" }
        }
        _ => GlobalKind::Unsupported { what: "a binding of a type wgpu does not bind" },
    }
}

/// The binding type of a texture; `sampled` as for [`kind`].
fn texture(dimension: ViewDimension, class: naga::ImageClass, sampled: bool) -> GlobalKind {
    let sampled_texture =
        |sample_type, multisampled| GlobalKind::SampledTexture { sample_type, dimension, multisampled };
    match class {
        naga::ImageClass::Sampled { kind: naga::ScalarKind::Float, multi } => {
            sampled_texture(if sampled { SampleType::Float } else { SampleType::UnfilterableFloat }, multi)
        }
        naga::ImageClass::Sampled { kind: naga::ScalarKind::Sint, multi } => sampled_texture(SampleType::Sint, multi),
        naga::ImageClass::Sampled { kind: naga::ScalarKind::Uint, multi } => sampled_texture(SampleType::Uint, multi),
        // naga's WGSL front end only makes f32, i32 and u32 textures.
        naga::ImageClass::Sampled { .. } => GlobalKind::Unsupported { what: "a texture of an unknown sample type" },
        naga::ImageClass::Depth { multi } => sampled_texture(SampleType::Depth, multi),
        naga::ImageClass::Storage { format, access } => GlobalKind::StorageTexture {
            // naga's storage formats have the names of wgpu's texture formats.
            format: format!("{format:?}"),
            access: StorageAccess::of(access),
            dimension,
        },
        naga::ImageClass::External => GlobalKind::Unsupported { what: "an external texture" },
    }
}

/// The size in bytes of a buffer's type, a runtime-sized array counting one
/// element, as wgpu checks `min_binding_size`.
fn size(module: &naga::Module, inner: &naga::TypeInner) -> u64 {
    // Validation rejected types too large to size, which `size` panics on.
    u64::from(inner.size(module.to_ctx()))
}
