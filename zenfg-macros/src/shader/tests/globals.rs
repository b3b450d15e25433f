//! What each global is: kind, WGSL spelling, size, order.

use super::{global, load};
use crate::shader::{Global, GlobalKind, PassStages, SampleType, Stages, StorageAccess, ViewDimension};

const COMPUTE: PassStages<'static> = PassStages::Compute { entry: &[] };

fn sampled(sample_type: SampleType, dimension: ViewDimension, multisampled: bool) -> GlobalKind {
    GlobalKind::SampledTexture { sample_type, dimension, multisampled }
}

fn storage(format: &str, access: StorageAccess, dimension: ViewDimension) -> GlobalKind {
    GlobalKind::StorageTexture { format: format.to_string(), access, dimension }
}

/// Asserts the kind and spelling of each named global.
fn assert_globals(file: &str, expected: &[(&str, GlobalKind, &str)]) {
    let interface = load(file, COMPUTE);
    for (name, kind, wgsl) in expected {
        let global = global(&interface, name);
        assert_eq!((&global.kind, global.wgsl.as_str()), (kind, *wgsl), "{file}: `{name}`");
    }
    assert_eq!(interface.globals.len(), expected.len(), "{file}");
}

#[test]
fn a_compute_pass_sees_every_binding_in_group_and_binding_order() {
    let interface = load("blur.wgsl", COMPUTE);
    // What an entry point reads is asserted in `reads_are_loads_and_atomics_not_stores`.
    let read = |name: &str| super::global(&interface, name).read;
    let global = |name: &str, group, binding, stages, kind, wgsl: &str| Global {
        name: name.to_string(),
        group,
        binding,
        stages,
        read: read(name),
        kind,
        wgsl: wgsl.to_string(),
    };
    assert_eq!(
        interface.globals,
        [
            global(
                "src",
                0,
                0,
                Stages::COMPUTE,
                sampled(SampleType::Float, ViewDimension::D2, false),
                "texture_2d<f32>"
            ),
            global("samp", 0, 1, Stages::COMPUTE, GlobalKind::Sampler { comparison: false }, "sampler"),
            global(
                "dst",
                1,
                0,
                Stages::COMPUTE,
                storage("Rgba16Float", StorageAccess::WriteOnly, ViewDimension::D2),
                "texture_storage_2d<rgba16float, write>",
            ),
            global("params", 2, 0, Stages::COMPUTE, GlobalKind::UniformBuffer { min_size: 32 }, "var<uniform> Params"),
            global(
                "never_used",
                2,
                1,
                Stages::NONE,
                GlobalKind::UniformBuffer { min_size: 16 },
                "var<uniform> vec4<f32>",
            ),
        ]
    );
}

#[test]
fn the_interface_names_the_file_as_written_and_where_it_was_read() {
    let interface = load("blur.wgsl", COMPUTE);
    assert_eq!(interface.file, "tests/shaders/blur.wgsl");
    let manifest_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let expected = manifest_dir.canonicalize().expect("the manifest dir exists").join("tests/shaders/blur.wgsl");
    assert_eq!(std::path::Path::new(&interface.absolute_path), expected);
    assert!(expected.is_absolute());
}

#[test]
fn textures_and_samplers() {
    use SampleType::{Depth, Float, Sint, Uint, UnfilterableFloat};
    use StorageAccess::{Atomic, ReadOnly, ReadWrite, WriteOnly};
    use ViewDimension::{Cube, CubeArray, D1, D2, D2Array, D3};
    assert_globals(
        "textures.wgsl",
        &[
            ("t_1d", sampled(UnfilterableFloat, D1, false), "texture_1d<f32>"),
            ("t_2d_array", sampled(Uint, D2Array, false), "texture_2d_array<u32>"),
            ("t_cube", sampled(Sint, Cube, false), "texture_cube<i32>"),
            ("t_cube_array", sampled(UnfilterableFloat, CubeArray, false), "texture_cube_array<f32>"),
            ("t_3d", sampled(Float, D3, false), "texture_3d<f32>"),
            ("t_multisampled", sampled(UnfilterableFloat, D2, true), "texture_multisampled_2d<f32>"),
            ("t_depth", sampled(Depth, D2, false), "texture_depth_2d"),
            ("t_depth_cube_array", sampled(Depth, CubeArray, false), "texture_depth_cube_array"),
            ("t_depth_multisampled", sampled(Depth, D2, true), "texture_depth_multisampled_2d"),
            ("s_read", storage("Rgba8Unorm", ReadOnly, D3), "texture_storage_3d<rgba8unorm, read>"),
            ("s_write", storage("Rg11b10Ufloat", WriteOnly, D2Array), "texture_storage_2d_array<rg11b10ufloat, write>"),
            ("s_read_write", storage("R32Float", ReadWrite, D1), "texture_storage_1d<r32float, read_write>"),
            ("s_atomic", storage("R32Uint", Atomic, D2), "texture_storage_2d<r32uint, atomic>"),
            ("filtering", GlobalKind::Sampler { comparison: false }, "sampler"),
            ("comparison", GlobalKind::Sampler { comparison: true }, "sampler_comparison"),
        ],
    );
}

