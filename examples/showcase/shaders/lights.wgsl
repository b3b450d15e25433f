// Moves each light of the rig along its orbit.

struct Rig {
    // Orbit radius, height, phase, angular speed.
    orbit: vec4<f32>,
    color: vec4<f32>,
}

@group(0) @binding(0) var<uniform> uniforms: Uniforms;
@group(0) @binding(1) var<storage, read> rig: array<Rig>;
@group(0) @binding(2) var<storage, read_write> lights: array<Light>;

const LIGHT_RADIUS: f32 = 7.0;

@compute @workgroup_size(64)
fn animate(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x >= arrayLength(&lights) {
        return;
    }
    let orbit = rig[id.x].orbit;
    let time = uniforms.eye.w;
    let angle = orbit.z + orbit.w * time;
    let height = orbit.y + 0.3 * sin(1.7 * time + 3.0 * orbit.z);
    let position = vec3<f32>(orbit.x * cos(angle), height, orbit.x * sin(angle));
    lights[id.x] = Light(vec4<f32>(position, LIGHT_RADIUS), rig[id.x].color);
}
