//! The scene, generated on the CPU: procedural meshes, their instances, the
//! rig the light animation starts from, and the overlay's rectangles.

use std::f32::consts::{PI, TAU};
use std::ops::Range;

/// Floats per mesh vertex: position, normal.
pub const VERTEX_FLOATS: usize = 6;
/// Floats per instance: translation and floor pattern, scale and gloss,
/// rotation quaternion, albedo and emission.
pub const INSTANCE_FLOATS: usize = 16;
/// Floats per light of the rig: orbit radius, height, phase and angular
/// speed, then color and intensity.
pub const RIG_FLOATS: usize = 8;
/// Floats per overlay rectangle: pixel bounds, then color.
pub const RECT_FLOATS: usize = 8;
/// How many lights orbit the scene.
pub const LIGHT_COUNT: usize = 8;
/// Bytes of one animated light (position and radius, color and intensity).
pub const LIGHT_BYTES: u64 = 32;

/// Where one mesh lies in the shared vertex and index buffers.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mesh {
    /// The mesh's indices in the index buffer.
    pub first_index: u32,
    /// How many indices it has.
    pub index_count: u32,
    /// Its first vertex in the vertex buffer.
    pub base_vertex: i32,
}

impl Mesh {
    /// The index range to draw.
    pub fn indices(&self) -> Range<u32> {
        self.first_index..self.first_index + self.index_count
    }
}

/// One indexed draw: a mesh and a run of instances.
#[derive(Clone, Debug)]
pub struct Draw {
    /// The mesh.
    pub mesh: Mesh,
    /// The instances, as indices into the instance buffer.
    pub instances: Range<u32>,
}

/// Everything the scene uploads once.
#[derive(Clone, Debug, Default)]
pub struct Scene {
    /// Interleaved vertices of every mesh.
    pub vertices: Vec<f32>,
    /// Indices of every mesh, relative to each mesh's first vertex.
    pub indices: Vec<u32>,
    /// Per-instance data.
    pub instances: Vec<f32>,
    /// The draws of the G-buffer pass.
    pub draws: Vec<Draw>,
    /// The sphere drawn at each light.
    pub bulb: Mesh,
    /// The light rig the compute pass animates.
    pub rig: Vec<f32>,
    /// The overlay's rectangles in pixels, its panel first.
    pub rects: Vec<f32>,
}

/// An instance's placement and material.
struct Instance {
    translation: [f32; 3],
    scale: [f32; 3],
    rotation: [f32; 4],
    color: [f32; 3],
    emission: f32,
    gloss: f32,
    grid: bool,
}

impl Instance {
    fn new(translation: [f32; 3], scale: [f32; 3], color: [f32; 3]) -> Self {
        Self { translation, scale, rotation: [0.0, 0.0, 0.0, 1.0], color, emission: 0.0, gloss: 0.3, grid: false }
    }

    fn floats(&self) -> [f32; INSTANCE_FLOATS] {
        let [tx, ty, tz] = self.translation;
        let [sx, sy, sz] = self.scale;
        let [qx, qy, qz, qw] = self.rotation;
        let [r, g, b] = self.color;
        let grid = if self.grid { 1.0 } else { 0.0 };
        [tx, ty, tz, grid, sx, sy, sz, self.gloss, qx, qy, qz, qw, r, g, b, self.emission]
    }
}

/// A rotation of `angle` radians about the unit `axis`.
fn quaternion(axis: [f32; 3], angle: f32) -> [f32; 4] {
    let (sin, cos) = (angle * 0.5).sin_cos();
    [axis[0] * sin, axis[1] * sin, axis[2] * sin, cos]
}

/// The RGB color of `hue` (in turns) at `saturation` and `value`.
pub fn hue(hue: f32, saturation: f32, value: f32) -> [f32; 3] {
    let channel = |offset: f32| {
        let k = (offset + hue * 6.0) % 6.0;
        value - value * saturation * (k.min(4.0 - k)).clamp(0.0, 1.0)
    };
    [channel(5.0), channel(3.0), channel(1.0)]
}

/// Three rows of pillars of varying height behind the centre, and four
/// crates around it.
fn city() -> Vec<Instance> {
    let mut boxes = Vec::new();
    for row in 0..3 {
        for column in 0..11 {
            let x = (column as f32 - 5.0) * 1.3;
            let z = -4.6 - row as f32 * 1.5;
            let wave = (x * 0.9 + row as f32 * 1.7).sin() * 0.5 + 0.5;
            let height = 0.6 + 2.6 * wave + row as f32 * 0.5;
            let color = hue(column as f32 / 11.0 + row as f32 * 0.08, 0.7, 0.8);
            let mut pillar = Instance::new([x, height * 0.5, z], [0.9, height, 0.9], color);
            pillar.rotation = quaternion([0.0, 1.0, 0.0], (column * 7 + row * 3) as f32 * 0.11);
            pillar.gloss = 0.45;
            boxes.push(pillar);
        }
    }
    for (index, (x, z)) in [(-5.6_f32, 1.8_f32), (5.6, 1.4), (-4.6, -2.4), (4.4, -2.8)].into_iter().enumerate() {
        let mut crate_box = Instance::new([x, 0.45, z], [0.9; 3], hue(0.58 + index as f32 * 0.1, 0.3, 0.75));
        crate_box.rotation = quaternion([0.0, 1.0, 0.0], 0.6 + index as f32);
        boxes.push(crate_box);
    }
    boxes
}

