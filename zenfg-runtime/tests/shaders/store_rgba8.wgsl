// A compute pass writing an rgba8unorm storage texture: the format the
// struct's field takes from the shader.

@group(0) @binding(0) var image: texture_storage_2d<rgba8unorm, write>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    textureStore(image, id.xy, vec4<f32>(1.0, 0.0, 0.0, 1.0));
}
