@group(0) @binding(0) var heights: texture_storage_2d<r32float, read>;
@group(0) @binding(1) var<storage, read_write> dst: array<f32>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    dst[id.y * 64u + id.x] = textureLoad(heights, id.xy).x;
}
