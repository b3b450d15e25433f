//! wgpu's refusals of what callbacks record, caught per pass when the
//! execution asks for it: the error names the pass, nothing of its segment
//! is submitted, and the runtime executes the next frame as usual.

use wgpu::util::DeviceExt;
use wgpu::{BufferUsages, TextureFormat};
use zenfg_runtime::{
    BufferDesc, BufferRange, CompileOptions, ExecutionOptions, FrameGraph, FrameGraphError, ImportBufferOptions,
    InitialContents, TextureDesc, TimingMode, WriteContents,
};

use crate::execution_common::{gpu, read_buffer, readback_buffer};
use crate::{
    compute_pipeline, dispatch_on_storage, draw_full_screen, full_screen, readback_options, render_pipeline, words,
};

const FILL: &str = "
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@compute @workgroup_size(4)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    data[id.x] = id.x + 1u;
}";

const RED: &str = "
@fragment
fn fs() -> @location(0) vec4<f32> {
    return vec4<f32>(1.0, 0.0, 0.0, 1.0);
}";

fn catching() -> ExecutionOptions {
    ExecutionOptions::default().with_pass_errors(true)
}

/// Records one frame: a command pass that copies `marker` into `log`, then a
/// compute pass (`fill`) whose callback dispatches with or without its
/// pipeline, then a copy of what it wrote into `output`.
fn fill_frame(
    graph: &mut FrameGraph,
    queue: &wgpu::Queue,
    (marker, log, output): (&wgpu::Buffer, &wgpu::Buffer, &wgpu::Buffer),
    pipeline: Option<wgpu::ComputePipeline>,
    options: ExecutionOptions,
) -> Result<(), FrameGraphError> {
    let mut frame = graph.begin_frame();
    let logged =
        frame.import_buffer(BufferDesc::new("log", 16), ImportBufferOptions::new(InitialContents::Undefined))?;
    frame.bind_imported_buffer(logged, log)?;
    let out = frame.import_buffer(BufferDesc::new("output", 16), readback_options())?;
    frame.bind_imported_buffer(out, output)?;
    let data = frame.create_buffer(BufferDesc::new("data", 16))?;

    let mut first = frame.command_pass("mark");
    let token = first.buffer_copy_dst(logged, BufferRange::whole(), WriteContents::Overwrite)?;
    let marker = marker.clone();
    first.finish_command(move |cx| {
        cx.encoder.copy_buffer_to_buffer(&marker, 0, cx.resources.buffer(token)?, 0, 16);
        Ok(())
    })?;
    let mut fill = frame.compute_pass("fill");
    let token = fill.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite)?;
    fill.finish_compute(move |cx| match &pipeline {
        Some(pipeline) => dispatch_on_storage(cx, pipeline, token, 1),
        None => {
            cx.pass.dispatch_workgroups(1, 1, 1);
            Ok(())
        }
    })?;
    let mut copy = frame.copy_pass("read");
    copy.copy_buffer_to_buffer(data, 0, out, 0, 16)?;
    copy.finish()?;
    frame.mark_buffer_root(logged, BufferRange::whole(), zenfg_runtime::RootReason::Output)?;
    frame.mark_readback(out, BufferRange::whole())?;
    let compiled = frame.compile(CompileOptions::default())?;
    compiled.execute_with_timing(queue, options, TimingMode::Both).map(drop)
}

/// A 16-byte buffer of `value`s to copy from.
fn marker(device: &wgpu::Device, value: u32) -> wgpu::Buffer {
    device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some("marker"),
        contents: &[value.to_le_bytes(); 4].concat(),
        usage: BufferUsages::COPY_SRC,
    })
}

#[test]
fn a_dispatch_wgpu_refuses_is_fg4018_naming_the_pass_and_nothing_of_its_segment_runs() {
    let Some((device, queue)) =
        gpu("a_dispatch_wgpu_refuses_is_fg4018_naming_the_pass_and_nothing_of_its_segment_runs")
    else {
        return;
    };
    let log = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("log"),
        size: 16,
        usage: BufferUsages::COPY_SRC | BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let (log_readback, output) = (readback_buffer(&device, 16), readback_buffer(&device, 16));
    let read_log = || {
        let mut encoder = device.create_command_encoder(&Default::default());
        encoder.copy_buffer_to_buffer(&log, 0, &log_readback, 0, 16);
        queue.submit([encoder.finish()]);
        words(&read_buffer(&device, &log_readback))
    };
    let mut graph = FrameGraph::with_device(&device);

    let ones = marker(&device, 1);
    fill_frame(&mut graph, &queue, (&ones, &log, &output), Some(compute_pipeline(&device, FILL)), catching()).unwrap();
    assert_eq!(read_log(), [1; 4]);
    assert_eq!(words(&read_buffer(&device, &output)), [1, 2, 3, 4]);

    let twos = marker(&device, 2);
    let error = fill_frame(&mut graph, &queue, (&twos, &log, &output), None, catching()).unwrap_err();
    assert_eq!(error.code(), "FG4018", "{error}");
    let FrameGraphError::PassRefused { pass, reason } = &error else { panic!("{error:?}") };
    assert_eq!(&*pass.label, "fill");
    assert_eq!(error.pass(), Some(pass.id));
    assert!(reason.contains("dispatch") && reason.contains("ipeline"), "wgpu's reason names the call: {reason}");
    assert_eq!(read_log(), [1; 4], "the pass before the refused one, in the same segment, was not submitted");

    let threes = marker(&device, 3);
    fill_frame(&mut graph, &queue, (&threes, &log, &output), Some(compute_pipeline(&device, FILL)), catching())
        .unwrap();
    assert_eq!(read_log(), [3; 4], "the graph executes the next frame");
    let fours = marker(&device, 4);
    let plain = ExecutionOptions::default().with_gpu_debug_groups(true);
    fill_frame(&mut graph, &queue, (&fours, &log, &output), Some(compute_pipeline(&device, FILL)), plain).unwrap();
    assert_eq!(read_log(), [4; 4], "and without catching, as before");
}

#[test]
fn a_pipeline_whose_target_does_not_fit_the_attachment_is_fg4018_naming_the_render_pass() {
    let Some((device, queue)) =
        gpu("a_pipeline_whose_target_does_not_fit_the_attachment_is_fg4018_naming_the_render_pass")
    else {
        return;
    };
    let pipeline = render_pipeline(&device, &full_screen(RED), TextureFormat::Rgba8Unorm, 1);
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    frame.push_debug_group("post").unwrap();
    let target = frame.create_texture(TextureDesc::new_2d("hdr", 8, 8, TextureFormat::Rgba16Float)).unwrap();
    draw_full_screen(&mut frame, "tonemap", target, pipeline);
    frame.pop_debug_group().unwrap();
    frame.mark_texture_root(target, zenfg_runtime::RootReason::Output).unwrap();
    let options = catching().with_gpu_debug_groups(true);
    let error = frame.compile(CompileOptions::default()).unwrap().execute_with_options(&queue, options).unwrap_err();
    let FrameGraphError::PassRefused { pass, reason } = &error else { panic!("{error:?}") };
    assert_eq!(&*pass.label, "tonemap");
    assert!(error.to_string().starts_with("FG4018: wgpu refused what pass `tonemap` recorded: "), "{error}");
    assert!(reason.contains("Rgba16Float") || reason.contains("format"), "wgpu's reason names the format: {reason}");
}
