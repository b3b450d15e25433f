// The HDR scene, Reinhard-tonemapped.

@group(0) @binding(0) var hdr: texture_2d<f32>;

@vertex
fn vs(@builtin(vertex_index) index: u32) -> @builtin(position) vec4<f32> {
    let uv = vec2<f32>(f32((index << 1u) & 2u), f32(index & 2u));
    return vec4<f32>(uv * 2.0 - 1.0, 0.0, 1.0);
}

@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let color = textureLoad(hdr, vec2<i32>(position.xy), 0).rgb;
    return vec4<f32>(color / (color + vec3<f32>(1.0)), 1.0);
}
