//! The trybuild runner: every compile-fail case must fail with exactly its
//! `.stderr`, every compile-pass case must build.

use std::path::{Path, PathBuf};

/// The shader fixtures, which cases name as `shader = "shaders/<name>.wgsl"`.
const SHADERS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/ui/shaders");

#[test]
fn ui() {
    link_shaders();
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/fail/*/*.rs");
    cases.pass("tests/ui/pass/*.rs");
}

/// The directory of the project trybuild generates and builds the cases in,
/// `<target>/tests/trybuild/<package>/`: its `Cargo.toml` is the one the cases
/// are compiled under, so the derive resolves `shader = ".."` against it.
fn trybuild_project() -> PathBuf {
    // Cargo puts `CARGO_TARGET_TMPDIR` at `<target>/tmp`; trybuild takes
    // `<target>` from `cargo metadata`.
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).parent().expect("CARGO_TARGET_TMPDIR is inside the target dir");
    target.join("tests").join("trybuild").join(env!("CARGO_PKG_NAME"))
}

/// Makes `shaders/` in trybuild's project the fixtures directory, so that a
/// case's `shader = "shaders/x.wgsl"` reads `tests/ui/shaders/x.wgsl`, and a
/// change to a fixture rebuilds the cases that read it.
fn link_shaders() {
    let project = trybuild_project();
    std::fs::create_dir_all(&project).expect("trybuild's project directory can be created");
    let link = project.join("shaders");
    if std::fs::read_link(&link).is_ok_and(|target| target == Path::new(SHADERS)) {
        return;
    }
    // A copied target directory may hold a link to another checkout.
    if let Ok(metadata) = std::fs::symlink_metadata(&link) {
        let removed = if metadata.is_dir() { std::fs::remove_dir_all(&link) } else { std::fs::remove_file(&link) };
        removed.expect("the stale shaders link can be removed");
    }
    make_link(&link);
}

#[cfg(unix)]
fn make_link(link: &Path) {
    std::os::unix::fs::symlink(SHADERS, link).expect("the shaders link can be created");
}

/// Without symbolic links, a copy of the fixtures, refreshed on every run.
#[cfg(not(unix))]
fn make_link(link: &Path) {
    std::fs::create_dir_all(link).expect("the shaders copy can be created");
    for entry in std::fs::read_dir(SHADERS).expect("the fixtures can be listed") {
        let entry = entry.expect("a fixture can be listed");
        std::fs::copy(entry.path(), link.join(entry.file_name())).expect("a fixture can be copied");
    }
}
