// Fast approximate antialiasing on the tonemapped image: where local luma
// contrast is high, blend along the edge direction.

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

@group(0) @binding(0) var ldr: texture_2d<f32>;
@group(0) @binding(1) var linear_clamp: sampler;

fn luma(color: vec3<f32>) -> f32 {
    return dot(color, vec3<f32>(0.299, 0.587, 0.114));
}

fn fetch(uv: vec2<f32>) -> vec3<f32> {
    return textureSampleLevel(ldr, linear_clamp, uv, 0.0).rgb;
}

@fragment
fn fs_fxaa(input: Fullscreen) -> @location(0) vec4<f32> {
    let texel = 1.0 / vec2<f32>(textureDimensions(ldr));
    let uv = input.uv;
    let center = fetch(uv);
    let nw = luma(fetch(uv + vec2<f32>(-1.0, -1.0) * texel));
    let ne = luma(fetch(uv + vec2<f32>(1.0, -1.0) * texel));
    let sw = luma(fetch(uv + vec2<f32>(-1.0, 1.0) * texel));
    let se = luma(fetch(uv + vec2<f32>(1.0, 1.0) * texel));
    let middle = luma(center);
    let lowest = min(middle, min(min(nw, ne), min(sw, se)));
    let highest = max(middle, max(max(nw, ne), max(sw, se)));
    if highest - lowest < max(0.03, highest * 0.125) {
        return vec4<f32>(center, 1.0);
    }
    let direction = vec2<f32>((sw + se) - (nw + ne), (nw + sw) - (ne + se));
    let reduce = max((nw + ne + sw + se) * 0.03125, 1.0 / 128.0);
    let span = clamp(direction / (min(abs(direction.x), abs(direction.y)) + reduce), vec2<f32>(-8.0), vec2<f32>(8.0))
        * texel;
    let near = 0.5 * (fetch(uv - span / 6.0) + fetch(uv + span / 6.0));
    let far = 0.5 * near + 0.25 * (fetch(uv - span * 0.5) + fetch(uv + span * 0.5));
    let far_luma = luma(far);
    if far_luma < lowest || far_luma > highest {
        return vec4<f32>(near, 1.0);
    }
    return vec4<f32>(far, 1.0);
}
