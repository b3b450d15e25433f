// Shows the G-buffer's normals as colors.

@group(0) @binding(0) var normal_map: texture_2d<f32>;

@fragment
fn fs_normals(input: Fullscreen) -> @location(0) vec4<f32> {
    let normal = textureLoad(normal_map, vec2<i32>(input.position.xy), 0).xyz;
    return vec4<f32>(normal * 0.5 + 0.5, 1.0);
}
