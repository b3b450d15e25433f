//! A window showing a frame rendered through the graph, redrawn
//! continuously and resizable.
//!
//! Each frame imports the surface texture it acquires
//! (`import_surface_texture`, bound to the acquired texture), draws an HDR
//! scene into a transient the size of the window and composites it into the
//! surface, which it marks for presentation (`#[root(present)]`). Both passes
//! are derived structs whose bindings come from their shaders in
//! `shaders/window/`. The transient lives in a pool scope, the window's: when
//! the size changes the scope is cleared, so the pool never keeps textures of
//! sizes the window no longer has, and the example prints the pool's
//! statistics before and after clearing as `key=value` pairs.
//!
//!     cargo run --release --example window
//!     cargo run --release --example window -- --frames 120 --resize-every 2 --capture window.png
//!
//! `--frames N` exits after N frames; `--resize-every K` then resizes the
//! window every K frames through a fixed list of sizes, and `--capture PATH`
//! writes the last frame as it was presented to a PNG file. Its test runs it
//! under X11 (Xvfb) on Vulkan; winit's Wayland backend, and the Metal and
//! DX12 backends the examples enable on macOS and Windows, open it there
//! without a change.

mod support;

use std::error::Error;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use winit::application::ApplicationHandler;
use winit::dpi::PhysicalSize;
use winit::event::WindowEvent;
use winit::event_loop::{ActiveEventLoop, EventLoop};
use winit::window::{Window, WindowId};
use zenfg_runtime::prelude::*;
use zenfg_runtime::readback::read_texture;
use zenfg_runtime::{ResourcePoolScope, ResourcePoolStats};

/// The HDR scene's format; its texels take 8 bytes.
const HDR_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba16Float;

/// The size the window opens at.
const INITIAL_SIZE: PhysicalSize<u32> = PhysicalSize::new(480, 320);

/// Draws the animated scene into the HDR target.
#[derive(Pass)]
#[pass(render, shader = "shaders/window/scene.wgsl")]
struct Scene<'f> {
    /// The time and aspect ratio, written by the CPU each frame.
    #[untracked(uniform)]
    params: &'f wgpu::Buffer,
    /// The scene, the size of the window.
    #[color_attachment(clear = wgpu::Color::BLACK)]
    hdr: Texture<'f>,
}

/// Tonemaps the scene into the surface texture, which is presented.
#[derive(Pass)]
#[pass(render, shader = "shaders/window/composite.wgsl")]
struct Composite<'f> {
    /// The scene.
    #[sampled]
    hdr: Texture<'f>,
    /// Bilinear filtering, clamped at the edges.
    #[sampler]
    linear_clamp: &'f wgpu::Sampler,
    /// The window's surface texture of this frame.
    #[color_attachment(clear = wgpu::Color::BLACK)]
    #[root(present)]
    surface: SurfaceTexture<'f>,
}

/// What the command line asks for.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Exit after this many presented frames; run until closed when `None`.
    pub frames: Option<u64>,
    /// With `frames`: resize the window every this many frames.
    pub resize_every: Option<u64>,
    /// With `frames`: write the last presented frame to this PNG file.
    pub capture: Option<PathBuf>,
}

impl Options {
    /// Parses `--frames N`, `--resize-every K` and `--capture PATH`.
    ///
    /// # Errors
    ///
    /// An unknown argument, a missing or malformed value.
    pub fn parse(mut args: impl Iterator<Item = String>) -> Result<Self, Box<dyn Error>> {
        let mut options = Self::default();
        while let Some(arg) = args.next() {
            let mut value = || args.next().ok_or_else(|| format!("{arg} needs a value"));
            match arg.as_str() {
                "--frames" => options.frames = Some(value()?.parse()?),
                "--resize-every" => options.resize_every = Some(value()?.parse()?),
                "--capture" => options.capture = Some(value()?.into()),
                _ => {
                    return Err(
                        format!("unknown argument {arg}; expected --frames, --resize-every or --capture").into()
                    );
                }
            }
        }
        if options.frames.is_none() && (options.resize_every.is_some() || options.capture.is_some()) {
            return Err("--resize-every and --capture need --frames".into());
        }
        if options.resize_every == Some(0) {
            return Err("--resize-every needs at least 1".into());
        }
        Ok(options)
    }
}

