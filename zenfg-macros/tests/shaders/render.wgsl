// A render pass, plus a compute entry point a render pass does not run.

struct Camera {
    view_projection: mat4x4<f32>,
    exposure: f32,
}

@group(0) @binding(0) var<uniform> camera: Camera;
@group(0) @binding(1) var<storage, read> positions: array<vec4<f32>>;
@group(1) @binding(0) var albedo: texture_2d<f32>;
@group(1) @binding(1) var albedo_sampler: sampler;
@group(2) @binding(0) var<storage, read_write> histogram: array<atomic<u32>, 256>;

struct VertexOut {
    @builtin(position) position: vec4<f32>,
    @location(0) uv: vec2<f32>,
}

@vertex
fn vs_main(@builtin(vertex_index) index: u32) -> VertexOut {
    let position = camera.view_projection * positions[index];
    return VertexOut(position, position.xy);
}

@fragment
fn fs_main(in: VertexOut) -> @location(0) vec4<f32> {
    return textureSample(albedo, albedo_sampler, in.uv) * camera.exposure;
}

@compute @workgroup_size(16, 16)
fn build_histogram(@builtin(global_invocation_id) id: vec3<u32>) {
    let texel = textureLoad(albedo, id.xy, 0);
    atomicAdd(&histogram[u32(texel.r * 255.0)], 1u);
}
