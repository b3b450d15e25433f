//! The derive used through a crate that re-exports the runtime: every path
//! the expansion names goes through `crate = ..`, written as a path or as a
//! string.

use zenfg_ui_engine::fg::prelude::*;
use zenfg_ui_engine::fg::wgpu;

#[derive(Pass)]
#[pass(compute, crate = zenfg_ui_engine::fg)]
struct Blur<'f> {
    #[sampled(binding = 0)]
    src: Texture<'f>,
    #[storage_write(overwrite, binding = 1, format = Rgba8Unorm)]
    #[root(output)]
    dst: Texture<'f>,
    #[sampler(binding = 2)]
    linear: &'f wgpu::Sampler,
}

#[derive(Pass)]
#[pass(render, crate = "zenfg_ui_engine::fg")]
struct Draw<'f> {
    #[vertex]
    vertices: Option<Buffer<'f>>,
    #[color_attachment(clear = [0.0, 0.0, 0.0, 1.0])]
    color: [Texture<'f>; 2],
}

fn record<'f>(frame: &mut Frame<'f>, blur: Blur<'f>, draw: Draw<'f>) -> Result<(), FrameGraphError> {
    frame.add(blur, |mut cx: BlurContext<'_>| {
        cx.set_bind_groups();
        let size = cx.dst.extent();
        cx.pass.dispatch_workgroups(size.width.div_ceil(8), size.height.div_ceil(8), 1);
        Ok(())
    })?;
    frame.add(draw, |cx: DrawContext<'_>| {
        if let Some(vertices) = &cx.vertices {
            cx.pass.set_vertex_view(0, vertices)?;
        }
        cx.pass.draw(0..3, 0..1);
        Ok(())
    })?;
    Ok(())
}

fn layout(device: &wgpu::Device) -> wgpu::PipelineLayout {
    <Blur<'_> as Pass<'_>>::pipeline_layout(device)
}

fn main() {
    let _ = (record, layout);
}
