// A full-screen triangle whose fragment entry points write a float vector
// of two components at @location(0) and an unsigned id at @location(1).

struct Targets {
    @location(0) velocity: vec2<f32>,
    @location(1) id: u32,
}

@vertex
fn vs_main(@builtin(vertex_index) index: u32) -> @builtin(position) vec4<f32> {
    let uv = vec2<f32>(f32((index << 1u) & 2u), f32(index & 2u));
    return vec4<f32>(uv * 2.0 - 1.0, 0.0, 1.0);
}

@fragment
fn fs_main() -> Targets {
    return Targets(vec2<f32>(0.5, -0.5), 7u);
}
