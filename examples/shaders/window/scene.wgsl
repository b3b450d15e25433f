// The window example's scene: animated rings over a gradient, drawn into an
// HDR target the size of the window.

struct Params {
    // x: time in seconds; y: width / height; zw: unused.
    time_aspect: vec4<f32>,
}

@group(0) @binding(0) var<uniform> params: Params;

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
    let time = params.time_aspect.x;
    let p = (input.uv - 0.5) * vec2<f32>(params.time_aspect.y, 1.0);
    let rings = 0.5 + 0.5 * cos(length(p) * 40.0 - time * 3.0);
    let base = vec3<f32>(input.uv.x, 0.35, 1.0 - input.uv.y);
    let glow = vec3<f32>(2.0, 1.2, 0.4) * rings * exp(-4.0 * length(p));
    return vec4<f32>(base * 0.6 + glow, 1.0);
}
