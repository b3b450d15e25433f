// The square of each index.

@group(0) @binding(0) var<storage, read_write> squares: array<u32>;

@compute @workgroup_size(16)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    squares[id.x] = id.x * id.x;
}
