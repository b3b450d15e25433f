//! Renders into a transient texture, copies it into a bound surface texture
//! and presents it. The "surface" is a caller-owned offscreen texture, so the
//! example runs headless; its pixels are written to a PNG file.
//!
//!     cargo run --example transient-to-present [-- output.png]

mod support;

use wgpu::{Color, Extent3d, TextureFormat, TextureUsages};
use zenfg_runtime::{ColorAttachmentOps, CompileOptions, FrameGraph, TextureCopyLocation, TextureDesc};

const SIZE: u32 = 256;
const FORMAT: TextureFormat = TextureFormat::Rgba8Unorm;

const SHADER: &str = "
struct Varying {
    @builtin(position) position: vec4<f32>,
    @location(0) color: vec3<f32>,
}
@vertex
fn vs(@builtin(vertex_index) index: u32) -> Varying {
    var corners = array<vec2<f32>, 3>(vec2<f32>(0.0, 0.8), vec2<f32>(-0.8, -0.8), vec2<f32>(0.8, -0.8));
    var colors = array<vec3<f32>, 3>(vec3<f32>(1.0, 0.2, 0.2), vec3<f32>(0.2, 1.0, 0.2), vec3<f32>(0.2, 0.2, 1.0));
    return Varying(vec4<f32>(corners[index], 0.0, 1.0), colors[index]);
}
@fragment
fn fs(input: Varying) -> @location(0) vec4<f32> {
    return vec4<f32>(input.color, 1.0);
}";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path =
        std::env::args().nth(1).map_or_else(|| std::env::temp_dir().join("transient-to-present.png"), Into::into);
    let (device, queue, _) = support::device("transient-to-present");
    let pipeline = support::render_pipeline(&device, "triangle", SHADER, FORMAT, false);
    let extent = Extent3d { width: SIZE, height: SIZE, depth_or_array_layers: 1 };
    let surface_texture = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("offscreen-surface"),
        size: extent,
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: FORMAT,
        usage: TextureUsages::COPY_DST | TextureUsages::COPY_SRC,
        view_formats: &[],
    });

    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    let scene = frame.create_texture(TextureDesc::new_2d("scene", SIZE, SIZE, FORMAT))?;
    let surface = frame.import_surface_texture(TextureDesc::new_2d("surface", SIZE, SIZE, FORMAT), None)?;
    frame.bind_imported_texture(surface, &surface_texture)?;
    let mut draw = frame.render_pass("scene");
    let _ =
        draw.color_attachment(scene, ColorAttachmentOps::clear_store(Color { r: 0.05, g: 0.05, b: 0.1, a: 1.0 }))?;
    draw.finish_render(move |mut cx| {
        cx.pass.set_pipeline(&pipeline);
        cx.pass.draw(0..3, 0..1);
        Ok(())
    })?;
    let mut blit = frame.copy_pass("to-surface");
    blit.copy_texture_to_texture(TextureCopyLocation::new(scene), TextureCopyLocation::new(surface.texture()), extent)?;
    blit.finish()?;
    frame.mark_present(surface)?;
    frame.compile(CompileOptions::default())?.execute(&queue)?;

    let bytes_per_row = SIZE * 4;
    let readback = support::readback_buffer(&device, "png-readback", u64::from(bytes_per_row * SIZE));
    let mut encoder = device.create_command_encoder(&Default::default());
    encoder.copy_texture_to_buffer(
        surface_texture.as_image_copy(),
        wgpu::TexelCopyBufferInfo {
            buffer: &readback,
            layout: wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(bytes_per_row), rows_per_image: None },
        },
        extent,
    );
    queue.submit([encoder.finish()]);
    let pixels = support::read_buffer(&device, &readback);
    let mut png = png::Encoder::new(std::io::BufWriter::new(std::fs::File::create(&path)?), SIZE, SIZE);
    png.set_color(png::ColorType::Rgba);
    png.set_depth(png::BitDepth::Eight);
    png.write_header()?.write_image_data(&pixels)?;
    println!("presented {SIZE}x{SIZE}; wrote {}", path.display());
    Ok(())
}
