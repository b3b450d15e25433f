//! Root resolution: which nodes produced each root's final contents, and
//! FG1004 when any rooted piece is undefined at frame end.

use super::content::{ContentState, piece_range};
use super::planes::Content;
use crate::error::{FrameGraphError, Result};
use crate::hash::FastSet;
use crate::ids::PassId;
use crate::record::{Recording, RootRecord};

/// A root with its final-content resolution.
#[derive(Clone, Debug)]
pub(crate) struct ResolvedRoot {
    pub root: RootRecord,
    /// Where its final writers lie in [`ResolvedRoots::producers`].
    producers: (u32, u32),
    /// Whether defined initial contents of an import survive in the range.
    pub uses_initial_contents: bool,
}

/// Every resolved root of a compile, in tables kept for the next one.
#[derive(Default)]
pub(crate) struct ResolvedRoots {
    /// The distinct roots, in declaration order.
    pub roots: Vec<ResolvedRoot>,
    /// The final writers of each root's range, root after root, each root's
    /// in execution order.
    producers: Vec<PassId>,
    seen: FastSet<RootRecord>,
}

impl ResolvedRoots {
    /// The final writers of `root`'s range, in execution order.
    pub fn producers(&self, root: &ResolvedRoot) -> &[PassId] {
        &self.producers[root.producers.0 as usize..root.producers.1 as usize]
    }

    /// The final writers of every root, root after root.
    pub fn all_producers(&self) -> &[PassId] {
        &self.producers
    }
}

