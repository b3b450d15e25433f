//! The derive fuzzer: random pass structs built from the derive's own
//! vocabulary, right and wrong — every role and option, misspellings,
//! options on roles they do not fit, repeated and missing options, odd field
//! types and names, item shapes the derive does not take, shaders that exist,
//! do not parse or are missing.
//!
//! Every case checks that the derive does not panic, that its output parses
//! as Rust items, that every error it reports carries a `ZM` code and a fix,
//! that an item with a name always gets an impl (the real one or the
//! do-nothing fallback, so one mistake does not cascade into the callback),
//! and that expanding the same input twice gives the same output.
//!
//! The case count is `ZENFG_FUZZ_CASES` (default 256), for longer runs:
//! `ZENFG_FUZZ_CASES=20000 cargo test --release -p zenfg-macros fuzz`.

use proc_macro2::TokenStream;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// Shaders beside the ui-tests, relative to this crate's manifest, and one
/// that does not exist.
const SHADERS: [&str; 8] = [
    "../ui-tests/tests/ui/shaders/pass_compute.wgsl",
    "../ui-tests/tests/ui/shaders/pass_render.wgsl",
    "../ui-tests/tests/ui/shaders/pass_samplers.wgsl",
    "../ui-tests/tests/ui/shaders/two_compute_entry_points.wgsl",
    "../ui-tests/tests/ui/shaders/parse_error.wgsl",
    "../ui-tests/tests/ui/shaders/validation_error.wgsl",
    "../ui-tests/tests/ui/shaders/unsupported_bindings.wgsl",
    "../ui-tests/tests/ui/shaders/no_such_file.wgsl",
];

/// What `#[pass(..)]` may hold, right or wrong.
const PASS_OPTIONS: [&str; 16] = [
    "render",
    "compute",
    "command",
    "external",
    "side_effect",
    "label = \"fuzzed\"",
    "label = 3",
    "entry = \"main\"",
    "vertex = \"vs_main\"",
    "fragment = [\"fs_a\", \"fs_b\"]",
    "crate = my_engine::zenfg",
    "crate = \"my_engine::zenfg\"",
    "rendr",
    "shader",
    "group = 1",
    "compute = true",
];

/// Role attributes, with and without their required options.
const ROLES: [&str; 18] = [
    "sampled",
    "storage_read",
    "storage_write",
    "color_attachment",
    "depth_attachment",
    "depth_read",
    "resolve_target",
    "copy_src",
    "copy_dst",
    "uniform",
    "vertex",
    "index",
    "indirect",
    "sampler",
    "untracked",
    "root",
    "label",
    "sampeld",
];

/// Options of any role, right and wrong.
const ROLE_OPTIONS: [&str; 34] = [
    "overwrite",
    "preserve",
    "clear = Color::BLACK",
    "clear = [0.0, 0.0, 0.0, 1.0]",
    "clear = 1.0",
    "clear = 2.5",
    "load",
    "store",
    "discard",
    "slot = 0",
    "slot = 9",
    "binding = 0",
    "binding = 1",
    "binding = 1",
    "group = 0",
    "group = 9",
    "format = Rgba8Unorm",
    "format = rgba8unorm",
    "format = Depth32Float",
    "sample_type = float",
    "sample_type = unfilterable_float",
    "sample_type = depth",
    "dimension = Cube",
    "dimension = D3",
    "multisampled",
    "read_write",
    "comparison",
    "non_filtering",
    "source = target",
    "source = missing",
    "uniform",
    "storage_write",
    "present",
    "output",
];

/// Field types: graph handles, containers of them, wgpu objects and others.
const TYPES: [&str; 20] = [
    "Texture<'f>",
    "TextureView<'f>",
    "SurfaceTexture<'f>",
    "Buffer<'f>",
    "BufferSlice<'f>",
    "Option<Texture<'f>>",
    "[Texture<'f>; 2]",
    "Vec<Buffer<'f>>",
    "Option<Vec<Texture<'f>>>",
    "&'f wgpu::Sampler",
    "wgpu::Sampler",
    "&'f wgpu::Buffer",
    "wgpu::TextureView",
    "&'static str",
    "String",
    "u32",
    "Box<Texture<'f>>",
    "(Texture<'f>, Buffer<'f>)",
    "Texture",
    "zenfg_runtime::Texture<'f>",
];

/// Field names, among them the context's own and one repeated.
const NAMES: [&str; 10] = ["src", "dst", "target", "depth", "pass", "bind_groups", "device", "r#type", "params", "src"];

/// The item's generics and shape.
const HEADS: [&str; 7] = [
    "struct Fuzzed<'f> {FIELDS}",
    "struct Fuzzed {FIELDS}",
    "pub struct Fuzzed<'a, 'f> {FIELDS}",
    "struct Fuzzed<'f, T> {FIELDS}",
    "struct Fuzzed<'f>(Texture<'f>);",
    "struct Fuzzed;",
    "enum Fuzzed<'f> { A(Texture<'f>) }",
];

