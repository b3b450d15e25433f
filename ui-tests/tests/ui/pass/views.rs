//! What each view offers, used as its role allows, and the frame API around
//! derived passes.

use zenfg_runtime::prelude::*;
use zenfg_runtime::views::{ColorAttachmentView, DepthAttachmentView, DepthReadView};
use zenfg_runtime::wgpu::{self, Extent3d, IndexFormat, Origin3d, TexelCopyBufferLayout};

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
    #[depth_attachment(clear = 1.0)]
    depth: Texture<'f>,
}

#[derive(Pass)]
#[pass(command)]
struct Overlay<'f> {
    #[color_attachment(load)]
    target: Texture<'f>,
    #[depth_read]
    depth: Texture<'f>,
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
    overlay: Overlay<'f>,
    submit: Submit<'f>,
) -> Result<(), FrameGraphError> {
    frame.add(draw, |cx: DrawContext<'_>| {
        let _entries = [cx.camera.uniform_binding(), cx.albedo.sampled_binding(), cx.lights.storage_read_binding()];
        let _: (Extent3d, wgpu::TextureFormat, u32) = (cx.albedo.extent(), cx.albedo.format(), cx.albedo.sample_count());
        let _: &wgpu::TextureView = cx.albedo.texture_view_unchecked();
        cx.pass.set_vertex_view(0, &cx.vertices)?;
        cx.pass.set_index_view(&cx.indices, IndexFormat::Uint32)?;
        cx.pass.draw_indirect_view(&cx.args)?;
        cx.pass.draw_indexed_indirect_view(&cx.args)?;
        cx.pass.set_vertex_buffer(1, cx.vertices.vertex_slice());
        let _: &wgpu::Buffer = cx.vertices.buffer_unchecked();
        let _ = (cx.device, cx.frame_index, cx.color);
        Ok(())
    })?;
    frame.add(blur, |cx| {
        let _entries = [cx.src.sampled_binding(), cx.dst.storage_write_binding(), cx.weights.storage_read_binding()];
        let size = cx.dst.extent();
        let _ = (cx.src.mip_levels(), cx.weights.array_layers());
        cx.pass.dispatch_workgroups(size.width.div_ceil(8), size.height.div_ceil(8), 1);
        cx.pass.dispatch_indirect_view(&cx.args)?;
        Ok(())
    })?;
    frame.add(copy, |cx| {
        let layout = TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(256), rows_per_image: None };
        let extent = cx.src.extent();
        cx.encoder.copy_texture_view_to_buffer_view(&cx.src, CopyOrigin::default(), &cx.dst, layout, extent)?;
        cx.encoder.copy_buffer_view_to_texture_view(&cx.bytes, layout, &cx.texels, CopyOrigin::default(), extent)?;
        cx.encoder.copy_texture_view(&cx.src, CopyOrigin::new(0, Origin3d::ZERO), &cx.texels, CopyOrigin::default(), extent)?;
        cx.encoder.copy_buffer_view(&cx.bytes, 0, &cx.dst, 0, cx.bytes.size())?;
        let target: ColorAttachmentView<'_> = cx.target;
        let depth: DepthAttachmentView<'_> = cx.depth;
        let _ = cx.encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: None,
            color_attachments: &[Some(target.attachment())],
            depth_stencil_attachment: Some(depth.attachment()),
            ..Default::default()
        });
        let _: &wgpu::Texture = cx.src.texture_unchecked();
        Ok(())
    })?;
    frame.add(overlay, |cx| {
        let depth: DepthReadView<'_> = cx.depth;
        let _ = cx.encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: None,
            color_attachments: &[Some(cx.target.attachment())],
            depth_stencil_attachment: Some(depth.attachment()),
            ..Default::default()
        });
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
