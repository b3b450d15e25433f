@group(0) @binding(0) var depth: texture_depth_2d;
@group(0) @binding(1) var compare: sampler_comparison;
@group(0) @binding(2) var<storage, read_write> lit: array<f32>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let uv = vec2<f32>(id.xy) / 64.0;
    lit[id.y * 64u + id.x] = textureSampleCompareLevel(depth, compare, uv, 0.5);
}
