// Bindings the derive does not bind.
enable wgpu_binding_array;
enable wgpu_ray_query;

@group(0) @binding(0) var textures: binding_array<texture_2d<f32>, 4>;
@group(0) @binding(1) var video: texture_external;
@group(0) @binding(2) var scene: acceleration_structure;

@compute @workgroup_size(1)
fn main() {
    _ = textureDimensions(textures[0]);
    _ = textureDimensions(video);
    var query: ray_query;
    rayQueryInitialize(&query, scene, RayDesc());
}
