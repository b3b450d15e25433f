@group(0) @binding(0) var image: texture_2d<f32>;
@group(0) @binding(1) var depth: texture_depth_2d;
@group(0) @binding(2) var linear: sampler;
@group(0) @binding(3) var shadow: sampler_comparison;
@group(0) @binding(4) var nearest: sampler;
@group(0) @binding(5) var<storage, read_write> out: array<vec4<f32>>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let uv = vec2<f32>(id.xy) / 64.0;
    let lit = textureSampleCompareLevel(depth, shadow, uv, 0.5);
    let color = textureSampleLevel(image, linear, uv, 0.0) + textureSampleLevel(image, nearest, uv, 0.0);
    out[id.y * 64u + id.x] = color * lit;
}
