//! The plain-text summary.

use zenfg_snapshot_format::SnapshotSummary;

use crate::documents::{corpus_documents, generated};

#[test]
fn every_corpus_document_has_a_summary_naming_its_passes() {
    for (name, snapshot) in corpus_documents() {
        let summary = SnapshotSummary::new(&snapshot).to_string();
        assert!(summary.starts_with("frame "), "{name}");
        for node in &snapshot.graph.nodes {
            let shown = node.label.as_deref().filter(|label| !label.is_empty()).unwrap_or(&node.id);
            assert!(summary.contains(shown), "{name}: {shown} is listed:\n{summary}");
        }
    }
}

#[test]
fn the_summary_says_what_was_culled_aliased_timed_and_segmented() {
    let snapshot = generated(1200);
    let summary = SnapshotSummary::new(&snapshot).to_string();
    for fact in [
        "passes     1200 recorded, 1080 retained, 120 culled; 121 debug groups",
        "captured   2026-01-01T00:00:00Z",
        "culled   debug-9 (compute, group frame.stage 0): not-reachable-from-root",
        "aliased  allocation:0 (texture, 15.8 MiB): target-0 #0..#1 + target-2 #2..#3",
        "1080 of 1080 retained passes timed",
        "external-submission (1 passes)",
        "side-effect pass-500",
        "(540 shared)",
        "info     culled-pass: debug-9 feeds no root (pass debug-9)",
    ] {
        assert!(summary.contains(fact), "the summary says {fact:?}:\n{}", &summary[..3000]);
    }
    let rows = summary.lines().filter(|line| line.contains(" frame.stage ") && line.contains(" us")).count();
    assert_eq!(rows, 0, "units are in the column header only");
    let pass_rows = summary
        .lines()
        .filter(|line| line.split_whitespace().nth(1).is_some_and(|word| word.starts_with("pass-")))
        .count();
    assert_eq!(pass_rows, 1080, "one row per retained pass");
}

#[test]
fn a_document_without_timing_or_capture_time_says_so() {
    let mut snapshot = generated(5);
    snapshot.capture.captured_at = None;
    snapshot.timings = zenfg_snapshot_format::SnapshotTimings::not_requested();
    let summary = SnapshotSummary::new(&snapshot).to_string();
    assert!(summary.contains("captured   at an unknown time"));
    assert!(summary.contains("CPU time   unavailable (not-requested)"));
    assert!(summary.contains("GPU time   unavailable (not-requested)"));
}

#[test]
fn the_showcase_summary_names_its_culled_pass_and_its_aliased_transients() {
    let snapshot = crate::documents::showcase();
    let summary = SnapshotSummary::new(&snapshot).to_string();
    for fact in [
        "passes     17 recorded, 16 retained, 1 culled",
        "culled   debug-normals (render, group debug): not-reachable-from-root",
        ": albedo #1..#2 + ldr #12..#13",
    ] {
        assert!(summary.contains(fact), "the summary says {fact:?}:\n{summary}");
    }
}

#[test]
fn a_deeply_nested_group_shows_only_its_innermost_labels() {
    let mut snapshot = generated(3);
    let depth = 500;
    for level in 1..depth {
        let mut group =
            zenfg_snapshot_format::SnapshotGroup::new(format!("group:deep-{level}"), format!("level-{level}"));
        group.parent_id = Some(if level == 1 { "group:frame".to_owned() } else { format!("group:deep-{}", level - 1) });
        snapshot.graph.groups.push(group);
    }
    snapshot.graph.nodes[0].group_id = Some(format!("group:deep-{}", depth - 1));
    zenfg_snapshot_format::validate_typed_frame_graph_snapshot(&snapshot).expect("deep nesting is valid");
    let summary = SnapshotSummary::new(&snapshot).to_string();
    let row = summary.lines().find(|line| line.contains(" pass-0 ")).expect("the pass is listed");
    assert!(
        row.contains(&format!("….level-{}.", depth - 32)) && row.contains(&format!("level-{} ", depth - 1)),
        "{row}"
    );
    assert!(!row.contains("frame"), "{row}");
}

#[test]
fn a_frame_compiled_without_aliasing_says_so() {
    let mut snapshot = generated(5);
    let plain = SnapshotSummary::new(&snapshot).to_string();
    assert!(!plain.contains("aliasing disabled"), "{plain}");
    snapshot.extensions.insert("dev.zenfg.compile".into(), serde_json::json!({ "aliasing": "disabled" }));
    let summary = SnapshotSummary::new(&snapshot).to_string();
    assert!(summary.contains("compiled   with aliasing disabled"), "{summary}");
}
