// The bloom chain: a thresholded downsample of the HDR image into mip 0,
// box downsamples into each smaller mip, then tent upsamples added back up.

// Shared with other shaders of the showcase: a pass names one WGSL module, so
// what the shaders share is repeated in each (the showcase's tests check that
// every copy is the same).

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

@group(0) @binding(0) var source: texture_2d<f32>;
@group(0) @binding(1) var linear_clamp: sampler;

const THRESHOLD: f32 = 1.0;
const KNEE: f32 = 0.6;
// Keeps single very bright pixels from flickering into large blobs.
const CEILING: f32 = 48.0;

fn tap(uv: vec2<f32>, offset: vec2<f32>) -> vec3<f32> {
    let texel = 1.0 / vec2<f32>(textureDimensions(source));
    return textureSampleLevel(source, linear_clamp, uv + offset * texel, 0.0).rgb;
}

// Four bilinear taps one source texel apart: a 4x4 box around the target texel.
fn box4(uv: vec2<f32>) -> vec3<f32> {
    return (tap(uv, vec2<f32>(-1.0, -1.0)) + tap(uv, vec2<f32>(1.0, -1.0)) + tap(uv, vec2<f32>(-1.0, 1.0))
        + tap(uv, vec2<f32>(1.0, 1.0))) * 0.25;
}

@fragment
fn fs_prefilter(input: Fullscreen) -> @location(0) vec4<f32> {
    let color = min(box4(input.uv), vec3<f32>(CEILING));
    let brightness = max(color.r, max(color.g, color.b));
    let soft = clamp(brightness - THRESHOLD + KNEE, 0.0, 2.0 * KNEE);
    let weight = max(soft * soft / (4.0 * KNEE), brightness - THRESHOLD) / max(brightness, 1e-4);
    return vec4<f32>(color * weight, 1.0);
}

@fragment
fn fs_downsample(input: Fullscreen) -> @location(0) vec4<f32> {
    return vec4<f32>(box4(input.uv), 1.0);
}

@fragment
fn fs_upsample(input: Fullscreen) -> @location(0) vec4<f32> {
    let uv = input.uv;
    let edges = tap(uv, vec2<f32>(-1.0, 0.0)) + tap(uv, vec2<f32>(1.0, 0.0)) + tap(uv, vec2<f32>(0.0, -1.0))
        + tap(uv, vec2<f32>(0.0, 1.0));
    let corners = tap(uv, vec2<f32>(-1.0, -1.0)) + tap(uv, vec2<f32>(1.0, -1.0)) + tap(uv, vec2<f32>(-1.0, 1.0))
        + tap(uv, vec2<f32>(1.0, 1.0));
    return vec4<f32>((tap(uv, vec2<f32>(0.0)) * 4.0 + edges * 2.0 + corners) / 16.0, 1.0);
}
