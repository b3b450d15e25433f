struct Camera {
    view_proj: mat4x4<f32>,
}

@group(0) @binding(0) var<uniform> camera: Camera;
@group(0) @binding(1) var<uniform> tint: vec4<f32>;
@group(1) @binding(0) var albedo: texture_2d<f32>;
@group(1) @binding(1) var linear: sampler;
@group(1) @binding(2) var mask: texture_2d<f32>;

struct VertexOut {
    @builtin(position) position: vec4<f32>,
    @location(0) uv: vec2<f32>,
    @location(1) shade: f32,
}

@vertex
fn vs_main(@location(0) position: vec3<f32>, @location(1) uv: vec2<f32>) -> VertexOut {
    var out: VertexOut;
    out.position = camera.view_proj * vec4<f32>(position, 1.0);
    out.uv = uv;
    out.shade = tint.a;
    return out;
}

@fragment
fn fs_opaque(in: VertexOut) -> @location(0) vec4<f32> {
    return textureSample(albedo, linear, in.uv) * tint * in.shade;
}

@fragment
fn fs_masked(in: VertexOut) -> @location(0) vec4<f32> {
    let coverage = textureSample(mask, linear, in.uv).r;
    return textureSample(albedo, linear, in.uv) * tint * coverage;
}
