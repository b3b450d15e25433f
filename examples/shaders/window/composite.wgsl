// The window example's composite: tonemaps the HDR scene into the surface
// and darkens its corners.

@group(0) @binding(0) var hdr: texture_2d<f32>;
@group(0) @binding(1) var linear_clamp: sampler;

struct Fullscreen {
    @builtin(position) position: vec4<f32>,
    @location(0) uv: vec2<f32>,
}

@vertex
fn vs(@builtin(vertex_index) index: u32) -> Fullscreen {
    let uv = vec2<f32>(f32((index << 1u) & 2u), f32(index & 2u));
    return Fullscreen(vec4<f32>(uv * 2.0 - 1.0, 0.0, 1.0), vec2<f32>(uv.x, 1.0 - uv.y));
}

@fragment
fn fs(input: Fullscreen) -> @location(0) vec4<f32> {
    let color = textureSample(hdr, linear_clamp, input.uv).rgb;
    let mapped = color / (color + vec3<f32>(1.0));
    let edge = input.uv - 0.5;
    let vignette = 1.0 - 0.8 * dot(edge, edge);
    return vec4<f32>(mapped * vignette, 1.0);
}
