// Parses, but two variables share one binding.

@group(0) @binding(0) var<storage, read> src: array<f32>;
@group(0) @binding(0) var<storage, read_write> dst: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    dst[id.x] = src[id.x];
}
