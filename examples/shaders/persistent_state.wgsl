// Adds `index + 1` to each word of the history.

@group(0) @binding(0) var<storage, read_write> history: array<u32>;

@compute @workgroup_size(4)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    history[id.x] = history[id.x] + id.x + 1u;
}
