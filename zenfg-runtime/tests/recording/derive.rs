//! Derived passes on the CPU: the access table, the lowering's failure
//! policy, runtime checks reached through fields, roots, retention and the
//! types of the generated contexts.

use zenfg_runtime::prelude::*;
use zenfg_runtime::views::{
    BoundAttachment, BufferCopyDstView, ColorAttachmentView, IndirectBufferView, SampledTextureView,
    StorageBufferReadView, StorageTextureWriteView, TextureCopySrcView, UniformBufferView,
};
use zenfg_runtime::wgpu::{Color, TextureFormat};
use zenfg_runtime::{
    AccessMode, AccessRole, AttachmentLoad, AttachmentStoreOp, AttachmentTable, FieldAccess, ImportBufferOptions,
    InitialContents, NodeKind, Repeat,
};

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[sampled]
    src: TextureView<'f>,
    #[storage_write(overwrite)]
    #[root(output)]
    dst: Texture<'f>,
    #[uniform]
    params: BufferSlice<'f>,
    #[storage_read]
    extra: Option<Buffer<'f>>,
    #[indirect]
    args: [Buffer<'f>; 2],
}

#[derive(Pass)]
#[pass(render, label = "main")]
struct Main<'f> {
    #[color_attachment(load, discard)]
    hdr: Texture<'f>,
    #[color_attachment(clear = Color::WHITE, slot = 0)]
    ids: Texture<'f>,
    #[depth_read]
    depth: Option<Texture<'f>>,
}

#[derive(Pass)]
#[pass(command)]
struct Copy<'f> {
    #[copy_src]
    src: Texture<'f>,
    #[copy_dst(preserve)]
    dst: Vec<Buffer<'f>>,
    #[color_attachment(load)]
    target: Texture<'f>,
}

#[derive(Pass)]
#[pass(compute, side_effect)]
struct Probe<'f> {
    #[storage_read]
    data: Buffer<'f>,
}

#[derive(Pass)]
#[pass(compute)]
struct ReadAndWrite<'f> {
    #[sampled]
    read: Texture<'f>,
    #[storage_write(overwrite)]
    write: Texture<'f>,
}

#[derive(Pass)]
#[pass(command)]
struct ReadbackCopy<'f> {
    #[copy_dst(overwrite)]
    #[root(readback)]
    out: Buffer<'f>,
}

fn rgba(label: &'static str) -> TextureDesc {
    TextureDesc::new_2d(label, 16, 16, TextureFormat::Rgba8Unorm)
}

fn defined(frame: &mut Frame<'_>, label: &'static str, size: u64) -> Result<(), FrameGraphError> {
    frame.import_buffer(BufferDesc::new(label, size), ImportBufferOptions::new(InitialContents::Defined)).map(|_| ())
}

#[test]
fn the_access_table_describes_every_field() {
    let table = <Blur<'static> as Pass<'static>>::ACCESSES;
    assert_eq!((table.name, table.label, table.kind, table.side_effect), ("Blur", "blur", NodeKind::Compute, false));
    let roles: Vec<(&str, &str, AccessRole, AccessMode, Repeat)> =
        table.fields.iter().map(|row| (row.field, row.attribute, row.role, row.mode, row.repeat)).collect();
    assert_eq!(
        roles,
        [
            ("src", "sampled", AccessRole::SampledTexture, AccessMode::Read, Repeat::One),
            ("dst", "storage_write", AccessRole::StorageTextureWrite, AccessMode::Write, Repeat::One),
            ("params", "uniform", AccessRole::UniformBuffer, AccessMode::Read, Repeat::One),
            ("extra", "storage_read", AccessRole::StorageBufferRead, AccessMode::Read, Repeat::Optional),
            ("args", "indirect", AccessRole::IndirectBuffer, AccessMode::Read, Repeat::Array(2)),
        ]
    );
    assert_eq!(table.field("dst").and_then(|row| row.root), Some(RootReason::Output));
    assert_eq!(table.field("dst").and_then(|row| row.contents), Some(WriteContents::Overwrite));

    let main = <Main<'static> as Pass<'static>>::ACCESSES;
    assert_eq!(main.label, "main");
    let hdr = main.field("hdr").map(|row| row.attachment);
    let ids = main.field("ids").map(|row| row.attachment);
    assert_eq!(
        hdr,
        Some(Some(AttachmentTable {
            slot: Some(1),
            load: AttachmentLoad::Load,
            store: AttachmentStoreOp::Discard,
            resolve_target: None
        }))
    );
    assert_eq!(ids.flatten().map(|ops| (ops.slot, ops.load)), Some((Some(0), AttachmentLoad::Clear)));
    let depth: Option<&FieldAccess> = main.field("depth");
    assert_eq!(
        depth.map(|row| (row.role, row.mode, row.contents)),
        Some((AccessRole::DepthAttachment, AccessMode::Read, None))
    );

    let copy = <Copy<'static> as Pass<'static>>::ACCESSES;
    assert!(copy.side_effect, "command passes are retained without roots");
    assert_eq!(
        copy.field("dst").map(|row| (row.role, row.contents)),
        Some((AccessRole::BufferCopyDst, Some(WriteContents::Preserve)))
    );
    assert_eq!(copy.field("src").map(|row| row.role), Some(AccessRole::TextureCopySrc));
}

