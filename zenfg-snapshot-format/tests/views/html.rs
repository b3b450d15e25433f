//! The HTML view: self-contained, and what a person sees in a real browser.

use std::path::{Path, PathBuf};
use std::process::Command;

use zenfg_snapshot_format::{FrameGraphSnapshotV1, to_html};

use crate::documents::{corpus_documents, generated, showcase, tool_available};

/// Debian names the browser `chromium`; other systems `chromium-browser`.
fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser"]
        .into_iter()
        .find(|program| Command::new(program).arg("--version").output().is_ok_and(|output| output.status.success()))
}

/// A folder of its own under the system's temporary folder, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(test: &str) -> Self {
        let path = std::env::temp_dir().join(format!("zenfg-views-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("the temporary folder can be made");
        Self(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Headless Chromium's flags: no sandbox (tests may run as root), no GPU, no network
/// use beyond the file, a profile of its own.
fn browser(program: &str, profile: &Path) -> Command {
    let mut command = Command::new(program);
    command.args(["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions"]);
    command.arg(format!("--user-data-dir={}", profile.display()));
    command
}

/// The page's DOM after its script ran, as Chromium serializes it.
fn rendered_dom(program: &str, folder: &Path, name: &str, snapshot: &FrameGraphSnapshotV1) -> String {
    let page = folder.join(format!("{name}.html"));
    std::fs::write(&page, to_html(snapshot)).expect("the page can be written");
    let output = browser(program, &folder.join("profile"))
        .args(["--virtual-time-budget=20000", "--dump-dom"])
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(output.status.success(), "chromium failed: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).expect("the DOM is UTF-8")
}

/// The opening tags of the elements whose class attribute starts with `class`.
fn tags<'a>(dom: &'a str, tag: &str, class: &str) -> Vec<&'a str> {
    let opening = format!("<{tag} class=\"{class}");
    dom.match_indices(&opening).map(|(start, _)| &dom[start..start + dom[start..].find('>').unwrap_or(0)]).collect()
}

fn assert_rendered(dom: &str, name: &str) {
    assert!(!dom.contains("id=\"script-error\""), "{name}: the script failed: {}", error_text(dom));
    assert!(dom.contains("<body data-state=\"ready\""), "{name}: the script did not finish");
}

fn error_text(dom: &str) -> &str {
    dom.find("id=\"script-error\"").map_or("", |start| &dom[start..(start + 600).min(dom.len())])
}

#[test]
fn every_page_is_self_contained_and_embeds_its_document_safely() {
    let mut documents = corpus_documents();
    let mut hostile = generated(3);
    hostile.graph.nodes[0].label = Some("</script><script>alert(1)</script><!--".to_owned());
    documents.push(("hostile label".to_owned(), hostile));
    for (name, snapshot) in documents {
        let html = to_html(&snapshot);
        assert!(html.starts_with("<!doctype html>"), "{name}");
        for remote in [" src=", "<link", "@import", "url(http", "fetch(", "XMLHttpRequest"] {
            assert!(!html.contains(remote), "{name}: the page loads nothing ({remote})");
        }
        let start = html.find("id=\"snapshot-data\">").expect("the data is embedded") + "id=\"snapshot-data\">".len();
        let end = start + html[start..].find("</script>").expect("the data element ends");
        let embedded: FrameGraphSnapshotV1 = serde_json::from_str(&html[start..end]).expect("the data is JSON");
        assert_eq!(embedded, snapshot, "{name}: the embedded document is the document");
    }
}

#[test]
fn in_chromium_the_showcase_page_shows_its_passes_its_culled_pass_and_its_aliased_allocation() {
    let test = "in_chromium_the_showcase_page_shows_its_passes_its_culled_pass_and_its_aliased_allocation";
    if !tool_available(chromium().unwrap_or("chromium"), &["--version"], test) {
        return;
    }
    let program = chromium().unwrap_or("chromium");
    let folder = TempDir::new("showcase");
    let dom = rendered_dom(program, &folder.0, "showcase", &showcase());
    assert_rendered(&dom, "showcase");
    let passes = tags(&dom, "g", "pass");
    assert_eq!(passes.len(), 17, "every pass of the showcase is drawn");
    let culled: Vec<_> = passes.iter().filter(|tag| tag.starts_with("<g class=\"pass culled\"")).collect();
    assert_eq!(culled.len(), 1);
    assert!(culled[0].contains("data-label=\"debug-normals\""), "{}", culled[0]);
    assert!(dom.contains("culled: not-reachable-from-root"), "the culled pass says why");
    assert!(dom.contains("captured at: "), "the capture time is shown");

    let aliased: Vec<_> =
        dom.match_indices("<div class=\"allocation aliased\"").map(|(start, _)| &dom[start..]).collect();
    assert_eq!(aliased.len(), 1, "one allocation is shared");
    let end = aliased[0][1..].find("<div class=\"allocation").map_or(aliased[0].len(), |end| end + 1);
    let shared = &aliased[0][..end];
    assert!(
        shared.contains("data-resource=\"albedo\"") && shared.contains("data-resource=\"ldr\""),
        "albedo and ldr alias in it: {shared}"
    );
    assert_eq!(tags(&dom, "tr", "pass-row").len(), 17, "the passes table lists every pass");
    for control in ["<th class=\"num sortable\">GPU us</th>", "<th class=\"num sortable\">CPU us</th>"] {
        assert!(dom.contains(control), "the passes table sorts by {control}");
    }
    assert!(dom.contains("id=\"passes-table-hide-culled\""), "culled passes can be hidden");
    assert!(dom.contains("saved by aliasing"));
}

#[test]
fn in_chromium_a_page_of_ten_thousand_passes_opens_with_a_capped_graph_and_paged_tables() {
    let test = "in_chromium_a_page_of_ten_thousand_passes_opens_with_a_capped_graph_and_paged_tables";
    if !tool_available(chromium().unwrap_or("chromium"), &["--version"], test) {
        return;
    }
    let program = chromium().unwrap_or("chromium");
    let folder = TempDir::new("large");
    let dom = rendered_dom(program, &folder.0, "large", &generated(10_000));
    assert_rendered(&dom, "10 000 passes");
    assert_eq!(tags(&dom, "g", "pass").len(), 1500, "the layout is capped");
    assert!(dom.contains("showing the first 1500 of 10000 passes"), "the page says the graph is capped");
    assert_eq!(tags(&dom, "tr", "pass-row").len(), 100, "the passes table shows one page");
    assert!(dom.contains("rows 1\u{2013}100 of 10000"), "the table says how many rows there are");
    assert!(!tags(&dom, "div", "allocation aliased").is_empty(), "shared allocations are shown");
}

#[test]
fn in_chromium_a_frame_compiled_without_aliasing_says_so_in_its_header() {
    let test = "in_chromium_a_frame_compiled_without_aliasing_says_so_in_its_header";
    if !tool_available(chromium().unwrap_or("chromium"), &["--version"], test) {
        return;
    }
    let program = chromium().unwrap_or("chromium");
    let folder = TempDir::new("no-aliasing");
    let mut snapshot = generated(5);
    let plain = rendered_dom(program, &folder.0, "plain", &snapshot);
    assert_rendered(&plain, "default options");
    assert!(!plain.contains("id=\"aliasing-disabled\""));
    snapshot.extensions.insert("dev.zenfg.compile".into(), serde_json::json!({ "aliasing": "disabled" }));
    let dom = rendered_dom(program, &folder.0, "no-aliasing", &snapshot);
    assert_rendered(&dom, "aliasing disabled");
    assert!(dom.contains("compiled with aliasing disabled"), "the header says how the frame was compiled");
}

#[test]
fn in_chromium_every_corpus_document_and_an_invalid_one_render_without_a_script_error() {
    let test = "in_chromium_every_corpus_document_and_an_invalid_one_render_without_a_script_error";
    if !tool_available(chromium().unwrap_or("chromium"), &["--version"], test) {
        return;
    }
    let program = chromium().unwrap_or("chromium");
    let folder = TempDir::new("corpus");
    let mut dangling = generated(30);
    dangling.graph.groups[1].parent_id = Some("group:stage-2".to_owned());
    dangling.graph.dependencies[0].from_node_id = "node:nowhere".to_owned();
    dangling.graph.accesses[0].node_id = "node:nowhere".to_owned();
    dangling.graph.resources[3].allocation_id = Some("allocation:nowhere".to_owned());
    dangling.graph.segments[0].node_ids.push("node:nowhere".to_owned());
    dangling.diagnostics[0].node_id = Some("node:nowhere".to_owned());
    let mut documents = corpus_documents();
    documents.push(("a document with dangling references".to_owned(), dangling));
    for (slot, (name, snapshot)) in documents.into_iter().enumerate() {
        let dom = rendered_dom(program, &folder.0, &format!("document-{slot}"), &snapshot);
        assert_rendered(&dom, &name);
        let drawn = tags(&dom, "g", "pass").len();
        assert_eq!(drawn, snapshot.graph.nodes.len(), "{name}: every pass is drawn");
    }
}
