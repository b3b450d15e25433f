// A deferred geometry pass: `fs_gbuffer` writes albedo and normals,
// `fs_albedo` albedo alone.

struct GBuffer {
    @location(0) albedo: vec4<f32>,
    @location(1) normal: vec4<f32>,
}

@vertex
fn vs_main(@builtin(vertex_index) index: u32) -> @builtin(position) vec4<f32> {
    return vec4<f32>(f32(index), 0.0, 0.0, 1.0);
}

@fragment
fn fs_gbuffer() -> GBuffer {
    return GBuffer(vec4<f32>(1.0), vec4<f32>(0.0, 0.0, 1.0, 0.0));
}

@fragment
fn fs_albedo() -> @location(0) vec4<f32> {
    return vec4<f32>(1.0);
}
