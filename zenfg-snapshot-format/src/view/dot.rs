//! The Graphviz DOT view of a document.

use std::io::{self, Write};

use super::index::{SnapshotIndex, node_name, resource_name};
use crate::{
    FrameGraphSnapshotV1, SnapshotAccessMode, SnapshotDependencyKind, SnapshotNode, SnapshotNodeCompileState,
    SnapshotNodeKind, SnapshotResourceKind, SnapshotSegmentKind,
};

/// Writes `snapshot` as one Graphviz `digraph` to `out`.
///
/// The graph holds every node (retained ones in execution order, then culled ones),
/// every resource, one edge per access (writer to resource, resource to reader, in grey),
/// one edge per dependency (solid for a value, dashed for ordering only), the roots
/// (double borders and a `root:` line), each debug group as a nested cluster, and the
/// execution segments as a chain of their own, external submissions marked. Culled
/// nodes are dashed and grey and say why they were culled.
///
/// Any document is accepted, valid or not: references that resolve nowhere are drawn
/// as they are written, and nothing panics. The time taken is linear in the size of
/// the document. Fails only when `out` does.
///
/// ```
/// # let text = include_str!("../../tests/data/snapshot-conformance/fixtures/minimal.fgsnapshot.json");
/// let snapshot = zenfg_snapshot_format::parse_frame_graph_snapshot(text)?.snapshot;
/// let mut dot = Vec::new();
/// zenfg_snapshot_format::write_dot(&snapshot, &mut dot)?;
/// assert!(dot.starts_with(b"digraph"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_dot<W: Write>(snapshot: &FrameGraphSnapshotV1, out: W) -> io::Result<()> {
    let mut out = io::BufWriter::new(out);
    DotWriter { index: SnapshotIndex::new(snapshot), out: &mut out }.write()?;
    out.flush()
}

/// [`write_dot`] into a `String`.
pub fn to_dot(snapshot: &FrameGraphSnapshotV1) -> String {
    let mut bytes = Vec::new();
    // Writing into a `Vec` cannot fail, and every byte written comes from `str`s.
    let _ = write_dot(snapshot, &mut bytes);
    String::from_utf8(bytes).unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned())
}

struct DotWriter<'a, 'w, W: Write> {
    index: SnapshotIndex<'a>,
    out: &'w mut W,
}

/// What one debug group cluster holds, by table position.
#[derive(Default, Clone)]
struct Members {
    groups: Vec<usize>,
    nodes: Vec<usize>,
    resources: Vec<usize>,
}

impl<W: Write> DotWriter<'_, '_, W> {
    fn write(&mut self) -> io::Result<()> {
        let snapshot = self.index.snapshot;
        self.out.write_all(b"digraph ")?;
        quoted(self.out, &format!("frame {}", snapshot.capture.frame_index))?;
        self.out.write_all(b" {\n  graph [rankdir=LR, fontname=\"Helvetica\", fontsize=11, labelloc=t, label=")?;
        let retained = self.index.retained.len();
        let culled = self.index.culled.len();
        quoted(
            self.out,
            &format!(
                "{} frame {}: {retained} retained, {culled} culled, {} resources\n\
                 solid edge: value dependency; dashed: ordering only; grey: access",
                snapshot.producer.name,
                snapshot.capture.frame_index,
                snapshot.graph.resources.len()
            ),
        )?;
        self.out.write_all(
            b"];\n  node [fontname=\"Helvetica\", fontsize=10];\n  edge [fontname=\"Helvetica\", fontsize=9];\n",
        )?;
        self.write_members()?;
        self.write_segments()?;
        self.write_accesses()?;
        self.write_dependencies()?;
        self.out.write_all(b"}\n")
    }

    /// Nodes and resources, each inside the clusters of its debug groups.
    fn write_members(&mut self) -> io::Result<()> {
        let graph = &self.index.snapshot.graph;
        let mut members = vec![Members::default(); graph.groups.len()];
        let mut top = Members::default();
        for (position, parent) in self.index.group_parents.iter().enumerate() {
            parent.map_or(&mut top, |parent| &mut members[parent]).groups.push(position);
        }
        let nodes = self.index.retained.iter().chain(&self.index.culled).copied();
        for position in nodes {
            let group = graph.nodes[position].group_id.as_deref().and_then(|id| self.index.group_position(id));
            group.map_or(&mut top, |group| &mut members[group]).nodes.push(position);
        }
        for (position, resource) in graph.resources.iter().enumerate() {
            let group = resource.group_id.as_deref().and_then(|id| self.index.group_position(id));
            group.map_or(&mut top, |group| &mut members[group]).resources.push(position);
        }

        self.write_leaves(&top, 1)?;
        // Depth-first through the forest with an explicit stack, so deep nesting
        // cannot exhaust the call stack: (group, next child to open, depth).
        let mut stack: Vec<(usize, usize, usize)> = Vec::new();
        for &root in &top.groups {
            self.open_cluster(root, 1)?;
            stack.push((root, 0, 1));
            while let Some((group, child, depth)) = stack.pop() {
                if let Some(&next) = members[group].groups.get(child) {
                    stack.push((group, child + 1, depth));
                    self.open_cluster(next, depth + 1)?;
                    stack.push((next, 0, depth + 1));
                } else {
                    self.write_leaves(&members[group], depth + 1)?;
                    indent(self.out, depth)?;
                    self.out.write_all(b"}\n")?;
                }
            }
        }
        Ok(())
    }

