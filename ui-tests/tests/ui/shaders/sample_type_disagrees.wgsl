// Samples `src` with `linear`, writes `dst`, reads `params`.

struct Params {
    radius: f32,
    strength: f32,
}

@group(0) @binding(0) var src: texture_2d<f32>;
@group(0) @binding(1) var linear: sampler;
@group(0) @binding(2) var dst: texture_storage_2d<rgba16float, write>;
@group(0) @binding(3) var<uniform> params: Params;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let uv = vec2<f32>(id.xy) / 64.0;
    let color = textureSampleLevel(src, linear, uv, params.radius);
    textureStore(dst, id.xy, color * params.strength);
}
