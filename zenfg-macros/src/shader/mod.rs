//! The WGSL side of a pass: the bindings of the shader named in
//! `#[pass(.., shader = "file.wgsl")]`, as seen by the entry points the pass
//! runs, so that the derive can check the pass struct against them.
//!
//! The shader is parsed and validated with naga, the version wgpu uses. It is
//! validated with every naga capability on: the macro cannot know the device,
//! so it rejects only what no device accepts and leaves the rest to wgpu when
//! the shader module is created.

mod entry;
mod excerpt;
mod interface;
mod kind;
mod problem;
mod source;
mod spelling;
mod stage_operations;
mod stages;

#[cfg(test)]
mod tests;

use std::path::Path;

pub(crate) use kind::{GlobalKind, SampleType, StorageAccess, ViewDimension};
pub(crate) use stages::Stages;

use problem::Problem;

/// Where the derive reads a shader from and which of its entry points the pass
/// runs.
pub(crate) struct ShaderRequest<'a> {
    /// The path as written in the attribute, relative to the manifest
    /// directory of the crate being compiled.
    pub path: &'a syn::LitStr,
    /// The entry points of the pass, by the pass kind.
    pub stages: PassStages<'a>,
}

/// Which entry points a pass runs, with the names the attribute gives them.
pub(crate) enum PassStages<'a> {
    /// A compute pass: the one compute entry point, or those `entry = ".."`
    /// (or `entry = ["..", ..]`) names.
    Compute { entry: &'a [syn::LitStr] },
    /// A render pass: its vertex and fragment entry points, each stage's the
    /// only one of that stage or those `vertex = ..` / `fragment = ..` names.
    /// Without a fragment entry point in the shader, the pass has none.
    Render { vertex: &'a [syn::LitStr], fragment: &'a [syn::LitStr] },
    /// A command or external pass, which builds its own pipelines: every entry
    /// point of the shader.
    Any,
}

/// Reads, parses and validates the shader of `request`, resolved against the
/// `CARGO_MANIFEST_DIR` of the crate being compiled, and returns its bindings
/// as the chosen entry points use them. Every error is spanned on the literal
/// it is about.
pub(crate) fn load(request: &ShaderRequest<'_>) -> Result<ShaderInterface, Vec<syn::Error>> {
    let Some(base) = std::env::var_os("CARGO_MANIFEST_DIR") else {
        let problem = Problem::new(
            request.path,
            "`CARGO_MANIFEST_DIR` is not set, so the shader path cannot be resolved",
            "build the crate with cargo, which sets it to the directory of the crate's Cargo.toml",
        );
        return Err(vec![problem.into_error()]);
    };
    load_in(Path::new(&base), request).map_err(|problems| problems.into_iter().map(Problem::into_error).collect())
}

/// The file the shader of `path` is read from, if it exists, for cargo to
/// watch whether or not it loads.
pub(crate) fn existing_file(path: &syn::LitStr) -> Option<String> {
    let base = std::env::var_os("CARGO_MANIFEST_DIR")?;
    let file = source::locate(Path::new(&base), &path.value());
    if file.is_file() { file.to_str().map(str::to_string) } else { None }
}

/// [`load`] with the base directory given, reporting problems unconverted.
fn load_in<'a>(base: &Path, request: &ShaderRequest<'a>) -> Result<ShaderInterface, Vec<Problem<'a>>> {
    let shader = source::read(base, request.path).map_err(|problem| vec![problem])?;
    let chosen = entry::choose(&shader.module, request)?;
    Ok(interface::reflect(shader, &chosen))
}

/// The bindings of a shader, seen from the entry points a pass runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ShaderInterface {
    /// The path as written in the attribute, e.g. `shaders/blur.wgsl`, for
    /// messages.
    pub file: String,
    /// The path the shader was read from, with symbolic links resolved, for
    /// `include_bytes!`, so that cargo rebuilds the crate when the shader
    /// changes.
    pub absolute_path: String,
    /// The entry points the pass runs, in the order of the shader.
    pub entry_points: Vec<EntryPoint>,
    /// Every global with `@group` and `@binding`, in `(group, binding)` order,
    /// used or not.
    pub globals: Vec<Global>,
    /// Each texture the entry points sample with a sampler, with that
    /// sampler: indices into `globals`, in `(texture, sampler)` order.
    pub sampling_pairs: Vec<(usize, usize)>,
    /// The bytes of the `var<immediate>` the entry points use, rounded up to
    /// whole 4-byte words as a pipeline layout's `immediate_size` is; 0 when
    /// they use none.
    pub immediate_size: u32,
}

/// An entry point a pass runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EntryPoint {
    /// Its function name, for `entry_point: Some(..)` of a pipeline.
    pub name: String,
    /// Its stage, one bit.
    pub stage: Stages,
    /// What a fragment entry point writes, by `@location` in order; empty
    /// for other stages.
    pub outputs: Vec<Output>,
    /// The `@location`s a vertex entry point reads from vertex buffers, in
    /// order; empty for other stages.
    pub vertex_inputs: Vec<u32>,
}

/// One `@location` output of a fragment entry point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Output {
    pub location: u32,
    /// The scalar type of its value.
    pub scalar: OutputScalar,
    /// How many components its value has: 1 for a scalar, 2 to 4 for a
    /// vector.
    pub components: u8,
}

/// The scalar type of a fragment output, which the format of its color
/// attachment must share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OutputScalar {
    Float,
    Sint,
    Uint,
}

impl OutputScalar {
    /// The variant of the runtime's `OutputScalar`.
    pub(crate) fn variant(self) -> &'static str {
        match self {
            Self::Float => "Float",
            Self::Sint => "Sint",
            Self::Uint => "Uint",
        }
    }
}

/// A global of the shader with `@group(g) @binding(b)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Global {
    /// Its name in WGSL.
    pub name: String,
    /// Its `@group`.
    pub group: u32,
    /// Its `@binding` within the group.
    pub binding: u32,
    /// The stages of the pass's entry points that use it; empty when none
    /// does, which wgpu allows.
    pub stages: Stages,
    /// Whether an entry point of the pass reads its contents (a load, an
    /// atomic), not only writes or queries them.
    pub read: bool,
    /// The binding type it needs.
    pub kind: GlobalKind,
    /// Its declaration without the name, as WGSL spells it, e.g.
    /// `texture_storage_2d<rgba16float, write>` or `var<uniform> Params`.
    pub wgsl: String,
}
