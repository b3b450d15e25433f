// Deferred shading: rebuilds each pixel's position from depth and lights it
// with a sky, a moon and the animated point lights; emission is added on top.

@group(0) @binding(0) var<uniform> uniforms: Uniforms;
@group(0) @binding(1) var albedo_map: texture_2d<f32>;
@group(0) @binding(2) var normal_map: texture_2d<f32>;
@group(0) @binding(3) var depth_map: texture_depth_2d;
@group(0) @binding(4) var<storage, read> lights: array<Light>;

const EMISSION_SCALE: f32 = 24.0;
const SKY_HORIZON: vec3<f32> = vec3<f32>(0.06, 0.04, 0.11);
const SKY_ZENITH: vec3<f32> = vec3<f32>(0.005, 0.01, 0.035);
const MOON_DIRECTION: vec3<f32> = vec3<f32>(-0.36, 0.8, 0.48);
const MOON_COLOR: vec3<f32> = vec3<f32>(0.09, 0.11, 0.2);

fn sky(direction: vec3<f32>) -> vec3<f32> {
    return mix(SKY_HORIZON, SKY_ZENITH, clamp(direction.y * 2.5 + 0.15, 0.0, 1.0));
}

fn shade(albedo: vec3<f32>, normal: vec3<f32>, view: vec3<f32>, direction: vec3<f32>, gloss: f32) -> vec3<f32> {
    let diffuse = max(dot(normal, direction), 0.0);
    let shininess = mix(12.0, 180.0, gloss);
    let half_vector = normalize(direction + view);
    let specular = pow(max(dot(normal, half_vector), 0.0), shininess) * gloss * (shininess + 8.0) / 24.0;
    return albedo * diffuse + select(0.0, specular, diffuse > 0.0);
}

@fragment
fn fs_lighting(input: Fullscreen) -> @location(0) vec4<f32> {
    let pixel = vec2<i32>(input.position.xy);
    let ndc = vec2<f32>(input.uv.x * 2.0 - 1.0, 1.0 - input.uv.y * 2.0);
    let ray = uniforms.forward.xyz + ndc.x * uniforms.right.xyz + ndc.y * uniforms.up.xyz;
    let depth = textureLoad(depth_map, pixel, 0);
    if depth >= 1.0 {
        return vec4<f32>(sky(normalize(ray)), 1.0);
    }
    let near = uniforms.depth.x;
    let far = uniforms.depth.y;
    let distance = near * far / (far - depth * (far - near));
    let world = uniforms.eye.xyz + ray * distance;

    let albedo = textureLoad(albedo_map, pixel, 0);
    let surface = textureLoad(normal_map, pixel, 0);
    let normal = normalize(surface.xyz);
    let view = normalize(uniforms.eye.xyz - world);
    let ambient = mix(vec3<f32>(0.015, 0.012, 0.02), vec3<f32>(0.04, 0.05, 0.1), normal.y * 0.5 + 0.5);
    var color = albedo.rgb * ambient;
    color += shade(albedo.rgb, normal, view, normalize(MOON_DIRECTION), surface.w) * MOON_COLOR;
    for (var index = 0u; index < arrayLength(&lights); index += 1u) {
        let light = lights[index];
        let to_light = light.position.xyz - world;
        let distance2 = dot(to_light, to_light);
        let window = clamp(1.0 - distance2 / (light.position.w * light.position.w), 0.0, 1.0);
        let radiance = light.color.rgb * light.color.w * window * window / (distance2 + 1.0);
        color += shade(albedo.rgb, normal, view, to_light * inverseSqrt(distance2), surface.w) * radiance;
    }
    color += albedo.rgb * albedo.a * EMISSION_SCALE;
    let fog = 1.0 - exp(-distance * 0.012);
    return vec4<f32>(mix(color, sky(normalize(ray)), fog), 1.0);
}
