// The G-buffer: albedo and emission, world normal and gloss, depth.

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

@group(0) @binding(0) var<uniform> uniforms: Uniforms;

struct Vertex {
    @location(0) position: vec3<f32>,
    @location(1) normal: vec3<f32>,
}

struct Instance {
    // w: 1 for the gridded floor.
    @location(2) translation: vec4<f32>,
    // w: gloss.
    @location(3) scale: vec4<f32>,
    @location(4) rotation: vec4<f32>,
    // a: emission.
    @location(5) color: vec4<f32>,
}

struct Bulb {
    @location(2) position: vec4<f32>,
    @location(3) color: vec4<f32>,
}

struct Surface {
    @builtin(position) clip: vec4<f32>,
    @location(0) world: vec3<f32>,
    @location(1) normal: vec3<f32>,
    @location(2) albedo: vec4<f32>,
    // Grid flag, gloss.
    @location(3) material: vec2<f32>,
}

struct GBuffer {
    @location(0) albedo: vec4<f32>,
    @location(1) normal: vec4<f32>,
}

const BULB_RADIUS: f32 = 0.13;

fn rotate(q: vec4<f32>, v: vec3<f32>) -> vec3<f32> {
    return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v);
}

@vertex
fn vs_mesh(vertex: Vertex, instance: Instance) -> Surface {
    let world = rotate(instance.rotation, vertex.position * instance.scale.xyz) + instance.translation.xyz;
    let normal = rotate(instance.rotation, vertex.normal / instance.scale.xyz);
    let material = vec2<f32>(instance.translation.w, instance.scale.w);
    return Surface(uniforms.view_proj * vec4<f32>(world, 1.0), world, normal, instance.color, material);
}

@vertex
fn vs_bulb(vertex: Vertex, bulb: Bulb) -> Surface {
    let world = vertex.position * BULB_RADIUS + bulb.position.xyz;
    let clip = uniforms.view_proj * vec4<f32>(world, 1.0);
    return Surface(clip, world, vertex.normal, vec4<f32>(bulb.color.rgb, 0.5), vec2<f32>(0.0));
}

@fragment
fn fs_surface(surface: Surface) -> GBuffer {
    // Distance to the nearest metre line, in pixels, for antialiased grid lines.
    let cell = abs(fract(surface.world.xz + 0.5) - 0.5) / max(fwidth(surface.world.xz), vec2<f32>(1e-4));
    let line = 1.0 - clamp(min(cell.x, cell.y) - 0.5, 0.0, 1.0);
    let grid = line * surface.material.x;
    let albedo = mix(surface.albedo.rgb, vec3<f32>(0.25, 0.3, 0.42), grid * 0.4);
    return GBuffer(vec4<f32>(albedo, surface.albedo.a), vec4<f32>(normalize(surface.normal), surface.material.y));
}
