// A position for every particle.

@group(0) @binding(0) var<storage, read_write> particles: array<vec4<f32>>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let seed = f32(id.x);
    particles[id.x] = vec4<f32>(sin(seed), cos(seed), seed * 0.001, 1.0);
}
