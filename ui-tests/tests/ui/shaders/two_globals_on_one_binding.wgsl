// Two entry points that share no global, each binding its own buffer at
// @group(0) @binding(0): WGSL accepts it, one pass's layout cannot.

@group(0) @binding(0) var<storage, read_write> counts: array<u32>;
@group(0) @binding(0) var<storage, read_write> totals: array<f32>;

@compute @workgroup_size(64)
fn count(@builtin(global_invocation_id) id: vec3<u32>) {
    counts[id.x] = 0u;
}

@compute @workgroup_size(64)
fn total(@builtin(global_invocation_id) id: vec3<u32>) {
    totals[id.x] = 0.0;
}
