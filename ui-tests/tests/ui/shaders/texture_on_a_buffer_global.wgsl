@group(0) @binding(0) var image: texture_2d<f32>;
@group(0) @binding(1) var<storage, read> weights: array<f32>;
@group(0) @binding(2) var<storage, read_write> bins: array<atomic<u32>, 256>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let texel = textureLoad(image, id.xy, 0);
    let bin = u32(clamp(texel.x * weights[0], 0.0, 1.0) * 255.0);
    atomicAdd(&bins[bin], 1u);
}
