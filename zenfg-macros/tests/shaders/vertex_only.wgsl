// A render pass without a fragment stage, e.g. a depth prepass.

@group(0) @binding(0) var<uniform> model_view_projection: mat4x4<f32>;

@vertex
fn vs_main(@location(0) position: vec3<f32>) -> @builtin(position) vec4<f32> {
    return model_view_projection * vec4<f32>(position, 1.0);
}