    fn open_cluster(&mut self, group: usize, depth: usize) -> io::Result<()> {
        let label = &self.index.snapshot.graph.groups[group].label;
        indent(self.out, depth)?;
        writeln!(self.out, "subgraph cluster_{group} {{")?;
        indent(self.out, depth + 1)?;
        self.out.write_all(b"label=")?;
        quoted(self.out, label)?;
        self.out.write_all(b"; style=\"rounded,dashed\"; color=\"#7b8794\"; fontcolor=\"#3e4c59\";\n")
    }

    fn write_leaves(&mut self, members: &Members, depth: usize) -> io::Result<()> {
        for &node in &members.nodes {
            indent(self.out, depth)?;
            self.write_node(&self.index.snapshot.graph.nodes[node])?;
        }
        for &resource in &members.resources {
            indent(self.out, depth)?;
            self.write_resource(resource)?;
        }
        Ok(())
    }

    fn write_node(&mut self, node: &SnapshotNode) -> io::Result<()> {
        let mut label = String::from(node_name(node));
        let mut style = "filled";
        let mut fill = fill_color(node.kind);
        let mut color = "#52606d";
        match &node.compile_state {
            SnapshotNodeCompileState::Retained { execution_order } => {
                label.push_str(&format!("\n{} #{execution_order}", node.kind));
            }
            SnapshotNodeCompileState::Culled { reason } => {
                label.push_str(&format!("\n{}, culled: {reason}", node.kind));
                style = "filled,dashed";
                fill = "#eeeeee";
                color = "#9aa5b1";
            }
        }
        if let Some(micros) = self.index.gpu_micros(&node.id) {
            label.push_str(&format!("\nGPU {micros:.1} us"));
        }
        let root = self.index.is_side_effect_root(&node.id);
        if root {
            label.push_str("\nroot: side-effect");
        }
        let shape = if node.kind == SnapshotNodeKind::ExternalSubmission { "component" } else { "box" };
        quoted(self.out, &node.id)?;
        write!(self.out, " [shape={shape}, style=\"{style}\", fillcolor=\"{fill}\", color=\"{color}\"")?;
        if root {
            self.out.write_all(b", peripheries=2")?;
        }
        if color != "#52606d" {
            self.out.write_all(b", fontcolor=\"#616e7c\"")?;
        }
        self.out.write_all(b", label=")?;
        quoted(self.out, &label)?;
        self.out.write_all(b"];\n")
    }

    fn write_resource(&mut self, position: usize) -> io::Result<()> {
        let resource = &self.index.snapshot.graph.resources[position];
        let mut label = format!("{}\n{} {}", resource_name(resource), resource.origin, resource.kind);
        if let Some(lifetime) = resource.lifetime {
            label.push_str(&format!(", #{}..#{}", lifetime.first_use, lifetime.last_use));
        }
        if let Some(allocation) = &resource.allocation_id {
            label.push_str(&format!("\n{allocation}"));
            if self.index.is_aliased(resource) {
                label.push_str(" (aliased)");
            }
        }
        let reasons: Vec<&str> = self.index.root_reasons(&resource.id).iter().map(|reason| reason.as_str()).collect();
        if !reasons.is_empty() {
            label.push_str(&format!("\nroot: {}", reasons.join(", ")));
        }
        let shape = match resource.kind {
            SnapshotResourceKind::Texture => "ellipse",
            SnapshotResourceKind::Buffer => "cylinder",
        };
        quoted(self.out, &resource.id)?;
        write!(self.out, " [shape={shape}, style=filled, fillcolor=\"#f5f7fa\", color=\"#9aa5b1\"")?;
        if !reasons.is_empty() {
            self.out.write_all(b", peripheries=2, color=\"#cb6e17\"")?;
        }
        self.out.write_all(b", label=")?;
        quoted(self.out, &label)?;
        self.out.write_all(b"];\n")
    }