/// The `index`-th size of the scripted resizes: widths from 160 to 479 and
/// heights from 120 to 359, in an order that never repeats the size before.
fn scripted_size(index: u64) -> PhysicalSize<u32> {
    let index = index as u32;
    PhysicalSize::new(160 + index * 53 % 320, 120 + index * 37 % 240)
}

/// Everything that lives as long as the window.
struct Gpu {
    window: Arc<Window>,
    surface: wgpu::Surface<'static>,
    device: wgpu::Device,
    queue: wgpu::Queue,
    config: wgpu::SurfaceConfiguration,
    graph: FrameGraph,
    /// The scope of every transient whose size is the window's.
    window_scope: ResourcePoolScope,
    scene: wgpu::RenderPipeline,
    composite: wgpu::RenderPipeline,
    params: wgpu::Buffer,
    linear_clamp: wgpu::Sampler,
    started: Instant,
}

/// A window's surface and an adapter that can present to it.
fn connect(
    window: &Arc<Window>,
    flags: wgpu::InstanceFlags,
) -> Result<(wgpu::Surface<'static>, wgpu::Adapter), Box<dyn Error>> {
    let instance = wgpu::Instance::new(wgpu::InstanceDescriptor {
        backends: wgpu::Backends::PRIMARY.with_env(),
        flags,
        ..wgpu::InstanceDescriptor::new_without_display_handle()
    });
    let surface = instance.create_surface(Arc::clone(window))?;
    let adapter = pollster::block_on(wgpu::util::initialize_adapter_from_env_or_default(&instance, Some(&surface)))?;
    Ok((surface, adapter))
}

