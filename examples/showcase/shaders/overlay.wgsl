// Solid rectangles given in pixels, blended over the image.

// Shared with other shaders of the showcase: a pass names one WGSL module, so
// what the shaders share is repeated in each (the showcase's tests check that
// every copy is the same).

// The frame's uniforms, as `camera.rs` writes them.
struct Uniforms {
    view_proj: mat4x4<f32>,
    // xyz: eye position; w: time in seconds.
    eye: vec4<f32>,
    // xyz: camera right scaled to the frustum edge; w: bloom strength.
    right: vec4<f32>,
    // xyz: camera up scaled to the frustum edge; w: exposure.
    up: vec4<f32>,
    forward: vec4<f32>,
    // near, far, 1 / width, 1 / height.
    depth: vec4<f32>,
}

@group(0) @binding(0) var<uniform> uniforms: Uniforms;

struct Rect {
    // Left, top, right, bottom.
    @location(0) bounds: vec4<f32>,
    @location(1) color: vec4<f32>,
}

struct Varying {
    @builtin(position) position: vec4<f32>,
    @location(0) color: vec4<f32>,
}

@vertex
fn vs_overlay(@builtin(vertex_index) index: u32, rect: Rect) -> Varying {
    let corner = vec2<f32>(f32(index & 1u), f32((index >> 1u) & 1u));
    let pixel = mix(rect.bounds.xy, rect.bounds.zw, corner);
    let ndc = vec2<f32>(pixel.x * uniforms.depth.z * 2.0 - 1.0, 1.0 - pixel.y * uniforms.depth.w * 2.0);
    return Varying(vec4<f32>(ndc, 0.0, 1.0), rect.color);
}

@fragment
fn fs_overlay(input: Varying) -> @location(0) vec4<f32> {
    return input.color;
}