#[test]
fn color_attachments_are_declared_in_slot_order() -> Result<(), FrameGraphError> {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let hdr = frame.import_texture(rgba("hdr"), zenfg_runtime::ImportTextureOptions::new(InitialContents::Defined))?;
    let ids = frame.create_texture(rgba("ids"))?;
    frame.add(Main { hdr, ids, depth: None }, |_| Ok(()))?;
    frame.mark_texture_root(ids, RootReason::Output)?;
    let compiled = frame.compile(CompileOptions::full_report())?;
    let full = compiled.report().and_then(|report| report.full.as_ref()).expect("full report");
    let resources: Vec<_> = full.accesses.iter().map(|access| access.resource).collect();
    assert_eq!(resources, [ids.id(), hdr.id()], "slot 0 (`ids`) first, then `hdr`; the `None` depth declares nothing");
    Ok(())
}

#[derive(Pass)]
#[pass(render)]
struct Gbuffer<'f> {
    #[color_attachment(clear = Color::BLACK)]
    layers: [Texture<'f>; 2],
    #[color_attachment(clear = Color::BLACK, slot = 2)]
    ids: Texture<'f>,
    #[color_attachment(clear = Color::BLACK)]
    motion: Option<Texture<'f>>,
}

#[test]
fn color_slots_count_handles_and_an_absent_attachment_keeps_its_slot() -> Result<(), FrameGraphError> {
    let table = <Gbuffer<'static> as Pass<'static>>::ACCESSES;
    let slots: Vec<_> = table.fields.iter().map(|row| (row.field, row.attachment.and_then(|ops| ops.slot))).collect();
    assert_eq!(slots, [("layers", Some(0)), ("ids", Some(2)), ("motion", Some(3))], "an array takes slots 0 and 1");
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let [a, b, ids] = ["a", "b", "ids"].map(|label| frame.create_texture(rgba(label)));
    let (a, b, ids) = (a?, b?, ids?);
    frame.add(Gbuffer { layers: [a, b], ids, motion: None }, |_| Ok(()))?;
    for texture in [a, b, ids] {
        frame.mark_texture_root(texture, RootReason::Output)?;
    }
    let compiled = frame.compile(CompileOptions::full_report())?;
    let full = compiled.report().and_then(|report| report.full.as_ref()).expect("full report");
    let resources: Vec<_> = full.accesses.iter().map(|access| access.resource).collect();
    assert_eq!(resources, [a.id(), b.id(), ids.id()], "declared in slot order; the absent `motion` declares nothing");
    Ok(())
}

#[test]
fn a_failed_declaration_poisons_the_recording_with_its_error() -> Result<(), FrameGraphError> {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let texture = frame.create_texture(rgba("both"))?;
    let error = frame.add(ReadAndWrite { read: texture, write: texture }, |_| Ok(())).expect_err("FG1105");
    assert_eq!(error.code(), "FG1105");
    let message = error.to_string();
    assert!(
        message.contains("the storage texture write of field `write` (mip 0 slices 0..1) overlaps the earlier sampled texture of field `read`"),
        "the message names both fields: {message}"
    );
    let compiled = frame.compile(CompileOptions::default());
    assert_eq!(compiled.map(|_| ()).expect_err("poisoned").code(), "FG1105");
    Ok(())
}

#[derive(Pass)]
#[pass(compute)]
struct PingPong<'f> {
    #[storage_read]
    src: BufferSlice<'f>,
    #[storage_write(overwrite)]
    #[root(output)]
    dst: BufferSlice<'f>,
}

