// One vertex entry point and two fragment entry points.

@group(0) @binding(0) var<uniform> color: vec4<f32>;
@group(0) @binding(1) var<uniform> alpha: f32;

@vertex
fn vs_main(@builtin(vertex_index) index: u32) -> @builtin(position) vec4<f32> {
    return vec4<f32>(f32(index), 0.0, 0.0, 1.0);
}

@fragment
fn fs_opaque() -> @location(0) vec4<f32> {
    return color;
}

@fragment
fn fs_blended() -> @location(0) vec4<f32> {
    return vec4<f32>(color.rgb, alpha);
}
