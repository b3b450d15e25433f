// Every kind of texture and sampler a pass binds, all used by `main`.

@group(0) @binding(0) var t_1d: texture_1d<f32>;
@group(0) @binding(1) var t_2d_array: texture_2d_array<u32>;
@group(0) @binding(2) var t_cube: texture_cube<i32>;
@group(0) @binding(3) var t_cube_array: texture_cube_array<f32>;
@group(0) @binding(4) var t_3d: texture_3d<f32>;
@group(0) @binding(5) var t_multisampled: texture_multisampled_2d<f32>;
@group(1) @binding(0) var t_depth: texture_depth_2d;
@group(1) @binding(1) var t_depth_cube_array: texture_depth_cube_array;
@group(1) @binding(2) var t_depth_multisampled: texture_depth_multisampled_2d;
@group(2) @binding(0) var s_read: texture_storage_3d<rgba8unorm, read>;
@group(2) @binding(1) var s_write: texture_storage_2d_array<rg11b10ufloat, write>;
@group(2) @binding(2) var s_read_write: texture_storage_1d<r32float, read_write>;
@group(2) @binding(3) var s_atomic: texture_storage_2d<r32uint, atomic>;
@group(3) @binding(0) var filtering: sampler;
@group(3) @binding(1) var comparison: sampler_comparison;

@compute @workgroup_size(1)
fn main() {
    var sum = textureLoad(t_1d, 0, 0).x;
    sum += f32(textureLoad(t_2d_array, vec2<i32>(0), 0, 0).x);
    sum += f32(cube_size());
    sum += f32(textureNumLayers(t_cube_array));
    sum += textureSampleLevel(t_3d, filtering, vec3<f32>(0.5), 0.0).x;
    sum += textureLoad(t_multisampled, vec2<i32>(0), 0).x;
    sum += textureSampleCompareLevel(t_depth, comparison, vec2<f32>(0.5), 0.5);
    sum += f32(textureNumLayers(t_depth_cube_array));
    sum += textureLoad(t_depth_multisampled, vec2<i32>(0), 0);
    sum += textureLoad(s_read, vec3<i32>(0)).x;
    textureStore(s_write, vec2<i32>(0), 0, vec4<f32>(sum));
    textureStore(s_read_write, 0, textureLoad(s_read_write, 0) + sum);
    textureAtomicAdd(s_atomic, vec2<i32>(0), 1u);
}

fn cube_size() -> i32 {
    return i32(textureDimensions(t_cube).x);
}