/// The glossy globe in the centre and four small balls.
fn spheres() -> Vec<Instance> {
    let mut globe = Instance::new([0.0, 1.25, 0.0], [1.15; 3], [0.75, 0.76, 0.8]);
    globe.gloss = 1.0;
    let mut spheres = vec![globe];
    for (index, (x, z)) in [(-2.6_f32, 3.2_f32), (2.9, 2.6), (-6.5, -1.6), (6.6, -1.8)].into_iter().enumerate() {
        let mut ball = Instance::new([x, 0.4, z], [0.4; 3], hue(0.95 - index as f32 * 0.22, 0.6, 0.85));
        ball.gloss = 0.8;
        spheres.push(ball);
    }
    spheres
}

/// Two glowing rings around the globe, tilted apart.
fn rings() -> [Instance; 2] {
    let rings = [([1.0, 0.0, 0.0], 0.45, [0.15, 0.85, 1.0]), ([0.0, 0.0, 1.0], -0.55, [1.0, 0.2, 0.7])];
    rings.map(|(axis, tilt, color)| {
        let mut ring = Instance::new([0.0, 1.25, 0.0], [1.85; 3], color);
        ring.rotation = quaternion(axis, tilt);
        ring.emission = 0.3;
        ring
    })
}

/// Lights of evenly spread hues on two orbits turning opposite ways.
fn light_rig() -> Vec<f32> {
    let mut rig = Vec::with_capacity(LIGHT_COUNT * RIG_FLOATS);
    for light in 0..LIGHT_COUNT {
        let fraction = light as f32 / LIGHT_COUNT as f32;
        let [r, g, b] = hue(fraction, 0.85, 1.0);
        let (radius, speed) = if light % 2 == 0 { (3.3, 0.35) } else { (4.1, -0.25) };
        let height = 0.9 + 0.3 * (light % 3) as f32;
        let intensity = 3.5 + 1.5 * ((light * 5) % 3) as f32;
        rig.extend([radius, height, fraction * TAU, speed, r, g, b, intensity]);
    }
    rig
}

/// A legend in the top left corner: a panel with each light's color and a
/// bar as long as its intensity.
fn legend(rig: &[f32]) -> Vec<f32> {
    let (left, top, right, row) = (24.0, 24.0, 304.0, 18.0);
    let bottom = top + 20.0 + row * LIGHT_COUNT as f32;
    let mut rects = vec![left, top, right, bottom, 0.02, 0.025, 0.04, 0.7];
    rects.extend([left, top, right, top + 3.0, 0.3, 0.85, 1.0, 1.0]);
    for (light, rig) in rig.chunks_exact(RIG_FLOATS).enumerate() {
        let y = top + 14.0 + row * light as f32;
        let [r, g, b, intensity] = [rig[4], rig[5], rig[6], rig[7]];
        rects.extend([left + 12.0, y, left + 24.0, y + 12.0, r, g, b, 1.0]);
        rects.extend([left + 34.0, y + 3.0, left + 34.0 + 30.0 * intensity, y + 9.0, r, g, b, 0.8]);
    }
    rects
}

impl Scene {
    /// The showcase's scene: a gridded floor, a city of colored pillars, a
    /// glossy sphere in two neon rings, a few scattered shapes, eight orbiting
    /// lights, and an overlay legend of the lights.
    pub fn new() -> Self {
        let mut scene = Self::default();
        let plane = scene.push_plane();
        let cube = scene.push_cube();
        let sphere = scene.push_sphere(48, 24);
        let torus = scene.push_torus(96, 16, 0.06);
        scene.bulb = sphere;

        let mut floor = Instance::new([0.0, 0.0, 0.0], [60.0, 1.0, 60.0], [0.09, 0.095, 0.11]);
        floor.grid = true;
        floor.gloss = 0.15;
        scene.add(plane, [floor]);
        scene.add(cube, city());
        scene.add(sphere, spheres());
        scene.add(torus, rings());
        scene.rig = light_rig();
        scene.rects = legend(&scene.rig);
        scene
    }

    fn add(&mut self, mesh: Mesh, instances: impl IntoIterator<Item = Instance>) {
        let first = (self.instances.len() / INSTANCE_FLOATS) as u32;
        for instance in instances {
            self.instances.extend(instance.floats());
        }
        let last = (self.instances.len() / INSTANCE_FLOATS) as u32;
        self.draws.push(Draw { mesh, instances: first..last });
    }

