//! A graph declared with derived passes and the same graph written against the
//! builder API compile to identical plans: the full reports are equal once
//! their timings are zeroed.

use zenfg_runtime::prelude::*;
use zenfg_runtime::wgpu::{Color, TextureFormat};
use zenfg_runtime::{
    AttachmentStoreOp, ColorAttachmentLoadOp, ColorAttachmentOps, CompilationReport, CompilationTimings,
    DepthAttachmentOps, ImportBufferOptions, InitialContents, Label,
};

#[derive(Pass)]
#[pass(render)]
struct GBuffer<'f> {
    #[color_attachment(clear = Color::BLACK, slot = 1)]
    albedo: Texture<'f>,
    #[color_attachment(clear = [0.5, 0.5, 1.0, 1.0], slot = 0)]
    normal: Texture<'f>,
    #[depth_attachment(clear = 1.0, discard)]
    depth: Texture<'f>,
    #[vertex]
    vertices: Buffer<'f>,
    #[index]
    indices: BufferSlice<'f>,
    #[uniform]
    camera: BufferSlice<'f>,
}

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[sampled]
    src: Texture<'f>,
    #[storage_write(overwrite)]
    dst: Texture<'f>,
    #[uniform]
    params: Option<BufferSlice<'f>>,
}

#[derive(Pass)]
#[pass(compute)]
struct Downsample<'f> {
    #[label]
    label: String,
    #[sampled]
    src: TextureView<'f>,
    #[storage_write(overwrite)]
    dst: TextureView<'f>,
}

#[derive(Pass)]
#[pass(render)]
struct Compose<'f> {
    #[sampled]
    inputs: [Texture<'f>; 2],
    #[sampled]
    bloom: Vec<TextureView<'f>>,
    #[color_attachment(clear = Color::TRANSPARENT, discard)]
    msaa: Texture<'f>,
    #[resolve_target(source = msaa)]
    #[root(present)]
    surface: SurfaceTexture<'f>,
}

#[derive(Pass)]
#[pass(command, label = "read back")]
struct Readback<'f> {
    #[copy_src]
    src: Texture<'f>,
    #[copy_dst(overwrite)]
    #[root(output)]
    dst: Buffer<'f>,
}

#[derive(Pass)]
#[pass(external)]
struct Upload<'f> {
    #[copy_dst(preserve)]
    #[root(debug_capture)]
    target: Buffer<'f>,
}

#[derive(Pass)]
#[pass(compute)]
struct Unused<'f> {
    #[storage_write(overwrite)]
    scratch: Buffer<'f>,
}

/// The resources both versions record, in the same order.
struct Resources<'f> {
    albedo: Texture<'f>,
    normal: Texture<'f>,
    depth: Texture<'f>,
    blurred: Texture<'f>,
    mips: Texture<'f>,
    msaa: Texture<'f>,
    surface: SurfaceTexture<'f>,
    vertices: Buffer<'f>,
    indices: Buffer<'f>,
    camera: Buffer<'f>,
    readback: Buffer<'f>,
    upload: Buffer<'f>,
    scratch: Buffer<'f>,
}

const MIPS: u32 = 4;

fn resources<'f>(frame: &mut Frame<'f>) -> Result<Resources<'f>, FrameGraphError> {
    let color = |label: &'static str| TextureDesc::new_2d(label, 64, 64, TextureFormat::Rgba8Unorm);
    let defined = ImportBufferOptions::new(InitialContents::Defined);
    Ok(Resources {
        albedo: frame.create_texture(color("albedo"))?,
        normal: frame.create_texture(color("normal"))?,
        depth: frame.create_texture(TextureDesc::new_2d("depth", 64, 64, TextureFormat::Depth32Float))?,
        blurred: frame.create_texture(color("blurred"))?,
        mips: frame.create_texture(color("bloom").with_mips(MIPS))?,
        msaa: frame.create_texture(color("msaa").with_samples(4))?,
        surface: frame.import_surface_texture(color("surface"), None)?,
        vertices: frame.import_buffer(BufferDesc::new("vertices", 4096), defined)?,
        indices: frame.import_buffer(BufferDesc::new("indices", 1024), defined)?,
        camera: frame.import_buffer(BufferDesc::new("camera", 256), defined)?,
        readback: frame.create_buffer(BufferDesc::new("readback", 64 * 64 * 4))?,
        upload: frame.import_buffer(BufferDesc::new("upload", 512), defined)?,
        scratch: frame.create_buffer(BufferDesc::new("scratch", 128))?,
    })
}

fn mip_views<'f>(frame: &mut Frame<'f>, mips: Texture<'f>) -> Result<Vec<TextureView<'f>>, FrameGraphError> {
    (0..MIPS)
        .map(|mip| {
            frame.create_texture_view(
                mips,
                TextureViewDesc { base_mip_level: mip, mip_level_count: Some(1), ..TextureViewDesc::default() },
            )
        })
        .collect()
}