/// Resolves every root in declaration order into `resolved`, which it
/// empties first; identical declarations count once.
pub(crate) fn resolve_roots(rec: &Recording<'_>, state: &mut ContentState, resolved: &mut ResolvedRoots) -> Result<()> {
    let ResolvedRoots { roots: resolved, producers, seen } = resolved;
    resolved.clear();
    producers.clear();
    seen.clear();
    for root in &rec.roots {
        if !seen.insert(*root) {
            continue;
        }
        let resource = &rec.resources[root.resource.index()];
        let start = producers.len();
        let mut uses_initial_contents = false;
        state.visit_final(
            &rec.facts[root.resource.index()],
            root.resource,
            &root.region,
            |plane, start, end, segment| {
                match segment.content() {
                    Content::Defined { producer: Some(producer), .. } => producers.push(producer),
                    Content::Defined { producer: None, .. } => uses_initial_contents = true,
                    Content::Undefined(cause) => {
                        return Err(FrameGraphError::RootReferencesUndefinedContents {
                            resource: rec.resource_ref(root.resource),
                            reason: root.reason,
                            range: piece_range(resource, plane, start, end),
                            cause,
                        });
                    }
                }
                Ok(())
            },
        )?;
        let own = &mut producers[start..];
        own.sort_unstable();
        let mut distinct = 0;
        for index in 0..own.len() {
            if distinct == 0 || own[index] != own[distinct - 1] {
                own[distinct] = own[index];
                distinct += 1;
            }
        }
        producers.truncate(start + distinct);
        resolved.push(ResolvedRoot {
            root: *root,
            producers: (start as u32, producers.len() as u32),
            uses_initial_contents,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use wgpu::{Color, TextureAspect, TextureFormat};

    use super::{ResolvedRoots, resolve_roots};
    use crate::compile::content::{ContentStorage, analyze};
    use crate::desc::{ResourceRange, TextureSubresourceRange};
    use crate::error::{FrameGraphError, ResourceRef};
    use crate::record::{Recording, Region};
    use crate::types::UndefinedCause;
    use crate::{
        BufferDesc, BufferRange, ColorAttachmentOps, FrameGraph, ImportBufferOptions, ImportTextureOptions,
        InitialContents, RootReason, TextureDesc, TextureViewDesc, WriteContents,
    };

    type Resolution = (Region, RootReason, Vec<u32>, bool);

    fn resolve(rec: &Recording<'_>) -> crate::error::Result<Vec<Resolution>> {
        let mut content = analyze(rec, false, &mut ContentStorage::default(), |_, _| {}).unwrap();
        let mut roots = ResolvedRoots::default();
        resolve_roots(rec, &mut content.state, &mut roots)?;
        Ok(roots
            .roots
            .iter()
            .map(|resolved| {
                let producers = roots.producers(resolved).iter().map(|producer| producer.0).collect();
                (resolved.root.region, resolved.root.reason, producers, resolved.uses_initial_contents)
            })
            .collect())
    }

    fn bytes(offset: u64, end: u64) -> Region {
        Region::Buffer { offset, end }
    }

    #[test]
    fn producers_are_the_final_writers_of_the_range_sorted_and_distinct() {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let data = frame.create_buffer(BufferDesc::new("data", 16)).unwrap();
        let other = frame.create_buffer(BufferDesc::new("other", 16)).unwrap();
        let mut pass = frame.compute_pass("whole");
        let _ = pass.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        let mut pass = frame.compute_pass("middle");
        let _ = pass.storage_buffer_write(data, BufferRange::new(4, Some(4)), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        let mut pass = frame.compute_pass("unrelated");
        let _ = pass.storage_buffer_write(other, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        frame.mark_buffer_root(data, BufferRange::whole(), RootReason::Output).unwrap();
        frame.mark_buffer_root(data, BufferRange::new(4, Some(4)), RootReason::Output).unwrap();
        frame.mark_buffer_root(data, BufferRange::new(8, None), RootReason::Output).unwrap();
        assert_eq!(
            resolve(&frame.rec).unwrap(),
            [
                (bytes(0, 16), RootReason::Output, vec![0, 1], false),
                (bytes(4, 8), RootReason::Output, vec![1], false),
                (bytes(8, 16), RootReason::Output, vec![0], false),
            ]
        );
    }

    #[test]
    fn identical_roots_resolve_once_in_declaration_order() {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let data = frame.create_buffer(BufferDesc::new("data", 16)).unwrap();
        let mut pass = frame.compute_pass("write");
        let _ = pass.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        for (range, reason) in [
            (BufferRange::whole(), RootReason::Output),
            (BufferRange::new(0, Some(16)), RootReason::Output),
            (BufferRange::new(0, Some(8)), RootReason::Output),
            (BufferRange::whole(), RootReason::DebugCapture),
            (BufferRange::whole(), RootReason::Output),
        ] {
            frame.mark_buffer_root(data, range, reason).unwrap();
        }
        assert_eq!(frame.rec.roots.len(), 5, "every declaration is recorded");
        assert_eq!(
            resolve(&frame.rec).unwrap(),
            [
                (bytes(0, 16), RootReason::Output, vec![0], false),
                (bytes(0, 8), RootReason::Output, vec![0], false),
                (bytes(0, 16), RootReason::DebugCapture, vec![0], false),
            ]
        );
    }

    #[test]
    fn surviving_initial_contents_of_imports_resolve_without_producers() {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let state = frame
            .import_buffer(BufferDesc::new("state", 16), ImportBufferOptions::new(InitialContents::Defined))
            .unwrap();
        let desc = TextureDesc::new_2d("history", 8, 8, TextureFormat::Rgba8Unorm);
        let history = frame.import_texture(desc, ImportTextureOptions::new(InitialContents::Defined)).unwrap();
        let mut pass = frame.compute_pass("update-head");
        let _ = pass.storage_buffer_write(state, BufferRange::new(0, Some(8)), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        frame.mark_buffer_root(state, BufferRange::whole(), RootReason::PersistentState).unwrap();
        frame.mark_buffer_root(state, BufferRange::new(0, Some(8)), RootReason::PersistentState).unwrap();
        frame.mark_buffer_root(state, BufferRange::new(8, Some(8)), RootReason::PersistentState).unwrap();
        frame.mark_texture_root(history, RootReason::PersistentState).unwrap();
        let resolved = resolve(&frame.rec).unwrap();
        let summary: Vec<_> = resolved.iter().map(|(_, _, producers, initial)| (producers.clone(), *initial)).collect();
        assert_eq!(summary, [(vec![0], true), (vec![0], false), (vec![], true), (vec![], true)]);
    }

    #[test]
    fn an_undefined_rooted_piece_is_fg1004_naming_the_root_and_the_piece() {
        let mut graph = FrameGraph::new();
        let mut frame = graph.begin_frame();
        let data = frame.create_buffer(BufferDesc::new("data", 16)).unwrap();
        let mut pass = frame.compute_pass("middle");
        let _ = pass.storage_buffer_write(data, BufferRange::new(4, Some(4)), WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        frame.mark_buffer_root(data, BufferRange::new(4, Some(4)), RootReason::Output).unwrap();
        frame.mark_buffer_root(data, BufferRange::whole(), RootReason::DebugCapture).unwrap();
        let error = resolve(&frame.rec).unwrap_err();
        assert_eq!(
            error,
            FrameGraphError::RootReferencesUndefinedContents {
                resource: ResourceRef { id: data.id(), label: "data".into() },
                reason: RootReason::DebugCapture,
                range: ResourceRange::Buffer(BufferRange::new(0, Some(4))),
                cause: UndefinedCause::Transient,
            }
        );
        assert_eq!(error.code(), "FG1004");

        let texture_range = |mip| {
            ResourceRange::Texture(vec![TextureSubresourceRange {
                base_mip_level: mip,
                mip_level_count: 1,
                base_slice: 0,
                slice_count: 1,
                aspect: TextureAspect::All,
            }])
        };
        drop(frame);
        let mut frame = graph.begin_frame();
        let desc = TextureDesc::new_2d("mips", 8, 8, TextureFormat::Rgba8Unorm).with_mips(2);
        let mips = frame.create_texture(desc).unwrap();
        let first = frame.create_texture_view(mips, TextureViewDesc::mip(0)).unwrap();
        let mut pass = frame.compute_pass("mip-0");
        let _ = pass.storage_texture_write(first, WriteContents::Overwrite).unwrap();
        pass.finish().unwrap();
        frame.mark_texture_root(first, RootReason::Output).unwrap();
        frame.mark_texture_root(mips, RootReason::Output).unwrap();
        match resolve(&frame.rec).unwrap_err() {
            FrameGraphError::RootReferencesUndefinedContents { resource, range, cause, .. } => {
                assert_eq!((resource.id, range, cause), (mips.id(), texture_range(1), UndefinedCause::Transient));
            }
            other => panic!("expected FG1004, got {other:?}"),
        }

        drop(frame);
        let mut frame = graph.begin_frame();
        let desc = TextureDesc::new_2d("swapchain", 8, 8, TextureFormat::Bgra8Unorm);
        let surface = frame.import_surface_texture(desc.clone(), None).unwrap();
        let mut pass = frame.render_pass("discard");
        let _ = pass.color_attachment(surface, ColorAttachmentOps::clear_discard(Color::BLACK)).unwrap();
        pass.finish().unwrap();
        frame.mark_present(surface).unwrap();
        let error = resolve(&frame.rec).unwrap_err();
        assert!(
            matches!(error, FrameGraphError::RootReferencesUndefinedContents { cause: UndefinedCause::Discarded, .. }),
            "{error:?}"
        );

        drop(frame);
        let mut frame = graph.begin_frame();
        let surface = frame.import_surface_texture(desc, None).unwrap();
        frame.mark_present(surface).unwrap();
        let imported = frame
            .import_buffer(BufferDesc::new("imported", 4), ImportBufferOptions::new(InitialContents::Undefined))
            .unwrap();
        frame.mark_buffer_root(imported, BufferRange::whole(), RootReason::Output).unwrap();
        assert_eq!(
            resolve(&frame.rec).unwrap_err(),
            FrameGraphError::RootReferencesUndefinedContents {
                resource: ResourceRef { id: surface.id(), label: "swapchain".into() },
                reason: RootReason::Present,
                range: texture_range(0),
                cause: UndefinedCause::Surface,
            },
            "the first root in declaration order fails"
        );

        drop(frame);
        let mut frame = graph.begin_frame();
        let imported = frame
            .import_buffer(BufferDesc::new("imported", 4), ImportBufferOptions::new(InitialContents::Undefined))
            .unwrap();
        frame.mark_buffer_root(imported, BufferRange::whole(), RootReason::Output).unwrap();
        let error = resolve(&frame.rec).unwrap_err();
        assert!(
            matches!(
                error,
                FrameGraphError::RootReferencesUndefinedContents { cause: UndefinedCause::ImportedUndefined, .. }
            ),
            "{error:?}"
        );
    }
}
