// Uniform and storage buffers, with the sizes wgpu checks them against.

// 32 bytes: `velocity` starts at 16 and the size rounds up to the 16-byte alignment.
struct Particle {
    position: vec3<f32>,
    mass: f32,
    velocity: vec3<f32>,
}

struct Counted {
    count: atomic<u32>,
    // A runtime-sized array counts one element: 16 + 16 bytes.
    items: array<vec4<f32>>,
}

// Declared first, listed last: globals come in (group, binding) order.
@group(0) @binding(5) var<uniform> transform: mat4x4<f32>;
@group(0) @binding(0) var<uniform> scale: f32;
@group(0) @binding(1) var<storage> lookup: array<u32, 5>;
@group(0) @binding(2) var<storage, read> particles_in: array<Particle>;
@group(0) @binding(3) var<storage, read_write> particles_out: array<Particle>;
@group(0) @binding(4) var<storage, read_write> counted: Counted;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    var particle = particles_in[id.x % arrayLength(&particles_in)];
    particle.mass *= scale * f32(lookup[id.x % 5u]);
    particle.position = (transform * vec4<f32>(particle.position, 1.0)).xyz;
    particles_out[id.x] = particle;
    let slot = atomicAdd(&counted.count, 1u);
    counted.items[slot] = vec4<f32>(particle.velocity, particle.mass);
}
