// A fullscreen triangle shaded with a sum of waves.

@vertex
fn vs(@builtin(vertex_index) index: u32) -> @builtin(position) vec4<f32> {
    let uv = vec2<f32>(f32((index << 1u) & 2u), f32(index & 2u));
    return vec4<f32>(uv * 2.0 - 1.0, 0.0, 1.0);
}

@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    var color = vec3<f32>(0.0);
    for (var i = 0u; i < 32u; i = i + 1u) {
        color = color + sin(position.xyx * (0.01 * f32(i + 1u))) * 0.05;
    }
    return vec4<f32>(color * 4.0, 1.0);
}
