// The shader of the `Blur` pass in the documentation of `Pass`: a horizontal
// box blur of `src` into `dst`, `params.radius` texels to each side.

struct Params {
    radius: i32,
}

@group(0) @binding(0) var src: texture_2d<f32>;
@group(0) @binding(1) var dst: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(2) var<uniform> params: Params;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let size = vec2<i32>(textureDimensions(src));
    let center = vec2<i32>(id.xy);
    var sum = vec4<f32>(0.0);
    for (var dx = -params.radius; dx <= params.radius; dx += 1) {
        sum += textureLoad(src, clamp(center + vec2<i32>(dx, 0), vec2<i32>(0), size - 1), 0);
    }
    textureStore(dst, center, sum / f32(2 * params.radius + 1));
}
