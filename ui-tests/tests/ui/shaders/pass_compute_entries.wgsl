@group(0) @binding(0) var<storage, read> samples: array<f32>;
@group(0) @binding(1) var<storage, read_write> sums: array<f32>;
@group(0) @binding(2) var<storage, read_write> scratch: array<f32>;

// Uses `scratch`, which the pass running `accumulate` does not bind.
@compute @workgroup_size(64)
fn clear(@builtin(global_invocation_id) id: vec3<u32>) {
    scratch[id.x] = 0.0;
}

@compute @workgroup_size(64)
fn accumulate(@builtin(global_invocation_id) id: vec3<u32>) {
    sums[id.x] += samples[id.x];
}
