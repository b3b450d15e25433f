// One texture that `sampled` samples (through a helper that takes it as an
// argument) and `loaded` only loads, and one that no entry point uses.

@group(0) @binding(0) var image: texture_2d<f32>;
@group(0) @binding(1) var linear: sampler;
@group(0) @binding(2) var<storage, read_write> result: vec4<f32>;
@group(1) @binding(0) var unused: texture_2d<f32>;

fn sample_center(t: texture_2d<f32>, s: sampler) -> vec4<f32> {
    return textureSampleLevel(t, s, vec2<f32>(0.5), 0.0);
}

@compute @workgroup_size(1)
fn sampled() {
    result = sample_center(image, linear);
}

@compute @workgroup_size(1)
fn loaded() {
    result = textureLoad(image, vec2<u32>(0u), 0);
}