/// One attribute: a role (or `#[pass]` again) with some options.
#[derive(Clone, Debug)]
struct Attribute {
    role: usize,
    options: Vec<usize>,
    parenthesized: bool,
}

impl Attribute {
    fn render(&self) -> String {
        let role = ROLES[self.role];
        if !self.parenthesized && self.options.is_empty() {
            return format!("#[{role}]");
        }
        let options: Vec<&str> = self.options.iter().map(|&option| ROLE_OPTIONS[option]).collect();
        format!("#[{role}({})]", options.join(", "))
    }
}

#[derive(Clone, Debug)]
struct FieldCase {
    name: usize,
    ty: usize,
    attributes: Vec<Attribute>,
}

#[derive(Clone, Debug)]
struct Case {
    head: usize,
    pass: Option<Vec<usize>>,
    shader: Option<usize>,
    fields: Vec<FieldCase>,
}

impl Case {
    fn source(&self) -> String {
        let mut source = String::new();
        if let Some(options) = &self.pass {
            let mut items: Vec<String> = options.iter().map(|&option| PASS_OPTIONS[option].to_owned()).collect();
            if let Some(shader) = self.shader {
                items.push(format!("shader = \"{}\"", SHADERS[shader]));
            }
            source.push_str(&format!("#[pass({})]\n", items.join(", ")));
        }
        let fields: Vec<String> = self
            .fields
            .iter()
            .map(|field| {
                let attributes: Vec<String> = field.attributes.iter().map(Attribute::render).collect();
                format!("{} {}: {},", attributes.join(" "), NAMES[field.name], TYPES[field.ty])
            })
            .collect();
        source.push_str(&HEADS[self.head].replace("FIELDS", &fields.join("\n")));
        source
    }
}

fn attribute() -> impl Strategy<Value = Attribute> {
    (0..ROLES.len(), prop::collection::vec(0..ROLE_OPTIONS.len(), 0..4), any::<bool>())
        .prop_map(|(role, options, parenthesized)| Attribute { role, options, parenthesized })
}

fn field() -> impl Strategy<Value = FieldCase> {
    (0..NAMES.len(), 0..TYPES.len(), prop::collection::vec(attribute(), 0..3))
        .prop_map(|(name, ty, attributes)| FieldCase { name, ty, attributes })
}

fn case() -> impl Strategy<Value = Case> {
    let heads = prop_oneof![8 => Just(0_usize), 4 => 1..HEADS.len()];
    (
        heads,
        prop::option::weighted(0.9, prop::collection::vec(0..PASS_OPTIONS.len(), 0..4)),
        prop::option::weighted(0.3, 0..SHADERS.len()),
        prop::collection::vec(field(), 0..6),
    )
        .prop_map(|(head, pass, shader, fields)| Case { head, pass, shader, fields })
}

/// The messages of the `compile_error!`s in `output`.
fn compile_errors(output: &syn::File) -> Vec<String> {
    let mut messages = Vec::new();
    for item in &output.items {
        if let syn::Item::Macro(item) = item
            && item.mac.path.segments.last().is_some_and(|segment| segment.ident == "compile_error")
        {
            let message: syn::LitStr = item.mac.parse_body().expect("a compile_error! holds one string");
            messages.push(message.value());
        }
    }
    messages
}

fn check(case: &Case) -> Result<(), TestCaseError> {
    let source = case.source();
    let input: TokenStream = source.parse().map_err(|error| TestCaseError::fail(format!("{error}: {source}")))?;
    let expanded = crate::expand::expand(input.clone());
    let output: syn::File = syn::parse2(expanded.clone())
        .map_err(|error| TestCaseError::fail(format!("the output does not parse ({error}):\n{source}\n{expanded}")))?;
    let errors = compile_errors(&output);
    for message in &errors {
        let coded = message.starts_with("ZM") && message[2..].chars().take(4).all(|digit| digit.is_ascii_digit());
        prop_assert!(coded, "an error without a code: {message}\n{source}");
        prop_assert!(message.contains("\nhelp: "), "an error without a fix: {message}\n{source}");
    }
    let has_impl = output.items.iter().any(|item| matches!(item, syn::Item::Impl(_)));
    prop_assert!(has_impl, "no impl for the item:\n{source}\n{expanded}");
    prop_assert_eq!(
        expanded.to_string(),
        crate::expand::expand(input).to_string(),
        "two expansions of one input differ:\n{}",
        source
    );
    Ok(())
}

fn cases() -> u32 {
    std::env::var("ZENFG_FUZZ_CASES").ok().and_then(|cases| cases.parse().ok()).unwrap_or(256)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn fuzz_the_derive_never_panics_and_codes_every_error(case in case()) {
        check(&case)?;
    }
}
