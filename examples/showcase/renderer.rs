//! What the application owns on the device: pipelines, the samplers, the
//! scene's buffers, the uniforms and the readback buffer the image is copied
//! into.

use wgpu::BufferUsages;
use wgpu::util::DeviceExt;

use crate::camera::UNIFORM_FLOATS;
use crate::pipelines::Pipelines;
use crate::scene::{Draw, Mesh, Scene, float_bytes, index_bytes};

/// The samplers the passes bind. The graph does not track samplers: a pass
/// that samples holds its sampler in a field, so a frame recorded only to be
/// compiled needs them too.
pub struct Samplers {
    /// Bilinear filtering, clamped at the edges.
    pub linear_clamp: wgpu::Sampler,
}

impl Samplers {
    /// Creates the samplers on `device`.
    pub fn new(device: &wgpu::Device) -> Self {
        Self {
            linear_clamp: device.create_sampler(&wgpu::SamplerDescriptor {
                label: Some("linear-clamp"),
                mag_filter: wgpu::FilterMode::Linear,
                min_filter: wgpu::FilterMode::Linear,
                ..Default::default()
            }),
        }
    }
}

/// The device-side state of the showcase, created once and used by every frame.
pub struct Renderer {
    /// The pipelines.
    pub pipelines: Pipelines,
    /// The samplers.
    pub samplers: Samplers,
    /// The frame's uniforms, written before each frame.
    pub uniforms: wgpu::Buffer,
    /// Every mesh's vertices.
    pub vertices: wgpu::Buffer,
    /// Every mesh's indices.
    pub indices: wgpu::Buffer,
    /// Every instance.
    pub instances: wgpu::Buffer,
    /// The light rig the compute pass animates.
    pub rig: wgpu::Buffer,
    /// The overlay's rectangles.
    pub rects: wgpu::Buffer,
    /// The final image's pixels, copied out by the last pass.
    pub pixels: wgpu::Buffer,
    /// The G-buffer pass's draws.
    pub draws: Vec<Draw>,
    /// The mesh drawn at each light.
    pub bulb: Mesh,
    /// How many rectangles the overlay draws.
    pub rect_count: u32,
}

impl Renderer {
    /// Uploads `scene` and builds the pipelines; `pixel_bytes` sizes the readback buffer.
    pub fn new(device: &wgpu::Device, scene: &Scene, pixel_bytes: u64) -> Self {
        let upload = |label, contents: &[u8], usage| {
            device.create_buffer_init(&wgpu::util::BufferInitDescriptor { label: Some(label), contents, usage })
        };
        Self {
            pipelines: Pipelines::new(device),
            samplers: Samplers::new(device),
            uniforms: device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("uniforms"),
                size: (UNIFORM_FLOATS * 4) as u64,
                usage: BufferUsages::UNIFORM | BufferUsages::COPY_DST,
                mapped_at_creation: false,
            }),
            vertices: upload("vertices", &float_bytes(&scene.vertices), BufferUsages::VERTEX),
            indices: upload("indices", &index_bytes(&scene.indices), BufferUsages::INDEX),
            instances: upload("instances", &float_bytes(&scene.instances), BufferUsages::VERTEX),
            rig: upload("light-rig", &float_bytes(&scene.rig), BufferUsages::STORAGE),
            rects: upload("overlay-rects", &float_bytes(&scene.rects), BufferUsages::VERTEX),
            pixels: device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("pixels"),
                size: pixel_bytes,
                usage: BufferUsages::MAP_READ | BufferUsages::COPY_DST,
                mapped_at_creation: false,
            }),
            draws: scene.draws.clone(),
            bulb: scene.bulb,
            rect_count: scene.rect_count(),
        }
    }
}
