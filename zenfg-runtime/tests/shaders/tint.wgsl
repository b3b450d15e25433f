// A compute pass reading 32 bytes of immediates (a vec4 and a float, padded
// to the vec4's alignment).

struct Tint {
    color: vec4<f32>,
    strength: f32,
}

var<immediate> tint: Tint;
@group(0) @binding(0) var<storage, read_write> result: vec4<f32>;

@compute @workgroup_size(1)
fn main() {
    result = tint.color * tint.strength;
}
