@group(0) @binding(0) var src: texture_2d<f32>;
@group(0) @binding(1) var linear: sampler;
@group(0) @binding(2) var<storage, read_write> dst: array<vec4<f32>>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let uv = vec2<f32>(id.xy) / 64.0;
    dst[id.y * 64u + id.x] = textureSampleLevel(src, linear, uv, 0.0);
}
