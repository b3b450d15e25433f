//! The camera and the per-frame uniforms every shader reads.

/// Floats of the `Uniforms` struct of the shaders.
pub const UNIFORM_FLOATS: usize = 36;

type Vec3 = [f32; 3];
/// Column-major, as WGSL reads `mat4x4<f32>`.
type Mat4 = [[f32; 4]; 4];

/// A perspective camera looking from `eye` at `target`.
#[derive(Clone, Copy, Debug)]
pub struct Camera {
    /// Where it is.
    pub eye: Vec3,
    /// What it looks at.
    pub target: Vec3,
    /// Vertical field of view in radians.
    pub fov_y: f32,
    /// Near plane distance.
    pub near: f32,
    /// Far plane distance.
    pub far: f32,
}

/// What changes from frame to frame, or between runs.
#[derive(Clone, Copy, Debug)]
pub struct FrameParams {
    /// Seconds of animation.
    pub time: f32,
    /// Target width in pixels.
    pub width: u32,
    /// Target height in pixels.
    pub height: u32,
    /// How much of the bloom chain's result the tonemap adds.
    pub bloom_strength: f32,
    /// Scale of the HDR colors before tonemapping.
    pub exposure: f32,
}

fn sub(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn dot(a: Vec3, b: Vec3) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: Vec3, b: Vec3) -> Vec3 {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

fn scale(a: Vec3, factor: f32) -> Vec3 {
    a.map(|value| value * factor)
}

fn normalize(a: Vec3) -> Vec3 {
    scale(a, dot(a, a).sqrt().recip())
}

fn mul(a: &Mat4, b: &Mat4) -> Mat4 {
    let mut product = [[0.0; 4]; 4];
    for (column, b_column) in product.iter_mut().zip(b) {
        for (row, value) in column.iter_mut().enumerate() {
            *value = (0..4).map(|k| a[k][row] * b_column[k]).sum();
        }
    }
    product
}

impl Camera {
    /// The uniforms of one frame: view-projection, the eye, the scaled camera
    /// basis the lighting pass rebuilds positions with, depth planes and
    /// target size, time, bloom strength and exposure.
    pub fn uniforms(&self, params: FrameParams) -> [f32; UNIFORM_FLOATS] {
        let forward = normalize(sub(self.target, self.eye));
        let right = normalize(cross(forward, [0.0, 1.0, 0.0]));
        let up = cross(right, forward);
        let aspect = params.width as f32 / params.height as f32;
        let tan_half = (self.fov_y * 0.5).tan();
        let view = [
            [right[0], up[0], -forward[0], 0.0],
            [right[1], up[1], -forward[1], 0.0],
            [right[2], up[2], -forward[2], 0.0],
            [-dot(right, self.eye), -dot(up, self.eye), dot(forward, self.eye), 1.0],
        ];
        let depth_scale = self.far / (self.near - self.far);
        let projection = [
            [1.0 / (tan_half * aspect), 0.0, 0.0, 0.0],
            [0.0, 1.0 / tan_half, 0.0, 0.0],
            [0.0, 0.0, depth_scale, -1.0],
            [0.0, 0.0, self.near * depth_scale, 0.0],
        ];
        let right = scale(right, tan_half * aspect);
        let up = scale(up, tan_half);
        let mut floats = [0.0; UNIFORM_FLOATS];
        floats[..16].copy_from_slice(mul(&projection, &view).as_flattened());
        floats[16..20].copy_from_slice(&[self.eye[0], self.eye[1], self.eye[2], params.time]);
        floats[20..24].copy_from_slice(&[right[0], right[1], right[2], params.bloom_strength]);
        floats[24..28].copy_from_slice(&[up[0], up[1], up[2], params.exposure]);
        floats[28..32].copy_from_slice(&[forward[0], forward[1], forward[2], 0.0]);
        floats[32..].copy_from_slice(&[self.near, self.far, 1.0 / params.width as f32, 1.0 / params.height as f32]);
        floats
    }
}
