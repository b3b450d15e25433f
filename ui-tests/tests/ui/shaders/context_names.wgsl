// Globals named like the fields of a compute pass's context: a field binds
// each by number under another name.

@group(0) @binding(0) var<storage, read> device: array<f32>;
@group(1) @binding(3) var<storage, read_write> frame_index: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    frame_index[id.x] = device[id.x];
}