impl Gpu {
    fn new(window: Arc<Window>, options: &Options) -> Result<Self, Box<dyn Error>> {
        let flags = wgpu::InstanceFlags::from_build_config().with_env();
        let (mut surface, mut adapter) = connect(&window, flags)?;
        // Mesa 22's software Vulkan (lavapipe) crashes on the second debug
        // label of a command buffer: on a CPU adapter, no debug labels.
        if adapter.get_info().device_type == wgpu::DeviceType::Cpu && flags.contains(wgpu::InstanceFlags::DEBUG) {
            (surface, adapter) = connect(&window, flags - wgpu::InstanceFlags::DEBUG)?;
        }
        let (device, queue) = pollster::block_on(
            adapter.request_device(&wgpu::DeviceDescriptor { label: Some("window"), ..Default::default() }),
        )?;
        let size = window.inner_size();
        let mut config = surface
            .get_default_config(&adapter, size.width.max(1), size.height.max(1))
            .ok_or("the adapter cannot present to this window")?;
        if options.capture.is_some() {
            if !surface.get_capabilities(&adapter).usages.contains(wgpu::TextureUsages::COPY_SRC) {
                return Err("this surface cannot be copied from, so --capture cannot read it back".into());
            }
            config.usage |= wgpu::TextureUsages::COPY_SRC;
        }
        if options.frames.is_some() {
            config.present_mode = wgpu::PresentMode::AutoNoVsync;
        }
        surface.configure(&device, &config);
        println!(
            "adapter={:?} backend={:?} format={:?} size={}x{}",
            adapter.get_info().name,
            adapter.get_info().backend,
            config.format,
            config.width,
            config.height
        );
        let mut graph = FrameGraph::with_device(&device);
        let window_scope = graph.create_resource_pool_scope();
        Ok(Self {
            scene: support::render_pipeline::<Scene<'_>>(&device, HDR_FORMAT, false),
            composite: support::render_pipeline::<Composite<'_>>(&device, config.format, false),
            params: device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("params"),
                size: 16,
                usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            }),
            linear_clamp: device.create_sampler(&wgpu::SamplerDescriptor {
                label: Some("linear-clamp"),
                mag_filter: wgpu::FilterMode::Linear,
                min_filter: wgpu::FilterMode::Linear,
                ..Default::default()
            }),
            window,
            surface,
            device,
            queue,
            config,
            graph,
            window_scope,
            started: Instant::now(),
        })
    }

    /// Reconfigures the surface for `size` and clears the window's scope,
    /// printing the pool statistics before and after; a size equal to the
    /// current one, or an empty one (a minimized window), changes nothing.
    fn resize(&mut self, size: PhysicalSize<u32>) -> Result<bool, Box<dyn Error>> {
        if size.width == 0 || size.height == 0 || (size.width, size.height) == (self.config.width, self.config.height) {
            return Ok(false);
        }
        let before = self.graph.resource_pool_stats();
        self.graph.clear_resource_pool_scope(self.window_scope)?;
        let after = self.graph.resource_pool_stats();
        println!(
            "resize from={}x{} to={}x{} retained_objects_before_clear={} retained_bytes_before_clear={} {}",
            self.config.width,
            self.config.height,
            size.width,
            size.height,
            before.retained_count,
            before.estimated_retained_bytes,
            pool_fields(&after)
        );
        (self.config.width, self.config.height) = (size.width, size.height);
        self.surface.configure(&self.device, &self.config);
        Ok(true)
    }

    /// Renders one frame into the surface through the graph and presents it;
    /// with `capture`, reads the presented image back first and returns it
    /// as RGBA8 rows. `None` when no surface texture could be had this time.
    fn redraw(&mut self, capture: bool) -> Result<Option<Option<Vec<u8>>>, Box<dyn Error>> {
        let acquired = match self.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(texture) | wgpu::CurrentSurfaceTexture::Suboptimal(texture) => texture,
            wgpu::CurrentSurfaceTexture::Outdated | wgpu::CurrentSurfaceTexture::Lost => {
                self.surface.configure(&self.device, &self.config);
                return Ok(None);
            }
            wgpu::CurrentSurfaceTexture::Timeout | wgpu::CurrentSurfaceTexture::Occluded => return Ok(None),
            other => return Err(format!("the surface gave no texture: {other:?}").into()),
        };
        let (width, height) = (self.config.width, self.config.height);
        let time = self.started.elapsed().as_secs_f32();
        let params = [time, width as f32 / height as f32, 0.0, 0.0];
        self.queue.write_buffer(&self.params, 0, &params.map(f32::to_le_bytes).concat());

        let Self { graph, window_scope, scene, composite, params, linear_clamp, queue, config, .. } = self;
        let mut frame = graph.begin_frame();
        let hdr = frame.create_texture_in(*window_scope, TextureDesc::new_2d("hdr", width, height, HDR_FORMAT))?;
        let surface =
            frame.import_surface_texture(TextureDesc::new_2d("surface", width, height, config.format), None)?;
        frame.bind_imported_texture(surface, &acquired.texture)?;
        // The callbacks borrow the pipelines: they outlive the frame.
        frame.add(Scene { params, hdr }, |mut cx| {
            cx.pass.set_pipeline(scene);
            cx.set_bind_groups();
            cx.pass.draw(0..3, 0..1);
            Ok(())
        })?;
        frame.add(Composite { hdr, linear_clamp, surface }, |mut cx| {
            cx.pass.set_pipeline(composite);
            cx.set_bind_groups();
            cx.pass.draw(0..3, 0..1);
            Ok(())
        })?;
        frame.compile(CompileOptions::default())?.execute(queue)?;

        let captured = if capture {
            let texels = read_texture(&self.device, &self.queue, &acquired.texture, 0, Duration::from_secs(60))?;
            Some(to_rgba8(texels, self.config.format)?)
        } else {
            None
        };
        self.window.pre_present_notify();
        self.queue.present(acquired);
        Ok(Some(captured))
    }
}

/// The pool counters as `key=value` pairs.
fn pool_fields(stats: &ResourcePoolStats) -> String {
    format!(
        "retained_objects={} retained_bytes={} created={} reused={} evicted={}",
        stats.retained_count,
        stats.estimated_retained_bytes,
        stats.created_count,
        stats.reuse_count,
        stats.evicted_count
    )
}

/// Texels of a surface `format` as RGBA8.
fn to_rgba8(mut texels: Vec<u8>, format: wgpu::TextureFormat) -> Result<Vec<u8>, Box<dyn Error>> {
    use wgpu::TextureFormat::{Bgra8Unorm, Bgra8UnormSrgb, Rgba8Unorm, Rgba8UnormSrgb};
    match format {
        Rgba8Unorm | Rgba8UnormSrgb => {}
        Bgra8Unorm | Bgra8UnormSrgb => texels.chunks_exact_mut(4).for_each(|texel| texel.swap(0, 2)),
        other => return Err(format!("--capture does not write {other:?} surfaces").into()),
    }
    Ok(texels)
}

