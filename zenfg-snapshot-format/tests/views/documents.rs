//! The documents the view tests render, and the tools they render with.

use std::path::PathBuf;
use std::process::Command;

use zenfg_snapshot_format::{FrameGraphSnapshotV1, parse_frame_graph_snapshot, validate_typed_frame_graph_snapshot};

use crate::common::{corpus, generated_snapshot};

/// Every valid document of the corpus (migrated ones too), with its file name.
pub fn corpus_documents() -> Vec<(String, FrameGraphSnapshotV1)> {
    let mut documents = Vec::new();
    for folder in ["fixtures", "conformance/valid"] {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(corpus().join(folder))
            .expect("the corpus folder is readable")
            .map(|entry| entry.expect("the corpus folder is readable").path())
            .filter(|path| path.extension().is_some_and(|extension| extension == "json"))
            .collect();
        paths.sort();
        for path in paths {
            let text = std::fs::read_to_string(&path).expect("the corpus file is readable");
            if let Ok(decoded) = parse_frame_graph_snapshot(&text) {
                let name = path.file_name().expect("a file").to_string_lossy().into_owned();
                documents.push((name, decoded.snapshot));
            }
        }
    }
    assert!(documents.len() >= 10, "only {} valid documents in the corpus", documents.len());
    documents
}

/// The showcase's frame as the example exports it (compiled on a CPU-only graph).
pub fn showcase() -> FrameGraphSnapshotV1 {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/views/showcase.fgsnapshot.json");
    let text = std::fs::read_to_string(path).expect("the showcase Snapshot is test data");
    parse_frame_graph_snapshot(&text).expect("the showcase Snapshot is valid").snapshot
}

/// A generated, valid document of `passes` passes.
pub fn generated(passes: usize) -> FrameGraphSnapshotV1 {
    let snapshot = generated_snapshot(passes);
    validate_typed_frame_graph_snapshot(&snapshot).expect("the generated Snapshot is valid");
    snapshot
}

/// Whether `program --version`-like `probe` runs. When it does not, the test that
/// needs it is skipped with a notice, or fails when `CI` is set.
pub fn tool_available(program: &str, probe: &[&str], test: &str) -> bool {
    let found = Command::new(program).args(probe).output().is_ok_and(|output| output.status.success());
    if !found {
        assert!(std::env::var_os("CI").is_none(), "{test}: CI is set but `{program}` cannot be run");
        eprintln!("notice: {test} skipped: `{program}` is not installed");
    }
    found
}
