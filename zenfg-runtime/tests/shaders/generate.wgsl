// Writes a gradient into `pattern` and `index * scale` into `values`.

struct Params {
    scale: u32,
    blue: f32,
}

@group(0) @binding(0) var pattern: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(1) var<storage, read_write> values: array<u32>;
@group(1) @binding(0) var<uniform> params: Params;

@compute @workgroup_size(16, 16)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    textureStore(pattern, id.xy, vec4<f32>(f32(id.x) / 15.0, f32(id.y) / 15.0, params.blue, 1.0));
    let index = id.y * 16u + id.x;
    values[index] = index * params.scale;
}
