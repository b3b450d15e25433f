//! The Graphviz view: what it draws, and that Graphviz accepts it.

use std::io::Write;
use std::process::{Command, Stdio};

use zenfg_snapshot_format::{FrameGraphSnapshotV1, to_dot};

use crate::documents::{corpus_documents, generated, tool_available};

/// Runs `dot -Tsvg` on `text` and returns the SVG.
fn svg(text: &str) -> String {
    let mut child = Command::new("dot")
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dot starts");
    child.stdin.take().expect("stdin is piped").write_all(text.as_bytes()).expect("dot reads its input");
    let output = child.wait_with_output().expect("dot finishes");
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success() && errors.trim().is_empty(), "dot rejected the graph: {errors}\n{text}");
    String::from_utf8(output.stdout).expect("the SVG is UTF-8")
}

fn node_ids(snapshot: &FrameGraphSnapshotV1) -> impl Iterator<Item = &str> {
    snapshot.graph.nodes.iter().map(|node| node.id.as_str())
}

#[test]
fn every_corpus_document_is_drawn_with_every_node_resource_and_dependency() {
    for (name, snapshot) in corpus_documents() {
        let dot = to_dot(&snapshot);
        assert!(dot.starts_with("digraph ") && dot.ends_with("}\n"), "{name}");
        for id in node_ids(&snapshot).chain(snapshot.graph.resources.iter().map(|resource| resource.id.as_str())) {
            assert!(dot.contains(&format!("\"{id}\" [")), "{name}: {id} is drawn");
        }
        let edges = dot.lines().filter(|line| line.contains(" -> ")).count();
        let expected = snapshot.graph.accesses.len()
            + snapshot.graph.dependencies.len()
            + snapshot.graph.segments.len()
            + snapshot.graph.segments.len().saturating_sub(1);
        assert_eq!(edges, expected, "{name}: one edge per access, dependency, segment start and segment link");
    }
}

#[test]
fn graphviz_accepts_every_corpus_document_and_a_generated_one() {
    if !tool_available("dot", &["-V"], "graphviz_accepts_every_corpus_document_and_a_generated_one") {
        return;
    }
    for (name, snapshot) in corpus_documents() {
        let drawn = svg(&to_dot(&snapshot));
        assert!(drawn.contains("<svg"), "{name}");
    }
    let drawn = svg(&to_dot(&generated(120)));
    assert_eq!(drawn.matches("class=\"cluster\"").count(), 1 + 12, "the frame group and its twelve stages");
    assert!(drawn.contains("debug&#45;9"), "the culled pass is drawn");
}

#[test]
fn value_and_ordering_dependencies_culled_nodes_roots_groups_and_segments_are_distinguished() {
    let snapshot = generated(1200);
    let dot = to_dot(&snapshot);
    let edge = |from: &str, to: &str| {
        let prefix = format!("  \"{from}\" -> \"{to}\" [");
        dot.lines()
            .find(|line| line.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no edge {from} -> {to}"))
            .to_owned()
    };
    let value = edge("node:0", "node:1");
    assert!(value.contains("value through target-0") && !value.contains("dashed"), "{value}");
    let ordering = edge("node:0", "node:2");
    assert!(ordering.contains("style=dashed") && ordering.contains("ordering through target-0"), "{ordering}");

    let culled = dot.lines().find(|line| line.contains("\"node:9\" [")).expect("the culled node is drawn");
    assert!(culled.contains("dashed") && culled.contains("culled: not-reachable-from-root"), "{culled}");
    let external = dot.lines().find(|line| line.contains("\"node:500\" [")).expect("the external node is drawn");
    assert!(external.contains("shape=component") && external.contains("root: side-effect"), "{external}");
    assert!(dot.contains("external-submission, 1 nodes"), "the external segment is drawn");
    let last = snapshot.graph.roots.last().and_then(|root| root.resource()).expect("an output root");
    let rooted = dot.lines().find(|line| line.contains(&format!("\"{}\" [", last.resource_id))).expect("drawn");
    assert!(rooted.contains("peripheries=2") && rooted.contains("root: output"), "{rooted}");
    assert!(dot.contains("(aliased)"), "aliased resources say so");

    let clusters = dot.lines().filter(|line| line.trim_start().starts_with("subgraph cluster_")).count();
    assert_eq!(clusters, snapshot.graph.groups.len());
    let stage = dot.find("label=\"stage 0\"").expect("the first stage is a cluster");
    let frame = dot.find("label=\"frame\"").expect("the frame group is a cluster");
    assert!(frame < stage, "stages nest in the frame cluster");
}

#[test]
fn labels_are_escaped_so_that_no_text_breaks_out_of_its_string() {
    let mut snapshot = generated(3);
    snapshot.graph.nodes[0].label = Some("a \"quoted\" \\N label\nwith a line\u{7}".to_owned());
    snapshot.graph.groups[0].label = "} digraph {".to_owned();
    let dot = to_dot(&snapshot);
    assert!(dot.contains(r#"a \"quoted\" \\N label\nwith a line "#), "{dot}");
    assert!(dot.contains(r#"label="} digraph {";"#));
}

#[test]
fn documents_that_are_not_valid_are_drawn_without_panicking() {
    let mut snapshot = generated(30);
    snapshot.graph.groups[0].parent_id = Some("group:stage-2".to_owned());
    snapshot.graph.dependencies[0].from_node_id = "node:nowhere".to_owned();
    snapshot.graph.resources[3].allocation_id = Some("allocation:nowhere".to_owned());
    snapshot.graph.nodes[4].group_id = Some("group:nowhere".to_owned());
    let dot = to_dot(&snapshot);
    assert!(dot.contains("\"node:nowhere\" -> \"node:1\""));
}