    /// Appends a mesh from vertices (position, normal) and triangle indices.
    fn push_mesh(
        &mut self,
        vertices: impl IntoIterator<Item = [f32; 6]>,
        indices: impl IntoIterator<Item = u32>,
    ) -> Mesh {
        let base_vertex = (self.vertices.len() / VERTEX_FLOATS) as i32;
        let first_index = self.indices.len() as u32;
        vertices.into_iter().for_each(|vertex| self.vertices.extend(vertex));
        self.indices.extend(indices);
        Mesh { first_index, index_count: self.indices.len() as u32 - first_index, base_vertex }
    }

    /// A unit square in the XZ plane facing up.
    fn push_plane(&mut self) -> Mesh {
        let corners = [[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]];
        self.push_mesh(corners.map(|[x, z]| [x, 0.0, z, 0.0, 1.0, 0.0]), [0, 2, 1, 0, 3, 2])
    }

    /// A unit cube centred on the origin, four vertices per face for flat normals.
    fn push_cube(&mut self) -> Mesh {
        let mut vertices = Vec::with_capacity(24);
        let mut indices = Vec::with_capacity(36);
        for axis in 0..3 {
            for sign in [-1.0_f32, 1.0] {
                let mut normal = [0.0; 3];
                normal[axis] = sign;
                let (u_axis, v_axis) = ((axis + 1) % 3, (axis + 2) % 3);
                let first = vertices.len() as u32;
                for (u, v) in [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)] {
                    let mut position = [0.0; 3];
                    position[axis] = sign * 0.5;
                    position[u_axis] = u;
                    position[v_axis] = v;
                    vertices.push([position[0], position[1], position[2], normal[0], normal[1], normal[2]]);
                }
                let quad = if sign > 0.0 { [0, 1, 2, 0, 2, 3] } else { [0, 2, 1, 0, 3, 2] };
                indices.extend(quad.map(|corner| first + corner));
            }
        }
        self.push_mesh(vertices, indices)
    }

    /// A unit sphere of `segments` around and `rings` from pole to pole.
    fn push_sphere(&mut self, segments: u32, rings: u32) -> Mesh {
        let mut vertices = Vec::new();
        for ring in 0..=rings {
            let (sin_theta, cos_theta) = (ring as f32 / rings as f32 * PI).sin_cos();
            for segment in 0..=segments {
                let (sin_phi, cos_phi) = (segment as f32 / segments as f32 * TAU).sin_cos();
                let normal = [sin_theta * cos_phi, cos_theta, sin_theta * sin_phi];
                vertices.push([normal[0], normal[1], normal[2], normal[0], normal[1], normal[2]]);
            }
        }
        self.push_mesh(vertices, grid_indices(segments, rings))
    }

    /// A torus of major radius 1 and minor radius `thickness` in the XZ plane.
    fn push_torus(&mut self, segments: u32, sides: u32, thickness: f32) -> Mesh {
        let mut vertices = Vec::new();
        for side in 0..=sides {
            let (sin_side, cos_side) = (side as f32 / sides as f32 * TAU).sin_cos();
            for segment in 0..=segments {
                let (sin_phi, cos_phi) = (segment as f32 / segments as f32 * TAU).sin_cos();
                let normal = [cos_side * cos_phi, sin_side, cos_side * sin_phi];
                let distance = 1.0 + thickness * cos_side;
                let position = [distance * cos_phi, thickness * sin_side, distance * sin_phi];
                vertices.push([position[0], position[1], position[2], normal[0], normal[1], normal[2]]);
            }
        }
        self.push_mesh(vertices, grid_indices(segments, sides))
    }

    /// The number of overlay rectangles.
    pub fn rect_count(&self) -> u32 {
        (self.rects.len() / RECT_FLOATS) as u32
    }
}

/// Two triangles per cell of a `(columns + 1) x (rows + 1)` vertex grid.
fn grid_indices(columns: u32, rows: u32) -> Vec<u32> {
    let stride = columns + 1;
    let mut indices = Vec::with_capacity((columns * rows * 6) as usize);
    for row in 0..rows {
        for column in 0..columns {
            let corner = row * stride + column;
            indices.extend([corner, corner + 1, corner + stride, corner + 1, corner + stride + 1, corner + stride]);
        }
    }
    indices
}

/// The little-endian bytes of `floats`, as the GPU reads them.
pub fn float_bytes(floats: &[f32]) -> Vec<u8> {
    floats.iter().flat_map(|value| value.to_le_bytes()).collect()
}

/// The little-endian bytes of `indices`.
pub fn index_bytes(indices: &[u32]) -> Vec<u8> {
    indices.iter().flat_map(|value| value.to_le_bytes()).collect()
}
