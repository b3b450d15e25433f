//! The `zenfg-snapshot` command, run as a user runs it.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;
use zenfg_snapshot_format::parse_frame_graph_snapshot;

use crate::common::{corpus, read_json, read_text};

fn command() -> Command {
    Command::new(env!("CARGO_BIN_EXE_zenfg-snapshot"))
}

fn run(arguments: &[&str]) -> Output {
    let output = command().args(arguments).stdin(Stdio::null()).output().expect("the command runs");
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(!errors.contains("panicked"), "{arguments:?} panicked: {errors}");
    output
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("the output is UTF-8")
}

fn showcase() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/views/showcase.fgsnapshot.json"))
}

fn path(relative: &str) -> String {
    corpus().join(relative).display().to_string()
}

/// A file of its own under the system's temporary folder, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str) -> Self {
        let path = std::env::temp_dir().join(format!("zenfg-snapshot-cli-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        Self(path)
    }

    fn as_str(&self) -> &str {
        self.0.to_str().expect("temporary paths are UTF-8 here")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn help_names_every_command_and_succeeds() {
    for flag in ["--help", "-h", "help"] {
        let output = run(&[flag]);
        assert!(output.status.success());
        let help = text(&output.stdout);
        for command in ["validate", "migrate", "summary", "dot", "html", "--output"] {
            assert!(help.contains(command), "--help names {command}");
        }
    }
    let version = run(&["--version"]);
    assert!(version.status.success() && text(&version.stdout).starts_with("zenfg-snapshot "));
}

#[test]
fn validate_accepts_valid_documents_and_reports_every_issue_of_invalid_ones() {
    let shown = showcase().display().to_string();
    let output = run(&["validate", &shown]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(text(&output.stdout).contains("valid Snapshot 1.2 document: 17 passes, 16 resources"));

    let manifest = read_json("conformance/manifest.json");
    let cases = manifest["cases"].as_array().expect("the manifest lists cases");
    let mut checked = 0;
    for case in cases {
        let file = format!("conformance/{}", case["file"].as_str().expect("a case names its file"));
        let input = case["input"].as_str().unwrap_or_default();
        if input == "validator" {
            continue;
        }
        let output = run(&["validate", &path(&file)]);
        if case["runtimeValid"] == Value::Bool(true) {
            assert!(output.status.success(), "{file}: {}", text(&output.stderr));
            continue;
        }
        assert_eq!(output.status.code(), Some(1), "{file} is not valid");
        let errors = text(&output.stderr);
        for issue in case["issues"].as_array().map(Vec::as_slice).unwrap_or_default() {
            let path = issue["path"].as_str().unwrap_or_default();
            let shown = if path.is_empty() { "the document root" } else { path };
            let line = format!(
                "error {} at {shown}: {}",
                issue["code"].as_str().unwrap_or_default(),
                issue["message"].as_str().unwrap_or_default()
            );
            assert!(errors.contains(&line), "{file}: the output says {line:?}:\n{errors}");
        }
        checked += 1;
    }
    assert!(checked > 40, "only {checked} invalid cases were run");
}

#[test]
fn migrate_writes_historical_documents_as_canonical_1_2() {
    for source in
        ["fixtures/legacy-v0.json", "fixtures/legacy-candidate-v1.json", "conformance/valid/snapshot-1.1.json"]
    {
        let output = run(&["migrate", &path(source)]);
        assert!(output.status.success(), "{source}: {}", text(&output.stderr));
        let migrated = parse_frame_graph_snapshot(&text(&output.stdout)).expect("the output is valid 1.2");
        let expected = parse_frame_graph_snapshot(&read_text(source)).expect("the source migrates");
        assert!(expected.migrated, "{source} is historical");
        assert_eq!(migrated.snapshot, expected.snapshot, "{source}: the command writes what the decoder migrates");
    }
    let written = TempFile::new("migrated.json");
    let output = run(&["migrate", &path("fixtures/legacy-v0.json"), "-o", written.as_str()]);
    assert!(output.status.success() && output.stdout.is_empty());
    assert!(text(&output.stderr).contains("warning legacy-v0-migrated"), "the migration notice is a warning");
    assert!(parse_frame_graph_snapshot(&std::fs::read_to_string(&written.0).expect("written")).is_ok());
}

#[test]
fn summary_dot_and_html_write_the_views_to_standard_output_or_a_file() {
    let shown = showcase().display().to_string();
    let summary = run(&["summary", &shown]);
    assert!(summary.status.success());
    assert!(text(&summary.stdout).contains("culled   debug-normals (render, group debug): not-reachable-from-root"));
    let dot = run(&["dot", &shown]);
    assert!(dot.status.success() && text(&dot.stdout).starts_with("digraph "));
    let page = TempFile::new("showcase.html");
    let html = run(&["html", &shown, "--output", page.as_str()]);
    assert!(html.status.success() && html.stdout.is_empty());
    assert!(std::fs::read_to_string(&page.0).expect("written").starts_with("<!doctype html>"));

    let mut piped = command()
        .args(["summary", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the command runs");
    let input = std::fs::read(showcase()).expect("the showcase Snapshot is test data");
    std::io::Write::write_all(&mut piped.stdin.take().expect("piped"), &input).expect("the command reads");
    let output = piped.wait_with_output().expect("the command finishes");
    assert!(output.status.success() && text(&output.stdout).contains("17 recorded"), "`-` reads standard input");
}

#[test]
fn mistakes_are_messages_with_an_exit_status_never_panics() {
    let missing = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/no-such-file.json").display().to_string();
    let not_json = TempFile::new("not-json.json");
    std::fs::write(&not_json.0, [0xff, 0xfe, b'{', 0]).expect("written");
    let unwritable = format!("{}/no-such-folder/out.html", std::env::temp_dir().display());
    let shown = showcase().display().to_string();
    for (arguments, status, message) in [
        (vec![], 2, "no command given"),
        (vec!["frob", "x"], 2, "unknown command `frob`"),
        (vec!["summary"], 2, "`summary` needs a file"),
        (vec!["summary", "a", "b"], 2, "unexpected argument `b`"),
        (vec!["dot", "a", "--colour"], 2, "unknown option `--colour`"),
        (vec!["html", "a", "-o"], 2, "`-o` needs a path"),
        (vec!["summary", &missing], 2, "cannot open"),
        (vec!["html", &shown, "-o", &unwritable], 2, "cannot create"),
        (vec!["dot", not_json.as_str()], 1, "error invalid-json at the document root"),
    ] {
        let output = run(&arguments);
        assert_eq!(output.status.code(), Some(status), "{arguments:?}");
        let errors = text(&output.stderr);
        assert!(errors.starts_with("zenfg-snapshot: ") && errors.contains(message), "{arguments:?}: {errors}");
    }
}
