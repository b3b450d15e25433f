// Adds the bloom to the HDR image, tonemaps it (ACES fit), applies a vignette
// and encodes sRGB.

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

// A triangle covering the whole target.
struct Fullscreen {
    @builtin(position) position: vec4<f32>,
    @location(0) uv: vec2<f32>,
}

@vertex
fn vs_fullscreen(@builtin(vertex_index) index: u32) -> Fullscreen {
    let uv = vec2<f32>(f32((index << 1u) & 2u), f32(index & 2u));
    return Fullscreen(vec4<f32>(uv.x * 2.0 - 1.0, 1.0 - uv.y * 2.0, 0.0, 1.0), uv);
}

@group(0) @binding(0) var<uniform> uniforms: Uniforms;
@group(0) @binding(1) var hdr: texture_2d<f32>;
@group(0) @binding(2) var bloom: texture_2d<f32>;
@group(0) @binding(3) var linear_clamp: sampler;

fn aces(x: vec3<f32>) -> vec3<f32> {
    return clamp(x * (2.51 * x + 0.03) / (x * (2.43 * x + 0.59) + 0.14), vec3<f32>(0.0), vec3<f32>(1.0));
}

fn srgb(color: vec3<f32>) -> vec3<f32> {
    let curve = 1.055 * pow(color, vec3<f32>(1.0 / 2.4)) - 0.055;
    return select(curve, color * 12.92, color <= vec3<f32>(0.0031308));
}

@fragment
fn fs_tonemap(input: Fullscreen) -> @location(0) vec4<f32> {
    let scene = textureLoad(hdr, vec2<i32>(input.position.xy), 0).rgb;
    let glow = textureSampleLevel(bloom, linear_clamp, input.uv, 0.0).rgb;
    let color = aces((scene + glow * uniforms.right.w) * uniforms.up.w);
    let offset = input.uv - 0.5;
    let vignette = 1.0 - 0.5 * dot(offset, offset);
    return vec4<f32>(srgb(color * vignette), 1.0);
}
