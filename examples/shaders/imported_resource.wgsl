// Each input word times the scale.

@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<uniform> scale: u32;
@group(0) @binding(2) var<storage, read_write> output: array<u32>;

@compute @workgroup_size(8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    output[id.x] = input[id.x] * scale;
}
