@group(0) @binding(0) var<storage, read_write> dst: array<f32>;

@compute @workgroup_size(64)
fn clear(@builtin(global_invocation_id) id: vec3<u32>) {
    dst[id.x] = 0.0;
}

@compute @workgroup_size(64)
fn accumulate(@builtin(global_invocation_id) id: vec3<u32>) {
    dst[id.x] += 1.0;
}
