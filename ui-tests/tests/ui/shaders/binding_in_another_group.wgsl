// `params` is at binding 0 of group 1; group 0 has no binding 0.

@group(0) @binding(1) var<storage, read_write> data: array<f32>;
@group(1) @binding(0) var<uniform> params: vec4<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    data[id.x] = data[id.x] * params.x;
}
