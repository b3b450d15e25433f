// A compute pass whose uniforms are 32 bytes: a vec3 is 16-byte aligned.

struct Params {
    scale: f32,
    offset: vec3<f32>,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    out[id.x] = params.scale * f32(id.x) + params.offset.x;
}
