//! Lookups of report entities by id, built once per export.
//!
//! Reports are plain public data, so nothing here trusts that ids are dense or unique;
//! a reference to an entity the report does not contain is an
//! [`InvalidReport`](SnapshotExportError::InvalidReport) error, never a panic.

use super::error::SnapshotExportError;
use crate::compile::{FullCompilationReport, ResourceReport};
use crate::hash::FastMap;
use crate::ids::{PassId, ResourceId};
use crate::types::NodeKind;

/// What the export needs to know about a node it references.
#[derive(Clone, Copy, Debug)]
pub(super) struct NodeFacts {
    pub kind: NodeKind,
    /// Position in execution order; `None` for a culled node.
    pub execution_order: Option<u32>,
}

/// Nodes and resources of one full report, by id.
pub(super) struct ReportIndex<'r> {
    nodes: FastMap<PassId, NodeFacts>,
    resources: FastMap<ResourceId, &'r ResourceReport>,
}

impl<'r> ReportIndex<'r> {
    /// Indexes `report`; an id listed twice makes the report inconsistent.
    pub fn new(report: &'r FullCompilationReport) -> Result<Self, SnapshotExportError> {
        let mut nodes = FastMap::default();
        nodes.reserve(report.nodes.len() + report.culled_nodes.len());
        let retained = report
            .nodes
            .iter()
            .map(|node| (node.id, NodeFacts { kind: node.kind, execution_order: Some(node.execution_order) }));
        let culled =
            report.culled_nodes.iter().map(|node| (node.id, NodeFacts { kind: node.kind, execution_order: None }));
        for (id, facts) in retained.chain(culled) {
            if nodes.insert(id, facts).is_some() {
                return Err(SnapshotExportError::invalid_report(format!("{id} is listed twice")));
            }
        }
        let mut resources = FastMap::default();
        resources.reserve(report.resources.len());
        for resource in &report.resources {
            if resources.insert(resource.id, resource).is_some() {
                return Err(SnapshotExportError::invalid_report(format!("{} is listed twice", resource.id)));
            }
        }
        Ok(Self { nodes, resources })
    }

    /// The node `id`, if the report lists it.
    pub fn node(&self, id: PassId) -> Option<NodeFacts> {
        self.nodes.get(&id).copied()
    }

    /// The resource `id`, which `what` references.
    pub fn resource(
        &self,
        id: ResourceId,
        what: impl FnOnce() -> String,
    ) -> Result<&'r ResourceReport, SnapshotExportError> {
        self.resources.get(&id).copied().ok_or_else(|| {
            SnapshotExportError::invalid_report(format!("{} references {id}, which is not reported", what()))
        })
    }
}
