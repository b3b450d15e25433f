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
    /// Final writers of the rooted range, in execution order.
    pub producers: Vec<PassId>,
    /// Whether defined initial contents of an import survive in the range.
    pub uses_initial_contents: bool,
}

/// Resolves every root in declaration order; identical declarations count once.
pub(crate) fn resolve_roots(rec: &Recording<'_>, state: &mut ContentState) -> Result<Vec<ResolvedRoot>> {
    let mut seen = FastSet::default();
    let mut resolved = Vec::new();
    for root in &rec.roots {
        if !seen.insert(*root) {
            continue;
        }
        let resource = &rec.resources[root.resource.index()];
        let mut producers = Vec::new();
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
        producers.sort_unstable();
        producers.dedup();
        resolved.push(ResolvedRoot { root: *root, producers, uses_initial_contents });
    }
    Ok(resolved)
}
