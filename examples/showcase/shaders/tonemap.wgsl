// Adds the bloom to the HDR image, tonemaps it (ACES fit), applies a vignette
// and encodes sRGB.

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
