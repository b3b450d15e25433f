//! Usage derivation over retained work: what each resource must allow, and
//! FG1101 / FG1102 when a fixed or exposed usage cannot serve it.

use wgpu::{TextureDimension, TextureUsages};

use crate::error::{FrameGraphError, Result};
use crate::ids::ResourceId;
use crate::record::Recording;
use crate::types::{AccessRole, ResourceOrigin, ResourceUsage};

/// The effective usage of every resource, as raw bits of its kind's flags.
///
/// Required usage is the union over the accesses of retained nodes (empty
/// copies included: they are still encoded). Transients with
/// `UsagePolicy::Infer` get exactly that; fixed transients and imports keep
/// their fixed or exposed usage, which must contain it.
///
/// A transient texture whose format cannot have a usage its retained work
/// needs (storage on `Rgba8UnormSrgb`, say) is FG1108, naming the first
/// retained access that needs it; `retained` has one flag per node.
pub(crate) fn derive_usage(
    rec: &Recording<'_>,
    required: &[u32],
    retained: &[bool],
    effective: &mut Vec<u32>,
) -> Result<()> {
    effective.clear();
    for (index, (facts, &needed)) in rec.facts.iter().zip(required).enumerate() {
        // A fixed or exposed usage that lacks what retained work needs is
        // FG1101 before what the format allows is looked at, as the
        // reference orders them.
        let available = facts.promised().unwrap_or(needed);
        if available & needed != needed {
            return Err(usage_mismatch(rec, ResourceId(index as u32), needed, available, retained));
        }
        if needed & facts.forbidden_usage() != 0 {
            return Err(format_cannot_serve(rec, ResourceId(index as u32), needed & facts.forbidden_usage(), retained));
        }
        // Only 1D and multisampled transient textures can break the rules of
        // their shape; the descriptor is read for those alone.
        if (facts.is_1d() || facts.is_multisampled()) && facts.origin == ResourceOrigin::Transient && needed != 0 {
            check_transient_texture(rec, ResourceId(index as u32), TextureUsages::from_bits_truncate(available))?;
        }
        effective.push(available);
    }
    Ok(())
}

/// FG1101 for resource `id`, whose `available` usage lacks part of what its
/// retained work `needed`: naming the first retained access that needs a
/// missing bit, and how to add it where the usage comes from.
#[cold]
fn usage_mismatch(
    rec: &Recording<'_>,
    id: ResourceId,
    needed: u32,
    available: u32,
    retained: &[bool],
) -> FrameGraphError {
    let record = &rec.resources[id.index()];
    let missing = record.usage(needed & !available);
    let needs = |role: AccessRole| match missing {
        ResourceUsage::Texture(usage) => role.texture_usage().intersects(usage),
        ResourceUsage::Buffer(usage) => role.buffer_usage().intersects(usage),
    };
    let first = rec.accesses.iter().find(|access| {
        access.resource == id && retained.get(access.pass.index()).copied().unwrap_or(false) && needs(access.role)
    });
    let by = first.map_or_else(String::new, |access| {
        format!("{} needs {missing} as a {}; ", rec.pass_ref(access.pass), access.role.name())
    });
    let object = if matches!(missing, ResourceUsage::Texture(_)) { "texture" } else { "buffer" };
    let source = match rec.facts[id.index()].origin {
        ResourceOrigin::Transient => {
            format!(
                "add {missing} to its fixed usage, or create it with `UsagePolicy::Infer` to take what its work needs"
            )
        }
        ResourceOrigin::Imported => format!(
            "create the wgpu {object} with {missing} in its usage and expose that usage (`with_exposed_usage`; \
             `import_native_{object}` takes the object's usage)"
        ),
        ResourceOrigin::Surface => format!(
            "configure the surface with {missing} in `SurfaceConfiguration::usage`, where the adapter's surface \
             capabilities allow it, and pass that usage to `import_surface_texture`"
        ),
    };
    FrameGraphError::UsageMismatch {
        resource: rec.resource_ref(id),
        required: record.usage(needed),
        available: record.usage(available),
        fix: format!("{by}{source}"),
    }
}

