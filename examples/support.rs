//! What the examples share: a headless device on the system's adapter,
//! reading a mappable buffer back, and the pipelines of derived passes built
//! from the shaders they name.

use std::time::Duration;

use zenfg_runtime::Pass;

/// The headless device; the runtime's real-adapter tests set their device up
/// through the same file.
#[path = "../zenfg-runtime/tests/execution_common/adapter.rs"]
pub mod adapter;

/// A headless device and queue on the adapter `WGPU_ADAPTER_NAME` names, or
/// on the default adapter, with timestamp queries when the adapter has them;
/// `None` when there is no adapter or it refuses a device.
#[allow(dead_code, reason = "examples that need a GPU go through `device`")]
pub fn try_device(label: &str) -> Option<(wgpu::Device, wgpu::Queue, wgpu::AdapterInfo)> {
    adapter::headless_device(label).ok()
}

/// [`try_device`], or exits with a message when there is no device.
#[allow(dead_code, reason = "the showcase runs without an adapter too")]
pub fn device(example: &str) -> (wgpu::Device, wgpu::Queue, wgpu::AdapterInfo) {
    adapter::headless_device(example).unwrap_or_else(|error| {
        eprintln!("{example}: {error}; for software Vulkan run `apt-get install -y mesa-vulkan-drivers libvulkan1`");
        std::process::exit(2);
    })
}

/// The little-endian `u32` words of `bytes`.
#[allow(dead_code, reason = "not every example reads words back")]
pub fn words(bytes: &[u8]) -> Vec<u32> {
    bytes.chunks_exact(4).map(|word| u32::from_le_bytes([word[0], word[1], word[2], word[3]])).collect()
}

/// Waits for the queue, then copies out the bytes of a `MAP_READ` buffer.
#[allow(dead_code, reason = "not every example reads a buffer back")]
pub fn read_buffer(device: &wgpu::Device, buffer: &wgpu::Buffer) -> Vec<u8> {
    zenfg_runtime::readback::read_buffer(device, buffer, Duration::from_secs(60)).expect("the buffer reads back")
}

/// A caller-owned buffer the CPU can read after copies into it.
#[allow(dead_code, reason = "not every example reads a buffer back")]
pub fn readback_buffer(device: &wgpu::Device, label: &str, size: u64) -> wgpu::Buffer {
    device.create_buffer(&wgpu::BufferDescriptor {
        label: Some(label),
        size,
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    })
}

/// The compute pipeline of derived pass `P`: the shader the pass names,
/// with a single compute entry point, and the pass's layout, labelled after
/// the pass.
#[allow(dead_code, reason = "not every example dispatches")]
pub fn compute_pipeline<'f, P: Pass<'f>>(device: &wgpu::Device) -> wgpu::ComputePipeline {
    device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some(P::ACCESSES.label),
        layout: Some(&P::pipeline_layout(device)),
        module: &pass_shader::<P>(device),
        entry_point: None,
        compilation_options: Default::default(),
        cache: None,
    })
}

/// The render pipeline of derived pass `P`, as [`render_pipeline_of`] builds
/// it from the shader the pass names, with the pass's layout, labelled after
/// the pass.
#[allow(dead_code, reason = "not every example draws")]
pub fn render_pipeline<'f, P: Pass<'f>>(
    device: &wgpu::Device,
    format: wgpu::TextureFormat,
    depth: bool,
) -> wgpu::RenderPipeline {
    let module = pass_shader::<P>(device);
    render_pipeline_of(device, P::ACCESSES.label, &module, Some(&P::pipeline_layout(device)), format, depth)
}

/// A render pipeline of `module` (one vertex and one fragment entry point,
/// no vertex buffers), with `layout` or one inferred from the shader,
/// drawing into one color target of `format`, and testing against a
/// `Depth32Float` attachment when `depth` is set.
#[allow(dead_code, reason = "not every example draws")]
pub fn render_pipeline_of(
    device: &wgpu::Device,
    label: &str,
    module: &wgpu::ShaderModule,
    layout: Option<&wgpu::PipelineLayout>,
    format: wgpu::TextureFormat,
    depth: bool,
) -> wgpu::RenderPipeline {
    device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some(label),
        layout,
        vertex: wgpu::VertexState { module, entry_point: None, compilation_options: Default::default(), buffers: &[] },
        primitive: Default::default(),
        depth_stencil: depth.then(|| wgpu::DepthStencilState {
            format: wgpu::TextureFormat::Depth32Float,
            depth_write_enabled: Some(true),
            depth_compare: Some(wgpu::CompareFunction::Less),
            stencil: Default::default(),
            bias: Default::default(),
        }),
        multisample: Default::default(),
        fragment: Some(wgpu::FragmentState {
            module,
            entry_point: None,
            compilation_options: Default::default(),
            targets: &[Some(format.into())],
        }),
        multiview_mask: None,
        cache: None,
    })
}

/// The module of the shader derived pass `P` names.
fn pass_shader<'f, P: Pass<'f>>(device: &wgpu::Device) -> wgpu::ShaderModule {
    P::shader_module(device).expect("the pass names its shader")
}

/// The current time in RFC 3339 (`2026-12-02T04:30:00Z`), for a Snapshot's
/// `capturedAt`.
#[allow(dead_code, reason = "only the examples that write Snapshots record a capture time")]
pub fn utc_now() -> String {
    let seconds = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |since| since.as_secs());
    let (days, rest) = (seconds / 86_400, seconds % 86_400);
    // Civil date of a day count since 1970-01-01 (proleptic Gregorian calendar),
    // in eras of 400 years that start on March 1st.
    let shifted = days + 719_468;
    let era = shifted / 146_097;
    let day_of_era = shifted % 146_097;
    let year_of_era = (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 { month_index + 3 } else { month_index - 9 };
    let year = era * 400 + year_of_era + u64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", rest / 3_600, rest % 3_600 / 60, rest % 60)
}
