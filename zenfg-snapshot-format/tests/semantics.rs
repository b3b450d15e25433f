//! Semantic rules the corpus leaves implicit: root bounds, access regions, root state,
//! availability provenance and initial contents.

mod common;

use common::{read_json, triples};
use serde_json::{Value, json};
use zenfg_snapshot_format::validate_frame_graph_snapshot;

fn full() -> Value {
    read_json("fixtures/full-webgpu.fgsnapshot.json")
}

fn issues(document: &Value) -> Vec<(String, String, String)> {
    triples(&validate_frame_graph_snapshot(document))
}

fn one(code: &str, path: &str, message: &str) -> Vec<(String, String, String)> {
    vec![(code.to_owned(), path.to_owned(), message.to_owned())]
}

#[test]
fn texture_root_regions_of_3d_textures_use_slices_within_the_mip_depth() {
    let mut document = read_json("rust-zenfg-0.2.0/tests/fixtures/snapshot-v1.json");
    assert_eq!(issues(&document), vec![]);
    let region = |mip: u64, base: u64, count: u64| json!({ "baseMipLevel": mip, "mipLevelCount": 1, "baseDepthSlice": base, "depthSliceCount": count, "aspect": "all" });
    let problem =
        one("invalid-root-range", "/graph/roots/0/range", "Root texture region exceeds or mismatches the texture.");
    document["graph"]["roots"][0]["range"]["regions"] = json!([region(1, 0, 2)]);
    assert_eq!(issues(&document), vec![], "mip 1 of a depth-4 texture has 2 slices");
    document["graph"]["roots"][0]["range"]["regions"] = json!([region(1, 1, 2)]);
    assert_eq!(issues(&document), problem);
    document["graph"]["roots"][0]["range"]["regions"] = json!([
        { "baseMipLevel": 0, "mipLevelCount": 1, "baseArrayLayer": 0, "arrayLayerCount": 1, "aspect": "all" }
    ]);
    assert_eq!(issues(&document), problem, "3D textures have no array layers");
}

#[test]
fn buffer_root_ranges_fit_the_buffer() {
    let mut document = read_json("rust-zenfg-0.2.0/tests/fixtures/snapshot-v1.json");
    document["graph"]["roots"][1]["range"] = json!({ "kind": "buffer", "offset": 128, "size": 129 });
    assert_eq!(
        issues(&document),
        one("invalid-root-range", "/graph/roots/1/range", "Root buffer range exceeds the buffer.")
    );
}

#[test]
fn texture_accesses_need_regions_unless_declared_unavailable() {
    let mut document = full();
    document["graph"]["accesses"][1].as_object_mut().expect("access").remove("textureRegion");
    let expected = one(
        "invalid-access-range",
        "/graph/accesses/1/textureRegion",
        "Texture access requires textureRegion when access regions are available.",
    );
    assert_eq!(issues(&document), expected);
    document["capture"]["migration"] =
        json!({ "sourceFormat": "snapshot-v1.1", "unavailableFacts": ["graph.accesses.regions"] });
    assert_eq!(issues(&document), vec![]);
}

#[test]
fn side_effect_roots_reference_retained_nodes() {
    let mut document = full();
    document["graph"]["roots"][1]["nodeId"] = json!("node:unused");
    assert_eq!(
        issues(&document),
        one("invalid-root", "/graph/roots/1/nodeId", "Side-effect roots must reference retained nodes.")
    );
}

#[test]
fn gpu_timings_reference_render_or_compute_nodes() {
    let mut document = full();
    document["timings"]["gpu"]["nodes"][1]["nodeId"] = json!("node:external");
    assert_eq!(
        issues(&document),
        one(
            "reference-kind",
            "/timings/gpu/nodes/1/nodeId",
            "GPU timing must reference a retained render or compute node."
        )
    );
}

#[test]
fn self_dependencies_point_nowhere_later() {
    let mut document = full();
    document["graph"]["dependencies"][0]["toNodeId"] = json!("node:scene");
    assert_eq!(
        issues(&document),
        one(
            "invalid-dependency-order",
            "/graph/dependencies/0/toNodeId",
            "Dependency edges must point from an earlier retained node to a later retained node."
        )
    );
}

#[test]
fn only_legacy_sources_may_drop_whole_tables() {
    let mut document = full();
    document["graph"]["groups"] = json!([]);
    for node in document["graph"]["nodes"].as_array_mut().expect("nodes") {
        node.as_object_mut().expect("node").remove("groupId");
    }
    document["graph"]["resources"][0].as_object_mut().expect("resource").remove("groupId");
    document["capture"]["migration"] = json!({ "sourceFormat": "snapshot-v1.1", "unavailableFacts": ["graph.groups"] });
    assert_eq!(
        issues(&document),
        one(
            "invalid-migration-availability",
            "/graph/groups",
            "Unavailable groups require Legacy migration provenance and an empty groups table."
        )
    );
    document["capture"]["migration"]["sourceFormat"] = json!("legacy-candidate-v1");
    assert_eq!(issues(&document), vec![]);
}

#[test]
fn root_facts_may_be_unavailable_only_when_missing() {
    let mut document = full();
    document["capture"]["migration"] =
        json!({ "sourceFormat": "legacy-v0", "unavailableFacts": ["graph.roots.range", "graph.roots.resolution"] });
    let path = "/capture/migration/unavailableFacts";
    assert_eq!(
        issues(&document),
        vec![
            (
                "invalid-migration-availability".to_owned(),
                path.to_owned(),
                "Root ranges may be marked unavailable only when at least one resource root range is missing."
                    .to_owned()
            ),
            (
                "invalid-migration-availability".to_owned(),
                path.to_owned(),
                "Root resolutions may be marked unavailable only when at least one resource root resolution is missing."
                    .to_owned()
            ),
        ]
    );
    let root = document["graph"]["roots"][0].as_object_mut().expect("root");
    root.remove("range");
    root.remove("resolution");
    assert_eq!(issues(&document), vec![]);
}

#[test]
fn only_migrated_imported_resources_may_omit_initial_contents() {
    let mut document = read_json("fixtures/stable-keys.fgsnapshot.json");
    document["graph"]["resources"][0].as_object_mut().expect("resource").remove("initialContents");
    let missing = one(
        "missing-initial-contents",
        "/graph/resources/0/initialContents",
        "ZenFG producers must declare the resource initial contents.",
    );
    assert_eq!(issues(&document), missing);
    document["capture"]["migration"] = json!({ "sourceFormat": "snapshot-v1.1", "unavailableFacts": [] });
    assert_eq!(issues(&document), vec![]);
    document["graph"]["resources"][0]["origin"] = json!("transient");
    assert_eq!(issues(&document), missing);
}
