// Does not parse: a vector of a struct.

struct Light {
    intensity: f32,
}

@group(0) @binding(0) var<uniform> lights: vec2<Light>;
