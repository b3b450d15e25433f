//! Renders into a transient texture, copies it into a bound surface texture
//! and presents it. The "surface" is a caller-owned offscreen texture, so the
//! example runs headless; its pixels are written to a PNG file. The example
//! fails unless the corners show the clear color and the center the
//! triangle's blended vertex colors.
//!
//!     cargo run --example transient-to-present [-- output.png]

mod support;

use std::error::Error;
use std::path::{Path, PathBuf};
use std::time::Duration;

use wgpu::{Color, Extent3d, TextureFormat, TextureUsages};
use zenfg_runtime::readback::read_texture;
use zenfg_runtime::{ColorAttachmentOps, CompileOptions, FrameGraph, TextureCopyLocation, TextureDesc};

/// The width and height of the image.
pub const SIZE: u32 = 256;
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

const CLEAR: Color = Color { r: 0.05, g: 0.05, b: 0.1, a: 1.0 };

/// The color at the center of the image: the top vertex's color weighs one
/// half there, each bottom vertex's one quarter.
const CENTER: [f64; 3] = [0.6, 0.4, 0.4];

/// The RGBA8 pixel of `color`, rounded.
fn rgba8(color: [f64; 3]) -> [u8; 4] {
    let [r, g, b] = color.map(|channel| (channel * 255.0).round() as u8);
    [r, g, b, 255]
}

/// Whether two pixels differ by at most two steps in every channel (the
/// center is not exactly at the middle of a pixel, and rounding varies).
fn close(pixel: &[u8], expected: [u8; 4]) -> bool {
    pixel.iter().zip(expected).all(|(&actual, expected)| actual.abs_diff(expected) <= 2)
}

/// Renders and presents one frame on `device`, writes the presented image to
/// `path` as a PNG, and returns its RGBA8 pixels, row by row, after checking
/// them.
///
/// # Errors
///
/// Recording, compiling or executing fails, the file cannot be written, or
/// the image is wrong.
pub fn run(device: &wgpu::Device, queue: &wgpu::Queue, path: &Path) -> Result<Vec<u8>, Box<dyn Error>> {
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("triangle"),
        source: wgpu::ShaderSource::Wgsl(SHADER.into()),
    });
    let pipeline = support::render_pipeline_of(device, "triangle", &module, None, FORMAT, false);
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

    let mut graph = FrameGraph::with_device(device);
    let mut frame = graph.begin_frame();
    let scene = frame.create_texture(TextureDesc::new_2d("scene", SIZE, SIZE, FORMAT))?;
    let surface = frame.import_surface_texture(TextureDesc::new_2d("surface", SIZE, SIZE, FORMAT), None)?;
    frame.bind_imported_texture(surface, &surface_texture)?;
    let mut draw = frame.render_pass("scene");
    let _ = draw.color_attachment(scene, ColorAttachmentOps::clear_store(CLEAR))?;
    draw.finish_render(move |cx| {
        cx.pass.set_pipeline(&pipeline);
        cx.pass.draw(0..3, 0..1);
        Ok(())
    })?;
    let mut blit = frame.copy_pass("to-surface");
    blit.copy_texture_to_texture(TextureCopyLocation::new(scene), TextureCopyLocation::new(surface.texture()), extent)?;
    blit.finish()?;
    frame.mark_present(surface)?;
    frame.compile(CompileOptions::default())?.execute(queue)?;

    let pixels = read_texture(device, queue, &surface_texture, 0, Duration::from_secs(60))?;
    let mut png = png::Encoder::new(std::io::BufWriter::new(std::fs::File::create(path)?), SIZE, SIZE);
    png.set_color(png::ColorType::Rgba);
    png.set_depth(png::BitDepth::Eight);
    png.write_header()?.write_image_data(&pixels)?;

    let pixel = |x: u32, y: u32| {
        let offset = ((y * SIZE + x) * 4) as usize;
        &pixels[offset..offset + 4]
    };
    let background = rgba8([CLEAR.r, CLEAR.g, CLEAR.b]);
    for (x, y) in [(0, 0), (SIZE - 1, 0), (0, SIZE - 1), (SIZE - 1, SIZE - 1)] {
        if !close(pixel(x, y), background) {
            return Err(
                format!("pixel ({x}, {y}) is {:?}, expected the clear color {background:?}", pixel(x, y)).into()
            );
        }
    }
    let center = pixel(SIZE / 2, SIZE / 2);
    if !close(center, rgba8(CENTER)) {
        return Err(format!("the center pixel is {center:?}, expected {:?}", rgba8(CENTER)).into());
    }
    Ok(pixels)
}

fn main() -> Result<(), Box<dyn Error>> {
    let path =
        std::env::args().nth(1).map_or_else(|| std::env::temp_dir().join("transient-to-present.png"), PathBuf::from);
    let (device, queue, _) = support::device("transient-to-present");
    run(&device, &queue, &path)?;
    println!("presented {SIZE}x{SIZE}; wrote {}", path.display());
    Ok(())
}
