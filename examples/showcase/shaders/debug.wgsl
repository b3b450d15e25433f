// Shows the G-buffer's normals as colors.

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

@group(0) @binding(0) var normal: texture_2d<f32>;

@fragment
fn fs_normals(input: Fullscreen) -> @location(0) vec4<f32> {
    let n = textureLoad(normal, vec2<i32>(input.position.xy), 0).xyz;
    return vec4<f32>(n * 0.5 + 0.5, 1.0);
}
