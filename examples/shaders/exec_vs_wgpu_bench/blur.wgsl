// Three horizontal taps of the HDR image, averaged and halved, into a storage
// texture.

@group(0) @binding(0) var hdr: texture_2d<f32>;
@group(0) @binding(1) var blurred: texture_storage_2d<rgba8unorm, write>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let size = vec2<i32>(textureDimensions(hdr));
    let center = vec2<i32>(id.xy);
    var sum = vec4<f32>(0.0);
    for (var dx = -1; dx <= 1; dx = dx + 1) {
        sum = sum + textureLoad(hdr, clamp(center + vec2<i32>(dx, 0), vec2<i32>(0), size - 1), 0);
    }
    textureStore(blurred, center, sum / 6.0);
}
