// A compute pass reading a 2D float texture with `textureLoad`: the type the
// struct's field takes from the shader.

@group(0) @binding(0) var source: texture_2d<f32>;
@group(0) @binding(1) var<storage, read_write> out: array<vec4<f32>>;

@compute @workgroup_size(1)
fn main() {
    out[0] = textureLoad(source, vec2<u32>(0u, 0u), 0);
}
