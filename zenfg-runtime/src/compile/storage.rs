//! Storage kept across compiles: the tables of the last compile and of its
//! plan, emptied. Frames of one runtime tend to look alike; reusing this
//! storage spares each steady-state compile the allocation, and the page
//! faults, of tables that reach megabytes.

use super::aliasing::{self, Allocation};
use super::lifetimes::Uses;
use super::report::FullCompilationReport;
use super::segments::Segment;
use super::views::ViewPlanner;
use super::{Plan, content};
use crate::ids::{AllocationId, PassId};

/// Emptied tables of earlier compiles, by the stage that fills them.
#[derive(Default)]
pub(crate) struct Scratch {
    pub content: content::Scratch,
    pub retained: Vec<bool>,
    pub uses: Uses,
    pub order: Vec<PassId>,
    pub segments: Vec<Segment>,
    pub views: ViewPlanner,
    pub view_accesses: Vec<u32>,
    pub usage: Vec<u32>,
    pub aliasing: aliasing::Scratch,
    pub allocations: Vec<Allocation>,
    pub resource_allocation: Vec<Option<AllocationId>>,
    /// The tables of the last full report its frame did not give away.
    pub report: FullCompilationReport,
}

impl Scratch {
    /// Takes back the tables of a plan that is done with.
    pub fn recycle(&mut self, plan: Plan) {
        let Plan { order, segments, usage, lifetimes, allocations, resource_allocation, views } = plan;
        self.order = order;
        self.segments = segments;
        self.usage = usage;
        self.uses.lifetimes = lifetimes;
        self.allocations = allocations;
        self.resource_allocation = resource_allocation;
        self.views.recycle(views);
    }
}
