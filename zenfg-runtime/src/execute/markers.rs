//! Native GPU debug groups mirroring the recording's debug groups.
//!
//! Each graph segment starts with no open marker. Before each node the open
//! markers are popped down to the common prefix with the node's group path
//! (root to leaf) and the rest of the path is pushed; at the end of the
//! segment every marker is popped. Groups therefore reopen in each segment
//! after an external submission, and external callbacks see no markers. An
//! execution that catches pass errors encodes each node into an encoder of
//! its own, so there every node's groups open and close around the node.

use crate::ids::DebugGroupId;
use crate::record::GroupRecord;

/// Where markers go: the segment's command encoder, or a log in tests.
pub(crate) trait MarkerSink {
    fn push(&mut self, label: &str);
    fn pop(&mut self);
}

impl MarkerSink for wgpu::CommandEncoder {
    fn push(&mut self, label: &str) {
        self.push_debug_group(label);
    }

    fn pop(&mut self) {
        self.pop_debug_group();
    }
}

/// The groups whose markers are open, and the path of the group being
/// entered, kept by the runtime across executions.
#[derive(Default)]
pub(crate) struct MarkerStacks {
    open: Vec<DebugGroupId>,
    path: Vec<DebugGroupId>,
}

pub(crate) struct DebugMarkers<'a> {
    groups: &'a [GroupRecord],
    enabled: bool,
    open: &'a mut Vec<DebugGroupId>,
    path: &'a mut Vec<DebugGroupId>,
}

impl<'a> DebugMarkers<'a> {
    /// Markers with none open, in the storage of `stacks`.
    pub fn new(groups: &'a [GroupRecord], enabled: bool, stacks: &'a mut MarkerStacks) -> Self {
        let MarkerStacks { open, path } = stacks;
        // A failed execution can leave markers it had opened.
        open.clear();
        Self { groups, enabled, open, path }
    }

    /// Makes the open markers equal the path of `group`.
    pub fn enter(&mut self, sink: &mut impl MarkerSink, group: Option<DebugGroupId>) {
        if !self.enabled {
            return;
        }
        self.path.clear();
        let mut current = group;
        while let Some(id) = current {
            self.path.push(id);
            current = self.groups[id.index()].parent;
        }
        self.path.reverse();
        let common = self.open.iter().zip(self.path.iter()).take_while(|(open, wanted)| open == wanted).count();
        for _ in common..self.open.len() {
            sink.pop();
        }
        self.open.truncate(common);
        for &id in &self.path[common..] {
            sink.push(&self.groups[id.index()].label);
            self.open.push(id);
        }
    }

    /// Pops every open marker.
    pub fn close(&mut self, sink: &mut impl MarkerSink) {
        for _ in self.open.drain(..) {
            sink.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::desc::Label;

    impl MarkerSink for Vec<String> {
        fn push(&mut self, label: &str) {
            self.push(format!("push {label}"));
        }

        fn pop(&mut self) {
            self.push("pop".into());
        }
    }

    fn group(label: &'static str, parent: Option<u32>) -> GroupRecord {
        GroupRecord { label: Label::Borrowed(label), parent: parent.map(DebugGroupId) }
    }

    #[test]
    fn transitions_pop_to_the_common_prefix_and_push_the_rest() {
        // 0 scene / 1 opaque, 0 scene / 2 transparent, 3 post (sparse: 1 is never entered twice).
        let groups =
            [group("scene", None), group("opaque", Some(0)), group("transparent", Some(0)), group("post", None)];
        let mut stacks = MarkerStacks::default();
        let mut markers = DebugMarkers::new(&groups, true, &mut stacks);
        let mut log = Vec::new();
        for entered in [Some(1), Some(1), Some(2), None, Some(3), Some(0)] {
            markers.enter(&mut log, entered.map(DebugGroupId));
        }
        markers.close(&mut log);
        assert_eq!(
            log,
            [
                "push scene",
                "push opaque",
                "pop",
                "push transparent",
                "pop",
                "pop",
                "push post",
                "pop",
                "push scene",
                "pop"
            ]
        );
    }

    #[test]
    fn disabled_markers_emit_nothing() {
        let groups = [group("scene", None)];
        let mut stacks = MarkerStacks::default();
        let mut markers = DebugMarkers::new(&groups, false, &mut stacks);
        let mut log = Vec::new();
        markers.enter(&mut log, Some(DebugGroupId(0)));
        markers.close(&mut log);
        assert!(log.is_empty());
    }
}