fn derived(frame: &mut Frame<'_>) -> Result<(), FrameGraphError> {
    let r = resources(frame)?;
    let mips = mip_views(frame, r.mips)?;
    frame.add(
        GBuffer {
            albedo: r.albedo,
            normal: r.normal,
            depth: r.depth,
            vertices: r.vertices,
            indices: r.indices.slice(BufferRange::new(0, Some(512))),
            camera: r.camera.into(),
        },
        |_| Ok(()),
    )?;
    frame.add(Blur { src: r.albedo, dst: r.blurred, params: Some(r.camera.into()) }, |_| Ok(()))?;
    let blurred = frame.create_texture_view(r.blurred, TextureViewDesc::default())?;
    frame.add(Downsample { label: "bloom 0".into(), src: blurred, dst: mips[0] }, |_| Ok(()))?;
    for mip in 1..MIPS as usize {
        frame.add(Downsample { label: format!("bloom {mip}"), src: mips[mip - 1], dst: mips[mip] }, |_| Ok(()))?;
    }
    frame.add(
        Compose { inputs: [r.blurred, r.normal], bloom: mips[1..].to_vec(), msaa: r.msaa, surface: r.surface },
        |_| Ok(()),
    )?;
    frame.add(Readback { src: r.blurred, dst: r.readback }, |_| Ok(()))?;
    frame.add(Upload { target: r.upload }, |_| Ok(()))?;
    frame.add(Unused { scratch: r.scratch }, |_| Ok(()))?;
    Ok(())
}

fn built(frame: &mut Frame<'_>) -> Result<(), FrameGraphError> {
    let r = resources(frame)?;
    let mips = mip_views(frame, r.mips)?;

    let mut pass = frame.render_pass("g-buffer");
    let _ =
        pass.color_attachment(r.normal, ColorAttachmentOps::clear_store(Color { r: 0.5, g: 0.5, b: 1.0, a: 1.0 }))?;
    let _ = pass.color_attachment(r.albedo, ColorAttachmentOps::clear_store(Color::BLACK))?;
    let _ = pass.depth_attachment(r.depth, DepthAttachmentOps::clear_discard(1.0))?;
    let _ = pass.vertex_buffer(r.vertices, BufferRange::whole())?;
    let _ = pass.index_buffer(r.indices, BufferRange::new(0, Some(512)))?;
    let _ = pass.uniform_buffer(r.camera, BufferRange::whole())?;
    pass.finish_render(|_| Ok(()))?;

    let mut pass = frame.compute_pass("blur");
    let _ = pass.sampled_texture(r.albedo)?;
    let _ = pass.storage_texture_write(r.blurred, WriteContents::Overwrite)?;
    let _ = pass.uniform_buffer(r.camera, BufferRange::whole())?;
    pass.finish_compute(|_| Ok(()))?;

    let blurred = frame.create_texture_view(r.blurred, TextureViewDesc::default())?;
    for mip in 0..MIPS as usize {
        let mut pass = frame.compute_pass(Label::from(format!("bloom {mip}")));
        let _ = pass.sampled_texture(if mip == 0 { blurred } else { mips[mip - 1] })?;
        let _ = pass.storage_texture_write(mips[mip], WriteContents::Overwrite)?;
        pass.finish_compute(|_| Ok(()))?;
    }

    let mut pass = frame.render_pass("compose");
    let _ = pass.sampled_texture(r.blurred)?;
    let _ = pass.sampled_texture(r.normal)?;
    for view in &mips[1..] {
        let _ = pass.sampled_texture(*view)?;
    }
    let ops = ColorAttachmentOps {
        load: ColorAttachmentLoadOp::Clear(Color::TRANSPARENT),
        store: AttachmentStoreOp::Discard,
        depth_slice: None,
    };
    let _ = pass.color_attachment_with_resolve(r.msaa, r.surface, ops)?;
    pass.finish_render(|_| Ok(()))?;
    frame.mark_present(r.surface)?;

    let mut pass = frame.command_pass("read back");
    let _ = pass.texture_copy_src(r.blurred)?;
    let _ = pass.buffer_copy_dst(r.readback, BufferRange::whole(), WriteContents::Overwrite)?;
    pass.finish_command(|_| Ok(()))?;
    frame.mark_buffer_root(r.readback, BufferRange::whole(), RootReason::Output)?;

    let mut pass = frame.external_submission("upload");
    let _ = pass.buffer_copy_dst(r.upload, BufferRange::whole(), WriteContents::Preserve)?;
    pass.finish_external(|_| Ok(()))?;
    frame.mark_buffer_root(r.upload, BufferRange::whole(), RootReason::DebugCapture)?;

    let mut pass = frame.compute_pass("unused");
    let _ = pass.storage_buffer_write(r.scratch, BufferRange::whole(), WriteContents::Overwrite)?;
    pass.finish_compute(|_| Ok(()))?;
    Ok(())
}

fn report(record: impl FnOnce(&mut Frame<'_>) -> Result<(), FrameGraphError>) -> CompilationReport {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    record(&mut frame).expect("the graph records");
    let mut compiled = frame.compile(CompileOptions::full_report()).expect("the graph compiles");
    let mut report = compiled.take_report().expect("a full report was asked for");
    report.summary.timings = CompilationTimings::default();
    report
}

#[test]
fn derived_and_built_graphs_compile_to_identical_reports() {
    let derived = report(derived);
    let built = report(built);
    assert_eq!(derived, built);
    let full = derived.full.as_ref().expect("full report");
    assert_eq!(derived.summary.recorded_node_count, 10);
    assert_eq!(derived.summary.culled_node_count, 1, "the unused compute pass is culled");
    assert_eq!(full.culled_nodes[0].label, "unused");
    let labels: Vec<&str> = full.nodes.iter().map(|node| &*node.label).collect();
    assert_eq!(
        labels,
        ["g-buffer", "blur", "bloom 0", "bloom 1", "bloom 2", "bloom 3", "compose", "read back", "upload"],
        "default labels are the kebab-case names; #[label] fields and label = \"..\" override them"
    );
}
