// Moves each light of the rig along its orbit.

// Shared with other shaders of the showcase: a pass names one WGSL module, so
// what the shaders share is repeated in each (the showcase's tests check that
// every copy is the same).

// The frame's uniforms, as `camera.rs` writes them.
struct Uniforms {
    view_proj: mat4x4<f32>,
    // xyz: eye position; w: time in seconds.
    eye: vec4<f32>,
    // xyz: camera right scaled to the frustum edge; w: bloom strength.
    right: vec4<f32>,
    // xyz: camera up scaled to the frustum edge; w: exposure.
    up: vec4<f32>,
    forward: vec4<f32>,
    // near, far, 1 / width, 1 / height.
    depth: vec4<f32>,
}

// An animated light.
struct Light {
    // xyz: position; w: radius of influence.
    position: vec4<f32>,
    // rgb: color; w: intensity.
    color: vec4<f32>,
}

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
