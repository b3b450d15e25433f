//! Reading a shader file and turning it into a validated naga module.

use std::path::{Path, PathBuf};

use naga::valid::{Capabilities, EntryPointError, ModuleInfo, ValidationError, ValidationFlags, Validator};

use super::excerpt::excerpt;
use super::problem::Problem;
use super::stage_operations;

/// A shader that parsed and validated.
pub(super) struct Shader {
    /// The path as written in the attribute.
    pub(super) file: String,
    /// The path the file was read from.
    pub(super) absolute_path: String,
    pub(super) module: naga::Module,
    pub(super) info: ModuleInfo,
}

/// Reads the shader `path` names, relative to `base`, then parses and
/// validates it.
pub(super) fn read<'a>(base: &Path, path: &'a syn::LitStr) -> Result<Shader, Problem<'a>> {
    let file = path.value();
    let absolute = locate(base, &file);
    let Some(absolute_path) = absolute.to_str().map(str::to_string) else {
        return Err(Problem::new(
            path,
            format!("the shader path {} is not valid UTF-8", absolute.display()),
            "move the crate or the shader to a path that is valid UTF-8, which `include_bytes!` needs",
        ));
    };
    let source = std::fs::read_to_string(&absolute).map_err(|error| {
        let fix = match source_file(path).and_then(|source| beside(base, &source, &file)) {
            Some(relative) => format!(
                "the path is relative to the directory of the crate's Cargo.toml, not to the source file (as \
                 `include_str!` is): write `shader = \"{relative}\"`"
            ),
            None => "the path is relative to the directory of the crate's Cargo.toml; fix the path or put the \
                     shader there"
                .to_owned(),
        };
        Problem::new(path, format!("cannot read the shader `{file}`: looked for {absolute_path}: {error}"), fix)
    })?;
    let module = naga::front::wgsl::parse_str(&source).map_err(|error| {
        let notes: String = error.notes().map(|note| format!("\n  = note: {note}")).collect();
        Problem::new(
            path,
            format!(
                "{}: {}{}{notes}",
                position(&file, error.location(&source)),
                error.message(),
                excerpt(&source, error.labels())
            ),
            "fix the WGSL there: the derive reads the shader to check the pass against it",
        )
    })?;
    let info = Validator::new(ValidationFlags::all(), Capabilities::all()).validate(&module).map_err(|error| {
        if let ValidationError::EntryPoint { stage, name, source: EntryPointError::ForbiddenStageOperations } =
            error.as_inner()
            && let Some(forbidden) = stage_operations::find(&module, *stage, name)
        {
            return Problem::new(
                path,
                format!(
                    "{}: the shader is invalid: entry point `{name}` uses an operation its stage forbids: {}{}",
                    position(&file, forbidden.span.is_defined().then(|| forbidden.span.location(&source))),
                    forbidden.what,
                    excerpt(&source, [(forbidden.span, "here")])
                ),
                forbidden.fix,
            );
        }
        let mut message = error.as_inner().to_string();
        let mut cause: &dyn std::error::Error = error.as_inner();
        while let Some(next) = cause.source() {
            message = format!("{message}: {next}");
            cause = next;
        }
        let labels: Vec<(naga::Span, String)> =
            error.spans().map(|(span, label)| (*span, handle_label(&module, label))).collect();
        Problem::new(
            path,
            format!(
                "{}: the shader is invalid: {message}{}",
                position(&file, error.location(&source)),
                excerpt(&source, labels.iter().map(|(span, label)| (*span, label.as_str())))
            ),
            "fix the WGSL there: wgpu rejects an invalid shader module",
        )
    })?;
    Ok(Shader { file, absolute_path, module, info })
}

/// The file on disk the literal `path` is written in, when a compiler runs
/// the derive (never in the derive's unit tests).
fn source_file(path: &syn::LitStr) -> Option<PathBuf> {
    if !proc_macro::is_available() {
        return None;
    }
    path.span().unwrap().local_file()
}