    /// The segments in execution order, chained, each pointing at its first node.
    fn write_segments(&mut self) -> io::Result<()> {
        let segments = &self.index.snapshot.graph.segments;
        for segment in segments {
            let external = segment.kind == SnapshotSegmentKind::ExternalSubmission;
            let label = format!("segment {}\n{}, {} nodes", segment.order, segment.kind, segment.node_ids.len());
            self.out.write_all(b"  ")?;
            quoted(self.out, &segment.id)?;
            let fill = if external { "#ffd8a8" } else { "#d9e2ec" };
            write!(self.out, " [shape=cds, style=filled, fillcolor=\"{fill}\", color=\"#486581\", label=")?;
            quoted(self.out, &label)?;
            self.out.write_all(b"];\n")?;
            if let Some(first) = segment.node_ids.first() {
                self.out.write_all(b"  ")?;
                quoted(self.out, &segment.id)?;
                self.out.write_all(b" -> ")?;
                quoted(self.out, first)?;
                self.out.write_all(b" [style=dotted, color=\"#486581\", arrowhead=none, constraint=false];\n")?;
            }
        }
        for pair in segments.windows(2) {
            self.out.write_all(b"  ")?;
            quoted(self.out, &pair[0].id)?;
            self.out.write_all(b" -> ")?;
            quoted(self.out, &pair[1].id)?;
            self.out.write_all(b" [color=\"#486581\", penwidth=2];\n")?;
        }
        Ok(())
    }

    fn write_accesses(&mut self) -> io::Result<()> {
        for access in &self.index.snapshot.graph.accesses {
            let (from, to) = match access.mode {
                SnapshotAccessMode::Write => (&access.node_id, &access.resource_id),
                SnapshotAccessMode::Read => (&access.resource_id, &access.node_id),
            };
            self.out.write_all(b"  ")?;
            quoted(self.out, from)?;
            self.out.write_all(b" -> ")?;
            quoted(self.out, to)?;
            writeln!(self.out, " [color=\"#bcccdc\", arrowsize=0.6, tooltip=\"{}\"];", access.access)?;
        }
        Ok(())
    }

    fn write_dependencies(&mut self) -> io::Result<()> {
        for dependency in &self.index.snapshot.graph.dependencies {
            let through =
                self.index.resource(&dependency.resource_id).map_or(dependency.resource_id.as_str(), resource_name);
            self.out.write_all(b"  ")?;
            quoted(self.out, &dependency.from_node_id)?;
            self.out.write_all(b" -> ")?;
            quoted(self.out, &dependency.to_node_id)?;
            self.out.write_all(match dependency.kind {
                SnapshotDependencyKind::Value => b" [color=\"#1f2933\", penwidth=1.6, tooltip=" as &[u8],
                SnapshotDependencyKind::Ordering => b" [color=\"#c5221f\", style=dashed, arrowhead=empty, tooltip=",
            })?;
            quoted(self.out, &format!("{} through {through}", dependency.kind))?;
            self.out.write_all(b"];\n")?;
        }
        Ok(())
    }
}

fn fill_color(kind: SnapshotNodeKind) -> &'static str {
    match kind {
        SnapshotNodeKind::Render => "#cfe8fc",
        SnapshotNodeKind::Compute => "#d3f9d8",
        SnapshotNodeKind::Copy | SnapshotNodeKind::ClearBuffer => "#fff3bf",
        SnapshotNodeKind::Command => "#e5dbff",
        SnapshotNodeKind::ExternalSubmission => "#ffd8a8",
    }
}

fn indent<W: Write>(out: &mut W, depth: usize) -> io::Result<()> {
    for _ in 0..depth {
        out.write_all(b"  ")?;
    }
    Ok(())
}

/// Writes `text` as a DOT double-quoted string: quotes and backslashes escaped (so no
/// label escape such as `\N` survives), line breaks as `\n`, other control characters
/// as spaces.
fn quoted<W: Write>(out: &mut W, text: &str) -> io::Result<()> {
    out.write_all(b"\"")?;
    let mut start = 0;
    for (position, character) in text.char_indices() {
        let replacement: &[u8] = match character {
            '"' => b"\\\"",
            '\\' => b"\\\\",
            '\n' => b"\\n",
            character if character.is_control() => b" ",
            _ => continue,
        };
        out.write_all(&text.as_bytes()[start..position])?;
        out.write_all(replacement)?;
        start = position + character.len_utf8();
    }
    out.write_all(&text.as_bytes()[start..])?;
    out.write_all(b"\"")
}
