@vertex
fn vs_main(@builtin(vertex_index) index: u32) -> @builtin(position) vec4<f32> {
    let x = f32(i32(index) - 1);
    return vec4<f32>(x, 0.0, 0.5, 1.0);
}
