// A compute entry point that samples with implicit derivatives, which only
// the fragment stage has.

@group(0) @binding(0) var source: texture_2d<f32>;
@group(0) @binding(1) var linear: sampler;
@group(0) @binding(2) var<storage, read_write> out: array<vec4<f32>>;

@compute @workgroup_size(1)
fn main() {
    out[0] = textureSample(source, linear, vec2<f32>(0.5, 0.5));
}
