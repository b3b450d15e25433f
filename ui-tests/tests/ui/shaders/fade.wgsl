// Fades a trail image in place: loads and stores one read-write texel.

@group(0) @binding(0) var trail: texture_storage_2d<r32float, read_write>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let value = textureLoad(trail, id.xy);
    textureStore(trail, id.xy, value * 0.9);
}
