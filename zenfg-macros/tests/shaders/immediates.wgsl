// `tinted` reads 20 bytes of immediates (padded to 32 by the vec4's
// alignment), `plain` none.

struct Tint {
    color: vec4<f32>,
    strength: f32,
}

var<immediate> tint: Tint;
@group(0) @binding(0) var<storage, read_write> result: vec4<f32>;

@compute @workgroup_size(1)
fn tinted() {
    result = tint.color * tint.strength;
}

@compute @workgroup_size(1)
fn plain() {
    result = vec4<f32>(1.0);
}
