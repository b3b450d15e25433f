// A compute pass: samples `src` with `samp`, writes `dst`, reads `params`.

struct Params {
    tint: vec3<f32>,
    radius: u32,
    // A vec3 is 16-byte aligned: `offset` starts at 16 and the struct is 32 bytes.
    offset: vec3<f32>,
}

@group(0) @binding(0) var src: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;
@group(1) @binding(0) var dst: texture_storage_2d<rgba16float, write>;
@group(2) @binding(0) var<uniform> params: Params;
@group(2) @binding(1) var<uniform> never_used: vec4<f32>;

@compute @workgroup_size(8, 8)
fn blur(@builtin(global_invocation_id) id: vec3<u32>) {
    let uv = vec2<f32>(id.xy) / f32(params.radius) + params.offset.xy;
    let color = textureSampleLevel(src, samp, uv, 0.0);
    textureStore(dst, id.xy, color * vec4<f32>(params.tint, 1.0));
}