#[derive(Pass)]
#[pass(compute)]
struct Halves<'f> {
    #[storage_write(preserve)]
    src: BufferSlice<'f>,
    #[storage_write(overwrite)]
    #[root(output)]
    dst: BufferSlice<'f>,
}

#[test]
fn a_buffer_written_as_read_write_storage_and_used_otherwise_in_one_pass_is_fg1105_on_any_range()
-> Result<(), FrameGraphError> {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let data = frame.import_buffer(BufferDesc::new("data", 512), ImportBufferOptions::new(InitialContents::Defined))?;
    let (front, back) = (data.slice(BufferRange::new(0, Some(256))), data.slice(BufferRange::new(256, Some(256))));
    let error = frame.add(PingPong { src: front, dst: back }, |_| Ok(())).expect_err("FG1105");
    assert_eq!(error.code(), "FG1105");
    assert_eq!(error.resource(), Some(data.id()));
    let message = error.to_string();
    assert!(message.contains("`ping-pong`") && message.contains("`data`"), "{message}");
    assert!(
        message.contains(
            "storage buffer write of field `dst` (bytes 256..+256) and the storage buffer read of field `src` (bytes 0..+256)"
        ),
        "{message}"
    );
    assert!(message.contains("wgpu tracks a buffer's usage as a whole within a compute pass"), "{message}");
    assert_eq!(frame.compile(CompileOptions::default()).map(|_| ()).expect_err("poisoned").code(), "FG1105");

    // Read-write storage on both ranges is one usage, which wgpu accepts.
    let mut frame = graph.begin_frame();
    let data = frame.import_buffer(BufferDesc::new("data", 512), ImportBufferOptions::new(InitialContents::Defined))?;
    let (front, back) = (data.slice(BufferRange::new(0, Some(256))), data.slice(BufferRange::new(256, Some(256))));
    frame.add(Halves { src: front, dst: back }, |_| Ok(()))?;
    frame.compile(CompileOptions::default())?;
    Ok(())
}

#[test]
fn a_slice_out_of_range_fails_with_fg1103() -> Result<(), FrameGraphError> {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let src = frame.create_texture(rgba("src"))?;
    let src = frame.create_texture_view(src, TextureViewDesc::default())?;
    let dst = frame.create_texture(rgba("dst"))?;
    defined(&mut frame, "params", 64)?;
    let params = frame.create_buffer(BufferDesc::new("small", 16))?;
    let args = frame.create_buffer(BufferDesc::new("args", 16))?;
    let pass = Blur { src, dst, params: params.slice(BufferRange::new(8, Some(16))), extra: None, args: [args, args] };
    let error = frame.add(pass, |_| Ok(())).expect_err("FG1103");
    assert_eq!(error.code(), "FG1103");
    Ok(())
}

#[test]
fn undefined_contents_read_through_a_field_fail_at_compile() -> Result<(), FrameGraphError> {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let data = frame.create_buffer(BufferDesc::new("never written", 64))?;
    frame.add(Probe { data }, |_| Ok(()))?;
    let error = frame.compile(CompileOptions::default()).map(|_| ()).expect_err("FG1001");
    assert_eq!(error.code(), "FG1001");
    Ok(())
}

#[test]
fn side_effect_retains_a_pass_without_roots() -> Result<(), FrameGraphError> {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let data = frame.import_buffer(BufferDesc::new("data", 64), ImportBufferOptions::new(InitialContents::Defined))?;
    frame.add(Probe { data }, |_| Ok(()))?;
    let compiled = frame.compile(CompileOptions::default())?;
    assert_eq!(compiled.retained_node_count(), 1);
    Ok(())
}

#[test]
fn roots_are_checked_by_the_runtime_after_recording() -> Result<(), FrameGraphError> {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    let out = frame.create_buffer(BufferDesc::new("transient", 64))?;
    let error = frame.add(ReadbackCopy { out }, |_| Ok(())).expect_err("FG1107");
    assert_eq!(error.code(), "FG1107", "readback roots need an imported mappable buffer");
    let compiled = frame.compile(CompileOptions::summary_report())?;
    assert_eq!(compiled.report().map(|report| report.summary.recorded_node_count), Some(1));
    Ok(())
}