/// FG1108 for the first retained access of texture `id` that needs one of
/// the `forbidden` usage bits its format cannot have.
fn format_cannot_serve(rec: &Recording<'_>, id: ResourceId, forbidden: u32, retained: &[bool]) -> FrameGraphError {
    let forbidden = TextureUsages::from_bits_truncate(forbidden);
    let format = rec.texture_desc(id).format;
    let access = rec.accesses.iter().find(|access| {
        access.resource == id
            && retained.get(access.pass.index()).copied().unwrap_or(false)
            && access.role.texture_usage().intersects(forbidden)
    });
    let Some(access) = access else {
        return FrameGraphError::internal(format!("no retained access of {id:?} needs {forbidden:?}"));
    };
    let usage = access.role.texture_usage();
    FrameGraphError::UnsupportedTextureFormatUsage {
        pass: rec.pass_ref(access.pass),
        resource: rec.resource_ref(id),
        role: access.role,
        format,
        message: format!(
            "the role needs usage {usage:?}, which format {format:?} does not allow on this device; \
             choose a format that does (such as {}), or {}",
            alternative(format),
            if usage.contains(TextureUsages::STORAGE_BINDING) {
                "write it as a color attachment instead"
            } else {
                "declare another role"
            }
        ),
    }
}

/// A format like `format` that more usages allow, for messages.
fn alternative(format: wgpu::TextureFormat) -> String {
    let linear = format.remove_srgb_suffix();
    if linear == format { "Rgba8Unorm or Rgba16Float".into() } else { format!("{linear:?}, viewed as {format:?}") }
}