/// `file` as the derive reads it from `base`, where the source file `source`
/// has it beside itself: the path a shader written relative to the source
/// file is meant by, if it exists there. The tail of `file` that reaches it
/// from `base` (through links, too) is preferred to a path climbing out of
/// `base`.
fn beside(base: &Path, source: &Path, file: &str) -> Option<String> {
    let found = source.parent()?.join(file).canonicalize().ok()?;
    let written: Vec<_> = Path::new(file).components().collect();
    let tail = (1..written.len())
        .map(|skip| written[skip..].iter().collect::<PathBuf>())
        .find(|tail| base.join(tail).canonicalize().is_ok_and(|there| there == found));
    let relative = tail.or_else(|| {
        let base = base.canonicalize().ok()?;
        let common = found.components().zip(base.components()).take_while(|(a, b)| a == b).count();
        let mut relative: PathBuf = std::iter::repeat_n("..", base.components().count() - common).collect();
        relative.extend(found.components().skip(common));
        Some(relative)
    })?;
    Some(relative.to_str()?.replace('\\', "/"))
}

/// naga's label of a span, which names a handle as its type and index
/// (`naga::ir::GlobalVariable [1]`): without the path, and with the name of a
/// global variable, so that the `[1]` of the message reads.
fn handle_label(module: &naga::Module, label: &str) -> String {
    let Some(rest) = label.strip_prefix("naga::ir::") else { return label.to_owned() };
    let index = rest.strip_prefix("GlobalVariable [").and_then(|tail| tail.strip_suffix(']'));
    if let Some(index) = index.and_then(|index| index.parse::<usize>().ok())
        && let Some((_, var)) = module.global_variables.iter().nth(index)
        && let Some(name) = &var.name
    {
        return format!("[{index}] is `{name}`");
    }
    rest.to_owned()
}

/// The file `file` names relative to `base`, with as much of the path as
/// exists resolved (symbolic links, `.` and `..`), so that messages and the
/// rebuild watch name the file where it really is.
pub(super) fn locate(base: &Path, file: &str) -> PathBuf {
    let joined = base.join(file);
    let mut missing = Vec::new();
    let mut existing = joined.as_path();
    loop {
        if let Ok(real) = existing.canonicalize() {
            return missing.iter().rev().fold(real, |path, name| path.join(name));
        }
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                missing.push(name);
                existing = parent;
            }
            _ => return joined,
        }
    }
}

/// `file:line:column`, or `file` alone without a location.
fn position(file: &str, location: Option<naga::SourceLocation>) -> String {
    match location {
        Some(location) => format!("{file}:{}:{}", location.line_number, location.line_position),
        None => file.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::{beside, locate};

    #[test]
    fn locate_resolves_the_part_that_exists_and_keeps_the_rest() {
        let base = Path::new(env!("CARGO_MANIFEST_DIR"));
        let real = base.canonicalize().expect("the manifest dir exists");
        assert_eq!(locate(base, "tests/../tests/shaders/blur.wgsl"), real.join("tests/shaders/blur.wgsl"));
        assert_eq!(locate(base, "tests/nowhere/blur.wgsl"), real.join("tests/nowhere/blur.wgsl"));
    }

    #[test]
    fn a_shader_beside_the_source_file_is_named_from_the_manifest_directory() {
        let base = Path::new(env!("CARGO_MANIFEST_DIR"));
        let source = base.join("src/shader/source.rs");
        assert_eq!(beside(base, &source, "../../tests/shaders/blur.wgsl").as_deref(), Some("tests/shaders/blur.wgsl"));
        assert_eq!(beside(base, &source, "missing.wgsl"), None);
        let outside = base.join("tests/shaders/blur.wgsl");
        assert_eq!(
            beside(&base.join("src/shader"), &outside, "blur.wgsl").as_deref(),
            Some("../../tests/shaders/blur.wgsl"),
            "a shader outside the base is reached through `..`"
        );
    }

    #[cfg(unix)]
    #[test]
    fn locate_follows_symbolic_links() {
        let dir = std::env::temp_dir().join(format!("zenfg-macros-locate-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch dir");
        let link = dir.join("shaders");
        let _ = std::fs::remove_file(&link);
        let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/shaders");
        std::os::unix::fs::symlink(&fixtures, &link).expect("a link");
        let real = fixtures.canonicalize().expect("the fixtures exist");
        assert_eq!(locate(&dir, "shaders/blur.wgsl"), real.join("blur.wgsl"));
        assert_eq!(locate(&dir, "shaders/missing.wgsl"), real.join("missing.wgsl"));
        std::fs::remove_dir_all(&dir).expect("the scratch dir is removed");
    }
}
