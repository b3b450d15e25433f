// Globals named like Rust keywords: a field binds each as `r#name`.

@group(0) @binding(0) var<storage, read> gen: array<f32>;
@group(0) @binding(1) var<storage, read_write> out: array<f32>;
@group(0) @binding(2) var<uniform> dyn: vec4<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    out[id.x] = gen[id.x] * dyn.x;
}