/// The context types, checked by the compiler: each field has its role's view.
#[test]
fn contexts_hold_role_specific_views() {
    fn blur(cx: BlurContext<'_>) {
        let _: SampledTextureView<'_> = cx.src;
        let _: StorageTextureWriteView<'_> = cx.dst;
        let _: UniformBufferView<'_> = cx.params;
        let _: Option<StorageBufferReadView<'_>> = cx.extra;
        let _: [IndirectBufferView<'_>; 2] = cx.args;
        let _: &mut zenfg_runtime::wgpu::ComputePass<'static> = cx.pass;
        let _: u64 = cx.frame_index;
    }
    fn main(cx: MainContext<'_>) {
        let _: BoundAttachment = cx.hdr;
        let _: BoundAttachment = cx.ids;
        let _: BoundAttachment = cx.depth;
        let _: &mut zenfg_runtime::wgpu::RenderPass<'static> = cx.pass;
    }
    fn copy(cx: CopyContext<'_>) {
        let _: TextureCopySrcView<'_> = cx.src;
        let _: Vec<BufferCopyDstView<'_>> = cx.dst;
        let _: ColorAttachmentView<'_> = cx.target;
        let _: &mut zenfg_runtime::wgpu::CommandEncoder = cx.encoder;
    }
    let _ = (blur, main, copy);
}

#[derive(Pass)]
#[pass(compute)]
struct Accumulate<'f> {
    #[storage_write(preserve)]
    #[root(output)]
    sum: Buffer<'f>,
}

#[derive(Pass)]
#[pass(render)]
struct Scratch<'f> {
    #[color_attachment(clear = Color::BLACK, discard)]
    target: Texture<'f>,
}

#[derive(Pass)]
#[pass(compute)]
struct Sample<'f> {
    #[sampled]
    src: Texture<'f>,
    #[storage_write(overwrite)]
    #[root(output)]
    dst: Texture<'f>,
}

#[derive(Pass)]
#[pass(render)]
struct DepthAsColor<'f> {
    #[color_attachment(clear = Color::BLACK)]
    #[root(output)]
    target: Texture<'f>,
}

fn compile_error(record: impl FnOnce(&mut Frame<'_>) -> Result<(), FrameGraphError>) -> &'static str {
    let mut graph = FrameGraph::new();
    let mut frame = graph.begin_frame();
    match record(&mut frame) {
        Err(error) => error.code(),
        Ok(()) => frame.compile(CompileOptions::default()).map(|_| "compiled").unwrap_or_else(|error| error.code()),
    }
}

#[test]
fn a_preserving_write_of_undefined_contents_fails_with_fg1002() {
    let code = compile_error(|frame| {
        let sum = frame.create_buffer(BufferDesc::new("sum", 64))?;
        frame.add(Accumulate { sum }, |_| Ok(())).map(|_| ())
    });
    assert_eq!(code, "FG1002");
}

#[test]
fn reading_a_discarded_attachment_fails_with_fg1003() {
    let code = compile_error(|frame| {
        let target = frame.create_texture(rgba("scratch"))?;
        let dst = frame.create_texture(rgba("dst"))?;
        frame.add(Scratch { target }, |_| Ok(()))?;
        frame.add(Sample { src: target, dst }, |_| Ok(())).map(|_| ())
    });
    assert_eq!(code, "FG1003");
}

#[test]
fn an_exposed_usage_without_the_role_fails_with_fg1101() {
    let code = compile_error(|frame| {
        let options = zenfg_runtime::ImportTextureOptions {
            initial_contents: InitialContents::Defined,
            exposed_usage: Some(zenfg_runtime::wgpu::TextureUsages::COPY_SRC),
        };
        let src = frame.import_texture(rgba("copy only"), options)?;
        let dst = frame.create_texture(rgba("dst"))?;
        frame.add(Sample { src, dst }, |_| Ok(())).map(|_| ())
    });
    assert_eq!(code, "FG1101", "sampling needs TEXTURE_BINDING, which the import does not expose");
}

#[test]
fn a_storage_write_of_several_mips_fails_with_fg1104() {
    let code = compile_error(|frame| {
        let dst = frame.create_texture(rgba("mips").with_mips(3))?;
        let src = frame.create_texture(rgba("src"))?;
        frame.add(Sample { src, dst }, |_| Ok(())).map(|_| ())
    });
    assert_eq!(code, "FG1104");
}

#[test]
fn a_depth_format_as_color_attachment_fails_with_fg1108() {
    let code = compile_error(|frame| {
        let target = frame.create_texture(TextureDesc::new_2d("depth", 16, 16, TextureFormat::Depth32Float))?;
        frame.add(DepthAsColor { target }, |_| Ok(())).map(|_| ())
    });
    assert_eq!(code, "FG1108");
}
