@group(0) @binding(0) var ids: texture_2d<u32>;
@group(0) @binding(1) var pick: sampler;
@group(0) @binding(2) var<storage, read_write> out: array<vec4<u32>>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let uv = vec2<f32>(f32(id.x) / 64.0, 0.5);
    out[id.x] = textureGather(0, ids, pick, uv);
}
