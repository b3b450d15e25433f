// Parses but does not validate: two globals on one binding.

@group(0) @binding(0) var<uniform> a: vec4<f32>;
@group(0) @binding(0) var<uniform> b: vec4<f32>;

@compute @workgroup_size(1)
fn main() {
    let x = a + b;
}
