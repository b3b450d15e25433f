//! What each view offers, used as its role allows, and the frame API around
//! derived passes.

use zenfg_runtime::prelude::*;
use zenfg_runtime::wgpu::{IndexFormat, Origin3d};

#[derive(Pass)]
#[pass(render)]
struct Draw<'f> {
    #[uniform]
    camera: Buffer<'f>,
    #[vertex]
    vertices: Buffer<'f>,
    #[index]
    indices: Buffer<'f>,
    #[indirect]
    args: Buffer<'f>,
    #[sampled]
    albedo: Texture<'f>,
    #[storage_read]
    lights: Buffer<'f>,
    #[color_attachment(load)]
    color: Texture<'f>,
}

#[derive(Pass)]
#[pass(compute)]
struct Blur<'f> {
    #[sampled]
    src: TextureView<'f>,
    #[storage_write(overwrite)]
    dst: Texture<'f>,
    #[storage_read]
    weights: TextureView<'f>,
    #[indirect]
    args: BufferSlice<'f>,
}

#[derive(Pass)]
#[pass(command)]
struct Copy<'f> {
    #[copy_src]
    src: Texture<'f>,
    #[copy_dst(overwrite)]
    dst: Buffer<'f>,
    #[copy_src]
    bytes: BufferSlice<'f>,
    #[copy_dst(preserve)]
    texels: Texture<'f>,
    #[color_attachment(load)]
    target: Texture<'f>,
}

#[derive(Pass)]
#[pass(external)]
struct Submit<'f> {
    #[storage_write(preserve)]
    data: Buffer<'f>,
}

fn record<'f>(
    frame: &mut Frame<'f>,
    draw: Draw<'f>,
    blur: Blur<'f>,
    copy: Copy<'f>,
    submit: Submit<'f>,
) -> Result<(), FrameGraphError> {
    frame.add(draw, |mut cx: DrawContext<'_>| {
        let _entries = [cx.camera.uniform_binding(), cx.albedo.sampled_binding(), cx.lights.storage_binding()];
        let _view: &zenfg_runtime::wgpu::TextureView = cx.albedo.view();
        cx.pass.set_vertex_view(0, &cx.vertices);
        cx.pass.set_index_view(&cx.indices, IndexFormat::Uint32);
        cx.pass.draw_indirect_view(&cx.args);
        cx.pass.draw_indexed_indirect_view(&cx.args);
        cx.pass.set_vertex_buffer(1, cx.vertices.slice());
        let _ = (cx.device, cx.frame_index, cx.color);
        Ok(())
    })?;
    frame.add(blur, |mut cx| {
        let _entries = [cx.src.binding(), cx.dst.binding(), cx.weights.binding(), cx.dst.storage_binding()];
        cx.pass.dispatch_indirect_view(&cx.args);
        cx.pass.dispatch_workgroups_indirect(cx.args.buffer(), cx.args.offset());
        Ok(())
    })?;
    frame.add(copy, |cx| {
        let _ = cx.src.location(0, Origin3d::ZERO);
        let _ = cx.texels.location(0, Origin3d::ZERO);
        cx.encoder.copy_buffer_to_buffer(cx.bytes.buffer(), cx.bytes.offset(), cx.dst.buffer(), 0, cx.bytes.size());
        let _: &zenfg_runtime::wgpu::TextureView = cx.target.view();
        let _: &zenfg_runtime::wgpu::Texture = cx.src.texture();
        Ok(())
    })?;
    frame.add(submit, |cx| {
        cx.queue.submit([]);
        let _ = cx.data.offset();
        Ok(())
    })?;
    Ok(())
}

fn main() {
    let _ = record;
}