#[test]
fn buffers_with_their_sizes() {
    let uniform = |min_size| GlobalKind::UniformBuffer { min_size };
    let storage = |read_only, min_size| GlobalKind::StorageBuffer { read_only, min_size };
    assert_globals(
        "buffers.wgsl",
        &[
            ("scale", uniform(4), "var<uniform> f32"),
            ("lookup", storage(true, 20), "var<storage, read> array<u32, 5>"),
            ("particles_in", storage(true, 32), "var<storage, read> array<Particle>"),
            ("particles_out", storage(false, 32), "var<storage, read_write> array<Particle>"),
            ("counted", storage(false, 32), "var<storage, read_write> Counted"),
            ("transform", uniform(64), "var<uniform> mat4x4<f32>"),
        ],
    );
    let order: Vec<u32> = load("buffers.wgsl", COMPUTE).globals.iter().map(|global| global.binding).collect();
    assert_eq!(order, [0, 1, 2, 3, 4, 5]);
}

#[test]
fn bindings_the_derive_does_not_bind() {
    assert_globals(
        "unsupported.wgsl",
        &[
            ("textures", GlobalKind::Unsupported { what: "a binding array" }, "binding_array<texture_2d<f32>, 4>"),
            ("video", GlobalKind::Unsupported { what: "an external texture" }, "texture_external"),
            ("scene", GlobalKind::Unsupported { what: "an acceleration structure" }, "acceleration_structure"),
        ],
    );
}

#[test]
fn wgpu_names() {
    let sample_types =
        [SampleType::Float, SampleType::UnfilterableFloat, SampleType::Depth, SampleType::Sint, SampleType::Uint]
            .map(SampleType::wgpu_expr);
    assert_eq!(sample_types, ["Float { filterable: true }", "Float { filterable: false }", "Depth", "Sint", "Uint"]);
    let dimensions = [
        ViewDimension::D1,
        ViewDimension::D2,
        ViewDimension::D2Array,
        ViewDimension::Cube,
        ViewDimension::CubeArray,
        ViewDimension::D3,
    ]
    .map(ViewDimension::wgpu_name);
    assert_eq!(dimensions, ["D1", "D2", "D2Array", "Cube", "CubeArray", "D3"]);
    let accesses = [StorageAccess::ReadOnly, StorageAccess::WriteOnly, StorageAccess::ReadWrite, StorageAccess::Atomic]
        .map(StorageAccess::wgpu_name);
    assert_eq!(accesses, ["ReadOnly", "WriteOnly", "ReadWrite", "Atomic"]);
}

#[test]
fn the_immediates_an_entry_point_uses_size_the_pipeline_layout() {
    let (tinted, plain) = (super::lit("tinted"), super::lit("plain"));
    // The fixture the ui case of the same pass compiles against.
    let file = "../../../ui-tests/tests/ui/shaders/immediates.wgsl";
    let with = load(file, PassStages::Compute { entry: std::slice::from_ref(&tinted) });
    assert_eq!(with.immediate_size, 32, "a vec4 and an f32, padded to the struct's 16-byte alignment");
    let without = load(file, PassStages::Compute { entry: std::slice::from_ref(&plain) });
    assert_eq!(without.immediate_size, 0, "an entry point that reads no immediates needs none");
}

#[test]
fn a_sampled_texture_is_paired_with_its_sampler_through_helpers() {
    let sampled = super::lit("sampled");
    let interface = load("filtering.wgsl", PassStages::Compute { entry: std::slice::from_ref(&sampled) });
    let at = |name: &str| interface.globals.iter().position(|global| global.name == name).expect(name);
    assert_eq!(interface.sampling_pairs, [(at("image"), at("linear"))]);
    let loaded = super::lit("loaded");
    let interface = load("filtering.wgsl", PassStages::Compute { entry: std::slice::from_ref(&loaded) });
    assert!(interface.sampling_pairs.is_empty(), "textureLoad pairs no sampler");
}

#[test]
fn reads_are_loads_and_atomics_not_stores() {
    let interface = load("buffers.wgsl", COMPUTE);
    let read = |name: &str| global(&interface, name).read;
    assert!(read("particles_in") && read("scale") && read("lookup"), "loaded");
    assert!(!read("particles_out"), "only stored");
    assert!(read("counted"), "an atomic reads what it updates");
    let interface = load("blur.wgsl", COMPUTE);
    assert!(!global(&interface, "dst").read, "a `textureStore` writes only");
}
