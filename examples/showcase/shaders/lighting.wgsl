// Deferred shading: rebuilds each pixel's position from depth and lights it
// with a sky, a moon and the animated point lights; emission is added on top.

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

// A triangle covering the whole target.
struct Fullscreen {
    @builtin(position) position: vec4<f32>,
    @location(0) uv: vec2<f32>,
}

@vertex
fn vs_fullscreen(@builtin(vertex_index) index: u32) -> Fullscreen {
    let uv = vec2<f32>(f32((index << 1u) & 2u), f32(index & 2u));
    return Fullscreen(vec4<f32>(uv.x * 2.0 - 1.0, 1.0 - uv.y * 2.0, 0.0, 1.0), uv);
}

@group(0) @binding(0) var<uniform> uniforms: Uniforms;
@group(0) @binding(1) var albedo: texture_2d<f32>;
@group(0) @binding(2) var normal: texture_2d<f32>;
@group(0) @binding(3) var depth: texture_depth_2d;
@group(0) @binding(4) var<storage, read> lights: array<Light>;

const EMISSION_SCALE: f32 = 24.0;
const SKY_HORIZON: vec3<f32> = vec3<f32>(0.06, 0.04, 0.11);
const SKY_ZENITH: vec3<f32> = vec3<f32>(0.005, 0.01, 0.035);
const MOON_DIRECTION: vec3<f32> = vec3<f32>(-0.36, 0.8, 0.48);
const MOON_COLOR: vec3<f32> = vec3<f32>(0.09, 0.11, 0.2);

fn sky(direction: vec3<f32>) -> vec3<f32> {
    return mix(SKY_HORIZON, SKY_ZENITH, clamp(direction.y * 2.5 + 0.15, 0.0, 1.0));
}

fn shade(base: vec3<f32>, n: vec3<f32>, view: vec3<f32>, direction: vec3<f32>, gloss: f32) -> vec3<f32> {
    let diffuse = max(dot(n, direction), 0.0);
    let shininess = mix(12.0, 180.0, gloss);
    let half_vector = normalize(direction + view);
    let specular = pow(max(dot(n, half_vector), 0.0), shininess) * gloss * (shininess + 8.0) / 24.0;
    return base * diffuse + select(0.0, specular, diffuse > 0.0);
}

@fragment
fn fs_lighting(input: Fullscreen) -> @location(0) vec4<f32> {
    let pixel = vec2<i32>(input.position.xy);
    let ndc = vec2<f32>(input.uv.x * 2.0 - 1.0, 1.0 - input.uv.y * 2.0);
    let ray = uniforms.forward.xyz + ndc.x * uniforms.right.xyz + ndc.y * uniforms.up.xyz;
    let z = textureLoad(depth, pixel, 0);
    if z >= 1.0 {
        return vec4<f32>(sky(normalize(ray)), 1.0);
    }
    let near = uniforms.depth.x;
    let far = uniforms.depth.y;
    let distance = near * far / (far - z * (far - near));
    let world = uniforms.eye.xyz + ray * distance;

    // rgb: albedo; a: emission.
    let material = textureLoad(albedo, pixel, 0);
    // xyz: world normal; w: gloss.
    let surface = textureLoad(normal, pixel, 0);
    let n = normalize(surface.xyz);
    let view = normalize(uniforms.eye.xyz - world);
    let ambient = mix(vec3<f32>(0.015, 0.012, 0.02), vec3<f32>(0.04, 0.05, 0.1), n.y * 0.5 + 0.5);
    var color = material.rgb * ambient;
    color += shade(material.rgb, n, view, normalize(MOON_DIRECTION), surface.w) * MOON_COLOR;
    for (var index = 0u; index < arrayLength(&lights); index += 1u) {
        let light = lights[index];
        let to_light = light.position.xyz - world;
        let distance2 = dot(to_light, to_light);
        let window = clamp(1.0 - distance2 / (light.position.w * light.position.w), 0.0, 1.0);
        let radiance = light.color.rgb * light.color.w * window * window / (distance2 + 1.0);
        color += shade(material.rgb, n, view, to_light * inverseSqrt(distance2), surface.w) * radiance;
    }
    color += material.rgb * material.a * EMISSION_SCALE;
    let fog = 1.0 - exp(-distance * 0.012);
    return vec4<f32>(mix(color, sky(normalize(ray)), fog), 1.0);
}
