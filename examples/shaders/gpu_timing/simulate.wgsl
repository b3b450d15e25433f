// Each particle's position after 64 steps of a pseudo-random walk.

@group(0) @binding(0) var<storage, read_write> particles: array<vec4<f32>>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    var seed = id.x;
    var position = vec4<f32>(0.0);
    for (var step = 0u; step < 64u; step = step + 1u) {
        seed = seed * 1664525u + 1013904223u;
        position = position * 0.5 + vec4<f32>(f32(seed & 1023u), f32(seed >> 22u), 0.0, 1.0);
    }
    particles[id.x] = position;
}