/// FG1102 for a transient texture whose usage its shape cannot have.
fn check_transient_texture(rec: &Recording<'_>, id: ResourceId, available: TextureUsages) -> Result<()> {
    let desc = rec.texture_desc(id);
    let invalid = |message: &str| FrameGraphError::InvalidResourceDescriptor {
        resource: Some(id),
        label: desc.label.clone(),
        message: message.into(),
    };
    if desc.dimension == TextureDimension::D1 && available.contains(TextureUsages::RENDER_ATTACHMENT) {
        return Err(invalid("1D textures cannot be render attachments"));
    }
    if desc.sample_count > 1 && !available.contains(TextureUsages::RENDER_ATTACHMENT) {
        return Err(invalid("a multisampled texture must be rendered to (RENDER_ATTACHMENT)"));
    }
    if desc.sample_count > 1 && available.contains(TextureUsages::STORAGE_BINDING) {
        return Err(invalid("multisampled textures cannot be storage textures"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use wgpu::{BufferUsages, Extent3d, TextureDimension, TextureFormat, TextureUsages};

    use super::derive_usage;
    use crate::error::{FrameGraphError, ResourceRef};
    use crate::ids::ResourceId;
    use crate::types::ResourceUsage;
    use crate::{
        BufferDesc, BufferRange, CompileOptions, FrameGraph, ImportBufferOptions, ImportTextureOptions,
        InitialContents, RootReason, TextureDesc, WriteContents,
    };

    #[test]
    fn inferred_usage_is_the_union_of_retained_accesses_empty_copies_included() {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let image = frame.create_texture(TextureDesc::new_2d("image", 8, 8, TextureFormat::Rgba8Unorm)).unwrap();
        let out = frame.create_buffer(BufferDesc::new("out", 16)).unwrap();
        let counters = frame.create_buffer(BufferDesc::new("counters", 16)).unwrap();
        let dead = frame.create_buffer(BufferDesc::new("dead", 16)).unwrap();
        let fixed = frame.create_buffer(BufferDesc::new("fixed", 16).with_usage(BufferUsages::UNIFORM)).unwrap();
        let exposed = frame
            .import_buffer(
                BufferDesc::new("exposed", 16),
                ImportBufferOptions::new(InitialContents::Defined).with_exposed_usage(BufferUsages::VERTEX),
            )
            .unwrap();
        let mut pass = frame.compute_pass("fill");
        let _ = pass.storage_texture_write(image, WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        let mut pass = frame.compute_pass("sample");
        let _ = pass.sampled_texture(image).unwrap();
        let _ = pass.storage_buffer_write(out, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        let mut pass = frame.command_pass("culled");
        pass.set_side_effect(false);
        let _ = pass.texture_copy_src(image).unwrap();
        let _ = pass.storage_buffer_write(dead, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        let mut copy = frame.copy_pass("empty-copy");
        copy.set_side_effect(true);
        copy.copy_buffer_to_buffer(out, 0, counters, 0, 0).unwrap();
        copy.finish().unwrap();
        frame.mark_buffer_root(out, BufferRange::whole(), RootReason::Output).unwrap();
        let compiled = frame.compile(CompileOptions::default()).unwrap();
        let usage = |id: ResourceId| compiled.plan().usage[id.index()];
        assert_eq!(usage(image.id()), (TextureUsages::STORAGE_BINDING | TextureUsages::TEXTURE_BINDING).bits());
        assert_eq!(usage(out.id()), (BufferUsages::STORAGE | BufferUsages::COPY_SRC).bits());
        assert_eq!(usage(counters.id()), BufferUsages::COPY_DST.bits());
        assert_eq!(usage(dead.id()), 0, "only culled work touches it");
        assert_eq!(usage(fixed.id()), BufferUsages::UNIFORM.bits(), "unused fixed usage is kept");
        assert_eq!(usage(exposed.id()), BufferUsages::VERTEX.bits(), "unused exposed usage is kept");
    }

    #[test]
    fn fixed_and_exposed_usages_must_contain_what_is_required() {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let fixed = BufferUsages::STORAGE | BufferUsages::COPY_SRC;
        let buffer = frame.create_buffer(BufferDesc::new("fixed", 16).with_usage(fixed)).unwrap();
        let texture = frame
            .import_texture(
                TextureDesc::new_2d("exposed", 8, 8, TextureFormat::Rgba8Unorm),
                ImportTextureOptions::new(InitialContents::Defined).with_exposed_usage(TextureUsages::TEXTURE_BINDING),
            )
            .unwrap();
        let open = frame
            .import_buffer(
                BufferDesc::new("open", 16).with_usage(BufferUsages::VERTEX),
                ImportBufferOptions::new(InitialContents::Defined),
            )
            .unwrap();
        let inferred = frame.create_buffer(BufferDesc::new("inferred", 16)).unwrap();
        let ids = [buffer.id(), texture.id(), open.id(), inferred.id()];
        assert_eq!(ids.map(|id| id.index()), [0, 1, 2, 3]);

        let mut effective = vec![u32::MAX; 7];
        let required = [
            BufferUsages::STORAGE.bits(),
            TextureUsages::TEXTURE_BINDING.bits(),
            BufferUsages::UNIFORM.bits(),
            BufferUsages::COPY_DST.bits(),
        ];
        derive_usage(&frame.rec, &required, &[], &mut effective).unwrap();
        assert_eq!(
            effective,
            [
                fixed.bits(),
                TextureUsages::TEXTURE_BINDING.bits(),
                BufferUsages::UNIFORM.bits(),
                BufferUsages::COPY_DST.bits()
            ],
            "fixed and exposed usages are kept whole; the others are what is required"
        );

        let needs_copy_dst = [(BufferUsages::STORAGE | BufferUsages::COPY_DST).bits(), 0, 0, 0];
        let error = derive_usage(&frame.rec, &needs_copy_dst, &[], &mut effective).unwrap_err();
        assert_eq!(
            error,
            FrameGraphError::UsageMismatch {
                resource: ResourceRef { id: buffer.id(), label: "fixed".into() },
                required: ResourceUsage::Buffer(BufferUsages::STORAGE | BufferUsages::COPY_DST),
                available: ResourceUsage::Buffer(fixed),
                fix: "add BufferUsages(COPY_DST) to its fixed usage, or create it with `UsagePolicy::Infer` to take \
                      what its work needs"
                    .into(),
            }
        );
        assert_eq!(error.code(), "FG1101");

        let needs_storage = [0, (TextureUsages::TEXTURE_BINDING | TextureUsages::STORAGE_BINDING).bits(), 0, 0];
        assert_eq!(
            derive_usage(&frame.rec, &needs_storage, &[], &mut effective).unwrap_err(),
            FrameGraphError::UsageMismatch {
                resource: ResourceRef { id: texture.id(), label: "exposed".into() },
                required: ResourceUsage::Texture(TextureUsages::TEXTURE_BINDING | TextureUsages::STORAGE_BINDING),
                available: ResourceUsage::Texture(TextureUsages::TEXTURE_BINDING),
                fix: "create the wgpu texture with TextureUsages(STORAGE_BINDING) in its usage and expose that usage \
                      (`with_exposed_usage`; `import_native_texture` takes the object's usage)"
                    .into(),
            }
        );
    }

    #[test]
    fn a_bit_only_culled_work_needs_is_no_mismatch() {
        let mut graph = FrameGraph::new();
        for reader_retained in [false, true] {
            let mut frame = graph.begin_frame();
            let data = frame.create_buffer(BufferDesc::new("data", 16).with_usage(BufferUsages::STORAGE)).unwrap();
            let mut pass = frame.compute_pass("write");
            let _ = pass.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite).unwrap();
            pass.finish().unwrap();
            let mut pass = frame.command_pass("uniform-reader");
            pass.set_side_effect(reader_retained);
            let _ = pass.uniform_buffer(data, BufferRange::whole()).unwrap();
            pass.finish().unwrap();
            frame.mark_buffer_root(data, BufferRange::whole(), RootReason::Output).unwrap();
            match frame.compile(CompileOptions::default()) {
                Ok(compiled) => {
                    assert!(!reader_retained);
                    assert_eq!(compiled.plan().usage[data.id().index()], BufferUsages::STORAGE.bits());
                }
                Err(error) => {
                    assert!(reader_retained);
                    assert_eq!(
                        error,
                        FrameGraphError::UsageMismatch {
                            resource: ResourceRef { id: data.id(), label: "data".into() },
                            required: ResourceUsage::Buffer(BufferUsages::STORAGE | BufferUsages::UNIFORM),
                            available: ResourceUsage::Buffer(BufferUsages::STORAGE),
                            fix: "pass `uniform-reader` needs BufferUsages(UNIFORM) as a uniform buffer; add \
                                  BufferUsages(UNIFORM) to its fixed usage, or create it with `UsagePolicy::Infer` \
                                  to take what its work needs"
                                .into(),
                        }
                    );
                }
            }
        }
    }

    #[test]
    fn used_1d_and_multisampled_transients_get_fg1102_for_usages_their_shape_cannot_have() {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let line = TextureDesc {
            size: Extent3d { width: 64, height: 1, depth_or_array_layers: 1 },
            dimension: TextureDimension::D1,
            ..TextureDesc::new_2d("line", 64, 1, TextureFormat::Rgba8Unorm)
        };
        let fixed_line = frame
            .create_texture(TextureDesc {
                label: "fixed-line".into(),
                ..line.clone().with_usage(TextureUsages::TEXTURE_BINDING | TextureUsages::RENDER_ATTACHMENT)
            })
            .unwrap();
        let line = frame.create_texture(line).unwrap();
        let msaa = TextureDesc::new_2d("msaa", 8, 8, TextureFormat::Rgba8Unorm).with_samples(4);
        let inferred_msaa = frame.create_texture(msaa.clone()).unwrap();
        let storage_msaa = frame
            .create_texture(TextureDesc {
                label: "storage-msaa".into(),
                ..msaa.clone().with_usage(TextureUsages::RENDER_ATTACHMENT | TextureUsages::STORAGE_BINDING)
            })
            .unwrap();
        let imported_msaa = frame
            .import_texture(
                TextureDesc { label: "imported-msaa".into(), ..msaa },
                ImportTextureOptions::new(InitialContents::Defined).with_exposed_usage(TextureUsages::TEXTURE_BINDING),
            )
            .unwrap();
        let ids = [fixed_line.id(), line.id(), inferred_msaa.id(), storage_msaa.id(), imported_msaa.id()];
        assert_eq!(ids.map(|id| id.index()), [0, 1, 2, 3, 4]);

        let sampled = TextureUsages::TEXTURE_BINDING.bits();
        let rendered = TextureUsages::RENDER_ATTACHMENT.bits();
        let storage = TextureUsages::STORAGE_BINDING.bits();
        let mut effective = Vec::new();
        let mut check = |required: [u32; 5]| {
            derive_usage(&frame.rec, &required, &[], &mut effective).map_err(|error| match error {
                FrameGraphError::InvalidResourceDescriptor { resource, label, message } => {
                    (resource.unwrap().index(), label.into_owned(), message)
                }
                other => panic!("expected FG1102, got {other:?}"),
            })
        };
        let render_1d =
            |index, label: &str| Err((index, label.into(), "1D textures cannot be render attachments".into()));
        let not_rendered =
            Err((2, "msaa".into(), "a multisampled texture must be rendered to (RENDER_ATTACHMENT)".into()));
        let storage_ms =
            |index, label: &str| Err((index, label.into(), "multisampled textures cannot be storage textures".into()));
        assert_eq!(check([0; 5]), Ok(()), "unused transients are not checked");
        assert_eq!(
            check([sampled, 0, 0, 0, 0]),
            render_1d(0, "fixed-line"),
            "the fixed usage decides, not the required one"
        );
        assert_eq!(check([0, sampled, 0, 0, 0]), Ok(()));
        assert_eq!(check([0, rendered, 0, 0, 0]), render_1d(1, "line"));
        assert_eq!(check([0, 0, sampled, 0, 0]), not_rendered);
        assert_eq!(check([0, 0, rendered | sampled, 0, 0]), Ok(()));
        assert_eq!(check([0, 0, rendered | storage, 0, 0]), storage_ms(2, "msaa"));
        assert_eq!(check([0, 0, 0, rendered, 0]), storage_ms(3, "storage-msaa"));
        assert_eq!(check([0, 0, 0, 0, sampled]), Ok(()), "imports are not checked");
    }
}