/// The window's event handler.
struct App {
    options: Options,
    gpu: Option<Gpu>,
    frames: u64,
    resizes: u64,
    /// The scripted size last asked for.
    scripted: u64,
    error: Option<Box<dyn Error>>,
}

impl App {
    fn step(&mut self, event_loop: &ActiveEventLoop) -> Result<(), Box<dyn Error>> {
        let Some(gpu) = self.gpu.as_mut() else { return Ok(()) };
        // The size the window has now, whether or not its event arrived yet.
        if gpu.resize(gpu.window.inner_size())? {
            self.resizes += 1;
        }
        let last = self.options.frames.is_some_and(|frames| self.frames + 1 >= frames);
        let capture = last && self.options.capture.is_some();
        let Some(captured) = gpu.redraw(capture)? else { return Ok(()) };
        self.frames += 1;
        if let (Some(pixels), Some(path)) = (captured, &self.options.capture) {
            let file = std::io::BufWriter::new(std::fs::File::create(path)?);
            let mut png = png::Encoder::new(file, gpu.config.width, gpu.config.height);
            png.set_color(png::ColorType::Rgba);
            png.set_depth(png::BitDepth::Eight);
            png.write_header()?.write_image_data(&pixels)?;
            println!("captured path={} width={} height={}", path.display(), gpu.config.width, gpu.config.height);
        }
        if last {
            println!(
                "done frames={} resizes={} seconds={:.3} {}",
                self.frames,
                self.resizes,
                gpu.started.elapsed().as_secs_f64(),
                pool_fields(&gpu.graph.resource_pool_stats())
            );
            event_loop.exit();
            return Ok(());
        }
        if let Some(every) = self.options.resize_every
            && self.frames.is_multiple_of(every)
        {
            self.scripted += 1;
            if let Some(size) = gpu.window.request_inner_size(scripted_size(self.scripted))
                && gpu.resize(size)?
            {
                self.resizes += 1;
            }
        }
        gpu.window.request_redraw();
        Ok(())
    }

    fn fail(&mut self, event_loop: &ActiveEventLoop, error: Box<dyn Error>) {
        self.error.get_or_insert(error);
        event_loop.exit();
    }
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.gpu.is_some() {
            return;
        }
        let attributes = Window::default_attributes().with_title("zenfg window").with_inner_size(INITIAL_SIZE);
        let created = event_loop
            .create_window(attributes)
            .map_err(Box::<dyn Error>::from)
            .and_then(|window| Gpu::new(Arc::new(window), &self.options));
        match created {
            Ok(gpu) => {
                gpu.window.request_redraw();
                self.gpu = Some(gpu);
            }
            Err(error) => self.fail(event_loop, error),
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _: WindowId, event: WindowEvent) {
        let result = match event {
            WindowEvent::CloseRequested => {
                event_loop.exit();
                Ok(())
            }
            WindowEvent::Resized(size) => match self.gpu.as_mut().map(|gpu| gpu.resize(size)) {
                Some(Ok(true)) => {
                    self.resizes += 1;
                    Ok(())
                }
                Some(Err(error)) => Err(error),
                _ => Ok(()),
            },
            WindowEvent::RedrawRequested => self.step(event_loop),
            _ => Ok(()),
        };
        if let Err(error) = result {
            self.fail(event_loop, error);
        }
    }
}

/// Opens the window and runs until it is closed or, with `--frames`, until
/// the last frame is presented.
///
/// # Errors
///
/// No window, adapter or surface, or a frame that fails to record, compile,
/// execute or be captured.
pub fn run(options: Options) -> Result<(), Box<dyn Error>> {
    let event_loop = EventLoop::new()?;
    let mut app = App { options, gpu: None, frames: 0, resizes: 0, scripted: 0, error: None };
    event_loop.run_app(&mut app)?;
    match app.error {
        Some(error) => Err(error),
        None => Ok(()),
    }
}

fn main() -> Result<(), Box<dyn Error>> {
    run(Options::parse(std::env::args().skip(1))?)
}
