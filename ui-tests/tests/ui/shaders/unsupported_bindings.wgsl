enable wgpu_binding_array;

@group(0) @binding(0) var layers: binding_array<texture_2d<f32>, 4>;
@group(0) @binding(1) var luts: binding_array<texture_2d<f32>, 2>;
@group(0) @binding(2) var counts: texture_storage_2d<r32uint, atomic>;
@group(0) @binding(3) var<storage, read_write> dst: array<vec4<f32>>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let sum = textureLoad(layers[0], id.xy, 0) + textureLoad(layers[3], id.xy, 0);
    dst[id.y * 64u + id.x] = sum * textureLoad(luts[1], vec2<u32>(0u), 0);
    textureAtomicAdd(counts, id.xy, 1u);
}
